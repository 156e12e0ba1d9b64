"""Views stored as JSON records read back as the same views, and draw the same images."""

from __future__ import annotations

import json

import pytest

from games.elevator import Match
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
