"""How a game's boards stand: in a line or a ring, and the directions between them."""

from __future__ import annotations

from typing import Final, Literal

Direction = Literal["up", "down"]
DIRECTIONS: Final[tuple[Direction, Direction]] = ("up", "down")
Layout = Literal["line", "ring"]
LAYOUTS: Final[tuple[Layout, Layout]] = ("line", "ring")
