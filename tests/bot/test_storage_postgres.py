"""PostgreSQL's own guarantees, on a real server: two stores on one database act as two
processes of the bot would, and neither may act on a match the other holds, lose a notice,
or leave a transaction half-written."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

from bot import storage
from bot.delivery import Delivery, DeliveryWorker
from bot.errors import BusyError, NotAllowedError
from bot.service import MatchService
from bot.shards import Shards
from bot.storage import Db, Row, Storage, StorageBusy, StorageError, migration_steps
from bot.storage.postgres import PostgresStorage
from tests.bot.test_storage import HEADS_BY_SCAN
from tests.postgres import Cluster

pytestmark = pytest.mark.postgres

WAIT = 10.0  # seconds anything awaited here may take before the test fails
LOCK_WAIT = 0.3  # seconds a store waits for a match the other holds, kept short here


@pytest.fixture
def url(postgres_cluster: Cluster, postgres_schema: str) -> str:
    """Return an empty database at the latest schema step (see database_url)."""
    postgres_cluster.wipe_database(postgres_schema)
    return postgres_cluster.url(postgres_schema)


@asynccontextmanager
async def two_stores(
    url: str, lock_wait: float = LOCK_WAIT
) -> AsyncIterator[tuple[PostgresStorage, PostgresStorage]]:
    """Open one database twice, as two processes of the bot would."""
    first = await PostgresStorage.connect(url, lock_wait=lock_wait)
    try:
        second = await PostgresStorage.connect(url, lock_wait=lock_wait)
        try:
            yield first, second
        finally:
            await second.close()
    finally:
        await first.close()


async def until(condition: Callable[[], Awaitable[bool]], what: str) -> None:
    """Wait until a condition holds (it is asked again and again), failing after WAIT."""
    deadline = asyncio.get_running_loop().time() + WAIT
    while not await condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"still waiting, after {WAIT:.0f} s, for {what}")
        await asyncio.sleep(0.01)


async def waiting_for_match(store: Storage, match_id: int) -> bool:
    """Say whether a session waits for a match's advisory lock (one key: objsubid 1)."""
    found = await store.fetch_all(
        "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        " AND objid = ? AND objsubid = 1",
        match_id,
    )
    return bool(found[0][0])


def test_a_match_held_by_one_store_waits_for_the_other_until_it_is_released(url: str) -> None:
    async def scenario() -> None:
        async with two_stores(url, lock_wait=WAIT) as (first, second):
            released, order = asyncio.Event(), []

            async def hold() -> None:
                async with first.owning(7):
                    order.append("first holds")
                    await released.wait()
                    order.append("first lets go")

            async def take() -> None:
                async with second.owning(7):
                    order.append("second holds")

            holder = asyncio.create_task(hold())
            await until(lambda: asyncio.sleep(0, bool(order)), "the first store to hold")
            taker = asyncio.create_task(take())
            await until(lambda: waiting_for_match(first, 7), "the second store to wait")
            assert order == ["first holds"]
            released.set()
            await asyncio.wait_for(asyncio.gather(holder, taker), WAIT)
            assert order == ["first holds", "first lets go", "second holds"]

    asyncio.run(scenario())


def test_a_match_held_past_the_lock_wait_is_refused_as_busy_and_left_unchanged(url: str) -> None:
    async def scenario() -> None:
        async with two_stores(url) as (first, second):
            one, other = MatchService(first), MatchService(second)
            match_id = await one.create_game("ana", "bo")
            async with first.owning(match_id):
                with pytest.raises(StorageBusy, match=f"match {match_id} is busy"):
                    async with second.owning(match_id):
                        pass
                with pytest.raises(BusyError) as refused:
                    await other.play(match_id, "ana", 1, "e4")
            said = str(refused.value)
            assert said == (
                f"match {match_id} is busy in another process of the bot (for over "
                f"{LOCK_WAIT:g} s); try again in a moment"
            )
            assert await first.fetch_all("SELECT * FROM events") == []
            await other.play(match_id, "ana", 1, "e4")  # once let go, the move is taken
            assert len(await first.fetch_all("SELECT * FROM events")) == 1

    asyncio.run(scenario())


def test_a_match_one_store_cached_and_the_other_changed_is_reloaded_not_acted_on_stale(
    url: str,
) -> None:
    async def scenario() -> None:
        async with two_stores(url) as (first, second):
            one, other = MatchService(first), MatchService(second)
            match_id = await one.create_game("ana", "bo")
            await one.play(match_id, "ana", 1, "e4")
            cached = one._loaded[match_id]
            await other.play(match_id, "bo", 1, "e5")  # one's cached match has not seen this
            outcome = await one.play(match_id, "ana", 1, "Nf3")
            assert outcome.events[0].to_dict()["san"] == "Nf3"
            assert one._loaded[match_id] is not cached
            game = await one.game(match_id)
            assert game.fen(1).startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b")
            rows = await second.fetch_all("SELECT seq, actor FROM events ORDER BY seq")
            assert [tuple(row) for row in rows] == [(1, "ana"), (2, "bo"), (3, "ana")]

    asyncio.run(scenario())


