"""A replay of one board as an animated GIF: one frame per move, ride, arrival and ending."""

from __future__ import annotations

import io
from typing import Final

from PIL import Image

from games.elevator import Match
from renderer.diagram import Perspective, draw_diagram, extent, fit_square
from renderer.errors import MAX_REPLAY_SIZE, RenderError, check_board, check_perspective, check_size
from renderer.palette import BACKGROUND, MUTED, TEXT, to_palette
from renderer.text import font, wrap, write
from views.model import BoardView, replay_views

FRAME_MS: Final = 1000
LAST_FRAME_MS: Final = 4000


def replay_gif(
    match: Match, board: int, perspective: Perspective = "white", size: int = 400
) -> bytes:
    """Return an animated GIF of a board's game, size pixels wide, a frame per event shown.

    The events shown are the board's moves, its rides away, the pieces arriving on it,
    its victory transfer and its ending; replay_views lists them.
    """
    check_perspective(perspective)
    check_size(size, MAX_REPLAY_SIZE)
    check_board(match, board)
    views = replay_views(match, board)
    if not views:
        raise RenderError(f"board {board} has nothing to replay yet: no move has been made")
    # a generator: Pillow keeps only what changed from frame to frame, not every frame whole
    stairs = bool(match.staircases(board))
    frames = (
        to_palette(_frame(view, index, len(views), perspective, size), stairs=stairs)
        for index, view in enumerate(views, start=1)
    )
    durations = [FRAME_MS] * (len(views) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    next(frames).save(
        out,
        "GIF",
        save_all=True,
        append_images=frames,
        duration=durations,
        loop=0,
    )
    return out.getvalue()


def _frame(
    view: BoardView, index: int, total: int, perspective: Perspective, size: int
) -> Image.Image:
    """Draw one frame: a line saying what happened above the board as it then stood."""
    pad = max(6, size // 40)
    side = (size - 2 * pad) // 8 * 8  # the room an 8x8 board fills; others are fitted in it
    square = fit_square(view.shape, side, side)
    high = extent(view.shape, square)[1]
    header = round(side * 0.2)
    image = Image.new("RGB", (size, header + high + pad), BACKGROUND)
    title = font(side * 0.05)
    small = font(side * 0.04)
    counter = f"{index}/{total}"
    write(image, (pad, pad), f"Board {view.number}", title, TEXT, anchor="lt", bold=True)
    write(image, (pad + side, pad), counter, small, MUTED, anchor="rt")
    lines = wrap(view.caption, small, side, 2)
    for row, line in enumerate(lines):
        bottom = header - pad - (len(lines) - 1 - row) * small.size * 1.2
        write(image, (pad, bottom), line, small, TEXT, anchor="ld")
    draw_diagram(image, view, left=pad, top=header, square=square, perspective=perspective)
    return image
