"""The unit of work: a change becomes the match in memory only once it has committed."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot import storage
from bot.service import MatchService
from bot.storage import Db
from bot.storage.opening import open_storage
from bot.turns import PATIENT, people


async def refused(*args: object) -> None:
    raise OSError("the disk is full")


def test_a_change_whose_commit_fails_leaves_the_match_in_memory_as_it_was(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def main() -> None:
        store = await open_storage(database_url)
        try:
            service = MatchService(store, clock=lambda: 1000.0)
            match_id = await service.create_game("ana", "bo", boards=2)
            before = service._loaded[match_id]
            with monkeypatch.context() as patched:
                patched.setattr(storage, "set_offer", refused)
                with pytest.raises(OSError, match="disk is full"):
                    await service.offer_draw(match_id, "ana", 1)
            assert service._loaded[match_id] is before  # the very match, untouched
            assert before.offers == {}
            assert await store.fetch_all("SELECT * FROM offers") == []
            await service.offer_draw(match_id, "ana", 1)
            assert service._loaded[match_id].offers == {1: "white"}
            assert before.offers == {}  # a committed change is a new match, not an edit
        finally:
            await store.close()

    asyncio.run(main())


def test_a_move_whose_commit_fails_is_forgotten_and_the_match_reloads_without_it(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def main() -> None:
        store = await open_storage(database_url)
        try:
            service = MatchService(store, clock=lambda: 1000.0)
            match_id = await service.create_game("ana", "bo", boards=1)
            with monkeypatch.context() as patched:
                patched.setattr(storage, "append_events", refused)
                with pytest.raises(OSError, match="disk is full"):
                    await service.play(match_id, "ana", 1, "e4")
            assert match_id not in service._loaded  # the rules core had played it
            assert (await service.legal_moves(match_id, 1, "ana"))[0] == "white"
            await service.play(match_id, "ana", 1, "e4")
            assert (await service.legal_moves(match_id, 1, "ana"))[0] == "black"
        finally:
            await store.close()

    asyncio.run(main())


def test_a_practice_games_actions_run_patiently_and_a_persons_count_as_peoples_work(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    written: list[tuple[str, bool, bool]] = []  # whose move, patiently, people's work counted
    append_events = storage.append_events

    async def noting(db: Db, match_id: int, *args: Any, **kwargs: Any) -> Any:
        written.append((str(match_id), PATIENT.get(), people().working))
        return await append_events(db, match_id, *args, **kwargs)

    async def main() -> None:
        store = await open_storage(database_url)
        try:
            service = MatchService(store, clock=lambda: 1000.0)
            persons = await service.create_game("ana", "bo", boards=1)
            practice = await service.practice_game("cy", "1000", boards=1, game="chess")
            # a server match with the practice opponent in one seat is people's all the same
            team = await service.create(
                "host", boards=2, layout="line", white_team="Reds", black_team="Blues"
            )
            for player, side in (("di", "white"), ("ed", "black"), ("fy", "black")):
                await service.join(team, player, side)
            await service.seat_practice(team, "di", 2, "white", "1000", 3)
            await service.start(team, "host")
            monkeypatch.setattr(storage, "append_events", noting)
            await service.play(persons, "ana", 1, "e4")
            await service.play(practice, "cy", 1, "e4")
            await service.play(team, "di", 1, "e4")
            assert not PATIENT.get()  # the player's own task goes on as it was
            person, practising, teammate = written
            assert person == (str(persons), False, True)
            assert practising[:2] == (str(practice), True)
            assert teammate[:2] == (str(team), False)
        finally:
            await store.close()

    asyncio.run(main())