class Recorder:
    """A sender that keeps what it was handed, per place, in order."""

    def __init__(self) -> None:
        self.sent: list[Delivery] = []

    async def send(self, delivery: Delivery) -> None:
        self.sent.append(delivery)


def test_two_stores_queueing_to_one_place_at_once_keep_one_head_and_deliver_each_once_in_order(
    url: str,
) -> None:
    places = ["board:1", "board:2", "overview"]

    async def scenario() -> None:
        async with two_stores(url) as (first, second):
            async with first.transaction() as db:
                match_id = await storage.insert_match(db, "{}", "ana", 0.0)

            async def queue(store: Storage, name: str) -> None:
                for step in range(20):
                    async with store.transaction() as db:
                        notices = [(place, "x", "{}", f"{name}{step}:{place}") for place in places]
                        await storage.enqueue(db, match_id, notices, 0.0)
                        await storage.enqueue(db, None, [("user:7", "x", "{}", f"{name}{step}")], 0)

            # each store queues from several tasks, so both write to each place at once
            await asyncio.gather(
                *(
                    queue(store, f"{side}{task}.")
                    for side, store in (("a", first), ("b", second))
                    for task in range(3)
                )
            )
            async with first.read() as db:
                heads = [n["id"] for n in await storage.due_notices(db, 1.0, 1000)]
                assert heads == [row[0] for row in await storage.rows(db, HEADS_BY_SCAN)]
                assert len(heads) == len(places) + 1  # one head per place, no more
                queued = await storage.rows(db, "SELECT id, place FROM outbox ORDER BY id")
            recorder = Recorder()
            worker = DeliveryWorker(first, recorder, clock=lambda: 1.0)
            while await worker.run_once():
                pass
            assert sorted(d.id for d in recorder.sent) == [row["id"] for row in queued]
            for place in [*places, "user:7"]:
                sent = [d.id for d in recorder.sent if d.place == place]
                assert sent == [row["id"] for row in queued if row["place"] == place]

    asyncio.run(scenario())


def test_notices_committed_by_one_store_wake_the_other_and_rolled_back_ones_do_not(
    url: str,
) -> None:
    async def scenario() -> None:
        async with two_stores(url) as (first, second):
            async with first.transaction() as db:
                match_id = await storage.insert_match(db, "{}", "ana", 0.0)
            heard_probe = asyncio.Event()
            assert second._listener is not None
            await second._listener.add_listener("probe", lambda *_: heard_probe.set())
            second.notices_committed.clear()
            with pytest.raises(RuntimeError, match="crash"):
                async with first.transaction() as db:
                    await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
                    raise RuntimeError("crash")
            # notifications reach a listener in the order their transactions committed: once
            # the probe is heard, a notice the rolled back transaction sent would have been
            async with first.transaction() as db:
                await db.execute("SELECT pg_notify('probe', '')")
            await asyncio.wait_for(heard_probe.wait(), WAIT)
            assert not second.notices_committed.is_set()
            async with first.transaction() as db:
                await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
            await asyncio.wait_for(second.notices_committed.wait(), WAIT)

    asyncio.run(scenario())


