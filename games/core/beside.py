"""What a board of some games shows beside its cells: reserves, gates, pieces moved this turn."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Beside:
    """A board's reserves and gates, and the cells of the pieces its mover moved this turn."""

    reserves: tuple[str, str]  # White's and Black's pieces in reserve, as letters
    gates: tuple[str, str]  # White's gate and Black's, as cells
    moved: tuple[str, ...]  # the cells of the pieces the mover has moved this turn
