"""The kinds of floor an Elevator Chess match may stack, by their rules' name.

A floor is a board class with what the match must know before making it: its shape, its
elevator squares when none are chosen, and which kinds of piece it can hold (a piece that
rides stays what it is, so every floor must hold every kind the match's armies bring).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from games.chess.board import FideBoard
from games.core.board import Board
from games.core.geometry import CHESSBOARD, Shape
from games.cylinder import CYLINDER, CylinderBoard
from games.escher.board import EscherBoard
from games.fairy import FairyBoard

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


DEFAULT_RULES: Final = "fide"


def _chessboard(spec: FloorSpec) -> Board:
    """Return python-chess's board for FIDE's pieces alone, else a fairy board of 8x8."""
    if spec.armies == ("fide", "fide") and spec.kinds <= FIDE_KINDS:
        return FideBoard(spec.number, spec.elevators, spec.fen)
    return FairyBoard(spec.number, spec.elevators, spec.fen, armies=spec.armies, kinds=spec.kinds)


def _fairy(setup: str) -> Callable[[FloorSpec], Board]:
    def make(spec: FloorSpec) -> Board:
        return FairyBoard(
            spec.number, spec.elevators, spec.fen, setup=setup, armies=spec.armies, kinds=spec.kinds
        )

    return make


FLOORS: Final[dict[str, Floor]] = {
    "fide": Floor(
        "FIDE", "ordinary chess, or Betza's armies", _chessboard, holds=None, armies=True
    ),
    "escher": Floor(
        "Escher Staircase",
        "Jim Aikin's staircases carry pieces along",
        lambda spec: EscherBoard(spec.number, spec.elevators, spec.fen),
    ),
    "cylinder": Floor(
        "Cylindrical",
        "files a and h are neighbours: every move may cross that edge",
        lambda spec: CylinderBoard(spec.number, spec.elevators, spec.fen),
        shape=CYLINDER,
    ),
    "7x7": Floor(
        "7x7",
        "FIDE's pieces less a knight on 7x7, the centre d4 its one elevator",
        _fairy("7x7"),
        shape=Shape(7, 7),
        elevators=("d4",),
    ),
    "10x10": Floor(
        "10x10",
        "a 10x10 board, the army on files b to i, its four centre squares elevators",
        _fairy("10x10"),
        shape=Shape(10, 10),
        elevators=("e5", "f5", "e6", "f6"),  # in the places of d4 e4 d5 e5
        holds=None,
        armies=True,
    ),
}
