"""Ben Good's Elevator: four levels as Good lays them out, elevators apart, shafts as holes."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from games.chess.game import ChessGame
from games.core.beside import Lifted
from games.core.geometry import Shape
from games.core.pieces import Piece
from games.good.cells import one_a_pole, shape
from games.good.game import GoodGame
from renderer import board_view_png, overview_view_png
from renderer.board import BoardLayout
from renderer.cells import Perspective, plan, square_colour
from renderer.palette import BACKGROUND, CHECK, CLOSED_MARK, LAST_MOVE, PLAIN, Colour
from renderer.rulers import PREVIEW
from tests.renderer.preview import contrast, ink, runs, shrink
from tests.renderer.shapes import GOOD_SHAFTS, good_start, view_of
from views.model import BoardView, match_view

SIZE = 640  # as the bot sends board images
PERSPECTIVES: tuple[Perspective, Perspective] = ("white", "black")
START = shape(one_a_pole(GOOD_SHAFTS))
# after Black's E3c4U from the start: pole c4's elevator on level 4, its shaft on level 3
AFTER_LIFT = (*GOOD_SHAFTS[:14], 2, *GOOD_SHAFTS[15:])


def good_view(
    shafts: tuple[int, ...] = GOOD_SHAFTS,
    pieces: dict[str, Piece] | None = None,
    *,
    lifted: Lifted | None = None,
    last_move: tuple[str, str] | None = None,
    check: str | None = None,
) -> BoardView:
    """Return a view of a board of Ben Good's Elevator, from the start unless pieces are given."""
    board = shape(one_a_pole(shafts))
    found = good_start(shafts) if pieces is None else pieces
    view = view_of(board, found, last_move=last_move, check=check)
    if lifted is None:
        return replace(view, platform=2)
    return replace(view, platform=2, lifted=lifted.filled, vacated=lifted.left)


def drawn(view: BoardView, perspective: Perspective = "white") -> Image.Image:
    """Draw a view as the bot sends it, checking its format and width."""
    image = Image.open(io.BytesIO(board_view_png(view, perspective, SIZE)))
    assert image.format == "PNG" and image.size[0] == SIZE
    return image.convert("RGB")


def at(
    image: Image.Image,
    view: BoardView,
    name: str,
    across: float,
    down: float,
    perspective: Perspective,
) -> Colour:
    """Return the colour at a point of a cell (or a shaft's cell), given in shares of its side."""
    layout = BoardLayout.for_width(SIZE, view.shape)
    cells = plan(view.shape, layout.square, perspective)
    x, y = cells.origins.get(name) or cells.gaps[name]
    side = layout.square - 1
    point = (layout.left + x + round(across * side), layout.top + y + round(down * side))
    r, g, b = image.getpixel(point)  # type: ignore[misc]
    return (r, g, b)


def along_row(
    image: Image.Image, view: BoardView, name: str, perspective: Perspective
) -> set[Colour]:
    """Return the colours along the first quarter of a cell's middle row, from its left edge."""
    return {at(image, view, name, share / 100, 0.5, perspective) for share in range(26)}


def test_four_levels_stand_as_good_draws_them_each_beside_those_it_touches() -> None:
    cells = plan(START, BoardLayout.for_width(SIZE, START).square, "white")
    corner = {level: {**cells.origins, **cells.gaps}[f"{level}h1"] for level in (1, 2, 3, 4)}
    assert corner[2][0] == corner[1][0] < corner[3][0] == corner[4][0]  # 1 and 2 left
    assert corner[2][1] == corner[3][1] < corner[1][1] == corner[4][1]  # 2 and 3 above
    assert [text for text, _, _ in cells.labels] == [f"Level {n}" for n in (1, 2, 3, 4)]


def test_the_black_side_turns_each_level_round_in_its_same_place() -> None:
    square = BoardLayout.for_width(SIZE, START).square
    white, black = (
        {**cells.origins, **cells.gaps}
        for cells in (plan(START, square, side) for side in PERSPECTIVES)
    )
    for level in (1, 2, 3, 4):
        assert white[f"{level}e1"] == black[f"{level}d8"]
        assert white[f"{level}a8"] == black[f"{level}h1"]


