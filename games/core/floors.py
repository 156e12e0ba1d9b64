"""The kinds of floor an Elevator Chess match may stack, each given by the game it comes from.

A floor is a board class with what the match must know before making it: its shape, its
elevator squares when none are chosen, and which kinds of piece it can hold (a piece that
rides stays what it is, so every floor must hold every kind the match's armies bring).
FLOORS is filled by the registry (games/__init__.py) from each game's entry, by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from games.core.board import Board
from games.core.geometry import CHESSBOARD, Shape

FIDE_KINDS: Final = frozenset("PNBRQK")


@dataclass(frozen=True, slots=True)
class FloorSpec:
    """What one board of a match is made from."""

    number: int
    elevators: tuple[str, ...]
    fen: str | None
    armies: tuple[str, str] = ("fide", "fide")  # White's and Black's army on this board
    kinds: frozenset[str] = FIDE_KINDS  # every kind of piece that may stand on it


@dataclass(frozen=True, slots=True)
class Floor:
    """A kind of floor: how to make its board, and what the match checks beforehand."""

    title: str
    description: str
    make: Callable[[FloorSpec], Board]
    shape: Shape = CHESSBOARD
    elevators: tuple[str, ...] = ("d4", "e4", "d5", "e5")  # in the order they connect
    holds: frozenset[str] | None = FIDE_KINDS  # None: any kind of piece
    armies: bool = False  # whether it plays armies other than FIDE's


FLOORS: Final[dict[str, Floor]] = {}  # by the name a match's rules give it, as registered
