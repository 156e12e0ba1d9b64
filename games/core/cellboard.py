"""Boards that keep their own cells: what the Board protocol asks of them, done once.

Cylindrical chess, Escher Staircase and the fairy boards each hold a position of their own
rules: a list of cells (a FEN letter or None, numbered as Shape.squares names them), the
side to move and whatever else those rules need. Elevators, rides, arrivals, draws and the
record work the same on all of them; each board's own rules come in through a few hooks.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any, Generic, Protocol, TypeVar

from games.core import elevators as elevator_rules
from games.core.board import Played, state_parts
from games.core.errors import IllegalMoveError, MatchConfigError, RecordError, shown
from games.core.geometry import Shape
from games.core.pieces import Piece, Side
from games.core.results import Ending

Cells = list[str | None]


class CellPosition(Protocol):
    """What a board's position offers the shared code: its cells and what follows from them."""

    cells: Cells
    white: bool

    def key(self) -> tuple[object, ...]:
        """Return what repetition compares."""
        ...

    def in_check(self) -> bool:
        """Tell whether the side to move is in check."""
        ...

    def king_capturable(self) -> bool:
        """Tell whether the side to move attacks the enemy king."""
        ...

    def has_moves(self) -> bool:
        """Tell whether the side to move has a legal move."""
        ...


P = TypeVar("P", bound=CellPosition)


def piece_of(symbol: str) -> Piece:
    """Return the piece a FEN letter stands for: upper case White, lower case Black."""
    return Piece(symbol.upper(), "white" if symbol.isupper() else "black")


@cache
def _square_numbers(shape: Shape) -> dict[str, int]:
    return {name: index for index, name in enumerate(shape.squares)}


