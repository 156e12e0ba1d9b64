"""Storage on either engine: rows round trip, transactions commit whole, the outbox's order."""

from __future__ import annotations

import asyncio
import random
import sqlite3

import asyncpg
import pytest

from bot import storage
from bot.storage import StorageError
from bot.storage.opening import open_storage

# what each engine raises when a row breaks a constraint
INTEGRITY = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


def test_a_failed_transaction_leaves_nothing_behind(database_url: str) -> None:
    async def scenario() -> list[object]:
        storage = await open_storage(database_url)
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


def test_a_transaction_whose_statement_failed_saves_nothing_even_if_the_error_was_caught(
    database_url: str,
) -> None:
    async def scenario() -> list[object]:
        store = await open_storage(database_url)
        try:
            with pytest.raises(StorageError, match=r"nothing was saved: .* rolled back"):
                async with store.transaction() as db:
                    match_id = await storage.insert_match(db, "{}", "ana", 0.0)
                    await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
                    with pytest.raises(INTEGRITY):
                        await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
            return [*await store.fetch_all("SELECT id FROM matches UNION SELECT id FROM outbox")]
        finally:
            await store.close()

    assert asyncio.run(scenario()) == []


def test_a_batch_whose_insert_fails_saves_nothing(database_url: str) -> None:
    async def scenario() -> list[object]:
        store = await open_storage(database_url)
        try:
            with pytest.raises(INTEGRITY):
                async with store.transaction() as db, db.batch():
                    match_id = await storage.insert_match(db, "{}", "ana", 0.0)
                    await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
                    await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
                    await storage.bump_revision(db, match_id, 0)
            return [*await store.fetch_all("SELECT id FROM matches UNION SELECT id FROM outbox")]
        finally:
            await store.close()

    assert asyncio.run(scenario()) == []


def test_a_batch_reads_what_it_wrote_before(database_url: str) -> None:
    async def scenario() -> list[int]:
        store = await open_storage(database_url)
        try:
            async with store.transaction() as db, db.batch():
                match_id = await storage.insert_match(db, "{}", "ana", 0.0)
                await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
                await storage.bind(db, match_id, {"overview": "9"})
                counted = await db.fetch(
                    "SELECT (SELECT COUNT(*) FROM outbox), (SELECT COUNT(*) FROM bindings)"
                )
                return [int(counted[0][0]), int(counted[0][1])]
        finally:
            await store.close()

    assert asyncio.run(scenario()) == [1, 1]


def test_foreign_keys_are_enforced(database_url: str) -> None:
    async def scenario() -> None:
        storage = await open_storage(database_url)
        try:
            with pytest.raises(INTEGRITY):
                async with storage.transaction() as db:
                    await db.execute(
                        'INSERT INTO seats (match_id, board, side, "user") '
                        "VALUES (7, 1, 'white', 'a')"
                    )
        finally:
            await storage.close()

    asyncio.run(scenario())


def test_matches_players_seats_events_and_snapshots_round_trip(database_url: str) -> None:
    async def scenario() -> None:
        store = await open_storage(database_url)
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
                await storage.bump_revision(db, match_id, 0, (0, 2))
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


def test_the_outbox_hands_out_one_notice_per_place_in_order(database_url: str) -> None:
    async def scenario() -> None:
        store = await open_storage(database_url)
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
            with pytest.raises(INTEGRITY):  # a key is used once
                async with store.transaction() as db:
                    await storage.enqueue(db, match_id, [("overview", "x", "{}", "k3")], 22.0)
            async with store.read() as db:
                assert [n["idempotency_key"] for n in await storage.due_notices(db, 21.0, 10)] == [
                    "k2"
                ]
        finally:
            await store.close()

    asyncio.run(scenario())


def test_moderator_actions_are_audited_with_their_reasons(database_url: str) -> None:
    async def scenario() -> list[tuple[str, str]]:
        store = await open_storage(database_url)
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


def test_events_are_only_ever_appended_at_the_end_of_the_log(database_url: str) -> None:
    async def scenario() -> None:
        store = await open_storage(database_url)
        try:
            async with store.transaction() as db:
                match_id = await storage.insert_match(db, "{}", "ana", 0.0)
                await storage.append_events(db, match_id, 1, [("move", "{}", "ana")], 0.0)
                await storage.bump_revision(db, match_id, 0, (0, 1))
            with pytest.raises(StorageError, match="does not end at position 2"):
                async with store.transaction() as db, db.batch():
                    await storage.append_events(db, match_id, 3, [("move", "{}", "ana")], 0.0)
                    await storage.bump_revision(db, match_id, 1, (2, 3))
            assert len(await store.fetch_all("SELECT * FROM events")) == 1
            assert (await store.fetch_all("SELECT seq FROM matches"))[0][0] == 1
        finally:
            await store.close()

    asyncio.run(scenario())


def test_a_change_counted_from_another_revision_than_the_matchs_saves_nothing(
    database_url: str,
) -> None:
    async def scenario() -> list[int]:
        store = await open_storage(database_url)
        try:
            async with store.transaction() as db:
                match_id = await storage.insert_match(db, "{}", "ana", 0.0)
            with pytest.raises(StorageError, match="changed meanwhile"):
                async with store.transaction() as db, db.batch():
                    await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
                    await storage.bump_revision(db, match_id, 3)
            found = await store.fetch_all(
                "SELECT revision FROM matches UNION ALL SELECT id FROM outbox"
            )
            return [int(row[0]) for row in found]
        finally:
            await store.close()

    assert asyncio.run(scenario()) == [0]


HEADS_BY_SCAN = (  # the places' heads as step 7 found them, reading every pending notice
    "SELECT id FROM outbox WHERE id IN (SELECT MIN(id) FROM outbox WHERE done_at IS NULL"
    " GROUP BY match_id, place) ORDER BY next_attempt_at, id"
)


def test_the_places_heads_stay_those_a_full_scan_finds_through_sends_retries_and_removals(
    database_url: str,
) -> None:
    places = ["board:1", "board:2", "overview", "user:7"]

    async def scenario() -> None:
        store = await open_storage(database_url)
        chance = random.Random(13)
        try:
            async with store.transaction() as db:
                matches = [await storage.insert_match(db, "{}", "ana", 0.0) for _ in range(3)]
            for step in range(300):
                async with store.transaction() as db:
                    pending = await storage.rows(
                        db, "SELECT id FROM outbox WHERE done_at IS NULL ORDER BY id"
                    )
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