def test_a_level_s_cells_are_at_least_20_pixels_at_discords_preview() -> None:
    layout = BoardLayout.for_width(SIZE, START)
    assert layout.square * PREVIEW / SIZE >= 20
    assert layout.panel == 0  # no neighbours: the levels take the whole width
    assert layout.left + layout.diagram_width + layout.pad <= SIZE


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_coordinates_beside_the_levels_stay_readable_at_the_preview(
    perspective: Perspective,
) -> None:
    small = shrink(drawn(good_view(), perspective))
    layout, scale = BoardLayout.for_width(SIZE, START), PREVIEW / SIZE
    top, high = layout.top * scale, layout.diagram_height * scale
    strip = ink(small, (layout.pad * scale, top, layout.left * scale - 1, top + high))
    labels = runs([any(row) for row in strip])
    assert len(labels) == 16  # ranks 1 to 8 beside levels 1 and 2, which 4 and 3 share
    assert min(end - start for start, end in labels) >= 9
    left, wide, foot = layout.left * scale, layout.diagram_width * scale, top + high
    box = (left, foot + 1, left + wide, foot + layout.ruler * scale)
    letters = ink(small, box)
    assert len(runs([any(row[x] for row in letters) for x in range(len(letters[0]))])) == 16
    assert contrast(small, box) >= 7


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_a_shaft_is_a_framed_hole_named_by_its_pole(perspective: Perspective) -> None:
    view = good_view()
    image = drawn(view, perspective)
    # pole c4's shaft is on level 4: files e-f, ranks 7-8
    for name in ("4e7", "4f8"):
        assert name not in START
        assert at(image, view, name, 0.3, 0.3, perspective) == BACKGROUND
    near = "4e8" if perspective == "white" else "4f7"  # the top-left cell of the hole
    assert CLOSED_MARK in along_row(image, view, near, perspective)  # its frame
    layout = BoardLayout.for_width(SIZE, START)
    x, y = plan(START, layout.square, perspective).gaps[near]
    scale, hole = PREVIEW / SIZE, 2 * layout.square
    left, top = (layout.left + x) * scale, (layout.top + y) * scale
    assert contrast(shrink(image), (left, top, left + hole * scale, top + hole * scale)) >= 4.5


def test_elevators_stand_apart_and_their_cells_together() -> None:
    view = good_view(pieces={"2e1": Piece("K", "white"), "3e8": Piece("K", "black")})
    image = drawn(view)
    # 1a3 and 1b3 share pole a2's elevator; 1c3 is pole b2's, beside it
    assert at(image, view, "1b3", 0.5, 0.5, "white") == square_colour("b3", PLAIN)
    assert at(image, view, "1b3", 0.99, 0.5, "white") == BACKGROUND
    assert at(image, view, "1c3", 0.01, 0.5, "white") == BACKGROUND
    assert at(image, view, "1a3", 0.99, 0.5, "white") == square_colour("a3", PLAIN)


def test_a_lift_tints_the_cells_its_elevator_fills_and_frames_the_shaft_it_left() -> None:
    lifted = GoodGame().lifted(1, "E3c4U")
    pieces = {"2e1": Piece("K", "white"), "4e8": Piece("K", "black")}
    view = good_view(AFTER_LIFT, pieces, lifted=lifted)
    image = drawn(view)
    for name in ("4e7", "4f7", "4f8"):
        assert at(image, view, name, 0.5, 0.5, "white") == square_colour(name[1:], LAST_MOVE)
    left = along_row(image, view, "3e8", "white")  # the shaft it left
    assert LAST_MOVE[1] in left and CLOSED_MARK not in left
    assert at(image, view, "3f7", 0.5, 0.5, "white") == BACKGROUND
    other = along_row(image, view, "1a8", "white")  # pole a4's shaft, not lifted
    assert CLOSED_MARK in other and LAST_MOVE[1] not in other


def test_the_king_in_check_and_the_last_move_are_marked() -> None:
    pieces = {"2e1": Piece("K", "white"), "3e8": Piece("K", "black"), "2f2": Piece("L", "black")}
    view = good_view(pieces=pieces, last_move=("2g5", "2f2"), check="2e1")
    image = drawn(view)
    assert at(image, view, "2e1", 0.2, 0.2, "white") == square_colour("e1", CHECK)
    assert at(image, view, "2g5", 0.5, 0.5, "white") == square_colour("g5", LAST_MOVE)


def test_each_lift_draws_the_board_with_its_own_shafts() -> None:
    before, after = good_view(), good_view(AFTER_LIFT, {"2e1": Piece("K", "white")})
    drawn(before)  # the board of the first shape is cached by then
    image = drawn(after)
    assert at(image, after, "4e7", 0.5, 0.5, "white") == square_colour("e7", PLAIN)
    assert at(image, after, "3e7", 0.3, 0.3, "white") == BACKGROUND


def test_a_board_of_levels_without_moving_elevators_draws_no_platforms() -> None:
    flat = Shape(8, 8, levels=4)
    view = view_of(flat, {"2e1": Piece("K", "white")})
    image = drawn(view)
    assert at(image, view, "1b3", 0.99, 0.5, "white") == square_colour("b3", PLAIN)


def test_an_overview_of_a_game_of_levels_gives_its_board_twice_a_flat_boards_room() -> None:
    flat = Image.open(io.BytesIO(overview_view_png(match_view(ChessGame(), [1]))))
    levels = Image.open(io.BytesIO(overview_view_png(match_view(GoodGame(), [1]))))
    assert levels.width >= 1.6 * flat.width
