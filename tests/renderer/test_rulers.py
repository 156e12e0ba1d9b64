"""Coordinates beside board images, measured as Discord's 400 px preview shows them."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.core.geometry import CHESSBOARD, Shape
from renderer import board_view_png
from renderer.board import BoardLayout
from renderer.cells import Perspective
from renderer.rulers import PREVIEW
from tests.renderer.preview import contrast, ink, runs, shrink
from tests.renderer.shapes import ESCHER_STAIRCASES, back_ranks, view_of

SIZE = 640
SHAPES = {
    "8x8": (CHESSBOARD, "RNBQKBNR", ()),
    "escher": (CHESSBOARD, "RNBKQBNR", ESCHER_STAIRCASES),
    "10x10": (Shape(10, 10), "RNBQKBNRRN", ()),
    "16x16": (Shape(16, 16), "RNBQKBNRRNBQKBNR", ()),
}


def preview(shape_name: str, perspective: Perspective) -> tuple[Image.Image, BoardLayout, Shape]:
    """Draw a board as the bot sends it and scale it as Discord previews it."""
    shape, row, staircases = SHAPES[shape_name]
    view = view_of(shape, back_ranks(shape, row), staircases=staircases)
    image = Image.open(io.BytesIO(board_view_png(view, perspective, SIZE))).convert("RGB")
    return shrink(image), BoardLayout.for_width(SIZE, shape), shape


@pytest.mark.parametrize("perspective", ["white", "black"])
@pytest.mark.parametrize("shape_name", list(SHAPES))
def test_coordinates_stay_readable_at_discords_preview_width(
    shape_name: str, perspective: Perspective
) -> None:
    small, layout, shape = preview(shape_name, perspective)
    scale = PREVIEW / SIZE
    top, high = layout.top * scale, layout.diagram_height * scale
    strip = ink(small, (layout.pad * scale, top, layout.left * scale - 1, top + high))
    labels = runs([any(row) for row in strip])
    assert len(labels) == shape.ranks
    assert min(end - start for start, end in labels) >= 9  # a digit's height, in pixels
    left, wide = layout.left * scale, layout.diagram_width * scale
    foot = top + high
    letters = ink(small, (left, foot + 1, left + wide, foot + layout.ruler * scale))
    columns = runs([any(row[x] for row in letters) for x in range(len(letters[0]))])
    assert len(columns) == shape.files
    lit = [y for y, row in enumerate(letters) if any(row)]
    assert max(lit) - min(lit) + 1 >= 8  # x-height letters (a, c, e) and ascenders (b, d, h)
    assert contrast(small, (left, foot + 1, left + wide, foot + layout.ruler * scale)) >= 7


def test_the_rank_numbers_turn_with_the_board() -> None:
    view = view_of(CHESSBOARD, back_ranks(CHESSBOARD, "RNBQKBNR"))
    layout = BoardLayout.for_width(SIZE)
    drawn = {
        side: Image.open(io.BytesIO(board_view_png(view, side, SIZE))).convert("RGB")
        for side in ("white", "black")
    }

    def label(side: str, index: int) -> bytes:
        top = layout.top + index * layout.square
        box = (layout.pad, top, layout.left, top + layout.square)
        return drawn[side].crop(box).tobytes()

    assert label("white", 0) == label("black", 7)  # "8" at White's top is at Black's foot
    assert label("white", 7) == label("black", 0)
    assert label("white", 0) != label("white", 7)
