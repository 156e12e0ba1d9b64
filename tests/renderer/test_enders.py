"""Ender's Chess images: reserves in the panel, gates, moved pieces' ticks, the turn's tints."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.enders.game import EndersGame
from renderer import board_view_png, overview_view_png, replay_gif
from renderer.board import BoardLayout
from renderer.cells import Perspective, is_light, square_origin
from renderer.palette import (
    EARLIER_MOVE,
    GATE_MARK,
    LAST_MOVE,
    MOVED_MARK,
    PLAIN,
    Colour,
    Tint,
)
from tests.renderer.preview import contrast, ink, runs, shrink
from views.model import BoardView, board_view, match_view

SIZE = 400


def _midturn() -> EndersGame:
    """White is in turn 2: a knight dropped and moved, then the king moved."""
    game = EndersGame()
    game.play_turn(1, "K@f2 Kf2-f3")
    game.play_turn(1, "B@f10 Bf10-d8")
    game.play(1, "N@f2 Nf2-e4 Kf3-g4")
    return game


def _image(view: BoardView, perspective: Perspective, size: int = SIZE) -> Image.Image:
    return Image.open(io.BytesIO(board_view_png(view, perspective, size))).convert("RGB")


def _cell(view: BoardView, name: str, perspective: Perspective) -> tuple[int, int, int]:
    """Return a cell's left, top and size in a board image SIZE pixels wide."""
    layout = BoardLayout.for_width(SIZE, view.shape)
    x, y = square_origin(name, layout.square, perspective, view.shape)
    return layout.left + x, layout.top + y, layout.square


def _pixels(image: Image.Image, box: tuple[int, int, int, int]) -> set[Colour]:
    return {image.getpixel((x, y)) for x in range(box[0], box[2]) for y in range(box[1], box[3])}  # type: ignore[misc]


def _colour(tint: Tint, name: str) -> Colour:
    return tint[0] if is_light(name) else tint[1]


@pytest.mark.parametrize("perspective", ["white", "black"])
def test_each_gate_is_framed_and_no_other_cell_is(perspective: Perspective) -> None:
    view = board_view(_midturn(), 1)
    image = _image(view, perspective)
    for name in view.shape.squares:
        x, y, s = _cell(view, name, perspective)
        framed = GATE_MARK in _pixels(image, (x, y, x + s, y + 2))
        assert framed == (name in view.gates), name


