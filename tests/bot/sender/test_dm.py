"""A DM game's images name its players as they last acted, and are drawn where they should be."""

from __future__ import annotations

import asyncio
import threading
from typing import Any, cast

import pytest

from bot import drawing, turns
from bot.sender import dm
from bot.sender.dm import DmPoster, drawn_image
from bot.service import MatchService
from bot.shown import ShownGame
from bot.storage import Storage
from bot.turns import patiently, people
from tests.bot.scenarios import run


def test_a_dm_game_names_its_players_as_they_last_acted_not_as_challenged(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await service.create_game("ana", "bo", boards=1, game="chess")
        await service.play(match_id, "ana", 1, "e4")
        poster = DmPoster(cast(Any, None), service)
        game, roster = await service.shown_game(match_id), await service.roster(match_id)
        assert (await poster._named(game, roster)).view.scores == game.view.scores  # unseen
        await service.remember_name("ana", "Anabelle")
        named = await poster._named(game, roster)
        assert named.view.scores == (("Anabelle", 0.0), ("bo", 0.0))
        await service.remember_name("bo", "Anabelle")  # two players under one name
        assert (await poster._named(game, roster)).view.scores == game.view.scores

    run(database_url, scenario)


async def after_e4(service: MatchService) -> ShownGame:
    """Return a DM chess game in which ana has played e4, as it is shown."""
    match_id = await service.create_game("ana", "bo", boards=1, game="chess")
    await service.play(match_id, "ana", 1, "e4")
    return await service.shown_game(match_id)


def test_a_practice_games_image_is_drawn_in_a_worker_process_as_a_persons_is_in_the_bots(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    jobs: list[str] = []
    real = drawing.DRAWER.run

    async def recorded(timeout: float, job: Any, *args: object) -> Any:
        jobs.append(job.__name__)
        return await real(timeout, job, *args)

    monkeypatch.setattr(drawing.DRAWER, "run", recorded)

    async def scenario(service: MatchService, store: Storage) -> None:
        game = await after_e4(service)
        persons = await drawn_image(game, "black", [1])
        assert jobs == []  # a person waits for it: drawn at once, in the bot's process
        with patiently():
            practice = await drawn_image(game, "black", [1])
        assert jobs == ["game_image"]
        assert practice == persons  # the same image, byte for byte
        await drawing.DRAWER.close()

    run(database_url, scenario)


def test_an_image_the_workers_have_not_drawn_in_time_is_drawn_by_the_bot_itself(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        game = await after_e4(service)
        persons = await drawn_image(game, "black", [1])
        # an idle worker on a machine kept busy: no answer within the wait
        late = await drawing.drawn(0.0, drawing.game_image, game, "black", [1])
        assert late == persons
        await drawing.DRAWER.close()

    run(database_url, scenario)
    assert "drawing game_image in the bot, as its worker did not" in caplog.text


def test_a_persons_image_counts_as_peoples_work_while_it_is_drawn(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    began, go = threading.Event(), threading.Event()

    def held_back(*args: Any) -> bytes:
        began.set()
        go.wait()
        return drawing.game_image(*args)

    monkeypatch.setattr(dm, "game_image", held_back)
    monkeypatch.setattr(turns, "FIRST_WAIT", 60.0)

    async def scenario(service: MatchService, store: Storage) -> None:
        game = await after_e4(service)
        await people().first()  # e4 was people's work too, until a moment after it
        assert not people().working
        image = asyncio.create_task(drawn_image(game, "black", [1]))
        await asyncio.to_thread(began.wait)
        assert people().working  # practice games' work waits for it (bot/turns.py)
        go.set()
        assert (await image).startswith(b"\x89PNG")

    run(database_url, scenario)
