"""Coordinates beside the boards of an overview, measured as Discord's 400 px preview shows them."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

from games.core.geometry import CHESSBOARD, Shape
from renderer import overview_view_png
from renderer.cells import Perspective, extent, fit_square
from renderer.grid import GridLayout
from renderer.palette import BACKGROUND
from renderer.rulers import PREVIEW
from tests.renderer.preview import contrast, ink, runs, shrink
from tests.renderer.shapes import ESCHER_STAIRCASES, back_ranks, view_of
from views.model import MatchView

SHAPES = {
    "8x8": (CHESSBOARD, "RNBQKBNR", ()),
    "escher": (CHESSBOARD, "RNBKQBNR", ESCHER_STAIRCASES),
    "10x10": (Shape(10, 10), "RNBQKBNRRN", ()),
}


def overview_of(shape_name: str, count: int) -> MatchView:
    """Return an overview of count boards of one shape, each in the middle of a game."""
    shape, row, staircases = SHAPES[shape_name]
    board = view_of(shape, back_ranks(shape, row), staircases=staircases)
    return MatchView(
        boards=count,
        layout="line",
        scores=(("white", 0.0), ("black", 0.0)),
        finished=0,
        winners=None,
        views=tuple(dataclasses.replace(board, number=n) for n in range(1, count + 1)),
    )


def drawn(view: MatchView, perspective: Perspective, marked: list[int]) -> Image.Image:
    """Draw an overview as the bot sends it, at full size."""
    png = overview_view_png(view, perspective=perspective, marked=marked)
    return Image.open(io.BytesIO(png)).convert("RGB")


def diagram_box(layout: GridLayout, shape: Shape, index: int) -> tuple[int, int, int, int]:
    """Return where the index-th board's diagram stands: left, top, width and height."""
    left, top = layout.board_origin(index)
    square = fit_square(shape, layout.side, layout.side)
    wide, high = extent(shape, square)
    return left + (layout.side - wide) // 2, top + (layout.side - high) // 2, wide, high


@pytest.mark.parametrize("perspective", ["white", "black"])
@pytest.mark.parametrize("count", [1, 2, 4])
@pytest.mark.parametrize("shape_name", list(SHAPES))
def test_overview_coordinates_stay_readable_at_discords_preview_width(
    shape_name: str, count: int, perspective: Perspective
) -> None:
    view = overview_of(shape_name, count)
    shape = view.views[0].shape
    layout = GridLayout.for_count(count, [shape])
    image = drawn(view, perspective, marked=[1])
    small = shrink(image)
    scale = PREVIEW / image.width
    assert layout.square * scale >= GridLayout.LABELLED_SQUARE
    for index in range(count):
        left, top, wide, high = (v * scale for v in diagram_box(layout, shape, index))
        origin = layout.board_origin(index)[0]
        # the rank strip, up to a marked board's frame
        box = ((origin - layout.ruler) * scale, top, (origin - layout.frame) * scale, top + high)
        strip = ink(small, box)
        labels = runs([any(row) for row in strip])
        assert len(labels) == shape.ranks
        assert min(end - start for start, end in labels) >= 9  # a digit's height, in pixels
        foot = (layout.board_origin(index)[1] + layout.side + layout.frame) * scale
        box = (left, foot + 1, left + wide, top + high + layout.ruler * scale)
        letters = ink(small, box)
        columns = runs([any(row[x] for row in letters) for x in range(len(letters[0]))])
        assert len(columns) == shape.files
        lit = [y for y, row in enumerate(letters) if any(row)]
        assert max(lit) - min(lit) + 1 >= 8  # x-height letters (a, c, e) and ascenders (b, d, h)
        assert contrast(small, box) >= 7


@pytest.mark.parametrize("count", [1, 2, 4])
def test_coordinates_keep_clear_of_a_marked_boards_frame_and_the_next_row(count: int) -> None:
    view = overview_of("8x8", count)
    layout = GridLayout.for_count(count)
    image = drawn(view, "white", marked=list(range(1, count + 1)))
    for index in range(count):
        left, top = layout.board_origin(index)
        frame = layout.frame
        # the rank strip: ink, then at least a pixel of background, then the frame
        strip = ink(image, (left - layout.ruler, top, left - frame, top + layout.side))
        inked = [x for x in range(len(strip[0])) if any(row[x] for row in strip)]
        assert inked and max(inked) < len(strip[0]) - 1
        # the file strip: letters under the frame, ending before the gap to the next row
        foot = top + layout.side + frame
        below = top + layout.side + layout.ruler + layout.gap
        letters = ink(image, (left, foot, left + layout.side, below))
        lit = [y for y, row in enumerate(letters) if any(row)]
        assert lit and min(lit) > 0 and max(lit) < layout.ruler - frame


def test_the_overviews_rank_numbers_turn_with_the_board() -> None:
    view = overview_of("8x8", 2)
    layout = GridLayout.for_count(2)
    pictures = {side: drawn(view, side, marked=[]) for side in ("white", "black")}

    def label(side: str, index: int) -> bytes:
        left, top = layout.board_origin(1)
        row = top + index * layout.square
        return pictures[side].crop((left - layout.ruler, row, left, row + layout.square)).tobytes()

    assert label("white", 0) == label("black", 7)  # "8" at White's top is at Black's foot
    assert label("white", 7) == label("black", 0)
    assert label("white", 0) != label("white", 7)


@pytest.mark.parametrize("count", [5, 6, 10, 40])
def test_an_overview_of_three_columns_or_more_leaves_coordinates_out(count: int) -> None:
    view = overview_of("8x8", count)
    layout = GridLayout.for_count(count)
    assert layout.ruler == 0
    image = drawn(view, "white", marked=[])
    left, top = layout.board_origin(0)
    beside = image.crop((0, top, left, top + layout.side))  # where rank numbers would stand
    assert beside.getcolors() == [(beside.width * beside.height, BACKGROUND)]
