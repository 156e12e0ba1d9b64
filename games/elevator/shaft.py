"""The elevator shaft: which boards are open and where a ride from each one lands."""

from __future__ import annotations

from typing import Final

from games.core.directions import DIRECTIONS, LAYOUTS, Direction, Layout

__all__ = ["DIRECTIONS", "LAYOUTS", "Direction", "Layout", "Shaft"]

_WHERE: Final = {"up": "above", "down": "below"}


class Shaft:
    """The floors of a match in a line or a ring, each open until its board ends."""

    def __init__(self, boards: int, layout: Layout) -> None:
        self.boards = boards
        self.ring = layout == "ring"
        self._closed = bytearray(boards + 1)

    def is_open(self, board: int) -> bool:
        """Tell whether a board is still being played."""
        return not self._closed[board]

    def close(self, board: int) -> None:
        """Close a board's floor for good."""
        self._closed[board] = 1

    def step(self, board: int, direction: Direction) -> int | None:
        """Return the board next to board in direction, open or not (None past a line's end)."""
        nearby = board + 1 if direction == "up" else board - 1
        if 1 <= nearby <= self.boards:
            return nearby
        if not self.ring:
            return None
        return 1 if direction == "up" else self.boards

    def reach(self, board: int, direction: Direction) -> int | None:
        """Return the board a ride from board in direction lands on, or None if blocked.

        A ride passes through one closed floor; two closed floors in a row block it.
        """
        first = self.step(board, direction)
        if first is None:
            return None
        if self.is_open(first):
            return first
        second = self.step(first, direction)
        if second is None or second == board or not self.is_open(second):
            return None
        return second

    def neighbours(self, board: int) -> list[int]:
        """Return the open boards that rides from board reach, up then down."""
        return [n for n in (self.reach(board, d) for d in DIRECTIONS) if n is not None]

    def blocked(self, board: int, direction: Direction) -> str:
        """Say why no ride from board in direction can land anywhere."""
        where = _WHERE[direction]
        first = self.step(board, direction)
        if first is None:
            return f"there is no board {where} board {board}"
        second = self.step(first, direction)
        if second is None or second == board:
            return f"no open board {where} board {board}: board {first} is finished"
        return f"no open board {where} board {board}: boards {first} and {second} are finished"

    def nearby(self, board: int) -> list[int]:
        """Return the boards up to two floors away in either direction."""
        found: list[int] = []
        for direction in DIRECTIONS:
            current: int | None = board
            for _ in range(2):
                current = self.step(current, direction) if current is not None else None
                if current is not None and current != board and current not in found:
                    found.append(current)
        return found
