"""The kinds of floor an Elevator Chess match may stack: each a board class by its rules' name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from games.chess.board import FideBoard
from games.core.board import Board
from games.escher.board import EscherBoard

Floor = Callable[[int, Sequence[str], str | None], Board]  # (number, elevators, fen)

DEFAULT_RULES: Final = "fide"

FLOORS: Final[dict[str, Floor]] = {
    "fide": FideBoard,
    "escher": EscherBoard,
}
