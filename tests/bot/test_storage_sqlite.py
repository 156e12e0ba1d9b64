"""The SQLite file alone: its pragmas, its writer and reader, and the schema steps of old files."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot import storage
from bot.storage import Storage, StorageError, migration_steps
from bot.storage.copying import REBUILT, TABLES
from bot.storage.opening import open_storage
from bot.storage.sqlite import READERS
from bot.turns import patiently


def test_opening_creates_the_file_and_takes_every_schema_step(tmp_path: Path) -> None:
    async def scenario() -> None:
        storage = await open_storage(tmp_path / "data" / "elevator.db")
        try:
            assert await storage.schema_version() == len(migration_steps())
            assert (await storage.fetch_all("PRAGMA journal_mode"))[0][0] == "wal"
            assert (await storage.fetch_all("PRAGMA foreign_keys"))[0][0] == 1
            tables = {
                row[0]
                for row in await storage.fetch_all(
                    "SELECT name FROM sqlite_master WHERE type = 'table'"
                )
            }
            assert {*TABLES, *REBUILT} <= tables  # every table the bot keeps
        finally:
            await storage.close()
        reopened = await open_storage(tmp_path / "data" / "elevator.db")
        assert await reopened.schema_version() == len(migration_steps())
        await reopened.close()

    asyncio.run(scenario())


def test_a_file_from_a_newer_bot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "elevator.db"
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {len(migration_steps()) + 1}")
    with pytest.raises(StorageError, match="newer than this bot knows"):
        asyncio.run(open_storage(path))


def test_a_file_that_is_not_a_sqlite_database_or_a_folder_is_refused_saying_so(
    tmp_path: Path,
) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database, but long enough to be read as one's header\n" * 20)
    with pytest.raises(StorageError, match=r"notes.txt: file is not a database; check DATABASE_"):
        asyncio.run(open_storage(text))
    with pytest.raises(StorageError, match="is a folder, not a SQLite database: check DATABASE_"):
        asyncio.run(open_storage(tmp_path))


def test_concurrent_transactions_on_one_file_never_interleave(tmp_path: Path) -> None:
    async def scenario() -> int:
        storage = await open_storage(tmp_path / "elevator.db")
        try:
            async with storage.transaction() as db:
                await db.execute(
                    "INSERT INTO matches (id, status, config, host, created_at) "
                    "VALUES (1, 'lobby', '{}', 'ana', 0)"
                )

            async def bump() -> None:
                async with storage.transaction() as db:
                    (row,) = await db.fetch("SELECT seq FROM matches WHERE id = 1")
                    await asyncio.sleep(0)  # let the other tasks try to get in between
                    await db.execute("UPDATE matches SET seq = ? WHERE id = 1", (row[0] + 1,))

            await asyncio.gather(*(bump() for _ in range(50)))
            return int((await storage.fetch_all("SELECT seq FROM matches"))[0][0])
        finally:
            await storage.close()

    assert asyncio.run(scenario()) == 50


def test_a_read_goes_while_a_transaction_is_under_way_and_sees_only_what_was_committed(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        store = await open_storage(tmp_path / "elevator.db")
        try:
            async with store.transaction() as db:
                await storage.insert_match(db, "{}", "ana", 0.0)

                # would wait for ever behind this transaction if reads took the writer's turn;
                # more reads than there are readers take their turns among them
                async def hosts() -> list[tuple[object, ...]]:
                    async with store.read() as reading:
                        return [
                            tuple(row) for row in await reading.fetch("SELECT host FROM matches")
                        ]

                async with asyncio.timeout(10):
                    seen = await asyncio.gather(*(hosts() for _ in range(READERS * 2)))
                assert seen == [[]] * READERS * 2
            async with store.read() as reading:
                after = await reading.fetch("SELECT host FROM matches")
            assert [tuple(row) for row in after] == [("ana",)]
        finally:
            await store.close()

    asyncio.run(scenario())


def test_the_reading_connection_refuses_to_write(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = await open_storage(tmp_path / "elevator.db")
        try:
            async with store.read() as reading:
                with pytest.raises(sqlite3.OperationalError, match="readonly"):
                    await reading.execute("DELETE FROM matches")
        finally:
            await store.close()

    asyncio.run(scenario())


async def written_in_turn(store: Storage, writes: list[Callable[[], Awaitable[None]]]) -> None:
    """Start each write while the writer's turn is held, one after the other; wait for all."""
    async with store.transaction():  # the writer's turn is taken
        waiting = []
        for write in writes:
            waiting.append(asyncio.create_task(write()))
            await asyncio.sleep(0)  # it waits before the next asks
    await asyncio.gather(*waiting)


