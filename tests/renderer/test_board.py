"""Board images: format, size, and the colours of chosen pixels in both orientations."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from PIL import Image

from games.elevator import Match
from renderer import RenderError, board_png
from renderer.board import BoardLayout, format_clock
from renderer.cells import Perspective, is_light, square_origin
from renderer.palette import (
    ARRIVED,
    CAPTURABLE,
    CAPTURE_MARK,
    CHECK,
    CLOSED_MARK,
    DEPARTED,
    ELEVATOR,
    ELEVATOR_MARK,
    LAST_MOVE,
    PLAIN,
    Colour,
    Tint,
    colours,
    dim,
    to_palette,
)
from renderer.panel import grid

PERSPECTIVES: tuple[Perspective, Perspective] = ("white", "black")
KNIGHT_D5 = "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1"
KING_E7_WHITE_TO_MOVE = "8/4k3/8/8/8/8/8/4K3 w - - 0 1"
KING_E7_BLACK_TO_MOVE = "8/4k3/8/8/8/8/8/4K3 b - - 0 1"


def picture(png: bytes) -> Image.Image:
    """Open a PNG, checking its format, and return it in RGB."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def pixel(image: Image.Image, size: int, square: str, perspective: Perspective, at: str) -> Colour:
    """Return the colour at a point of a square: its middle, or just inside a corner or edge."""
    layout = BoardLayout.for_width(size)
    x, y = square_origin(square, layout.square, perspective)
    x, y = x + layout.left, y + layout.top
    s = layout.square
    points = {
        "middle": (x + s // 2, y + s // 2),
        "corner": (x + 1, y + 1),
        "top edge": (x + s // 2, y + 2),
        "left edge": (x + 3, y + s // 2),
        "inner corner": (x + s // 8, y + s // 8),
    }
    r, g, b = image.getpixel(points[at])  # type: ignore[misc]
    return (r, g, b)


def shown(wanted: Colour) -> Colour:
    """Return the palette colour an RGB colour is written as."""
    r, g, b = to_palette(Image.new("RGB", (1, 1), wanted)).convert("RGB").getpixel((0, 0))  # type: ignore[misc]
    return (r, g, b)


def colour(tint: Tint, square: str) -> Colour:
    return tint[0] if is_light(square) else tint[1]


@pytest.mark.parametrize("size", [640, 400, 1024])
def test_a_board_image_is_a_png_as_wide_as_asked(size: int) -> None:
    image = Image.open(io.BytesIO(board_png(Match(2), 1, size=size)))
    assert image.format == "PNG"
    assert image.mode == "P"
    assert image.size == (size, BoardLayout.for_width(size).height)


def test_a_board_image_stays_small() -> None:
    match = Match(3)
    for move in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]:
        match.play(2, move)
    assert len(board_png(match, 2)) <= 60 * 1024


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_squares_pieces_and_elevators_have_their_colours(perspective: Perspective) -> None:
    image = picture(board_png(Match(2), 1, perspective))
    assert pixel(image, 640, "c4", perspective, "middle") == PLAIN[0]  # empty light square
    assert pixel(image, 640, "c3", perspective, "middle") == PLAIN[1]  # empty dark square
    # a piece covers the middle of its square, not the edge
    assert pixel(image, 640, "e1", perspective, "middle") != colour(PLAIN, "e1")
    assert pixel(image, 640, "e1", perspective, "top edge") == colour(PLAIN, "e1")
    for square in ("d4", "e4", "d5", "e5"):
        assert pixel(image, 640, square, perspective, "corner") == ELEVATOR_MARK
        assert pixel(image, 640, square, perspective, "middle") == colour(ELEVATOR, square)


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_the_last_move_is_highlighted_from_and_to(perspective: Perspective) -> None:
    match = Match(2)
    match.play(1, "Nf3")
    image = picture(board_png(match, 1, perspective))
    assert pixel(image, 640, "g1", perspective, "middle") == colour(LAST_MOVE, "g1")
    assert pixel(image, 640, "f3", perspective, "top edge") == colour(LAST_MOVE, "f3")
    assert pixel(image, 640, "f4", perspective, "middle") == colour(PLAIN, "f4")


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_a_ride_marks_the_square_left_and_the_piece_arrived(perspective: Perspective) -> None:
    match = Match(2, start_fens=[KNIGHT_D5, KING_E7_BLACK_TO_MOVE])
    match.play(1, "Nd5^2")
    left = picture(board_png(match, 1, perspective))
    assert pixel(left, 640, "d5", perspective, "left edge") == colour(DEPARTED, "d5")
    arrived = picture(board_png(match, 2, perspective))
    assert pixel(arrived, 640, "d5", perspective, "top edge") == colour(ARRIVED, "d5")
    assert pixel(arrived, 640, "d5", perspective, "corner") == ELEVATOR_MARK
    assert pixel(arrived, 640, "e7", perspective, "top edge") == colour(CHECK, "e7")


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_a_king_that_can_be_captured_is_framed(perspective: Perspective) -> None:
    match = Match(2, start_fens=[KNIGHT_D5, KING_E7_WHITE_TO_MOVE])
    match.play(1, "Nd5^2")
    assert match.king_capturable(2)
    image = picture(board_png(match, 2, perspective))
    assert pixel(image, 640, "e7", perspective, "corner") == CAPTURE_MARK
    assert pixel(image, 640, "e7", perspective, "inner corner") == colour(CAPTURABLE, "e7")


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_a_finished_board_is_dimmed_in_its_final_position(perspective: Perspective) -> None:
    match = Match(2)
    for move in ["f3", "e5", "g4", "Qh4#"]:
        match.play(1, move)
    match.skip_transfer(1)
    assert match.fen(1).startswith("8/8/8/8/8/8/8/8")  # the rules core cleared it
    image = picture(board_png(match, 1, perspective))
    assert pixel(image, 640, "c4", perspective, "middle") == shown(dim(PLAIN[0]))
    assert pixel(image, 640, "h4", perspective, "top edge") == shown(dim(colour(LAST_MOVE, "h4")))
    assert pixel(image, 640, "d4", perspective, "corner") == CLOSED_MARK


def test_names_and_clocks_do_not_change_the_size() -> None:
    plain = Image.open(io.BytesIO(board_png(Match(2), 1)))
    named = Image.open(
        io.BytesIO(
            board_png(
                Match(2),
                1,
                names=("A very long name that cannot fit in the header", "Bo"),
                clocks=(timedelta(minutes=3), timedelta(seconds=7.5)),
            )
        )
    )
    assert named.size == plain.size


@pytest.mark.parametrize(
    ("left", "shown"),
    [
        (timedelta(seconds=7.46), "0:07.4"),
        (timedelta(seconds=9.96), "0:09.9"),
        (timedelta(minutes=4, seconds=5), "4:05"),
        (timedelta(hours=1, minutes=2, seconds=3), "1:02:03"),
        (timedelta(days=2, hours=5, minutes=59), "2d 5h"),
        (timedelta(seconds=-3), "0:00.0"),
    ],
)
def test_clocks_are_written_as_players_read_them(left: timedelta, shown: str) -> None:
    assert format_clock(left) == shown


def test_bad_options_are_refused_with_a_message() -> None:
    match = Match(2)
    with pytest.raises(RenderError, match="'white' or 'black'"):
        board_png(match, 1, "red")  # type: ignore[arg-type]
    with pytest.raises(RenderError, match="pixels wide"):
        board_png(match, 1, size=20)
    with pytest.raises(RenderError, match="there is no board 3"):
        board_png(match, 3)
    with pytest.raises(RenderError, match="names are given as a pair"):
        board_png(match, 1, names=("Ana",))  # type: ignore[arg-type]
    with pytest.raises(RenderError, match="clocks are given as a pair"):
        board_png(match, 1, clocks=(5, 6))  # type: ignore[arg-type]


def test_line_breaks_in_a_name_are_drawn_as_spaces() -> None:
    match = Match(2, teams=[("Red\nTeam", "Blue")] * 2)
    png = board_png(match, 1, names=("Ana\r\nX", "B"))
    assert picture(png).size == (640, BoardLayout.for_width(640).height)


def test_every_palette_colour_is_written_exactly() -> None:
    for wanted in colours():
        assert shown(wanted) == wanted


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_the_panel_places_elevators_as_they_stand_on_the_board(perspective: Perspective) -> None:
    columns, rows, places = grid(("d4", "d5"), perspective)
    assert (columns, rows) == (1, 2)
    above, below = ("d5", "d4") if perspective == "white" else ("d4", "d5")
    assert places[above] == (0, 0) and places[below] == (0, 1)
    assert grid(("d4", "e4", "d5", "e5"), perspective)[:2] == (2, 2)


def test_many_custom_elevators_still_fit_the_panel() -> None:
    squares = [file + rank for file in "abcdefgh" for rank in "3456"]
    match = Match(3, elevators=[squares] * 3)
    image = picture(board_png(match, 2, size=640))
    layout = BoardLayout.for_width(640)
    # the down grid ends above the bottom of the panel, and the up grid below its middle
    panel_left = layout.left + layout.side + layout.pad
    assert image.getpixel((panel_left + 4, layout.top + layout.side - 3)) != ELEVATOR_MARK
