"""What boards of some games show beyond pieces on cells: reserves and gates, elevators' lifts."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Beside:
    """A board's reserves and gates, and the cells of the pieces its mover moved this turn."""

    reserves: tuple[str, str]  # White's and Black's pieces in reserve, as letters
    gates: tuple[str, str]  # White's gate and Black's, as cells
    moved: tuple[str, ...]  # the cells of the pieces the mover has moved this turn


@dataclass(frozen=True, slots=True)
class Lifted:
    """An elevator's move with its pieces: the cells it fills after it, and those it left."""

    filled: tuple[str, ...]
    left: tuple[str, ...]  # a shaft now
