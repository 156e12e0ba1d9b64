"""Boards beyond the FIDE 8x8: sizes, gaps, levels, staircases and fairy pieces."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.core.geometry import CHESSBOARD, Shape
from games.core.pieces import Piece
from games.core.placement import read_placement
from renderer import board_view_png
from renderer.art import ART, piece_sprite
from renderer.board import BoardLayout
from renderer.cells import Perspective, extent, plan, square_colour, square_origin
from renderer.palette import BACKGROUND, LAST_MOVE, PLAIN, STAIR, STAIR_MARK, Colour
from renderer.replay import _frame
from tests.renderer.shapes import (
    ENDERS,
    ENDERS_CELLS,
    ESCHER_STAIRCASES,
    ESCHER_START,
    back_ranks,
    view_of,
)
from views.model import BoardView

PERSPECTIVES: tuple[Perspective, Perspective] = ("white", "black")
SIZE = 640


def drawn(view: BoardView, perspective: Perspective = "white") -> Image.Image:
    """Draw a view as a board PNG, checking its format, and return it in RGB."""
    image = Image.open(io.BytesIO(board_view_png(view, perspective, SIZE)))
    assert image.format == "PNG" and image.size[0] == SIZE
    return image.convert("RGB")


def at(
    image: Image.Image, view: BoardView, name: str, perspective: Perspective, where: str
) -> Colour:
    """Return the colour at a point of a square of a view's image."""
    layout = BoardLayout.for_width(SIZE, view.shape)
    x, y = square_origin(name, layout.square, perspective, view.shape)
    x, y, s = x + layout.left, y + layout.top, layout.square
    points = {
        "middle": (x + s // 2, y + s // 2),
        "top edge": (x + s // 2, y + 2),
        "left edge": (x + 2, y + s // 2),
        "corner": (x + 2, y + 2),
        "left quarter": (x + s // 4, y + s // 2),
        "top quarter": (x + s // 2, y + s // 4),
    }
    r, g, b = image.getpixel(points[where])  # type: ignore[misc]
    return (r, g, b)


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_a_10x10_board_keeps_the_image_width_with_smaller_cells(perspective: Perspective) -> None:
    shape = Shape(10, 10)
    view = view_of(shape, back_ranks(shape, "RNBQKBNRRN"), last_move=("j2", "j10"))
    image = drawn(view, perspective)
    layout = BoardLayout.for_width(SIZE, shape)
    assert layout.square == 8 * BoardLayout.for_width(SIZE).square // 10
    assert image.size == (SIZE, layout.height)
    assert at(image, view, "c5", perspective, "middle") == square_colour("c5", PLAIN)
    assert at(image, view, "j10", perspective, "top edge") == square_colour("j10", LAST_MOVE)
    assert at(image, view, "e1", perspective, "middle") != square_colour("e1", PLAIN)


def test_two_digit_ranks_place_their_squares_and_split_their_moves() -> None:
    shape = Shape(10, 12)
    assert square_origin("a12", 10, "white", shape) == (0, 0)
    assert square_origin("a12", 10, "black", shape) == (90, 110)
    layout = plan(shape, 10, "white")
    assert ("a12", "12") in layout.ranks and ("j1", "j") in layout.files


def test_a_7x7_board_has_larger_cells_in_the_same_room() -> None:
    shape = Shape(7, 7)
    view = view_of(shape, back_ranks(shape, "RNBKBNR"), elevators=("d4",))
    image = drawn(view)
    layout = BoardLayout.for_width(SIZE, shape)
    assert layout.square > BoardLayout.for_width(SIZE).square
    assert layout.diagram_width <= layout.side
    assert at(image, view, "g3", "white", "middle") == square_colour("g3", PLAIN)


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_missing_cells_are_gaps_not_squares(perspective: Perspective) -> None:
    view = view_of(ENDERS, {"f10": Piece("B", "black"), "f2": Piece("R", "white")})
    image = drawn(view, perspective)
    layout = BoardLayout.for_width(SIZE, ENDERS)
    # the box spans files c to i and ranks 2 to 10: 7 by 9 cells, fitted by its height
    assert (layout.diagram_width, layout.diagram_height) == extent(ENDERS, layout.square)
    assert layout.diagram_height == 9 * layout.square
    assert len(plan(ENDERS, layout.square, perspective).origins) == len(ENDERS_CELLS) == 47
    s = layout.square
    west = -s if perspective == "white" else s  # a square's width towards file a
    for cell, beside in (("d3", west), ("h9", -west), ("f10", west), ("f2", -west)):
        x, y = square_origin(cell, s, perspective, ENDERS)
        point = (layout.left + x + beside + s // 2, layout.top + y + s // 2)
        assert image.getpixel(point) == BACKGROUND  # c3, i9, e10 and g2 are missing
    for cell in ("d3", "c4", "e9", "e5"):
        assert at(image, view, cell, perspective, "middle") == square_colour(cell, PLAIN)
    assert at(image, view, "f10", perspective, "middle") != BACKGROUND  # the gate's bishop


def test_levels_stand_side_by_side_under_their_labels() -> None:
    shape = Shape(8, 8, levels=2)
    pieces = {"2e4": Piece("N", "white"), "1e1": Piece("K", "white")}
    view = view_of(shape, pieces, last_move=("1g1", "2e4"))
    image = drawn(view)
    layout = BoardLayout.for_width(SIZE, shape)
    first, second = (square_origin(name, layout.square, "white", shape) for name in ("1a8", "2a8"))
    assert first[1] == second[1] > 0  # side by side, below the labels
    assert second[0] >= first[0] + 8 * layout.square
    # no neighbours to show: the levels take the panel's room, as wide as the image
    assert layout.panel == 0 and layout.left + layout.diagram_width + layout.pad <= SIZE
    assert layout.diagram_width > layout.side and layout.diagram_height < layout.side
    assert at(image, view, "1g1", "white", "top edge") == square_colour("g1", LAST_MOVE)
    assert at(image, view, "2e4", "white", "top edge") == square_colour("e4", LAST_MOVE)
    assert at(image, view, "1c4", "white", "middle") == PLAIN[0]
    assert [text for text, _, _ in plan(shape, layout.square, "white").labels] == [
        "Level 1",
        "Level 2",
    ]


def test_a_board_up_to_16x16_and_four_levels_fits_the_width() -> None:
    for shape in (Shape(16, 16), Shape(8, 8, levels=4), Shape(12, 9)):
        view = view_of(shape, {})
        layout = BoardLayout.for_width(400, shape)
        assert layout.left + layout.diagram_width + layout.pad + layout.panel <= 400
        png = board_view_png(view, "white", 400)
        assert Image.open(io.BytesIO(png)).size == (400, layout.height)


def escher() -> BoardView:
    return view_of(
        CHESSBOARD,
        read_placement(ESCHER_START, CHESSBOARD),
        staircases=ESCHER_STAIRCASES,
        last_move=("c2", "c3"),
    )


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_staircases_show_a_band_on_their_squares_only(perspective: Perspective) -> None:
    view = escher()
    image = drawn(view, perspective)
    stairs = {name for staircase in ESCHER_STAIRCASES for name in staircase}
    empty = {name for name in stairs if name[1] in "3456"} - {"c3"}
    assert len(empty) == 21
    for name in empty:
        band = at(image, view, name, perspective, "left quarter")
        vertical = at(image, view, name, perspective, "top quarter")
        assert {band, vertical} & {*STAIR, STAIR_MARK}, name
    for name in ("d4", "e5", "b4", "g5", "b5", "g3"):  # empty squares that never move
        assert at(image, view, name, perspective, "left quarter") == square_colour(name, PLAIN)
        assert at(image, view, name, perspective, "top quarter") == square_colour(name, PLAIN)
    # the last move's tint shows beside the band, and the band stays drawn over it
    assert at(image, view, "c3", perspective, "corner") == square_colour("c3", LAST_MOVE)
    assert at(image, view, "c3", perspective, "top edge") in {*STAIR, STAIR_MARK}


def test_chevrons_point_the_way_a_staircase_travels() -> None:
    view = view_of(CHESSBOARD, {}, staircases=(("a8", "b8", "c8", "d8", "e8", "f8"),))
    image = drawn(view)
    layout = BoardLayout.for_width(SIZE)
    s = layout.square
    x, y = square_origin("c8", s, "white")
    row = [image.getpixel((layout.left + x + i, layout.top + y + s // 2)) for i in range(s)]
    marks = [i for i, colour in enumerate(row) if colour == STAIR_MARK]
    # along the middle line a chevron is solid at its tip: the marks run east of the band's
    # edge that they open from, so the first mark pixel of each chevron lies west of its tip
    assert marks and all(colour in {*STAIR, STAIR_MARK} for colour in row)
    above = [
        image.getpixel((layout.left + x + i, layout.top + y + s // 2 - s // 8)) for i in range(s)
    ]
    upper = [i for i, colour in enumerate(above) if colour == STAIR_MARK]
    assert upper and min(upper) < min(marks)  # the arms trail behind the tip: it points east


def test_fairy_kinds_are_drawn_each_differently_from_the_table() -> None:
    letters = sorted(ART)
    assert set("DWACSMFEGIHO") <= set(letters)
    sprites = {letter: piece_sprite(letter, 48).tobytes() for letter in letters}
    assert len(set(sprites.values())) == len(letters)
    black = {letter: piece_sprite(letter.lower(), 48).tobytes() for letter in letters}
    assert all(black[letter] != sprites[letter] for letter in letters)


def test_a_letter_without_art_is_drawn_as_a_lettered_disc() -> None:
    unknown = piece_sprite("Z", 48)
    assert unknown.getpixel((24, 24))[3] == 255  # type: ignore[index]
    assert unknown.getpixel((0, 0))[3] == 0  # type: ignore[index]
    assert unknown.tobytes() != piece_sprite("Y", 48).tobytes()


def test_fairy_pieces_stand_on_a_board_with_their_own_drawings() -> None:
    pieces = {"c1": Piece("C", "white"), "d1": Piece("N", "white"), "e1": Piece("W", "white")}
    view = view_of(CHESSBOARD, pieces)
    image = drawn(view)
    layout = BoardLayout.for_width(SIZE)
    cells = []
    for name in ("c1", "d1", "e1"):
        x, y = square_origin(name, layout.square, "white")
        box = (
            layout.left + x,
            layout.top + y,
            layout.left + x + layout.square,
            layout.top + y + layout.square,
        )
        cells.append(image.crop(box))
    # drawn alike on squares of a colour: the cardinal and waffle differ from the knight
    assert cells[0].tobytes() != cells[1].tobytes()
    assert at(image, view, "e1", "white", "middle") != square_colour("e1", PLAIN)


def test_a_replay_frame_of_another_shape_is_as_wide_as_asked() -> None:
    frame = _frame(view_of(ENDERS, {}), 1, 1, "white", 400)
    assert frame.size[0] == 400