class CellBoard(ABC, Generic[P]):
    """A board of the Board protocol that holds a position P of its own rules.

    The record is the position it starts from (root) and the moves since, as UCI; keys
    are the positions a repetition counts, the present one last.
    """

    number: int
    shape: Shape
    staircases: tuple[tuple[str, ...], ...]
    elevators: tuple[str, ...]
    _position: P
    _halfmove: int
    _fullmove: int
    _root: str
    _moves: list[str]
    _keys: list[tuple[object, ...]]

    def _set_up(
        self,
        number: int,
        shape: Shape,
        elevators: Sequence[str],
        fen: str,
        staircases: tuple[tuple[str, ...], ...] = (),
    ) -> None:
        """Place the board's elevators and load its first position, refusing unusable ones."""
        self.number = number
        self.shape = shape
        self.staircases = staircases
        self._elevator_squares = elevator_rules.elevator_squares(number, elevators, shape)
        self.elevators = tuple(shape.squares[s] for s in self._elevator_squares)
        self._load(fen, strict=True)

    # ------------------------------------------------------------------ hooks

    @abstractmethod
    def _read(self, fen: str, *, strict: bool) -> tuple[P, int, int]:
        """Return the position, halfmove count and fullmove number a FEN gives."""

    @abstractmethod
    def fen(self) -> str:
        """Return the position as FEN."""

    @abstractmethod
    def _pinned(self, square: int, white: bool) -> bool:
        """Tell whether white's king would be attacked with square emptied."""

    @abstractmethod
    def _departed(self, cells: Cells, square: int) -> P:
        """Return the position after a ride left square (cells): the other side moves."""

    @abstractmethod
    def _arrived(self, cells: Cells, square: int) -> P:
        """Return the position after an arrival on square (cells): the turn stays."""

    @abstractmethod
    def _repeatable(self) -> Iterator[P]:
        """Yield the positions the side to move's legal moves make that may repeat one."""

    @abstractmethod
    def _empty(self) -> P:
        """Return the position with no pieces, White to move."""

    def _waiting(self, side: Side) -> str | None:
        """Return why side must act on the board before any ride, or None."""
        return None

    # ------------------------------------------------------------------ reading

    def _load(self, fen: str, *, strict: bool) -> None:
        """Set the position from FEN; strict: refuse positions a game cannot start from."""
        self._position, self._halfmove, self._fullmove = self._read(fen, strict=strict)
        self._restart()

    def _restart(self) -> None:
        """Make the present position the root of the record and of repetition counts."""
        self._root = self.fen()
        self._moves = []
        self._keys = [self._position.key()]

    @property
    def turn(self) -> Side:
        """Return the side to move."""
        return "white" if self._position.white else "black"

    @property
    def fullmove(self) -> int:
        """Return the number of the current full move."""
        return self._fullmove

    def piece_at(self, square: str) -> Piece | None:
        """Return the piece on a named square."""
        index = _square_numbers(self.shape).get(square) if isinstance(square, str) else None
        if index is None:
            raise IllegalMoveError(f"{shown(square)} is not a square of board {self.number}")
        found = self._position.cells[index]
        return None if found is None else piece_of(found)

    def elevator_index(self, square: str) -> int | None:
        """Return the index of an elevator square, or None if square is not one."""
        try:
            return self.elevators.index(square)
        except ValueError:
            return None

    def elevator_piece(self, index: int) -> Piece | None:
        """Return the piece standing on elevator index."""
        found = self._position.cells[self._elevator_squares[index]]
        return None if found is None else piece_of(found)

    def elevator_occupancy(self) -> int:
        """Return the occupied elevator squares as a bit set."""
        cells = self._position.cells
        return sum(1 << s for s in self._elevator_squares if cells[s] is not None)

    def is_check(self) -> bool:
        """Tell whether the side to move is in check."""
        return self._position.in_check()

    def king_capturable(self) -> bool:
        """Tell whether the side to move attacks the enemy king and may take it."""
        return self._position.king_capturable()

    def has_moves(self) -> bool:
        """Tell whether the side to move has a normal legal move."""
        return self._position.has_moves()

    # ------------------------------------------------------------------ elevators

    def ride_refusal(self, index: int, side: Side, *, king_safety: bool) -> str | None:
        """Return why side may not ride the piece on elevator index, or None if it may."""
        position = self._position
        square = self._elevator_squares[index]
        found = position.cells[square]
        return elevator_rules.ride_refusal(
            self.number,
            self.elevators[index],
            None if found is None else piece_of(found),
            side,
            king_safety=king_safety,
            in_check=position.in_check,
            pinned=lambda: self._pinned(square, side == "white"),
            waiting=self._waiting(side),
        )

    def arrival_refusal(self, index: int, piece: Piece) -> str | None:
        """Return why piece may not arrive on elevator index, or None if it may."""
        square = self._elevator_squares[index]
        occupied = self._position.cells[square] is not None
        return elevator_rules.arrival_refusal(self.number, square, occupied, piece, self.shape)

    def depart(self, index: int) -> Piece:
        """Take the piece on elevator index away as a ride: it uses the mover's turn.

        Like a capture, a departure resets the fifty-move count and starts the repetition
        history afresh.
        """
        position = self._position
        square = self._elevator_squares[index]
        found = position.cells[square]
        if found is None:
            raise AssertionError(f"no piece on {self.elevators[index]} to ride")
        cells = position.cells.copy()
        cells[square] = None
        if not position.white:
            self._fullmove += 1
        self._position = self._departed(cells, square)
        self._halfmove = 0
        self._restart()
        return piece_of(found)

    def arrive(self, index: int, piece: Piece) -> None:
        """Put an arriving piece on the empty elevator index; the turn stays as it is."""
        square = self._elevator_squares[index]
        cells = self._position.cells.copy()
        if cells[square] is not None:
            raise AssertionError(f"{self.elevators[index]} is occupied")
        cells[square] = piece.symbol
        self._position = self._arrived(cells, square)
        self._halfmove = 0
        self._restart()

    # ------------------------------------------------------------------ endings

    @abstractmethod
    def can_mate(self, side: Side) -> bool:
        """Tell whether side has material enough to mate, by any series of moves."""

    def insufficient_material(self) -> bool:
        """Tell whether neither side has material enough to mate."""
        return not self.can_mate("white") and not self.can_mate("black")

    def automatic_draw(self) -> Ending | None:
        """Return the automatic draw (75 moves, fivefold repetition) that applies, if any."""
        if self._halfmove >= 150:
            return Ending.SEVENTY_FIVE_MOVES
        if self._keys.count(self._position.key()) >= 5:
            return Ending.FIVEFOLD_REPETITION
        return None

    def claimable_draw(self, *, can_ride: bool = False) -> Ending | None:
        """Return the draw the side to move may claim (fifty moves, threefold), if any.

        can_ride: the side to move has a ride, which counts as a legal move. A repetition
        may be claimed when it stands on the board or when a legal move would make it.
        """
        position = self._position
        if self._halfmove >= 100 and (can_ride or position.has_moves()):
            return Ending.FIFTY_MOVES
        if self._keys.count(position.key()) >= 3:
            return Ending.THREEFOLD_REPETITION
        for after in self._repeatable():
            if self._keys.count(after.key()) >= 2:
                return Ending.THREEFOLD_REPETITION
        return None

    def clear(self) -> None:
        """Remove every piece: White to move, counters reset, as python-chess clears."""
        self._position = self._empty()
        self._halfmove = 0
        self._fullmove = 1
        self._restart()

    # ------------------------------------------------------------------ records

    def state(self) -> dict[str, Any]:
        """Return the position the record starts from and the moves since, as UCI."""
        return {"root": self._root, "moves": list(self._moves)}

    def restore(self, state: Any) -> None:
        """Take a state that state() returned; raise RecordError if it is malformed."""
        root, moves = state_parts(state, self.number)
        replay = copy.copy(self)  # _load gives the copy a record of its own
        try:
            replay._load(root, strict=False)
            for uci in moves:
                if not isinstance(uci, str) or replay.parse_move(uci) != uci:
                    raise IllegalMoveError(f"{shown(uci)} is not a move there")
                replay.push(uci)
        except (MatchConfigError, IllegalMoveError) as error:
            raise RecordError(f"the state of board {self.number} does not load: {error}") from None
        self._position = replay._position
        self._halfmove, self._fullmove = replay._halfmove, replay._fullmove
        self._root, self._moves, self._keys = replay._root, replay._moves, replay._keys

    @abstractmethod
    def parse_move(self, text: str) -> str:
        """Return the UCI of the legal normal move text names, or raise IllegalMoveError."""

    @abstractmethod
    def push(self, uci: str) -> Played:
        """Play a legal normal move given in UCI."""

    def keeps_turn(self, uci: str) -> bool:
        """Tell whether a move given in UCI leaves the turn with its side: none does here."""
        return False
