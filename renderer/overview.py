"""The overview of a match: every board small, in a grid, with the score above."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Final

from PIL import Image, ImageDraw

from games.core.pieces import SIDES, Side, side_name
from renderer.board import format_clock
from renderer.cells import Perspective, extent, fit_square
from renderer.diagram import draw_diagram, shows_stairs
from renderer.errors import RenderError, check_board, check_pair, check_perspective
from renderer.grid import GridLayout
from renderer.palette import BACKGROUND, BLACK, ELEVATOR_MARK, MUTED, TEXT, WHITE, png_bytes
from renderer.reserves import band_height, draw_band
from renderer.rulers import draw_rulers
from renderer.sprites import Font
from renderer.text import fit, font, isolate, measure, write
from renderer.turnmarks import shows_turns
from views.model import MAX_SHOWN, BoardView, MatchView, Viewed, match_view

MAX_BOARDS: Final = MAX_SHOWN


def overview_png(
    match: Viewed,
    *,
    perspective: Perspective = "white",
    boards: Sequence[int] | None = None,
    marked: Sequence[int] = (),
    clocks: Mapping[int, tuple[timedelta, timedelta]] | None = None,
) -> bytes:
    """Return a PNG of a match's boards in a grid, with the score at the top.

    boards picks which boards to show (at most 40; by default all, or the first 40);
    marked boards (say, those where the viewer is to move) get an amber frame; clocks,
    by board, White's then Black's time left, show above each open board.
    """
    check_perspective(perspective)
    view = match_view(match, _shown(match, boards))
    image = draw_overview(view, perspective=perspective, marked=marked, clocks=clocks)
    return _png(image, view)


def overview_image(
    match: Viewed,
    *,
    perspective: Perspective = "white",
    boards: Sequence[int] | None = None,
    marked: Sequence[int] = (),
    clocks: Mapping[int, tuple[timedelta, timedelta]] | None = None,
) -> Image.Image:
    """Draw a match's overview as an RGB image; see overview_png."""
    check_perspective(perspective)
    view = match_view(match, _shown(match, boards))
    return draw_overview(view, perspective=perspective, marked=marked, clocks=clocks)


def overview_view_png(
    view: MatchView,
    *,
    perspective: Perspective = "white",
    marked: Sequence[int] = (),
    clocks: Mapping[int, tuple[timedelta, timedelta]] | None = None,
    viewer: Side | None = None,
) -> bytes:
    """Return a PNG of an overview read earlier (match_view), as overview_png draws it.

    viewer: the side of the player it is drawn for (a DM game's), said under the score.
    """
    check_perspective(perspective)
    if not 1 <= len(view.views) <= MAX_BOARDS:
        raise RenderError(f"an overview shows 1 to {MAX_BOARDS} boards, not {len(view.views)}")
    image = draw_overview(
        view, perspective=perspective, marked=marked, clocks=clocks, viewer=viewer
    )
    return _png(image, view)


def _png(image: Image.Image, view: MatchView) -> bytes:
    """Encode an overview with the colours its boards need."""
    stairs = any(shows_stairs(board) for board in view.views)
    return png_bytes(image, stairs=stairs, turns=any(shows_turns(board) for board in view.views))


