"""The match overview: its grid for 1 to 40 boards, what each cell shows, and its limits."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from PIL import Image

from games.elevator import Match
from renderer import RenderError, overview_png
from renderer.grid import GridLayout, grid_shape
from renderer.overview import score_line
from renderer.palette import ELEVATOR_MARK, PLAIN, dim
from renderer.text import isolate
from views.model import match_view

BARE_KINGS = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@pytest.mark.parametrize(
    ("boards", "shape"),
    [(1, (1, 1)), (2, (2, 1)), (3, (2, 2)), (4, (2, 2)), (16, (4, 4)), (40, (8, 5))],
)
def test_the_grid_has_a_cell_for_every_board(boards: int, shape: tuple[int, int]) -> None:
    assert grid_shape(boards) == shape
    layout = GridLayout.for_count(boards)
    image = Image.open(io.BytesIO(overview_png(Match(boards, "ring" if boards >= 3 else "line"))))
    assert image.format == "PNG"
    assert image.size == (layout.width, layout.height)
    picture = image.convert("RGB")
    for index in range(boards):
        left, top = layout.board_origin(index)
        # h8 is a dark square at the top right of every board, seen from White
        assert picture.getpixel((left + layout.side - 2, top + 1)) == PLAIN[1]
        assert picture.getpixel((left + layout.side - 2, top + layout.side)) != PLAIN[1]


def test_cells_never_overlap_and_fit_the_image() -> None:
    for boards in range(1, 41):
        layout = GridLayout.for_count(boards)
        columns, rows = grid_shape(boards)
        assert columns * rows >= boards > (rows - 1) * columns
        corners = [layout.board_origin(i) for i in range(boards)]
        assert len(set(corners)) == boards
        left, top = corners[-1]
        assert left + layout.side <= layout.width and top + layout.side <= layout.height


def test_a_finished_board_is_dimmed_in_the_overview() -> None:
    match = Match(2, start_fens=[BARE_KINGS, START])
    match.draw(1)
    picture = Image.open(io.BytesIO(overview_png(match))).convert("RGB")
    layout = GridLayout.for_count(2)
    first, second = (layout.board_origin(i) for i in range(2))
    h8_first = picture.getpixel((first[0] + layout.side - 2, first[1] + 1))
    assert h8_first != PLAIN[1]
    r, g, b = dim(PLAIN[1])
    assert all(abs(a - z) <= 8 for a, z in zip(h8_first, (r, g, b), strict=True))  # type: ignore[arg-type]
    assert picture.getpixel((second[0] + layout.side - 2, second[1] + 1)) == PLAIN[1]


def test_the_score_names_each_team_best_first() -> None:
    match = Match(3, teams=[("Red", "Blue")] * 3, start_fens=[BARE_KINGS, BARE_KINGS, START])
    match.resign(1, "white")
    match.draw(2)
    blue, red = isolate("Blue"), isolate("Red")
    assert score_line(match_view(match, [1])) == f"{blue} 1.5   {red} 0.5"
    white, black = isolate("White"), isolate("Black")
    assert score_line(match_view(Match(2), [1])) == f"{white} 0   {black} 0"


def test_a_match_of_more_than_40_boards_shows_the_first_40_or_the_ones_asked() -> None:
    match = Match(45, "ring")
    full = Image.open(io.BytesIO(overview_png(match)))
    assert full.size == (GridLayout.for_count(40).width, GridLayout.for_count(40).height)
    some = Image.open(io.BytesIO(overview_png(match, boards=[41, 42, 45])))
    assert some.size == (GridLayout.for_count(3).width, GridLayout.for_count(3).height)
    with pytest.raises(RenderError, match="1 to 40 boards"):
        overview_png(match, boards=list(range(1, 42)))
    with pytest.raises(RenderError, match="1 to 40 boards"):
        overview_png(match, boards=[])


def test_black_sees_the_overview_from_black() -> None:
    picture = Image.open(io.BytesIO(overview_png(Match(2), perspective="black"))).convert("RGB")
    layout = GridLayout.for_count(2)
    left, top = layout.board_origin(0)
    # from Black, the top right square is a1: dark, with a white rook on it
    assert picture.getpixel((left + layout.side - 2, top + 1)) == PLAIN[1]
    assert (
        picture.getpixel((left + layout.side - layout.square // 2, top + layout.square // 2))
        != PLAIN[1]
    )


def test_a_repeated_or_missing_board_is_refused() -> None:
    match = Match(3, "ring")
    with pytest.raises(RenderError, match="repeated"):
        overview_png(match, boards=[1, 1])
    with pytest.raises(RenderError, match="there is no board 4"):
        overview_png(match, boards=[1, 4])
    with pytest.raises(RenderError, match="1 to 40 boards"):
        overview_png(match, boards=range(1, 10**9))


def test_a_long_team_name_leaves_every_score_visible() -> None:
    from renderer.text import font

    long_name = "The Extraordinarily Long Team Name Of Gondor And Rohan United"
    match = Match(2, teams=[(long_name, "X")] * 2)
    line = score_line(match_view(match, [1]), font(30), 400)
    assert line.endswith(f"{isolate('X')} 0") and " 0   " in line
    assert font(30).getlength(line) <= 400


def test_marked_boards_get_an_amber_frame_and_the_others_none() -> None:
    match = Match(2)
    image = Image.open(io.BytesIO(overview_png(match, marked=[2]))).convert("RGB")
    layout = GridLayout.for_count(2)
    frame = max(3, layout.square // 8)
    for index, expected in ((0, False), (1, True)):
        left, top = layout.board_origin(index)
        pixel = image.getpixel((left - frame // 2 - 1, top + layout.side // 2))
        assert (pixel == ELEVATOR_MARK) is expected


def test_clocks_show_above_open_boards_in_place_of_whose_move_it_is() -> None:
    match = Match(2)
    clocks = {1: (timedelta(minutes=4, seconds=5), timedelta(minutes=3)), 2: (timedelta(0),) * 2}
    plain = Image.open(io.BytesIO(overview_png(match))).convert("RGB")
    timed = Image.open(io.BytesIO(overview_png(match, clocks=clocks))).convert("RGB")  # type: ignore[arg-type]
    assert timed.size == plain.size
    layout = GridLayout.for_count(2)
    left, top = layout.board_origin(0)
    label = (left, top - layout.label_height, left + layout.side, top)
    assert timed.crop(label).tobytes() != plain.crop(label).tobytes()
    below = (left, top, left + layout.side, top + layout.side)  # the boards are the same
    assert timed.crop(below).tobytes() == plain.crop(below).tobytes()
    with pytest.raises(RenderError, match="clocks are given as a pair"):
        overview_png(match, clocks={1: (5, 6)})  # type: ignore[dict-item]
