"""The rules of Ender's Chess on a map: where pieces go, what a turn's actions are, what ends it.

Cells are numbered as the map's Shape.squares names them and hold FEN letters (upper case
White) or None. A turn is a series of actions: a drop first (if the mover's gate was empty
when the turn began), then moves of different pieces, then `end`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Final

from games.core.pieces import Side
from games.core.results import Ending
from games.enders.maps import BoardMap

Cells = list[str | None]
KINDS: Final = "RBKN"  # the order reserves are written in
START_RESERVE: Final = "RRBBKKNNrrbbkknn"

_ROOK: Final = ((1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (-2, 0), (0, 2), (0, -2))
_KING: Final = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
_KNIGHT: Final = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
_DIAGONALS: Final = ((1, 1), (1, -1), (-1, 1), (-1, -1))


@dataclass(frozen=True, slots=True)
class Step:
    """Where a kind of piece may go from a cell: the target, and the cell it must pass empty."""

    target: int
    through: int | None = None


@dataclass(frozen=True, slots=True)
class Geometry:
    """A map's cells as numbers: each kind's steps from each cell, and the two gates."""

    board: BoardMap
    steps: dict[str, tuple[tuple[Step, ...], ...]]
    white_gate: int
    black_gate: int

    def gate(self, white: bool) -> int:
        """Return the number of White's gate or Black's."""
        return self.white_gate if white else self.black_gate


@cache
def geometry(board: BoardMap) -> Geometry:
    """Return the steps of every kind from every cell of a map."""
    shape = board.shape
    number = {name: index for index, name in enumerate(shape.squares)}

    def cell(start: str, files: int, ranks: int) -> int | None:
        square = shape.parse(start)
        assert square is not None
        found = shape.step(square, files, ranks)
        return None if found is None else number[shape.name(found)]

    def leaps(start: str, offsets: tuple[tuple[int, int], ...]) -> tuple[Step, ...]:
        found = (cell(start, files, ranks) for files, ranks in offsets)
        return tuple(Step(target) for target in found if target is not None)

    def bishop(start: str) -> tuple[Step, ...]:
        steps = []
        for files, ranks in _DIAGONALS:
            near = cell(start, files, ranks)
            if near is None:
                continue  # the far cell is reached only through the near one
            steps.append(Step(near))
            far = cell(start, 2 * files, 2 * ranks)
            if far is not None:
                steps.append(Step(far, near))
        return tuple(steps)

    names = shape.squares
    steps = {
        "R": tuple(leaps(name, _ROOK) for name in names),
        "K": tuple(leaps(name, _KING) for name in names),
        "N": tuple(leaps(name, _KNIGHT) for name in names),
        "B": tuple(bishop(name) for name in names),
    }
    return Geometry(board, steps, number[board.white_gate], number[board.black_gate])


@dataclass(frozen=True, slots=True)
class Drop:
    """Put a reserve piece of a kind on the mover's gate."""

    kind: str
    square: int


@dataclass(frozen=True, slots=True)
class Move:
    """Move the piece on start to target, taking what stands there."""

    start: int
    target: int


@dataclass(frozen=True, slots=True)
class End:
    """Finish the turn."""


Action = Drop | Move | End
Outcome = tuple[Side | None, Ending]