def draw_overview(
    view: MatchView,
    *,
    perspective: Perspective,
    marked: Sequence[int] = (),
    clocks: Mapping[int, tuple[timedelta, timedelta]] | None = None,
    viewer: Side | None = None,
) -> Image.Image:
    """Draw an overview view: the score, then its boards in a grid."""
    clocks = clocks or {}
    for pair in clocks.values():
        check_pair("clocks", pair, timedelta)
    shapes = [board.shape for board in view.views]
    layout = GridLayout.for_count(len(view.views), shapes, teams=bool(view.teams))
    # a one-board game whose pieces enter from reserves shows them under its board
    reserves = view.views[0] if len(view.views) == 1 and shows_turns(view.views[0]) else None
    band = band_height(layout.width) if reserves is not None else 0
    image = Image.new("RGB", (layout.width, layout.height + band), BACKGROUND)
    if reserves is not None:
        corner = layout.board_origin(0)
        under = (corner[0] - layout.ruler, corner[1] + layout.side + layout.ruler + layout.gap // 2)
        width = layout.width - 2 * under[0] + layout.ruler
        draw_band(image, reserves, under, width, perspective)
    _header(image, view, layout, viewer)
    label = font(layout.label_size)
    for index, board in enumerate(view.views):
        left, top = layout.board_origin(index)
        middle = top - layout.head + layout.label_height / 2
        if view.teams:
            at = (left, top - layout.head + layout.label_height + layout.team_size * 0.6)
            _teams(image, at, layout.side, view.teams[index], font(layout.team_size))
        write(image, (left, middle), str(board.number), label, TEXT, anchor="lm", bold=True)
        number_width = label.getlength(f"{board.number}  ")
        room = layout.side - number_width
        status = fit(_status(board, clocks.get(board.number), label, room), label, room)
        colour = TEXT if not board.finished else MUTED
        write(image, (left + layout.side, middle), status, label, colour, anchor="rm")
        # a board of another shape fits the square an 8x8 one fills, centred in it
        square = fit_square(board.shape, layout.side, layout.side)
        wide, high = extent(board.shape, square)
        corner = (left + (layout.side - wide) // 2, top + (layout.side - high) // 2)
        draw_diagram(
            image,
            board,
            left=corner[0],
            top=corner[1],
            square=square,
            perspective=perspective,
            detail=False,
        )
        if layout.ruler and board.shape.levels == 1:
            draw_rulers(
                image,
                board.shape,
                left=corner[0],
                top=corner[1],
                square=square,
                perspective=perspective,
                size=layout.ruler_size,
                room=layout.ruler,
            )
        if board.number in marked:
            frame = layout.frame
            box = (
                left - frame,
                top - frame,
                left + layout.side + frame - 1,
                top + layout.side + frame - 1,
            )
            ImageDraw.Draw(image).rectangle(box, outline=ELEVATOR_MARK, width=frame)
    return image


def _teams(
    image: Image.Image,
    at: tuple[float, float],
    width: int,
    teams: tuple[str, str],
    typeface: Font,
) -> None:
    """Write a board's White and Black teams on a line, each after a disc of its colour."""
    draw = ImageDraw.Draw(image)
    left, middle = at
    disc = typeface.size * 0.7
    half = width / 2
    for index, (team, colour) in enumerate(zip(teams, (WHITE, BLACK), strict=True)):
        x = left + index * half
        box = (x, middle - disc / 2, x + disc, middle + disc / 2)
        draw.ellipse(box, fill=colour, outline=MUTED)
        name = fit(team_name(team), typeface, half - disc * 1.6, bold=True)
        write(image, (x + disc * 1.4, middle), name, typeface, TEXT, anchor="lm", bold=True)


def _shown(match: Viewed, boards: Sequence[int] | None) -> list[int]:
    """Return the boards to show, refusing a choice the overview cannot draw."""
    if boards is None:
        return list(range(1, min(match.boards, MAX_BOARDS) + 1))
    if not 1 <= len(boards) <= MAX_BOARDS:
        raise RenderError(f"an overview shows 1 to {MAX_BOARDS} boards, not {len(boards)}")
    shown = list(boards)
    for board in shown:
        check_board(match, board)
    if len(set(shown)) != len(shown):
        raise RenderError("an overview shows each board once; a board number is repeated")
    return shown


def score_line(view: MatchView, typeface: Font | None = None, width: float = 0) -> str:
    """Write the score of every team, best first; halves as .5.

    Given a typeface and a width, long team names are cut so that every score shows (in bold,
    as the header writes it).
    """
    scores = sorted(view.scores, key=lambda item: -item[1])
    gap = "   "
    parts = []
    for team, points in scores:
        name, score = team_name(team), f" {_points(points)}"
        if typeface is not None:
            share = (width - measure(gap, typeface, bold=True) * (len(scores) - 1)) / len(scores)
            room = max(share - measure(score, typeface, bold=True), share / 3)
            name = fit(name, typeface, room, bold=True)
        parts.append(isolate(name) + score)
    return gap.join(parts)


def _header(
    image: Image.Image, match: MatchView, layout: GridLayout, viewer: Side | None = None
) -> None:
    left, width = layout.gap, layout.width - 2 * layout.gap
    title = font(layout.title_size)
    small = font(layout.note_size)
    write(
        image,
        (left, left),
        fit(score_line(match, title, width), title, width, bold=True),
        title,
        TEXT,
        anchor="lt",
        bold=True,
    )
    parts = [] if viewer is None else [f"You play {side_name(viewer)}"]
    if match.title:
        parts.append(match.title)
    else:
        parts.append(f"{match.boards} board{'s' if match.boards != 1 else ''} in a {match.layout}")
    if match.boards > 1:
        parts.append(f"{match.finished} finished")
    shown = match.shown
    if shown != list(range(1, match.boards + 1)):
        parts.append(f"showing {_ranges(shown)}")
    winners = match.winners
    if winners is not None:
        what = "game" if match.title else "match"  # a titled view is a game of two players
        if len(winners) == 1:
            parts.append(f"{isolate(team_name(winners[0]))} has won the {what}")
        else:
            parts.append(f"the {what} is drawn")
    below = left + round(title.size * 1.7)
    write(image, (left, below), fit(" · ".join(parts), small, width), small, MUTED, anchor="lt")


def team_name(team: str) -> str:
    """Return a team's name for display; the default teams are the colours."""
    return side_name(team) if team in SIDES else team


def _status(
    view: BoardView, clocks: tuple[timedelta, timedelta] | None, typeface: Font, room: float
) -> str:
    """Say where a board stands, as fully as its label's room lets the words be legible."""
    if not view.finished and clocks is not None:
        times = f"W {format_clock(clocks[0])} · B {format_clock(clocks[1])}"
        whose = f"{view.turn[0].upper()} to move · {times}"
        return whose if typeface.getlength(whose) <= room else times
    said: tuple[str, ...]
    if not view.finished:
        whose = view.turn[0].upper()
        said = (f"{view.turn.capitalize()} to move", f"{whose} to move", whose)
    elif view.transfer_pending is not None:
        said = (f"{view.result} · transfer", view.result)
    else:
        said = (f"{view.result} · {view.ending}" if view.ending else view.result, view.result)
    return next((words for words in said if typeface.getlength(words) <= room), said[-1])


def _points(points: float) -> str:
    return f"{points:g}"


def _ranges(boards: list[int]) -> str:
    """Write board numbers compactly: board 5, boards 1-40, or boards 3, 5, 8."""
    if len(boards) == 1:
        return f"board {boards[0]}"
    if boards == list(range(boards[0], boards[-1] + 1)):
        return f"boards {boards[0]}-{boards[-1]}"
    return "boards " + ", ".join(map(str, boards))
