"""What a game needs of a single board, whatever rules that board plays by."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from games.core.errors import RecordError
from games.core.geometry import Shape
from games.core.pieces import Piece, Side
from games.core.results import Ending


@dataclass(frozen=True, slots=True)
class Played:
    """What a normal move did on its board."""

    uci: str
    san: str
    side: Side
    fullmove: int
    took_king: bool


class Board(Protocol):
    """One board of a match: its position, its moves and its elevator squares.

    Elevator squares are addressed by index: elevator k of one board connects to
    elevator k of the next. Methods that change the position assume the match has
    already validated the change.
    """

    number: int
    shape: Shape
    elevators: tuple[str, ...]
    staircases: tuple[tuple[str, ...], ...]  # squares that carry pieces along, in travel order

    @property
    def turn(self) -> Side:
        """Return the side to move."""
        ...

    @property
    def fullmove(self) -> int:
        """Return the number of the current full move."""
        ...

    def fen(self) -> str:
        """Return the position as FEN."""
        ...

    def piece_at(self, square: str) -> Piece | None:
        """Return the piece on a named square."""
        ...

    def elevator_index(self, square: str) -> int | None:
        """Return the index of an elevator square, or None if square is not one."""
        ...

    def elevator_piece(self, index: int) -> Piece | None:
        """Return the piece standing on elevator index."""
        ...

    def elevator_occupancy(self) -> int:
        """Return a value that changes whenever an elevator square fills or empties."""
        ...

    def is_check(self) -> bool:
        """Tell whether the side to move is in check."""
        ...

    def king_capturable(self) -> bool:
        """Tell whether the side to move attacks the enemy king and may take it."""
        ...

    def has_moves(self) -> bool:
        """Tell whether the side to move has a normal (non-ride) legal move."""
        ...

    def legal_moves(self) -> list[str]:
        """Return the normal legal moves of the side to move, in SAN."""
        ...

    def parse_move(self, text: str) -> str:
        """Return the UCI of the legal normal move text names, or raise IllegalMoveError."""
        ...

    def push(self, uci: str) -> Played:
        """Play a legal normal move given in UCI."""
        ...

    def keeps_turn(self, uci: str) -> bool:
        """Tell whether a move given in UCI leaves the turn with its side, as a choice does.

        (Escher Staircase's: what a pawn the opponent carried to its last rank becomes.)
        """
        ...

    def ride_refusal(self, index: int, side: Side, *, king_safety: bool) -> str | None:
        """Return why side may not ride the piece on elevator index, or None if it may."""
        ...

    def arrival_refusal(self, index: int, piece: Piece) -> str | None:
        """Return why piece may not arrive on elevator index, or None if it may."""
        ...

    def depart(self, index: int) -> Piece:
        """Take the piece on elevator index away as a ride: it uses the mover's turn."""
        ...

    def arrive(self, index: int, piece: Piece) -> None:
        """Put an arriving piece on the empty elevator index; the turn stays as it is."""
        ...

    def insufficient_material(self) -> bool:
        """Tell whether neither side has material enough to mate."""
        ...

    def can_mate(self, side: Side) -> bool:
        """Tell whether side has material enough to mate, by any series of moves."""
        ...

    def automatic_draw(self) -> Ending | None:
        """Return the automatic draw (75 moves, fivefold repetition) that applies, if any."""
        ...

    def claimable_draw(self, *, can_ride: bool = False) -> Ending | None:
        """Return the draw the side to move may claim (fifty moves, threefold), if any.

        can_ride: the side to move has a ride, which counts as a legal move.
        """
        ...

    def clear(self) -> None:
        """Remove every piece."""
        ...

    def state(self) -> dict[str, Any]:
        """Return the board's full state as JSON-ready data, history for draws included."""
        ...

    def restore(self, state: Any) -> None:
        """Take a state that state() returned; raise RecordError if it is malformed."""
        ...


def state_parts(state: Any, number: int) -> tuple[str, list[Any]]:
    """Return the root FEN and the moves of a board's recorded state, or raise RecordError."""
    if not isinstance(state, dict) or set(state) != {"root", "moves"}:
        raise RecordError(f"the state of board {number} must have a root and moves")
    root, moves = state["root"], state["moves"]
    if not isinstance(root, str) or not isinstance(moves, list):
        raise RecordError(f"the state of board {number} is malformed")
    return root, moves
