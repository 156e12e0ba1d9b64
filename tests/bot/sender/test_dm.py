"""A DM game's images name its players as they last acted, kept in storage."""

from __future__ import annotations

from typing import Any, cast

from bot.sender.dm import DmPoster
from bot.service import MatchService
from bot.storage import Storage
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
