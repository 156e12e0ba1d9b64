"""The neighbour panel: displaced elevators, named, at a size a player can read."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from games.core.geometry import Shape
from games.elevator import Match
from renderer import board_png, board_view_png
from renderer.board import BoardLayout
from renderer.cells import Perspective
from renderer.palette import ELEVATOR_MARK, TEXT
from renderer.panel import grid
from renderer.rulers import PREVIEW
from tests.renderer.preview import contrast, runs, shrink
from tests.renderer.shapes import view_of
from views.model import Cell, Neighbour

TEN = Shape(files=10, ranks=10)
SEVEN = Shape(files=7, ranks=7)
CENTRE = ("d4", "e4", "d5", "e5")
DISPLACED = [["c3", "f3", "c6", "f6"], ["d4", "e4", "d5", "e5"], ["b2", "g2", "b7", "g7"]]


@pytest.mark.parametrize("perspective", ["white", "black"])
def test_elevators_far_apart_take_a_grid_as_compact_as_the_centre(
    perspective: Perspective,
) -> None:
    columns, rows, places = grid(("b2", "g2", "b7", "g7"), perspective)
    assert (columns, rows) == (2, 2)
    top_left = "b7" if perspective == "white" else "g2"
    assert places[top_left] == (0, 0)


def test_a_single_elevator_takes_one_cell() -> None:
    assert grid(("d4",), "white") == (1, 1, {"d4": (0, 0)})


def _panel_marks(image: Image.Image, layout: BoardLayout) -> list[tuple[int, int]]:
    """Return the rows of the panel where elevator brackets stand, as runs."""
    left = layout.left + layout.diagram_width + layout.pad
    rows = [
        any(image.getpixel((x, y)) == ELEVATOR_MARK for x in range(left, left + layout.panel))
        for y in range(layout.top, layout.top + layout.diagram_height)
    ]
    return runs(rows)


def test_the_panel_shows_displaced_elevators_as_large_as_the_centre_ones() -> None:
    match = Match(boards=3, elevators=DISPLACED)
    layout = BoardLayout.for_width(640)
    centre = Image.open(io.BytesIO(board_png(Match(3), 3))).convert("RGB")
    displaced = Image.open(io.BytesIO(board_png(match, 3))).convert("RGB")
    # the down panel of board 3 shows board 2's d4 e4 d5 e5: as tall there as in a plain match
    spans = [b - a for a, b in _panel_marks(displaced, layout)]
    plain = [b - a for a, b in _panel_marks(centre, layout)]
    assert max(spans) >= min(plain) // 2 > 0


def test_each_neighbour_square_is_named_under_its_cell_readably() -> None:
    match = Match(boards=3, elevators=DISPLACED)
    lines = _lower_text_lines(board_png(match, 2), BoardLayout.for_width(640))
    # for board 1 below: its heading, then a row of names under each row of cells
    assert len(lines) == 3


def test_a_ten_by_ten_board_names_the_eight_by_eight_squares_its_rides_reach() -> None:
    ours = ("e5", "f5", "e6", "f6")
    assert grid(ours, "white", TEN)[:2] == (2, 2)
    cells = tuple(Cell(o, t, None) for o, t in zip(ours, CENTRE, strict=True))
    below = Neighbour("down", 1, None, "", False, "White to move", cells)
    above = Neighbour("up", 3, None, "", False, "White to move", cells)
    view = replace(view_of(TEN, {}, elevators=ours), number=2, neighbours=(above, below))
    lines = _lower_text_lines(board_view_png(view), BoardLayout.for_width(640, TEN))
    assert len(lines) == 3  # board 1's heading, d5 e5, d4 e4


def test_a_seven_by_seven_board_shows_its_one_elevator_named() -> None:
    below = Neighbour("down", 1, None, "", False, "White to move", (Cell("d4", "d4", None),))
    above = Neighbour("up", None, None, "", True, "", ())
    view = replace(view_of(SEVEN, {}, elevators=("d4",)), number=2, neighbours=(above, below))
    assert grid(("d4",), "black", SEVEN) == (1, 1, {"d4": (0, 0)})
    lines = _lower_text_lines(board_view_png(view), BoardLayout.for_width(640, SEVEN))
    assert len(lines) == 2  # board 1's heading, then d4


def _lower_text_lines(png: bytes, layout: BoardLayout) -> list[tuple[int, int]]:
    """Return the lines of text in the lower half of a board image's panel, at the preview.

    Each is checked readable: tall enough for a player, shorter than a cell, in contrast.
    """
    image = shrink(Image.open(io.BytesIO(png)).convert("RGB"))
    scale = PREVIEW / layout.width
    left = (layout.left + layout.diagram_width + layout.pad) * scale
    bottom = (layout.top + layout.diagram_height + layout.ruler) * scale
    box = (left, layout.top * scale, left + layout.panel * scale, bottom)
    written = [
        any(_near(image.getpixel((x, y)), TEXT) for x in range(round(box[0]), round(box[2])))  # type: ignore[arg-type]
        for y in range(round(box[1]), round(box[3]))
    ]
    merged: list[tuple[int, int]] = []
    for a, b in runs(written):  # a glyph's row of light pixels, shrunk, is no gap between lines
        if merged and a - merged[-1][1] <= 1:
            merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    lines = [(a, b) for a, b in merged if a > len(written) / 2]
    for first, last in lines:
        assert 7 <= last - first <= 14  # a line a player reads, not a cell (about 28)
        assert contrast(image, (box[0], box[1] + first, box[2], box[1] + last)) >= 4.5
    return lines


def _near(colour: tuple[int, int, int], wanted: tuple[int, int, int]) -> bool:
    return sum(abs(a - b) for a, b in zip(colour, wanted, strict=True)) < 30