def test_a_patient_transaction_lets_every_one_waiting_for_its_turn_go_first(
    tmp_path: Path,
) -> None:
    async def scenario() -> list[str]:
        store = await open_storage(tmp_path / "elevator.db")
        written: list[str] = []

        async def write(name: str, *, patient: bool = False) -> None:
            async with store.transaction(patient=patient):
                written.append(name)

        try:
            await written_in_turn(
                store,
                [
                    lambda: write("marked sent", patient=True),
                    lambda: write("move 1"),
                    lambda: write("move 2"),
                ],
            )
            await write("alone", patient=True)  # with none waiting, it goes at once
        finally:
            await store.close()
        return written

    assert asyncio.run(scenario()) == ["move 1", "move 2", "marked sent", "alone"]


def test_every_transaction_of_a_task_run_patiently_lets_those_waiting_go_first(
    tmp_path: Path,
) -> None:
    async def scenario() -> list[str]:
        store = await open_storage(tmp_path / "elevator.db")
        written: list[str] = []

        async def write(name: str) -> None:
            async with store.transaction():
                written.append(name)

        async def practice() -> None:
            with patiently():
                await write("the practice opponent's move")

        try:
            await written_in_turn(store, [practice, lambda: write("a player's move")])
        finally:
            await store.close()
        return written

    assert asyncio.run(scenario()) == ["a player's move", "the practice opponent's move"]


def test_a_database_in_memory_reads_in_turn_with_its_transactions() -> None:
    async def scenario() -> list[str]:
        store = await open_storage(":memory:")  # another connection would be another database
        seen: list[str] = []

        async def hosts() -> None:
            async with store.read() as reading:
                seen.extend(row[0] for row in await reading.fetch("SELECT host FROM matches"))

        try:
            async with store.transaction() as db:
                await storage.insert_match(db, "{}", "ana", 0.0)
                reading = asyncio.create_task(hosts())  # waits for the commit
                await asyncio.sleep(0)
                assert not reading.done()
            await reading
        finally:
            await store.close()
        return seen

    assert asyncio.run(scenario()) == ["ana"]


def test_two_processes_opening_one_file_take_each_schema_step_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        opened = await asyncio.gather(
            *(open_storage(tmp_path / "elevator.db") for _ in range(3)), return_exceptions=True
        )
        for store in opened:
            assert isinstance(store, Storage), store
            assert await store.schema_version() == len(migration_steps())
            await store.close()

    asyncio.run(scenario())


def test_a_match_paused_before_step_3_counts_its_pause_from_the_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "elevator.db"
    with sqlite3.connect(path) as connection:
        for number, _, sql in migration_steps()[:2]:
            connection.executescript(sql)
            connection.execute(f"PRAGMA user_version = {number}")
        connection.execute(
            "INSERT INTO matches (status, config, host, created_at) VALUES ('paused', '{}', 'a', 0)"
        )
        connection.execute(
            "INSERT INTO matches (status, config, host, created_at) VALUES ('active', '{}', 'a', 0)"
        )
    connection.close()

    async def scenario() -> None:
        store = await open_storage(path)
        try:
            found = await store.fetch_all("SELECT status, paused_at FROM matches ORDER BY id")
            assert found[0]["paused_at"] > 1.7e9 and found[1]["paused_at"] is None
        finally:
            await store.close()

    asyncio.run(scenario())


