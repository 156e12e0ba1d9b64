"""Fairy boards in the registry: the 7x7 and 10x10 floors of Elevator Chess."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from games.core.board import Board
from games.core.entry import Entry
from games.core.floors import Floor, FloorSpec
from games.core.geometry import Shape
from games.fairy.board import FairyBoard


def _fairy(setup: str) -> Callable[[FloorSpec], Board]:
    def make(spec: FloorSpec) -> Board:
        return FairyBoard(
            spec.number, spec.elevators, spec.fen, setup=setup, armies=spec.armies, kinds=spec.kinds
        )

    return make


ENTRY: Final = Entry(
    floors={
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
)
