"""A replay of one board as an animated GIF: one frame per move, ride, arrival and ending."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from PIL import Image

from games.core.boardgame import BoardGame
from renderer.cells import Perspective, extent, fit_square
from renderer.diagram import draw_diagram, shows_stairs
from renderer.errors import (
    MAX_REPLAY_SIZE,
    MIN_SIZE,
    RenderError,
    check_board,
    check_perspective,
    check_size,
)
from renderer.palette import BACKGROUND, MUTED, TEXT, to_palette
from renderer.rulers import draw_rulers, legible_size, ruler_font, ruler_room
from renderer.text import font, wrap, write
from renderer.turnmarks import shows_turns
from views.model import BoardView
from views.replay import replay_views

FRAME_MS: Final = 1000
LAST_FRAME_MS: Final = 4000
MIN_BYTES: Final = 64 * 1024  # below this no replay of a board is promised to fit


@dataclass(frozen=True)
class Replay:
    """A replay GIF made to fit a size limit, and how much of the game it kept."""

    gif: bytes
    frames: int  # the frames drawn
    total: int  # the events the board's replay shows, one frame each when nothing is dropped
    size: int  # the GIF's width in pixels
    step: int = 1  # one frame in step kept (the last always)

    @property
    def dropped(self) -> int:
        """Return how many frames were left out to fit the limit."""
        return self.total - self.frames


def replay_gif(
    match: BoardGame[Any], board: int, perspective: Perspective = "white", size: int = 400
) -> bytes:
    """Return an animated GIF of a board's game, size pixels wide, a frame per event shown.

    The events shown are the board's moves, its rides away, the pieces arriving on it,
    its victory transfer and its ending; replay_views lists them.
    """
    check_perspective(perspective)
    check_size(size, MAX_REPLAY_SIZE)
    views = _views(match, board)
    return _gif(views, range(len(views)), perspective, size)


def fitted_replay(
    match: BoardGame[Any],
    board: int,
    *,
    limit: int,
    perspective: Perspective = "white",
    size: int = 400,
) -> Replay:
    """Return a board's replay GIF of at most limit bytes.

    If every frame at size does not fit, the GIF is drawn at the smallest width, then with
    every second, third, ... frame kept (the first and last always), until it fits.
    """
    check_perspective(perspective)
    check_size(size, MAX_REPLAY_SIZE)
    if limit < MIN_BYTES:
        raise RenderError(f"a replay needs room for at least {MIN_BYTES} bytes, not {limit}")
    views = _views(match, board)
    kept: Sequence[int] = range(len(views))
    gif = _gif(views, kept, perspective, size)
    if len(gif) > limit and size > MIN_SIZE:
        size = MIN_SIZE
        gif = _gif(views, kept, perspective, size)
    step = 1
    while len(gif) > limit:
        if len(kept) <= 2:
            raise RenderError(f"board {board}'s replay does not fit in {limit} bytes")
        # frames cost about the same: keep the share that fits, with a tenth to spare
        share = max(2.0, len(kept) * limit * 0.9 / len(gif))
        step = max(step + 1, math.ceil(len(views) / share))
        kept = sorted({*range(0, len(views), step), len(views) - 1})
        gif = _gif(views, kept, perspective, size)
    return Replay(gif, len(kept), len(views), size, step)


def _views(match: BoardGame[Any], board: int) -> list[BoardView]:
    check_board(match, board)
    views = replay_views(match, board)
    if not views:
        raise RenderError(f"board {board} has nothing to replay yet: no move has been made")
    return views


def _gif(
    views: Sequence[BoardView],
    kept: Sequence[int],
    perspective: Perspective,
    size: int,
) -> bytes:
    """Encode the kept views as frames, each numbered as it stands in the whole replay."""
    stairs = any(shows_stairs(view) for view in views)
    turns = any(shows_turns(view) for view in views)
    # a generator: Pillow keeps only what changed from frame to frame, not every frame whole
    frames = (
        to_palette(
            _frame(views[index], index + 1, len(views), perspective, size),
            stairs=stairs,
            turns=turns,
        )
        for index in kept
    )
    durations = [FRAME_MS] * (len(kept) - 1) + [LAST_FRAME_MS]
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
    letters = ruler_font(size)  # coordinates beside the board, readable at a preview
    room = ruler_room(letters, view.shape.ranks)
    square = fit_square(view.shape, side - room, side - room)
    high = extent(view.shape, square)[1]
    header = round(side * 0.2)
    image = Image.new("RGB", (size, header + high + room + pad), BACKGROUND)
    title = font(max(side * 0.05, legible_size(size)))
    small = font(max(side * 0.04, legible_size(size)))  # smaller replays keep it legible
    counter = f"{index}/{total}"
    write(image, (pad, pad), f"Board {view.number}", title, TEXT, anchor="lt", bold=True)
    write(image, (pad + side, pad), counter, small, MUTED, anchor="rt")
    lines = wrap(view.caption, small, side, 2)
    for row, line in enumerate(lines):
        bottom = header - pad - (len(lines) - 1 - row) * small.size * 1.2
        write(image, (pad, bottom), line, small, TEXT, anchor="ld")
    left = pad + room
    draw_diagram(
        image,
        view,
        left=left,
        top=header,
        square=square,
        perspective=perspective,
        coordinates=False,
    )
    draw_rulers(
        image,
        view.shape,
        left=left,
        top=header,
        square=square,
        perspective=perspective,
        size=letters,
        room=room,
    )
    return image
