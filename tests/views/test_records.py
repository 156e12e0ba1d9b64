"""Views stored as JSON records read back as the same views, and draw the same images."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from games.core.geometry import CHESSBOARD, Shape
from games.core.pieces import Piece
from games.core.placement import write_placement
from games.elevator import Match
from games.elevator.teams import team_map
from games.enders.game import EndersGame
from games.good.cells import one_a_pole
from games.good.cells import shape as good_shape
from renderer import board_png, board_view_png, overview_png, overview_view_png
from views.model import board_view, match_view
from views.records import (
    ViewRecordError,
    board_from_record,
    board_record,
    match_from_record,
    match_record,
)


def ridden() -> Match:
    """Return a three-board line where a knight rode up and White then resigned board 3."""
    match = Match(3)
    for san in ("e4", "Nf6", "Nf3", "Nxe4", "d3"):
        match.play(1, san)
    match.play(1, "Ne4^2")
    match.resign(3, "white")
    return match


def test_a_board_view_reads_back_from_its_json_record_unchanged() -> None:
    match = ridden()
    for board in (1, 2, 3):
        view = board_view(match, board)
        assert board_from_record(json.loads(json.dumps(board_record(view)))) == view


def test_an_overview_reads_back_from_its_json_record_unchanged() -> None:
    view = match_view(ridden(), [1, 2, 3])
    assert match_from_record(json.loads(json.dumps(match_record(view)))) == view


def test_images_drawn_from_records_are_the_images_of_the_match() -> None:
    match = ridden()
    stored = json.loads(json.dumps(board_record(board_view(match, 2))))
    assert board_view_png(board_from_record(stored), "black") == board_png(match, 2, "black")
    overview = json.loads(json.dumps(match_record(match_view(match, [1, 2, 3]))))
    assert overview_view_png(match_from_record(overview)) == overview_png(match)


def test_a_record_that_does_not_read_is_refused_as_a_render_error() -> None:
    record = board_record(board_view(Match(2), 1))
    del record["placement"]
    with pytest.raises(ViewRecordError, match="does not read"):
        board_from_record(record)
    with pytest.raises(ViewRecordError, match="does not read"):
        match_from_record({"boards": 2})


def test_a_view_of_another_shape_reads_back_with_its_shape_and_staircases() -> None:
    shape = Shape(10, 10, levels=2, missing=frozenset({"1a1", "2j10"}))
    view = replace(
        board_view(Match(2), 1),
        placement=write_placement({"2j9": Piece("C", "black"), "1e10": Piece("K", "white")}, shape),
        shape=shape,
        staircases=(("1a2", "1a3"), ("2b5", "2c5", "2d5")),
        last_move=("1e9", "1e10"),
    )
    record = json.loads(json.dumps(board_record(view)))
    assert board_from_record(record) == view
    assert board_from_record(record).pieces()["2j9"] == Piece("C", "black")


def test_a_record_written_before_boards_had_shapes_reads_as_an_8x8_board() -> None:
    record = board_record(board_view(ridden(), 2))
    assert "shape" not in record and "staircases" not in record  # written as before
    view = board_from_record(json.loads(json.dumps(record)))
    assert view.shape == CHESSBOARD and view.staircases == ()
    assert view.pieces()["e1"] == Piece("K", "white")


def test_a_placement_that_does_not_fit_its_shape_is_refused() -> None:
    record = board_record(board_view(Match(2), 1))
    record["shape"] = {"files": 10, "ranks": 10, "levels": 1, "missing": [], "wrap_files": False}
    with pytest.raises(ViewRecordError, match="does not read"):
        board_from_record(record)


def test_an_overview_of_many_teams_names_each_boards_teams_and_reads_back() -> None:
    match = Match(4, "ring", teams=team_map(4, ("Reds", "Blues", "Greens", "Golds")))
    view = match_view(match, [1, 2])
    assert view.teams[1] == ("Reds", "Greens")
    assert [team for team, _ in view.scores] == ["Reds", "Blues", "Greens", "Golds"]
    assert match_from_record(json.loads(json.dumps(match_record(view)))) == view
    assert "teams" not in match_record(match_view(Match(2), [1]))  # two teams: as before


def test_an_enders_view_mid_turn_reads_back_with_its_reserves_gates_and_turn() -> None:
    game = EndersGame()
    game.play(1, "B@f2 Bf2-d4")
    view = board_view(game, 1)
    assert view.reserves is not None and view.gates == ("f2", "f10") and view.moved == ("d4",)
    assert board_from_record(json.loads(json.dumps(board_record(view)))) == view
    overview = match_view(game, [1])
    assert match_from_record(json.loads(json.dumps(match_record(overview)))) == overview


def test_a_view_of_moving_elevators_reads_back_with_its_lift() -> None:
    good = good_shape(one_a_pole((0,) * 14 + (2, 0)))
    view = replace(
        board_view(Match(2), 1),
        placement=write_placement({"4e8": Piece("K", "black"), "2e1": Piece("K", "white")}, good),
        shape=good,
        platform=2,
        lifted=("4e7", "4f7", "4e8", "4f8"),
        vacated=("3e7", "3f7", "3e8", "3f8"),
        last_move=None,
    )
    assert board_from_record(json.loads(json.dumps(board_record(view)))) == view
