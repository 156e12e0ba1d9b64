"""A match of many teams in the service: teams by name, seats and captains per board, scores."""

from __future__ import annotations

import pytest

from bot.errors import NotAllowedError, RulesError
from bot.service import MatchService
from bot.storage import Storage
from tests.bot.scenarios import run

TEAMS = ("Reds", "Blues", "Greens", "Golds")  # Reds 1-2 and Blues 3-4 White; Greens 2-3 Black
PLAYERS = {"Reds": ["ana", "al"], "Blues": ["bo"], "Greens": ["cy"], "Golds": ["di"]}


async def four_teams(service: MatchService) -> int:
    """Open a lobby of four teams on four boards in a ring, every team joined."""
    match_id = await service.create(
        "ana", boards=4, layout="ring", white_team="", black_team="", teams=TEAMS
    )
    for team, users in PLAYERS.items():
        for user in users:
            await service.join(match_id, user, team)
    return match_id


def test_teams_are_joined_by_name_and_the_start_seats_each_on_its_own_boards(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await four_teams(service)
        with pytest.raises(RulesError, match="there is no team 'white' in this match"):
            await service.join(match_id, "ed", "white")
        with pytest.raises(NotAllowedError, match="only the host or the Golds captain"):
            await service.seat(match_id, "cy", 1, "black", "di")
        await service.seat(match_id, "cy", 3, "black", "cy")  # Greens' own seat
        with pytest.raises(RulesError, match="<@bo> is not in the Greens team"):
            await service.seat(match_id, "ana", 2, "black", "bo")
        await service.start(match_id, "ana")
        roster = await service.roster(match_id)
        assert roster.teams == PLAYERS
        assert roster.seats == {
            (1, "white"): "ana",
            (2, "white"): "al",
            (3, "white"): "bo",
            (4, "white"): "bo",
            (1, "black"): "di",
            (2, "black"): "cy",
            (3, "black"): "cy",
            (4, "black"): "di",
        }
        shape = await service.shape(match_id)
        assert shape.teams == {team: team for team in TEAMS}

    run(database_url, scenario)


def test_a_team_of_many_is_joined_and_seated_by_its_name_in_any_case_or_look_alike(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await four_teams(service)
        await service.join(match_id, "ed", "\uff27\uff2f\uff2c\uff24\uff33")  # fullwidth GOLDS
        await service.join(match_id, "fay", "G\u0433\u0435\u0435ns")  # Cyrillic r, e, e
        roster = await service.roster(match_id)
        assert roster.team_of("ed") == "Golds" and roster.team_of("fay") == "Greens"
        assert await service.seat(match_id, "ana", 2, "greens", "fay") == "black"
        assert await service.seat(match_id, "ana", 4, "White", "bo") == "white"
        with pytest.raises(RulesError, match="'Greens' does not play on board 1: Reds play"):
            await service.seat(match_id, "ana", 1, "Greens", "cy")
        with pytest.raises(RulesError, match="the teams are Reds, Blues, Greens and Golds"):
            await service.join(match_id, "gus", "Purples")
        roster = await service.roster(match_id)
        assert roster.seats == {(2, "black"): "fay", (4, "white"): "bo"}

    run(database_url, scenario)


def test_a_captain_moves_on_their_teams_boards_only_and_a_win_is_told_to_that_team(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await four_teams(service)
        await service.start(match_id, "ana")
        await service.play(match_id, "ana", 2, "f3")  # Reds' captain, for al on board 2
        with pytest.raises(NotAllowedError, match="you are not seated on board 2"):
            await service.play(match_id, "bo", 2, "e5")
        with pytest.raises(NotAllowedError, match="you are not seated on board 2"):
            await service.play(match_id, "di", 2, "e5")  # Golds play Black, but not here
        for user, move in [("cy", "e5"), ("al", "g4"), ("cy", "Qh4#")]:
            outcome = await service.play(match_id, user, 2, move)
        prompts = [n for n in outcome.notices if n.kind == "transfer-prompt"]
        assert [str(n.place) for n in prompts] == ["user:cy", "team:Greens"]
        result = next(n for n in outcome.notices if n.kind == "board-result")
        assert result.payload["scores"] == {"Reds": 0, "Blues": 0, "Greens": 1, "Golds": 0}

    run(database_url, scenario)


def test_a_captain_resigns_their_teams_boards_and_the_match_loads_back(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await four_teams(service)
        await service.start(match_id, "ana")
        with pytest.raises(NotAllowedError, match="only a team's captain"):
            await service.resign_match(match_id, "al")
        await service.resign_match(match_id, "di")  # Golds: boards 1 and 4
        fresh = MatchService(store, clock=lambda: 1000.0)
        match = await fresh.game(match_id)
        assert [match.board_result(b) for b in (1, 2, 3, 4)] == ["1-0", "*", "*", "1-0"]
        assert (await fresh.roster(match_id)).captains == {
            "Reds": "ana",
            "Blues": "bo",
            "Greens": "cy",
            "Golds": "di",
        }

    run(database_url, scenario)


def test_a_rematch_of_many_teams_keeps_each_team_and_swaps_its_colour(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await four_teams(service)
        await service.start(match_id, "ana")
        for captain in ("ana", "bo"):  # White's teams resign: Greens and Golds 2 each
            await service.resign_match(match_id, captain)
        asked = await service.ask_rematch(match_id, "ana")
        assert (asked.side, asked.team) == ("white", "Reds")
        assert (asked.answering, asked.white) == ("Greens or Golds", "Greens and Golds")
        with pytest.raises(NotAllowedError, match="only the Greens or Golds captain"):
            await service.answer_rematch(match_id, "bo", accept=True)
        again = await service.answer_rematch(match_id, "di", accept=True)
        assert again is not None
        roster = await service.roster(again)
        assert list(roster.teams) == ["Greens", "Golds", "Reds", "Blues"]
        assert roster.team_at(1, "white") == "Greens" and roster.team_at(2, "black") == "Reds"
        assert roster.teams["Reds"] == ["ana", "al"] and roster.captains["Reds"] == "ana"

    run(database_url, scenario)
