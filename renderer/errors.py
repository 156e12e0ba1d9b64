"""What the renderer refuses, in words a player or a developer can act on."""

from __future__ import annotations

from typing import Final

MIN_SIZE: Final = 320
MAX_SIZE: Final = 2048


class RenderError(ValueError):
    """An image was asked for with options that cannot be drawn."""


def check_perspective(perspective: object) -> None:
    """Refuse a perspective other than 'white' or 'black'."""
    if perspective not in ("white", "black"):
        raise RenderError(f"a board is seen from 'white' or 'black', not {perspective!r}")


def check_size(size: object) -> None:
    """Refuse a board size that is not a whole number of pixels in range."""
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise RenderError(f"a board is {MIN_SIZE} to {MAX_SIZE} pixels wide, not {size!r}")
