"""What the renderer refuses, in words a player or a developer can act on."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any, Final

from games.core.boardgame import BoardGame

MIN_SIZE: Final = 320
MAX_SIZE: Final = 2048
MAX_REPLAY_SIZE: Final = 1024  # a replay keeps every frame until it is written


class RenderError(ValueError):
    """An image was asked for with options that cannot be drawn."""


def check_perspective(perspective: object) -> None:
    """Refuse a perspective other than 'white' or 'black'."""
    if perspective not in ("white", "black"):
        raise RenderError(f"a board is seen from 'white' or 'black', not {perspective!r}")


def check_size(size: object, largest: int = MAX_SIZE) -> None:
    """Refuse an image width that is not a whole number of pixels in range."""
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= largest:
        raise RenderError(f"an image is {MIN_SIZE} to {largest} pixels wide, not {size!r}")


def check_board(match: BoardGame[Any], board: object) -> None:
    """Refuse a board number the match does not have."""
    if isinstance(board, bool) or not isinstance(board, int) or not 1 <= board <= match.boards:
        raise RenderError(f"there is no board {board!r}: this match has boards 1 to {match.boards}")


def check_pair(name: str, value: object, kind: type) -> None:
    """Refuse anything but None or a (White's, Black's) pair of kind."""
    if value is None:
        return
    if (
        not isinstance(value, Sequence)
        or isinstance(value, str)
        or len(value) != 2
        or not all(isinstance(item, kind) for item in value)
    ):
        raise RenderError(
            f"{name} are given as a pair, White's then Black's, each a {kind.__name__}"
        )


def check_names_and_clocks(names: object, clocks: object) -> None:
    """Refuse names and clocks that are not (White's, Black's) pairs of text and timedeltas."""
    check_pair("names", names, str)
    check_pair("clocks", clocks, timedelta)
