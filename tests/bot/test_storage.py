"""The SQLite file: schema steps, pragmas, and transactions that commit whole or not at all."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

from bot import storage
from bot.storage import Storage, StorageError, migration_steps


def test_opening_creates_the_file_and_takes_every_schema_step(tmp_path: Path) -> None:
    async def scenario() -> None:
        storage = await Storage.open(tmp_path / "data" / "elevator.db")
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
            assert {
                "matches",
                "players",
                "seats",
                "events",
                "snapshots",
                "outbox",
                "audit",
            } <= tables
        finally:
            await storage.close()
        reopened = await Storage.open(tmp_path / "data" / "elevator.db")
        assert await reopened.schema_version() == len(migration_steps())
        await reopened.close()

    asyncio.run(scenario())


def test_a_database_from_a_newer_bot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "elevator.db"
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {len(migration_steps()) + 1}")
    with pytest.raises(StorageError, match="newer than this bot knows"):
        asyncio.run(Storage.open(path))


def test_a_failed_transaction_leaves_nothing_behind(tmp_path: Path) -> None:
    async def scenario() -> list[object]:
        storage = await Storage.open(tmp_path / "elevator.db")
        try:
            with pytest.raises(RuntimeError, match="crash"):
                async with storage.transaction() as db:
                    await db.execute(
                        "INSERT INTO matches (status, config, host, created_at) "
                        "VALUES ('lobby', '{}', 'ana', 0)"
                    )
                    raise RuntimeError("crash half-way")
            return list(await storage.fetch_all("SELECT id FROM matches"))
        finally:
            await storage.close()

    assert asyncio.run(scenario()) == []


def test_foreign_keys_are_enforced(tmp_path: Path) -> None:
    async def scenario() -> None:
        storage = await Storage.open(tmp_path / "elevator.db")
        try:
            with pytest.raises(sqlite3.IntegrityError):
                async with storage.transaction() as db:
                    await db.execute(
                        "INSERT INTO seats (match_id, board, side, user) "
                        "VALUES (7, 1, 'white', 'a')"
                    )
        finally:
            await storage.close()

    asyncio.run(scenario())


def test_concurrent_transactions_never_interleave(tmp_path: Path) -> None:
    async def scenario() -> int:
        storage = await Storage.open(tmp_path / "elevator.db")
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


def test_matches_players_seats_events_and_snapshots_round_trip(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = await Storage.open(tmp_path / "elevator.db")
        try:
            async with store.transaction() as db:
                match_id = await storage.insert_match(db, '{"boards": 2}', "ana", 1.0)
                await storage.add_player(db, match_id, "ana", "white", True, 1.0)
                await storage.add_player(db, match_id, "bo", "black", True, 2.0)
                await storage.add_player(db, match_id, "cy", "white", False, 3.0)
                await storage.set_seat(db, match_id, 1, "white", "ana")
                await storage.set_seat(db, match_id, 1, "white", "cy")  # replaces ana
                await storage.set_status(db, match_id, "active", 4.0, started=True)
                events = [("move", '{"kind": "move"}', "cy"), ("arrive", "{}", None)]
                await storage.append_events(db, match_id, 1, events, 5.0)
                await storage.save_states(db, match_id, 2, {1: "one", 2: "two"})
                await storage.save_states(db, match_id, 2, {2: "two again"})
            async with store.read() as db:
                row = await storage.match_row(db, match_id)
                assert row is not None
                assert (row["status"], row["seq"], row["started_at"]) == ("active", 2, 4.0)
                players = await storage.player_rows(db, match_id)
                assert [(p["user"], p["captain"]) for p in players] == [
                    ("ana", 1),
                    ("bo", 1),
                    ("cy", 0),
                ]
                seats = await storage.seat_rows(db, match_id)
                assert [(s["board"], s["side"], s["user"]) for s in seats] == [(1, "white", "cy")]
                logged = await storage.event_rows(db, match_id)
                assert [(e["seq"], e["kind"], e["actor"]) for e in logged] == [
                    (1, "move", "cy"),
                    (2, "arrive", None),
                ]
                states = await storage.state_rows(db, match_id)
                assert [(s["board"], s["data"]) for s in states] == [(1, "one"), (2, "two again")]
                assert await storage.match_row(db, match_id + 1) is None
            async with store.transaction() as db:
                await storage.truncate_events(db, match_id, 1)
                await storage.remove_player(db, match_id, "cy")
                await storage.set_captain(db, match_id, "white", "ana")
            async with store.read() as db:
                assert len(await storage.event_rows(db, match_id)) == 1
                assert [p["user"] for p in await storage.player_rows(db, match_id)] == ["ana", "bo"]
        finally:
            await store.close()

    asyncio.run(scenario())


def test_the_outbox_hands_out_one_notice_per_place_in_order(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = await Storage.open(tmp_path / "elevator.db")
        try:
            async with store.transaction() as db:
                match_id = await storage.insert_match(db, "{}", "ana", 0.0)
                await storage.enqueue(
                    db,
                    match_id,
                    [
                        ("board:1", "board", "{}", "k1"),
                        ("board:1", "arrival", "{}", "k2"),
                        ("overview", "score", "{}", "k3"),
                    ],
                    10.0,
                )
            async with store.read() as db:
                due = await storage.due_notices(db, 10.0, 10)
                assert [n["idempotency_key"] for n in due] == ["k1", "k3"]
                assert await storage.due_notices(db, 9.0, 10) == []
            async with store.transaction() as db:
                await storage.mark_failed(db, due[0]["id"], "Discord is down", 20.0)
                await storage.mark_sent(db, due[1]["id"], 11.0)
            async with store.read() as db:
                assert await storage.due_notices(db, 11.0, 10) == []  # k1 waits, k2 behind it
                again = await storage.due_notices(db, 20.0, 10)
                assert [(n["idempotency_key"], n["attempts"]) for n in again] == [("k1", 1)]
            async with store.transaction() as db:
                await storage.mark_sent(db, again[0]["id"], 21.0)
                with pytest.raises(sqlite3.IntegrityError):  # a key is used once
                    await storage.enqueue(db, match_id, [("overview", "x", "{}", "k3")], 22.0)
            async with store.read() as db:
                assert [n["idempotency_key"] for n in await storage.due_notices(db, 21.0, 10)] == [
                    "k2"
                ]
        finally:
            await store.close()

    asyncio.run(scenario())


def test_moderator_actions_are_audited_with_their_reasons(tmp_path: Path) -> None:
    async def scenario() -> list[tuple[str, str]]:
        store = await Storage.open(tmp_path / "elevator.db")
        try:
            async with store.transaction() as db:
                match_id = await storage.insert_match(db, "{}", "ana", 0.0)
                await storage.add_audit(db, match_id, "mod", "pause", "lunch", "{}", 1.0)
                await storage.add_audit(db, match_id, "mod", "resume", "back", "{}", 2.0)
            async with store.read() as db:
                return [(a["action"], a["reason"]) for a in await storage.audit_rows(db, match_id)]
        finally:
            await store.close()

    assert asyncio.run(scenario()) == [("pause", "lunch"), ("resume", "back")]


def test_two_processes_opening_one_file_take_each_schema_step_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        opened = await asyncio.gather(
            *(Storage.open(tmp_path / "elevator.db") for _ in range(3)), return_exceptions=True
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
        store = await Storage.open(path)
        try:
            found = await store.fetch_all("SELECT status, paused_at FROM matches ORDER BY id")
            assert found[0]["paused_at"] > 1.7e9 and found[1]["paused_at"] is None
        finally:
            await store.close()

    asyncio.run(scenario())


def test_events_are_only_ever_appended_at_the_end_of_the_log(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = await Storage.open(tmp_path / "elevator.db")
        try:
            async with store.transaction() as db:
                match_id = await storage.insert_match(db, "{}", "ana", 0.0)
                await storage.append_events(db, match_id, 1, [("move", "{}", "ana")], 0.0)
            with pytest.raises(StorageError, match="does not end at position 2"):
                async with store.transaction() as db:
                    await storage.append_events(db, match_id, 3, [("move", "{}", "ana")], 0.0)
            assert len(await store.fetch_all("SELECT * FROM events")) == 1
        finally:
            await store.close()

    asyncio.run(scenario())


HEADS_BY_SCAN = (  # the places' heads as step 7 found them, reading every pending notice
    "SELECT id FROM outbox WHERE id IN (SELECT MIN(id) FROM outbox WHERE done_at IS NULL"
    " GROUP BY match_id, place) ORDER BY next_attempt_at, id"
)


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
        store = await Storage.open(path)
        try:
            async with store.read() as db:
                return [n["idempotency_key"] for n in await storage.due_notices(db, 1.0, 10)]
        finally:
            await store.close()

    assert asyncio.run(scenario()) == ["k2", "k4"]


def test_the_places_heads_stay_those_a_full_scan_finds_through_sends_retries_and_removals(
    tmp_path: Path,
) -> None:
    places = ["board:1", "board:2", "overview", "user:7"]

    async def scenario() -> None:
        store = await Storage.open(tmp_path / "elevator.db")
        chance = random.Random(13)
        try:
            async with store.transaction() as db:
                matches = [await storage.insert_match(db, "{}", "ana", 0.0) for _ in range(3)]
            for step in range(300):
                async with store.transaction() as db:
                    pending = await storage.rows(db, "SELECT id FROM outbox WHERE done_at IS NULL")
                    roll = chance.random()
                    if roll < 0.45 or not pending:
                        owner = chance.choice([*matches, None])
                        notice = (chance.choice(places), "x", "{}", f"k{step}")
                        await storage.enqueue(db, owner, [notice], 0.0)
                    elif roll < 0.65:
                        await storage.mark_sent(db, chance.choice(pending)["id"], 1.0)
                    elif roll < 0.75:
                        retry = chance.uniform(0.0, 50.0)
                        await storage.mark_failed(db, chance.choice(pending)["id"], "down", retry)
                    elif roll < 0.85:
                        await storage.give_up(db, chance.choice(pending)["id"], "gone", 1.0)
                    elif roll < 0.95:
                        await storage.prune_outbox(db, 2.0, 2.0, 3)
                    else:  # a pending notice removed outright
                        await db.execute(
                            "DELETE FROM outbox WHERE id = ?", (chance.choice(pending)["id"],)
                        )
                async with store.read() as db:
                    heads = [n["id"] for n in await storage.due_notices(db, 100.0, 1000)]
                    assert heads == [row[0] for row in await storage.rows(db, HEADS_BY_SCAN)]
        finally:
            await store.close()

    asyncio.run(scenario())


def test_a_transaction_that_queues_notices_signals_them_once_committed_and_others_do_not(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        store = await Storage.open(tmp_path / "elevator.db")
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
        store = await Storage.open(path)
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