@pytest.mark.parametrize("perspective", ["white", "black"])
def test_a_tick_marks_only_the_pieces_moved_this_turn(perspective: Perspective) -> None:
    view = board_view(_midturn(), 1)
    image = _image(view, perspective)
    for name in view.shape.squares:
        x, y, s = _cell(view, name, perspective)
        corner = (x + s // 2, y, x + s, y + s // 2)
        assert (MOVED_MARK in _pixels(image, corner)) == (name in ("e4", "g4")), name


def test_every_action_of_the_turn_is_tinted_the_latest_strongest() -> None:
    view = board_view(_midturn(), 1)
    image = _image(view, "white")
    for name, tint in (("f3", LAST_MOVE), ("g4", LAST_MOVE), ("e4", EARLIER_MOVE)):
        x, y, s = _cell(view, name, "white")
        assert image.getpixel((x + 2, y + s - 3)) == _colour(tint, name), name


def _tiles(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    """Count the reserve tiles (pieces on light squares) in a box: columns, then rows in each."""
    left, top, right, bottom = box
    light = PLAIN[0]
    lit = [
        [image.getpixel((x, y)) == light for y in range(top, bottom)] for x in range(left, right)
    ]
    columns = runs([any(column) for column in lit])
    return sum(len(runs(lit[first + 1])) for first, _ in columns)  # beside the pieces


@pytest.mark.parametrize("perspective", ["white", "black"])
def test_the_panel_shows_each_reserve_piece_by_piece_the_far_side_first(
    perspective: Perspective,
) -> None:
    view = board_view(_midturn(), 1)
    layout = BoardLayout.for_width(SIZE, view.shape)
    left = layout.left + layout.diagram_width + layout.pad
    bottom = layout.top + layout.diagram_height + layout.ruler
    middle = (layout.top + bottom) // 2
    image = _image(view, perspective)
    upper = _tiles(image, (left, layout.top, SIZE - layout.pad, middle))
    lower = _tiles(image, (left, middle, SIZE - layout.pad, bottom))
    white, black = len(view.reserves[0]), len(view.reserves[1])  # type: ignore[index]
    assert (white, black) == (6, 7)
    assert (upper, lower) == ((black, white) if perspective == "white" else (white, black))


def test_an_empty_reserve_says_so_in_the_panel() -> None:
    view = board_view(EndersGame(), 1)
    emptied = BoardView(**{**_fields(view), "reserves": ("", "RRBBKKNN")})  # type: ignore[arg-type]
    layout = BoardLayout.for_width(SIZE, view.shape)
    left = layout.left + layout.diagram_width + layout.pad
    bottom = layout.top + layout.diagram_height + layout.ruler
    middle = (layout.top + bottom) // 2
    image = _image(emptied, "white")
    assert _tiles(image, (left, layout.top, SIZE - layout.pad, middle)) == 8
    assert _tiles(image, (left, middle, SIZE - layout.pad, bottom)) == 0
    words = ink(image, (left + 4, bottom - 60, SIZE - 12, bottom - 4))  # under its heading
    assert sum(map(sum, words)) > 20  # "Empty: every piece is in play", in muted ink


def _fields(view: BoardView) -> dict[str, object]:
    return {name: getattr(view, name) for name in BoardView.__slots__}


def test_the_legend_reads_at_the_preview() -> None:
    view = board_view(_midturn(), 1)
    image = shrink(_image(view, "white", 640))
    layout = BoardLayout.for_width(SIZE, view.shape)
    panel = (layout.left + layout.diagram_width + layout.pad + 4, layout.top, SIZE - 8, 300)
    assert contrast(image, panel) > 4.5


@pytest.mark.parametrize("perspective", ["white", "black"])
def test_the_overview_of_a_game_shows_both_reserves_under_the_board(
    perspective: Perspective,
) -> None:
    game = _midturn()
    plain = match_view(EndersGame(), [1])
    png = overview_view_png(match_view(game, [1]), perspective=perspective)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    other = Image.open(io.BytesIO(overview_view_png(plain, perspective=perspective)))
    assert image.size == other.size
    band = image.crop((0, image.height - 110, image.width, image.height))
    tiles = {(0, 0, 0), (255, 255, 255)} & set(band.get_flattened_data())  # type: ignore[arg-type]
    assert tiles == {(0, 0, 0), (255, 255, 255)}


def test_a_replay_of_a_finished_game_draws_a_frame_per_action_and_the_ending() -> None:
    game = EndersGame()
    for turn in ("R@f2 Rf2-f4", "end", "Rf4-f6", "end", "Rf6-f8", "end", "Rf8-f10", "end"):
        game.play_turn(1, turn)
    gif = Image.open(io.BytesIO(replay_gif(game, 1)))
    assert gif.format == "GIF"
    assert gif.n_frames == len([e for e in game.events if type(e).__name__ == "Moved"]) + 1


def _rows_of(image: Image.Image, colour: Colour) -> list[int]:
    """Return the rows of an image where colour appears, top to bottom."""
    return sorted(
        {
            y
            for y in range(image.height)
            for x in range(image.width)
            if image.getpixel((x, y)) == colour
        }
    )  # type: ignore[misc]


@pytest.mark.parametrize("width", [400, 640])
def test_the_legends_tick_stands_on_its_own_line_clear_of_the_gates_mark(width: int) -> None:
    view = board_view(_midturn(), 1)
    layout = BoardLayout.for_width(width, view.shape)
    image = _image(view, "white", width)
    panel = image.crop((layout.left + layout.diagram_width + layout.pad, 0, width, image.height))
    gate, moved = _rows_of(panel, GATE_MARK), _rows_of(panel, MOVED_MARK)
    assert gate and moved
    assert moved[0] - gate[-1] > (gate[-1] - gate[0]) / 5


def test_a_finished_games_panel_no_longer_explains_the_tick() -> None:
    game = _midturn()
    game.resign(1, "white")  # with White's turn under way and two pieces ticked
    view = board_view(game, 1)
    assert view.finished
    layout = BoardLayout.for_width(SIZE, view.shape)
    image = _image(view, "white")
    panel = image.crop((layout.left + layout.diagram_width + layout.pad, 0, SIZE, image.height))
    assert _rows_of(panel, GATE_MARK) and not _rows_of(panel, MOVED_MARK)
