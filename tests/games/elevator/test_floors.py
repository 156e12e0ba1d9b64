"""Floors of Elevator Chess by rules: each board of a match plays by the rules it is given."""

from __future__ import annotations

import json

import pytest

from games.chess.board import FideBoard
from games.elevator import Match, MatchConfig, MatchConfigError
from games.elevator.floors import FLOORS, Floor


class MarkedBoard(FideBoard):
    """A FIDE board that a test can tell from the others."""


def test_every_board_plays_fide_chess_unless_told_otherwise() -> None:
    match = Match(boards=2)
    assert match.config.rules is None
    assert [match.rules(1), match.rules(2)] == ["fide", "fide"]
    assert "rules" not in match.config.to_dict()


def test_each_board_is_made_by_the_floor_its_rules_name(monkeypatch: pytest.MonkeyPatch) -> None:
    marked = Floor("Marked", "a FIDE board", lambda s: MarkedBoard(s.number, s.elevators, s.fen))
    monkeypatch.setitem(FLOORS, "marked", marked)
    match = Match(boards=3, layout="line", rules=["fide", "marked", "fide"])
    assert [type(board) for board in match._boards] == [FideBoard, MarkedBoard, FideBoard]
    assert match.rules(2) == "marked"
    match.play(2, "e4")
    assert Match.from_json(match.to_json()).rules(2) == "marked"


def test_the_rules_are_kept_in_the_record_and_old_configs_load_without_them() -> None:
    match = Match(boards=2, rules=["fide", "fide"])
    data = json.loads(match.to_json())
    assert data["config"]["rules"] == ["fide", "fide"]
    assert Match.from_json(match.to_json()).config.rules == ("fide", "fide")
    old = {"boards": 2, "layout": "line", "start_fens": None, "elevators": None, "teams": None}
    assert MatchConfig.from_dict(old).rules is None


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (["fide", "shogi"], "board 2 cannot play by the rules 'shogi': the rules a floor may have"),
        (["fide"], "rules must have one entry per board: 2, not 1"),
        ("fide", "rules must be a list with one entry per board"),
        ([None, "fide"], "board 1 cannot play by the rules None"),
    ],
)
def test_unknown_rules_are_refused_listing_the_known_ones(rules: object, message: str) -> None:
    with pytest.raises(MatchConfigError, match=message) as refused:
        Match(boards=2, rules=rules)  # type: ignore[arg-type]
    if "cannot play" in message:
        assert str(refused.value).endswith(", ".join(sorted(FLOORS)))


def test_armies_other_than_fides_are_refused_on_a_floor_of_fide_armies_only() -> None:
    with pytest.raises(MatchConfigError, match="board 1 plays by the rules escher, which have"):
        Match(boards=2, rules=["escher", "escher"], armies=("nutty", "fide"))


def test_an_unknown_army_or_mode_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(MatchConfigError, match="no army called 'orcs': the armies are fide, "):
        Match(boards=2, armies=("orcs", "fide"))
    with pytest.raises(MatchConfigError, match="no mode called 'chaos': the modes are standard"):
        Match(boards=2, mode="chaos")


def test_boards_with_different_numbers_of_elevators_are_refused() -> None:
    with pytest.raises(MatchConfigError, match="board 1 has 1 elevator square and board 2 4"):
        Match(boards=2, elevators=[["d4"], ["d4", "e4", "d5", "e5"]])


def test_the_floors_of_a_match_are_each_boards_floor_in_order() -> None:
    config = MatchConfig.create(
        3,
        "line",
        elevators=[["d4", "e4"], ["a1", "h8"], ["d5", "e5"]],
        armies=[("fide", "fide"), ("fide", "fide"), ("clobberers", "nutty")],
    )
    assert config.floors() == [config.floor(board) for board in (1, 2, 3)]
    assert [spec.number for spec in config.floors()] == [1, 2, 3]


def test_a_boards_elevator_squares_are_the_ones_its_pieces_ride_from() -> None:
    board = FideBoard(2, ("a1", "h8", "e4"))
    assert board.elevators == ("a1", "h8", "e4")
    assert board.elevator_occupancy() == (1 << 0) | (1 << 63)  # the rooks on a1 and h8
