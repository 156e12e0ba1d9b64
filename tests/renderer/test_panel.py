"""The neighbour panel: displaced elevators, named, at a size a player can read."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.elevator import Match
from renderer import board_png
from renderer.board import BoardLayout
from renderer.diagram import Perspective
from renderer.palette import ELEVATOR_MARK, TEXT
from renderer.panel import grid
from renderer.rulers import PREVIEW
from tests.renderer.preview import contrast, runs, shrink

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
    layout = BoardLayout.for_width(640)
    image = shrink(Image.open(io.BytesIO(board_png(match, 2))).convert("RGB"))
    scale = PREVIEW / 640
    left = (layout.left + layout.diagram_width + layout.pad) * scale
    bottom = (layout.top + layout.diagram_height + layout.ruler) * scale
    box = (left, layout.top * scale, left + layout.panel * scale, bottom)
    written = [
        any(_near(image.getpixel((x, y)), TEXT) for x in range(round(box[0]), round(box[2])))  # type: ignore[arg-type]
        for y in range(round(box[1]), round(box[3]))
    ]
    # in the lower half, for board 1: its heading, then a row of names under each row of cells
    lines = [(a, b) for a, b in runs(written) if a > len(written) / 2]
    assert len(lines) == 3
    assert all(7 <= b - a <= 14 for a, b in lines)  # lines a player reads, not cells (28)
    for first, last in lines:
        assert contrast(image, (box[0], box[1] + first, box[2], box[1] + last)) >= 4.5


def _near(colour: tuple[int, int, int], wanted: tuple[int, int, int]) -> bool:
    return sum(abs(a - b) for a, b in zip(colour, wanted, strict=True)) < 30
