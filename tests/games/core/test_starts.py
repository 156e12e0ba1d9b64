"""How any game starts from what players chose, asked of its class: one board's defaults."""

from __future__ import annotations

import pytest

import games
from games.core.errors import MatchConfigError
from games.core.starts import DEFAULT_VARIANT, Setup


def test_a_one_board_game_starts_from_its_start_position_between_two_sides() -> None:
    escher = games.game_class("escher")
    game = escher.start(1, "line", ["Reds", "Blues"], None, None)
    assert game.boards == 1 and game.setup() is None
    assert escher.chosen(1, DEFAULT_VARIANT, None, None, None) is None
    assert escher.team_order(game.config) is None and escher.variant_of(game.config) is None


@pytest.mark.parametrize(
    ("boards", "teams", "setup", "refusal"),
    [
        (2, ["Reds", "Blues"], None, "Escher Staircase is played on one board, not 2"),
        (1, ["A", "B", "C", "D"], None, "is played by two sides, not 4 teams"),
        (1, ["Reds", "Blues"], Setup(rules=("fide",)), "has no variants, floors"),
    ],
)
def test_a_one_board_game_refuses_what_only_a_game_of_many_boards_takes(
    boards: int, teams: list[str], setup: Setup | None, refusal: str
) -> None:
    with pytest.raises(MatchConfigError, match=refusal):
        games.game_class("escher").start(boards, "line", teams, None, setup)


def test_a_one_board_game_refuses_a_variant_and_floors_by_name() -> None:
    escher = games.game_class("escher")
    with pytest.raises(MatchConfigError, match="has no variants, armies or elevators"):
        escher.chosen(1, "alice", None, None, None)
    with pytest.raises(MatchConfigError, match="Escher Staircase has no floors"):
        escher.chosen(1, DEFAULT_VARIANT, ["fide"], None, None)


def test_elevator_chess_starts_many_teams_and_says_its_variant_and_teams() -> None:
    elevator = games.game_class("elevator")
    setup = elevator.chosen(4, "escher", None, None, None)
    match = elevator.start(4, "line", ["A", "B", "C", "D"], None, setup)
    assert match.setup() == setup
    assert elevator.team_order(match.config) == ("A", "B", "C", "D")
    assert elevator.variant_of(match.config) == (
        "Elevator Chess for Many Teams; Escher neighbours (boards 2, 4)"
    )
    assert elevator.described_setup(4, "line", setup) == "Escher neighbours (boards 2, 4)"


def test_the_registry_offers_the_most_boards_and_team_counts_of_any_game() -> None:
    assert games.MOST_BOARDS == 1000 and games.TEAM_COUNTS == (2, 4, 6, 8)


def test_a_games_own_teams_are_named_when_players_name_none() -> None:
    assert games.game_class("escher").default_teams(2) == ("White", "Black")
    assert games.game_class("elevator").default_teams(4) == ("Team A", "Team B", "Team C", "Team D")
    with pytest.raises(MatchConfigError, match="Escher Staircase is played by two sides, not 4"):
        games.game_class("escher").default_teams(4)
    with pytest.raises(MatchConfigError, match="a match has 2, 4, 6, 8 teams"):
        games.game_class("elevator").default_teams(3)


def test_the_core_game_is_chosen_however_its_name_is_written() -> None:
    assert games.game_class("escher").chosen(1, " Standard ", None, None, None) is None
