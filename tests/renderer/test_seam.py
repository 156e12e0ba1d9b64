"""Cylindrical boards: their joined edges are drawn as a zip, on board images and overviews."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from games.core.geometry import Shape
from renderer import board_view_png, overview_view_png
from renderer.board import BoardLayout
from renderer.cells import Perspective
from renderer.grid import GridLayout
from renderer.palette import BLACK, WHITE
from tests.renderer.shapes import back_ranks, view_of
from views.model import BoardView, MatchView

CYLINDER = Shape(wrap_files=True)


def _view(shape: Shape) -> BoardView:
    return view_of(shape, back_ranks(shape, "RNBQKBNR"), elevators=("d4", "e4", "d5", "e5"))


def _teeth(image: Image.Image, x: int, top: int, height: int) -> list[tuple[int, int, int]]:
    """Return the black and white runs down one column, in order, one colour per run."""
    found: list[tuple[int, int, int]] = []
    for y in range(top, top + height):
        colour = image.getpixel((x, y))
        if colour in (BLACK, WHITE) and (not found or found[-1] != colour):
            found.append(colour)  # type: ignore[arg-type]
    return found


@pytest.mark.parametrize("perspective", ["white", "black"])
def test_both_side_edges_of_a_cylinder_are_zipped(perspective: Perspective) -> None:
    layout = BoardLayout.for_width(640)
    png = board_view_png(_view(CYLINDER), perspective, 640)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    right = layout.left + layout.diagram_width - 1
    for x in (layout.left, right):
        teeth = _teeth(image, x, layout.top, layout.diagram_height)
        assert len(teeth) >= 2 * 8 * 2 - 1  # two teeth a square, black and white by turns
    # the halves are out of step, as a zip's are
    middle = layout.top + layout.square // 8
    assert image.getpixel((layout.left, middle)) != image.getpixel((right, middle))


def test_a_board_whose_files_do_not_wrap_has_no_zip() -> None:
    layout = BoardLayout.for_width(640)
    image = Image.open(io.BytesIO(board_view_png(_view(Shape()), "white", 640))).convert("RGB")
    teeth = _teeth(image, layout.left, layout.top, layout.diagram_height)
    assert len(teeth) < 8


def test_an_overview_zips_its_cylinders_only() -> None:
    plain, cylinder = _view(Shape()), _view(CYLINDER)
    views = (plain, replace(cylinder, number=2))
    view = MatchView(2, "line", (("white", 0), ("black", 0)), 0, None, views)
    image = Image.open(io.BytesIO(overview_view_png(view))).convert("RGB")
    layout = GridLayout.for_count(2, [CYLINDER])
    counts = []
    for index in range(2):
        left, top = layout.board_origin(index)
        counts.append(len(_teeth(image, left, top, layout.side)))
    assert counts[0] < 8 <= 2 * 8 * 2 - 1 <= counts[1]
