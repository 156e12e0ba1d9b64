"""PostgreSQL's own guarantees, on a real server: two stores on one database act as two
processes of the bot would, and neither may act on a match the other holds, lose a notice,
or leave a transaction half-written."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import pytest

from bot import storage
from bot.delivery import Delivery, DeliveryWorker
from bot.errors import BusyError
from bot.service import MatchService
from bot.storage import Storage, StorageBusy
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
