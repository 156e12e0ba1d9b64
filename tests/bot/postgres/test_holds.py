"""A match held by one process of the bot (a store) against another on one database."""

from __future__ import annotations

import asyncio

import pytest

from bot import storage
from bot.errors import BusyError, NotAllowedError
from bot.service import MatchService
from bot.storage import Storage, StorageBusy
from tests.bot.postgres.stores import LOCK_WAIT, WAIT, two_stores, waiting_for_match
from tests.waiting import eventually


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
            await eventually(lambda: order, "the first store to hold", timeout=WAIT)
            taker = asyncio.create_task(take())
            await eventually(
                lambda: waiting_for_match(first, 7), "the second store to wait", timeout=WAIT
            )
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
