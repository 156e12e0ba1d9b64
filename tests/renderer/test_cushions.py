"""Billiards tables: their side files are drawn as cushions, on board images and overviews."""

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
from renderer.palette import CUSHION, WHITE
from tests.renderer.shapes import back_ranks, view_of
from views.model import BoardView, MatchView
from views.records import board_from_record, board_record

TABLE = Shape(cushion_files=True)


def _view(shape: Shape) -> BoardView:
    return view_of(shape, back_ranks(shape, "RNBQKBNR"), elevators=("d4", "e4", "d5", "e5"))


def _column(image: Image.Image, x: int, top: int, height: int) -> list[object]:
    return [image.getpixel((x, y)) for y in range(top, top + height)]


@pytest.mark.parametrize("perspective", ["white", "black"])
def test_both_side_edges_of_a_table_are_cushions_with_a_sight_a_rank(
    perspective: Perspective,
) -> None:
    layout = BoardLayout.for_width(640)
    png = board_view_png(_view(TABLE), perspective, 640)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    right = layout.left + layout.diagram_width - 1
    for x in (layout.left, right):
        column = _column(image, x, layout.top, layout.diagram_height)
        assert column.count(CUSHION) == len(column)  # the rail runs the whole edge
    inner = layout.left + max(4, layout.square // 5) // 2
    sights = _column(image, inner, layout.top, layout.diagram_height)
    runs = [c for n, c in enumerate(sights) if c == WHITE and (n == 0 or sights[n - 1] != c)]
    assert len(runs) == 8  # a white diamond in the middle of each rank


def test_a_board_without_cushions_has_no_rail() -> None:
    layout = BoardLayout.for_width(640)
    image = Image.open(io.BytesIO(board_view_png(_view(Shape()), "white", 640))).convert("RGB")
    assert CUSHION not in _column(image, layout.left, layout.top, layout.diagram_height)


def test_an_overview_draws_its_tables_cushions_only() -> None:
    plain, table = _view(Shape()), _view(TABLE)
    view = MatchView(
        2, "line", (("white", 0), ("black", 0)), 0, None, (plain, replace(table, number=2))
    )
    image = Image.open(io.BytesIO(overview_view_png(view))).convert("RGB")
    layout = GridLayout.for_count(2, [TABLE])
    found = []
    for index in range(2):
        left, top = layout.board_origin(index)
        found.append(_column(image, left, top, layout.side).count(CUSHION))
    assert found[0] == 0 and found[1] >= layout.side - 2


def test_a_stored_view_keeps_its_cushions_and_an_older_record_has_none() -> None:
    view = _view(TABLE)
    assert board_from_record(board_record(view)).shape.cushion_files
    record = board_record(view)
    del record["shape"]["cushion_files"]
    assert not board_from_record(record).shape.cushion_files