def test_an_outbox_from_step_7_keeps_each_places_next_notice_after_the_upgrade(
    tmp_path: Path,
) -> None:
    path = tmp_path / "elevator.db"
    with sqlite3.connect(path) as connection:
        for number, _, sql in migration_steps()[:7]:
            connection.executescript(sql)
            connection.execute(f"PRAGMA user_version = {number}")
        connection.execute(
            "INSERT INTO matches (status, config, host, created_at) VALUES ('active', '{}', 'a', 0)"
        )
        for key, place, done in [
            ("k1", "board:1", 5.0),
            ("k2", "board:1", None),
            ("k3", "board:1", None),
            ("k4", "overview", None),
        ]:
            connection.execute(
                "INSERT INTO outbox (match_id, place, kind, payload, idempotency_key, "
                "created_at, next_attempt_at, done_at) VALUES (1, ?, 'x', '{}', ?, 0, 0, ?)",
                (place, key, done),
            )
    connection.close()

    async def scenario() -> list[str]:
        store = await open_storage(path)
        try:
            async with store.read() as db:
                return [n["idempotency_key"] for n in await storage.due_notices(db, 1.0, 10)]
        finally:
            await store.close()

    assert asyncio.run(scenario()) == ["k2", "k4"]


def test_a_transaction_that_queues_notices_signals_them_at_its_commit_and_others_do_not(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        store = await open_storage(tmp_path / "elevator.db")
        try:
            async with store.transaction() as db:
                match_id = await storage.insert_match(db, "{}", "ana", 0.0)
            assert not store.notices_committed.is_set()
            with pytest.raises(RuntimeError, match="crash"):
                async with store.transaction() as db:
                    await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
                    raise RuntimeError("crash")
            assert not store.notices_committed.is_set()
            async with store.transaction() as db:
                await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
                assert not store.notices_committed.is_set()
            assert store.notices_committed.is_set()
        finally:
            await store.close()

    asyncio.run(scenario())


def test_players_stored_before_step_13_keep_their_teams_and_order_and_may_join_any_team(
    tmp_path: Path,
) -> None:
    path = tmp_path / "elevator.db"
    steps = migration_steps()
    many = next(number for number, name, _ in steps if name.endswith("_many_teams.sql"))
    with sqlite3.connect(path) as connection:
        for number, _, sql in steps[: many - 1]:
            connection.executescript(sql)
            connection.execute(f"PRAGMA user_version = {number}")
        connection.execute(
            "INSERT INTO matches (status, config, host, created_at) VALUES ('lobby', '{}', 'a', 0)"
        )
        for user, team, captain in [("bo", "black", 1), ("ana", "white", 1), ("cy", "white", 0)]:
            connection.execute(
                "INSERT INTO players (match_id, user, team, captain, joined_at) "
                "VALUES (1, ?, ?, ?, 0)",
                (user, team, captain),
            )
        with pytest.raises(sqlite3.IntegrityError):  # before the step, only white and black
            connection.execute(
                "INSERT INTO players (match_id, user, team, joined_at) VALUES (1, 'di', 'Reds', 0)"
            )
    connection.close()

    async def scenario() -> None:
        store = await open_storage(path)
        try:
            async with store.transaction() as db:
                await storage.add_player(db, 1, "di", "Reds", True, 1.0)
                found = await storage.player_rows(db, 1)
            assert [(r["user"], r["team"], r["captain"]) for r in found] == [
                ("bo", "black", 1),
                ("ana", "white", 1),
                ("cy", "white", 0),
                ("di", "Reds", 1),
            ]
            indexes = await store.fetch_all("PRAGMA index_list(players)")
            assert "players_user" in [row["name"] for row in indexes]
        finally:
            await store.close()

    asyncio.run(scenario())
