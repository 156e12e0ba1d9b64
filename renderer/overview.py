"""The overview of a match: every board small, in a grid, with the score above."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from PIL import Image

from elevator import Match
from elevator.pieces import SIDES, side_name
from renderer.diagram import Perspective, draw_diagram
from renderer.errors import RenderError, check_perspective
from renderer.palette import BACKGROUND, MUTED, TEXT, png_bytes
from renderer.text import fit, font, write
from renderer.view import BoardView, board_views

MAX_BOARDS: Final = 40
_WIDTH: Final = 960  # about how wide the grid of boards is


def overview_png(
    match: Match,
    *,
    perspective: Perspective = "white",
    boards: Sequence[int] | None = None,
) -> bytes:
    """Return a PNG of a match's boards in a grid, with the score at the top.

    boards picks which boards to show (at most 40; by default all, or the first 40).
    """
    return png_bytes(overview_image(match, perspective=perspective, boards=boards))


def overview_image(
    match: Match,
    *,
    perspective: Perspective = "white",
    boards: Sequence[int] | None = None,
) -> Image.Image:
    """Draw a match's overview as an RGB image; see overview_png."""
    check_perspective(perspective)
    shown = list(range(1, min(match.boards, MAX_BOARDS) + 1)) if boards is None else list(boards)
    if not 1 <= len(shown) <= MAX_BOARDS:
        raise RenderError(f"an overview shows 1 to {MAX_BOARDS} boards, not {len(shown)}")
    views = board_views(match, shown)
    columns, rows = grid_shape(len(shown))
    square = max(15, min(40, _WIDTH // columns // 8))
    side = square * 8
    gap = max(12, square // 2)
    label = font(max(13, square * 0.42))
    label_height = round(label.size * 1.6)
    pad = gap
    header = 90
    width = pad * 2 + columns * side + (columns - 1) * gap
    height = pad + header + rows * (label_height + side) + (rows - 1) * gap + pad
    image = Image.new("RGB", (max(width, 420), height), BACKGROUND)
    _header(image, match, shown, pad, image.width - 2 * pad)
    for index, view in enumerate(views):
        column, row = index % columns, index // columns
        left = pad + column * (side + gap)
        top = pad + header + row * (label_height + side + gap)
        write(
            image,
            (left, top + label_height / 2),
            str(view.number),
            label,
            TEXT,
            anchor="lm",
            bold=True,
        )
        number_width = label.getlength(f"{view.number}  ")
        status = fit(_status(view), label, side - number_width)
        colour = TEXT if not view.finished else MUTED
        write(image, (left + side, top + label_height / 2), status, label, colour, anchor="rm")
        draw_diagram(
            image,
            view,
            left=left,
            top=top + label_height,
            square=square,
            perspective=perspective,
            detail=square >= 48,
        )
    return image


def grid_shape(count: int) -> tuple[int, int]:
    """Return the columns and rows of an overview grid of count boards."""
    if count <= 4:
        return count, 1
    columns = max(math.ceil(math.sqrt(count)), math.ceil(count / 5))
    return columns, math.ceil(count / columns)


def score_line(match: Match) -> str:
    """Write the score of every team, best first; halves as .5."""
    scores = sorted(match.team_scores().items(), key=lambda item: -item[1])
    return "   ".join(f"{team_name(team)} {_points(points)}" for team, points in scores)


def _header(image: Image.Image, match: Match, shown: list[int], left: int, width: int) -> None:
    title = font(30)
    small = font(18)
    write(
        image,
        (left, left),
        fit(score_line(match), title, width),
        title,
        TEXT,
        anchor="lt",
        bold=True,
    )
    finished = sum(1 for board in range(1, match.boards + 1) if match.is_closed(board))
    parts = [f"{match.boards} board{'s' if match.boards != 1 else ''} in a {match.layout}"]
    parts.append(f"{finished} finished")
    if len(shown) < match.boards:
        parts.append(f"showing {_ranges(shown)}")
    if match.decided():
        winners = match.winners()
        if len(winners) == 1:
            parts.append(f"{team_name(winners[0])} has won the match")
        else:
            parts.append(f"shared by {', '.join(team_name(w) for w in winners)}")
    write(image, (left, left + 52), fit(" · ".join(parts), small, width), small, MUTED, anchor="lt")


def team_name(team: str) -> str:
    """Return a team's name for display; the default teams are the colours."""
    return side_name(team) if team in SIDES else team


def _status(view: BoardView) -> str:
    if not view.finished:
        return f"{view.turn.capitalize()} to move"
    if view.transfer_pending is not None:
        return f"{view.result} · transfer"
    return f"{view.result} · {view.ending}" if view.ending else view.result


def _points(points: float) -> str:
    return f"{points:g}"


def _ranges(boards: list[int]) -> str:
    """Write board numbers compactly: 1-40, or 3, 5, 8."""
    if boards == list(range(boards[0], boards[-1] + 1)):
        return f"boards {boards[0]}-{boards[-1]}"
    return "boards " + ", ".join(map(str, boards))