@dataclass(slots=True)  # not frozen: CellBoard reads cells and white as plain attributes
class Position:
    """A position in the middle of a turn; never changed once made.

    acted: the mover has dropped or moved this turn (a drop must come first); moved: the
    cells of the pieces that moved this turn; renewed: the mover has captured or dropped this
    turn, so the turn does not count towards a draw; answering: White took Black's gate last
    turn, and Black's turn may draw by taking White's; over: how an action ended the game.
    """

    geometry: Geometry
    cells: Cells
    white: bool
    reserves: str
    moved: frozenset[int] = frozenset()
    acted: bool = False
    answering: bool = False
    renewed: bool = False
    over: Outcome | None = None

    def key(self) -> tuple[object, ...]:
        """Return what repetition compares."""
        return (
            tuple(self.cells),
            self.white,
            self.reserves,
            self.moved,
            self.acted,
            self.answering,
        )

    def in_check(self) -> bool:
        """Tell whether the side to move is in check: never, as kings are not royal."""
        return False

    def king_capturable(self) -> bool:
        """Tell whether a royal king may be taken: never, as kings are not royal."""
        return False

    def has_moves(self) -> bool:
        """Tell whether the side to move may act: always, as `end` is always legal."""
        return True

    def own(self, symbol: str | None) -> bool:
        """Tell whether a cell's piece is the side to move's."""
        return symbol is not None and symbol.isupper() == self.white

    def reserve(self, white: bool) -> str:
        """Return the upper-case letters of a side's reserve."""
        return "".join(k.upper() for k in self.reserves if k.isupper() == white)

    def may_drop(self) -> bool:
        """Tell whether a drop is open: no action yet this turn and the mover's gate empty."""
        gate = self.geometry.gate(self.white)
        return not self.acted and self.cells[gate] is None and bool(self.reserve(self.white))

    def may_move(self, start: int) -> bool:
        """Tell whether the piece on start is the mover's and has not moved this turn."""
        return self.own(self.cells[start]) and start not in self.moved

    def targets(self, start: int) -> list[int]:
        """Return the cells the piece on start may go to, ignoring whether it moved."""
        symbol = self.cells[start]
        assert symbol is not None
        cells = self.cells
        return [
            step.target
            for step in self.geometry.steps[symbol.upper()][start]
            if not self.own(cells[step.target])
            and (step.through is None or not cells[step.through])
        ]

    def allows(self, action: Action) -> bool:
        """Tell whether an action is legal, without listing every action."""
        if isinstance(action, Drop):
            return (
                action.square == self.geometry.gate(self.white)
                and self.may_drop()
                and action.kind in self.reserve(self.white)
            )
        if isinstance(action, Move):
            return self.may_move(action.start) and action.target in self.targets(action.start)
        return True

    def actions(self) -> list[Action]:
        """Return every legal action of the side to move: drops, moves, then end."""
        found: list[Action] = []
        if self.may_drop():
            gate = self.geometry.gate(self.white)
            found += [Drop(kind, gate) for kind in KINDS if kind in self.reserve(self.white)]
        for start in range(len(self.cells)):
            if self.may_move(start):
                found += [Move(start, target) for target in self.targets(start)]
        found.append(End())
        return found

    def play(self, action: Action) -> Position:
        """Return the position after a legal action."""
        if isinstance(action, End):
            return self._ended()
        cells = self.cells.copy()
        if isinstance(action, Drop):
            symbol = action.kind if self.white else action.kind.lower()
            reserves = self.reserves.replace(symbol, "", 1)
            cells[action.square] = symbol
            return replace(self, cells=cells, reserves=reserves, acted=True, renewed=True)
        captured = cells[action.target] is not None
        cells[action.target], cells[action.start] = cells[action.start], None
        moved = self.moved - {action.start} | {action.target}
        after = replace(
            self, cells=cells, moved=moved, acted=True, renewed=self.renewed or captured
        )
        lost = after.eliminated() if captured else None  # only a capture takes a side's pieces
        if lost is not None:
            return replace(after, over=lost)
        if action.target == self.geometry.gate(not self.white):
            if self.white:  # Black answers on its next turn, which starts now
                return replace(after._ended(), answering=True)
            return replace(after, over=(None if self.answering else "black", _gate_ending(self)))
        return after

    def _ended(self) -> Position:
        """Return the position after the mover finishes the turn."""
        if self.answering:
            return replace(self, over=("white", Ending.GATE_REACHED))
        return replace(self, white=not self.white, moved=frozenset(), acted=False, renewed=False)

    def eliminated(self) -> Outcome | None:
        """Return the loss of a side with no piece on the board or in reserve, if one has none.

        While Black answers White's taking of its gate, White has already won unless Black
        takes White's gate: taking White's last piece meanwhile does not win.
        """
        if self.answering:
            return None
        for white in (True, False):
            if not self.count(white):
                return ("black" if white else "white"), Ending.NO_PIECES
        return None

    def count(self, white: bool) -> int:
        """Return how many pieces a side has on the board and in reserve."""
        on_board = sum(1 for s in self.cells if s is not None and s.isupper() == white)
        return on_board + len(self.reserve(white))


def _gate_ending(position: Position) -> Ending:
    return Ending.GATE_ANSWERED if position.answering else Ending.GATE_REACHED
