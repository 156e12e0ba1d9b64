"""Rides: which rides a side may make from a board, and the one a ride's text means."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.core.board import Board
from games.core.errors import AmbiguousMoveError, IllegalMoveError
from games.core.multiboard import ride_notation
from games.core.pieces import Piece, Side, kind_name
from games.elevator.notation import RideText
from games.elevator.shaft import DIRECTIONS, Direction, Shaft


class Ride(NamedTuple):
    """A ride: the elevator it takes, which way, and the board it lands on."""

    elevator: int  # the index of the elevator on its board
    direction: Direction
    target: int


class Rides:
    """Find the rides of a match's boards through its shaft, changing nothing."""

    def __init__(self, boards: Sequence[Board], shaft: Shaft) -> None:
        self._boards = boards
        self._shaft = shaft

    def resolve(self, board: int, text: RideText, side: Side, *, king_safety: bool) -> Ride:
        """Find the one ride text means, or raise why there is none."""
        origin = self._boards[board - 1]
        if text.piece == "K":
            raise IllegalMoveError("kings may not ride the elevators")
        index = origin.elevator_index(text.square)
        if index is None:
            squares = ", ".join(origin.elevators)
            raise IllegalMoveError(
                f"{text.square} is not an elevator square on board {board} "
                f"(its elevators are {squares})"
            )
        piece = origin.elevator_piece(index)
        if piece is not None and text.piece is not None and piece.kind != text.piece:
            raise IllegalMoveError(
                f"the piece on {text.square} on board {board} is a {piece.describe()}, "
                f"not a {kind_name(text.piece)}"
            )
        refusal = origin.ride_refusal(index, side, king_safety=king_safety)
        if refusal is not None:
            raise IllegalMoveError(refusal)
        if piece is None:
            raise AssertionError("ride_refusal lets no empty square ride")
        if text.board is not None:
            return self._to_board(board, index, piece, text.board, text.direction)
        directions = DIRECTIONS if text.direction is None else (text.direction,)
        found, problems = self._landings(board, index, piece, directions)
        if not found:
            raise IllegalMoveError("; ".join(problems))
        if len(found) > 1:
            names = " or ".join(self.name(board, ride) for ride in found)
            raise AmbiguousMoveError(
                f"the {piece.name} on {text.square} can ride up or down from board {board}: "
                f"write {names}"
            )
        return found[0]

    def _to_board(
        self, board: int, index: int, piece: Piece, wanted: int, arrow: Direction | None
    ) -> Ride:
        """Find the ride to the board wanted, whichever way the arrow written points.

        The board named is what the rider means: `e5^1` from board 2, with board 1 below,
        is the ride down to board 1 (`e5v1`). The arrow is read first, for a ring where
        both ways reach the board named.
        """
        ahead = [] if arrow is None else [arrow]
        directions = ahead + [d for d in DIRECTIONS if d not in ahead]
        reached = [
            Ride(index, direction, target)
            for direction in directions
            if (target := self._shaft.reach(board, direction)) is not None
        ]
        towards = [ride for ride in reached if ride.target == wanted]
        if not towards:
            if not reached:
                problems = [self._shaft.blocked(board, direction) for direction in DIRECTIONS]
                raise IllegalMoveError("; ".join(problems))
            targets = " or ".join(f"board {ride.target}" for ride in reached)
            names = " or ".join(self.name(board, ride) for ride in reached)
            closed = 1 <= wanted <= self._shaft.boards and not self._shaft.is_open(wanted)
            raise IllegalMoveError(
                f"{f'board {wanted} is finished: ' if closed else ''}a ride from board {board} "
                f"lands on {targets}, not board {wanted}: write {names}"
            )
        ride = towards[0]
        refusal = self._boards[ride.target - 1].arrival_refusal(index, piece)
        if refusal is not None:
            raise IllegalMoveError(refusal)
        return ride

    def _landings(
        self,
        board: int,
        index: int,
        piece: Piece,
        directions: Sequence[Direction],
    ) -> tuple[list[Ride], list[str]]:
        """Return the rides of piece from elevator index that land, and why the others don't.

        In a small ring up and down may land on the same board: that is one ride, kept in
        its first direction.
        """
        found: list[Ride] = []
        problems: list[str] = []
        for direction in directions:
            target = self._shaft.reach(board, direction)
            if target is None:
                problems.append(self._shaft.blocked(board, direction))
            elif refusal := self._boards[target - 1].arrival_refusal(index, piece):
                problems.append(refusal)
            elif all(ride.target != target for ride in found):
                found.append(Ride(index, direction, target))
        return found, problems

    def open_to(self, board: int, side: Side, *, king_safety: bool) -> list[Ride]:
        """Return every ride side may make from board now."""
        origin = self._boards[board - 1]
        rides: list[Ride] = []
        for index in range(len(origin.elevators)):
            piece = origin.elevator_piece(index)
            if piece is None or origin.ride_refusal(index, side, king_safety=king_safety):
                continue
            rides += self._landings(board, index, piece, DIRECTIONS)[0]
        return rides

    def names(self, board: int, side: Side, *, king_safety: bool) -> list[str]:
        """Return every ride side may make from board now, in canonical notation."""
        rides = self.open_to(board, side, king_safety=king_safety)
        return [self.name(board, ride) for ride in rides]

    def name(self, board: int, ride: Ride) -> str:
        """Write a ride from board in canonical notation, such as Qd4^2."""
        origin = self._boards[board - 1]
        piece = origin.elevator_piece(ride.elevator)
        kind = piece.kind if piece is not None else "?"
        return ride_notation(kind, origin.elevators[ride.elevator], ride.direction, ride.target)