def test_stores_opening_an_empty_database_at_once_all_reach_the_latest_step_applied_once(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    latest = migration_steps("postgres")[-1][0]

    async def scenario() -> list[int]:
        opened = await asyncio.gather(
            *(Storage.open(postgres_url) for _ in range(3)), return_exceptions=True
        )
        versions = []
        for store in opened:
            assert isinstance(store, Storage), store
            versions.append(await store.schema_version())
            await store.close()
        return versions

    with caplog.at_level(logging.INFO, logger="bot.storage.postgres"):
        assert asyncio.run(scenario()) == [latest] * 3
    applied = [r.getMessage() for r in caplog.records if "applied schema step" in r.getMessage()]
    assert len(applied) == len(migration_steps("postgres"))


def test_a_database_from_a_newer_bot_is_refused(postgres_url: str) -> None:
    latest = migration_steps("postgres")[-1][0]
    url = postgres_url  # a database of its own: the shared one must stay at the latest step

    async def scenario() -> None:
        await (await Storage.open(url)).close()
        connection = await asyncpg.connect(url)
        try:
            await connection.execute("UPDATE elevator_schema SET version = $1", latest + 1)
        finally:
            await connection.close()
        with pytest.raises(StorageError, match=f"schema version {latest + 1}, newer than"):
            await Storage.open(url)

    asyncio.run(scenario())


def test_a_transaction_whose_connection_is_killed_leaves_nothing_and_the_store_goes_on(
    url: str,
) -> None:
    async def scenario() -> None:
        store = await Storage.open(url)
        killer = await asyncpg.connect(url)
        try:
            with pytest.raises(StorageError, match=r"connection .* was lost .* nothing of it"):
                async with store.transaction() as db:
                    await storage.insert_match(db, "{}", "ana", 0.0)
                    pid = (await db.fetch("SELECT pg_backend_pid()"))[0][0]
                    await killer.execute("SELECT pg_terminate_backend($1, 5000)", pid)
                    await storage.insert_match(db, "{}", "bo", 0.0)
            assert await store.fetch_all("SELECT * FROM matches") == []
            service = MatchService(store)  # the pool replaced the connection it lost
            match_id = await service.create_game("ana", "bo")
            await service.play(match_id, "ana", 1, "e4")
            assert len(await store.fetch_all("SELECT * FROM events")) == 1
        finally:
            await killer.close()
            await store.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("where", ["between statements", "in a statement"])
def test_a_task_cancelled_mid_transaction_leaves_nothing_and_lets_go_of_its_match(
    url: str, where: str
) -> None:
    async def scenario() -> None:
        async with two_stores(url) as (first, second):
            service = MatchService(first)
            match_id = await service.create_game("ana", "bo")
            inside = asyncio.Event()

            async def half_done() -> None:
                async with first.owning(match_id), first.transaction() as db:
                    await storage.append_events(db, match_id, 1, [("move", "{}", "ana")], 0.0)
                    inside.set()
                    if where == "in a statement":
                        await db.execute("SELECT pg_sleep(60)")
                    else:
                        await asyncio.Event().wait()

            task = asyncio.create_task(half_done())
            await asyncio.wait_for(inside.wait(), WAIT)
            if where == "in a statement":
                await until(sleeping(first), "the statement to run")
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            async with second.owning(match_id):  # let go: not refused as busy
                assert await second.fetch_all("SELECT * FROM events") == []
            outcome = await MatchService(second).play(match_id, "ana", 1, "e4")
            assert outcome.events[0].to_dict()["san"] == "e4"

    asyncio.run(scenario())


def sleeping(store: Storage) -> Callable[[], Awaitable[bool]]:
    """Return a check that some session of the database is running pg_sleep."""

    async def check() -> bool:
        found = await store.fetch_all(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE state = 'active'"
            " AND query LIKE '%pg\\_sleep(60)%' AND pid <> pg_backend_pid()"
        )
        return bool(found[0][0])

    return check


def test_a_shard_another_store_holds_is_refused_until_that_store_closes(url: str) -> None:
    async def scenario() -> None:
        first = await PostgresStorage.connect(url)
        second = await PostgresStorage.connect(url)
        try:
            await first.claim_shards(Shards.parse("0-1", 4))
            with pytest.raises(StorageBusy, match="shard 1 is already run by another process"):
                await second.claim_shards(Shards.parse("1-2", 4))
            await second.claim_shards(Shards.parse("2-3", 4))  # nothing of the refusal held
            await first.close()
            await second.claim_shards(Shards.parse("0-1", 4))
            third = await PostgresStorage.connect(url)
            try:
                with pytest.raises(StorageBusy, match="shard 0 is already run"):
                    await third.claim_shards(Shards.parse("0", 4))
            finally:
                await third.close()
        finally:
            await second.close()
            await first.close()

    asyncio.run(scenario())


Columns = dict[str, dict[str, tuple[str, bool, int]]]
# the type each engine gives a column, as a family both share
FAMILIES = {
    "INTEGER": "integer",
    "bigint": "integer",
    "integer": "integer",
    "REAL": "real",
    "double precision": "real",
    "TEXT": "text",
    "text": "text",
}


def sqlite_columns(path: Path) -> Columns:
    """Return SQLite's tables: each column's type family, NOT NULL and place in the key."""
    with sqlite3.connect(path) as connection:
        tables = [
            row[0]
            for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        found: Columns = {}
        for table in tables:
            found[table] = {
                name: (FAMILIES.get(kind, kind), bool(notnull) or key > 0, key)
                for _, name, kind, notnull, _, key in connection.execute(
                    f"PRAGMA table_info({table})"
                )
            }
    connection.close()
    return found


async def postgres_columns(url: str) -> Columns:
    """Return PostgreSQL's tables as sqlite_columns does (less its own schema table)."""
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch(
            "SELECT c.table_name, c.column_name, c.data_type, c.is_nullable = 'NO',"
            " COALESCE(k.ordinal_position, 0)"
            " FROM information_schema.columns c"
            " LEFT JOIN information_schema.table_constraints t"
            "  ON t.table_schema = c.table_schema AND t.table_name = c.table_name"
            "  AND t.constraint_type = 'PRIMARY KEY'"
            " LEFT JOIN information_schema.key_column_usage k"
            "  ON k.constraint_name = t.constraint_name AND k.table_schema = t.table_schema"
            "  AND k.column_name = c.column_name"
            " WHERE c.table_schema = 'public' AND c.table_name <> 'elevator_schema'"
        )
    finally:
        await connection.close()
    found: Columns = {}
    for table, name, kind, notnull, key in rows:
        found.setdefault(table, {})[name] = (FAMILIES.get(kind, kind), notnull, key)
    return found


def test_both_engines_reach_the_same_tables_columns_keys_and_nullability(
    url: str, tmp_path: Path
) -> None:
    async def open_both() -> None:
        for target in (url, tmp_path / "elevator.db"):
            store = await Storage.open(target)
            await store.close()

    asyncio.run(open_both())
    on_sqlite = sqlite_columns(tmp_path / "elevator.db")
    on_postgres = asyncio.run(postgres_columns(url))
    # PostgreSQL's players.rowid stands for SQLite's implicit rowid: the order players joined
    assert on_postgres["players"].pop("rowid") == ("integer", True, 0)
    assert sorted(on_postgres) == sorted(on_sqlite)
    for table, columns in on_sqlite.items():
        assert on_postgres[table] == columns, table


class Paused:
    """A Db whose queries, once run, wait to hand back their rows until told to."""

    def __init__(self, db: Db, ran: asyncio.Event, go: asyncio.Event) -> None:
        self.db, self.ran, self.go = db, ran, go

    async def fetch(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        found = await self.db.fetch(sql, parameters)
        self.ran.set()
        await self.go.wait()
        return found


def test_a_look_whose_snapshot_predates_a_sends_record_does_not_send_it_again(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        store = await PostgresStorage.connect(url)
        try:
            async with store.transaction() as db:
                await storage.enqueue(db, None, [("user:7", "x", "{}", "k1")], 0.0)
            release, ran, go = asyncio.Event(), asyncio.Event(), asyncio.Event()
            sent: list[str] = []

            class Sender:
                async def send(self, delivery: Delivery) -> None:
                    await release.wait()
                    sent.append(delivery.idempotency_key)

            worker = DeliveryWorker(store, Sender(), clock=lambda: 1.0)
            (sending,) = await worker._start_due()
            reading = store.read

            @asynccontextmanager
            async def paused() -> AsyncIterator[Db]:
                async with reading() as db:
                    yield Paused(db, ran, go)  # type: ignore[misc]

            monkeypatch.setattr(store, "read", paused)
            look = asyncio.create_task(worker._start_due())
            await asyncio.wait_for(ran.wait(), WAIT)  # it read k1 as still due
            release.set()
            assert await asyncio.wait_for(sending, WAIT)  # sent, recorded, no longer under way
            go.set()
            assert await asyncio.wait_for(look, WAIT) == []
            assert sent == ["k1"]
        finally:
            await store.close()

    asyncio.run(scenario())


def test_tasks_of_two_stores_changing_one_match_under_its_hold_never_lose_a_change(
    url: str,
) -> None:
    async def scenario() -> int:
        async with two_stores(url, lock_wait=WAIT) as (first, second):
            async with first.transaction() as db:
                match_id = await storage.insert_match(db, "{}", "ana", 0.0)

            async def bump(store: Storage) -> None:
                async with store.owning(match_id), store.transaction() as db:
                    (row,) = await db.fetch("SELECT seq FROM matches WHERE id = ?", (match_id,))
                    await asyncio.sleep(0)  # let the other tasks try to get in between
                    await db.execute(
                        "UPDATE matches SET seq = ? WHERE id = ?", (row[0] + 1, match_id)
                    )

            await asyncio.gather(*(bump(store) for store in (first, second) for _ in range(25)))
            return int((await first.fetch_all("SELECT seq FROM matches"))[0][0])

    assert asyncio.run(scenario()) == 50


def test_two_services_racing_to_move_on_one_board_get_one_move_and_one_refusal(
    url: str,
) -> None:
    async def scenario() -> None:
        async with two_stores(url, lock_wait=WAIT) as (first, second):
            one, other = MatchService(first), MatchService(second)
            match_id = await one.create_game("ana", "bo")
            await other.roster(match_id)  # both have the match cached
            results = await asyncio.gather(
                one.play(match_id, "ana", 1, "e4"),
                other.play(match_id, "ana", 1, "d4"),
                return_exceptions=True,
            )
            refused = [r for r in results if isinstance(r, BaseException)]
            assert len(refused) == 1 and isinstance(refused[0], NotAllowedError), results
            assert "Black's turn" in str(refused[0])
            rows = await first.fetch_all("SELECT seq FROM events")
            assert [row[0] for row in rows] == [1]

    asyncio.run(scenario())
