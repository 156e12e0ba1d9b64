"""The lobby embed stays within Discord's limits however many players join; team options."""

from __future__ import annotations

import pytest

from bot.errors import RulesError
from bot.exts.matches._lobby import lobby_embed, read_teams
from bot.lobby import Roster
from bot.service import MatchShape
from games.core.clocks import TimeControl
from games.elevator.teams import team_map


def test_a_crowded_lobby_lists_thirty_players_a_team_and_counts_the_rest() -> None:
    players = [str(10**18 + n) for n in range(45)]
    roster = Roster({"white": players, "black": players[:3]}, {"white": players[0]}, {})
    match = MatchShape(40, "line", {"white": "Reds", "black": "Blues"})
    embed = lobby_embed(7, match, roster, players[0], "lobby", TimeControl.parse("10+5"))
    white, black = embed.fields
    assert len(white.value or "") <= 1024 and (white.value or "").endswith("and 15 more")
    assert white.name == "Reds (White)" and (white.value or "").startswith(
        f"<@{players[0]}> (captain)"
    )
    assert (black.value or "").count("<@") == 3
    assert len(embed) <= 6000
    assert "Clock: 10+5 (10 minutes per board + 5 s a move)" in (embed.description or "")


def test_a_crowded_lobby_of_eight_teams_stays_within_an_embeds_size() -> None:
    names = [f"Team {letter}" for letter in "ABCDEFGH"]
    pairs = team_map(8, names)
    players = [str(10**18 + n) for n in range(8 * 40)]
    teams = {name: players[40 * n : 40 * (n + 1)] for n, name in enumerate(names)}
    captains = {name: members[0] for name, members in teams.items()}
    roster = Roster(teams, captains, {}, pairs)
    match = MatchShape(8, "ring", {name: name for name in names})
    embed = lobby_embed(7, match, roster, players[0], "lobby", TimeControl.parse("none"))
    assert len(embed) <= 6000 and len(embed.fields) == 8
    assert embed.fields[0].name == "Team A (White on boards 1, 2)"
    assert embed.fields[7].name == "Team H (Black on boards 1, 8)"
    assert all((field.value or "").endswith("and 22 more") for field in embed.fields)


def test_a_lobby_of_a_thousand_boards_says_its_count_as_elsewhere() -> None:
    roster = Roster({"white": ["1"], "black": ["2"]}, {"white": "1", "black": "2"}, {})
    match = MatchShape(1000, "line", {"white": "Reds", "black": "Blues"})
    embed = lobby_embed(7, match, roster, "1", "lobby", TimeControl.parse("none"))
    assert embed.title == "Elevator Chess match 7: 1,000 boards in a line"


@pytest.mark.parametrize(
    ("count", "white", "black", "names", "read"),
    [
        (2, None, None, None, ("White", "Black", None)),
        (2, "Reds", "Blues", None, ("Reds", "Blues", None)),
        (2, None, None, "Reds, Blues", ("Reds", "Blues", None)),
        (4, None, None, None, ("Team A", "Team D", ("Team A", "Team B", "Team C", "Team D"))),
        (4, None, None, "N, E, S, W", ("N", "W", ("N", "E", "S", "W"))),
    ],
)
def test_team_options_read_as_names_white_first(
    count: int,
    white: str | None,
    black: str | None,
    names: str | None,
    read: tuple[str, str, tuple[str, ...] | None],
) -> None:
    assert read_teams("elevator", count, white, black, names) == read


@pytest.mark.parametrize(
    ("count", "white", "names", "refusal"),
    [
        (2, "Reds", "Reds, Blues", "not both"),
        (2, None, "Reds, Blues, Golds", "lists 3 teams, and the match has 2"),
        (4, "Reds", None, "with 4 teams, name them all with names:"),
        (6, None, "A, B", "lists 2 teams, and the match has 6"),
        (4, None, " , , , ", "a team's name between every two commas"),
        (4, None, "Reds,,Blues,Golds", "a team's name between every two commas"),
        (4, None, "Reds, \u200b, Blues, Golds", "each with a visible character"),
        (3, None, None, "a match has 2, 4, 6, 8 teams"),
    ],
)
def test_team_options_that_do_not_fit_are_refused_plainly(
    count: int, white: str | None, names: str | None, refusal: str
) -> None:
    with pytest.raises(RulesError, match=refusal):
        read_teams("elevator", count, white, None, names)


def test_a_game_of_two_sides_refuses_more_teams_and_names_its_own_two() -> None:
    assert read_teams("chess", 2, None, None, None) == ("White", "Black", None)
    with pytest.raises(RulesError, match="is played by two sides, not 4 teams"):
        read_teams("chess", 4, None, None, "A, B, C, D")
