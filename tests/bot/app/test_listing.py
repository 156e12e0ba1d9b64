"""Finding matches: a server's lobbies, live and ended matches, and a player's recent games."""

from __future__ import annotations

import pytest

from bot.errors import NotAllowedError
from bot.service import MatchService, Moderator
from bot.storage import Storage
from tests.bot.scenarios import run, ticking


async def lobby(service: MatchService, guild: str, white: str = "Reds") -> int:
    """Open a two-board lobby in a server, as /match create does."""
    match_id = await service.create(
        "ana", boards=2, layout="line", white_team=white, black_team="Blues"
    )
    await service.bind(match_id, {"lobby": f"{guild}-general", "guild": guild})
    return match_id


async def started(service: MatchService, guild: str, white: str = "Reds") -> int:
    """Start a two-board match in a server, with its overview and board channels bound."""
    match_id = await lobby(service, guild, white)
    await service.join(match_id, "ana", "white")
    await service.join(match_id, "bo", "black")
    places = {"overview": f"{match_id}-o", "board:1": f"{match_id}-1", "board:2": f"{match_id}-2"}
    await service.bind(match_id, places)
    await service.start(match_id, "ana")
    return match_id


def test_a_server_lists_its_lobbies_then_live_then_ended_matches_and_no_other_server(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        won = await started(service, "g1", "Greens")
        await service.resign(won, "bo", 1)
        await service.resign(won, "bo", 2)
        aborted = await started(service, "g1")
        await service.abort(aborted, Moderator("mod", is_moderator=True), "a mistake")
        live = await started(service, "g1")
        await service.resign(live, "ana", 2)
        first, second = await lobby(service, "g1"), await lobby(service, "g1")
        await lobby(service, "g2")
        found = await service.guild_matches("g1")
        assert [m.id for m in found.lobbies] == [second, first]
        assert [m.id for m in found.live] == [live]
        assert found.live[0].score == (0.0, 1.0) and found.live[0].places["board:2"] == f"{live}-2"
        assert [m.id for m in found.ended] == [aborted, won]  # the latest ended first
        assert [m.result() for m in found.ended] == ["aborted by a moderator", "won by Greens"]
        assert found.lobbies[0].sides == ("Reds", "Blues") and found.lobbies[0].boards == 2
        assert found.more == (0, 0, 0)
        fewer = await service.guild_matches("g1", limit=1, ended=1)
        assert [m.id for m in fewer.lobbies] == [second] and fewer.more == (1, 0, 1)

    run(database_url, scenario, clock=ticking())


def test_a_players_recent_games_include_finished_ones_and_only_players_may_export_them(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        done = await service.create_game("ana", "bo", boards=1, game="escher")
        await service.resign(done, "bo", 1)
        under_way = await service.create_game("ana", "cy", boards=1, game="chess")
        await lobby(service, "g1")  # a lobby is nobody's game yet
        assert [g.id for g in await service.recent_games("ana")] == [under_way, done]
        assert [(g.status, g.title) for g in await service.recent_games("bo")] == [
            ("finished", "Escher Staircase")
        ]
        await service.check_player(done, "bo", "export it")
        with pytest.raises(NotAllowedError, match=f"only the players of game {done} can export"):
            await service.check_player(done, "cy", "export it")

    run(database_url, scenario, clock=ticking())
