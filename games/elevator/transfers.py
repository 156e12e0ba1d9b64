"""Victory transfers: the ride a board's winner may still make, then the board cleared."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.boardgame import Change, side_of
from games.core.capabilities import TransfersSettled
from games.core.errors import IllegalMoveError, shown
from games.core.events import Event
from games.core.pieces import Side, side_name
from games.core.results import winner_of
from games.elevator.events import BoardCleared, BoardEnded, TransferDeclined, Transferred
from games.elevator.notation import parse_ride
from games.elevator.parts import Parts
from games.elevator.rides import Ride


class VictoryTransfers:
    """The victory transfers a match's won boards still offer, and how each is decided."""

    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        self._pending: dict[int, Side] = {}

    def winner(self, board: int) -> Side | None:
        """Return the winner who may still make a board's victory transfer, or None."""
        return self._pending.get(board)

    def options(self, board: int) -> list[str]:
        """Return the rides open to the winner of a just-won board; [] when none is pending."""
        winner = self._pending.get(board)
        if winner is None:
            return []
        return self.parts.rides.names(board, winner, king_safety=False)

    def make(self, board: int, text: str, side: Side | None) -> Change:
        """Return the change a victory transfer written as text makes, or refuse it."""
        winner = self._decider(board, side)
        ride_text = parse_ride(text) if isinstance(text, str) else None
        if ride_text is None:
            raise IllegalMoveError(
                f"{shown(text)} is not a ride: a victory transfer is written like Qd4v1 or Ne4^3"
            )
        ride = self.parts.rides.resolve(board, ride_text, winner, king_safety=False)
        return lambda: self._transfer(board, ride)

    def skip(self, board: int, side: Side | None) -> Change:
        """Return the change declining a board's victory transfer makes, or refuse it."""
        winner = self._decider(board, side)
        return lambda: self._decline(board, winner)

    def offer(self, event: BoardEnded) -> None:
        """Keep a just-ended board's transfer for its winner, or clear the board if none."""
        self.recall(event)
        if event.board not in self._pending:
            self.clear(event.board)

    def drop_stranded(self, board: int) -> None:
        """Clear the boards near a just-closed one whose pending transfer can land nowhere now."""
        shaft = self.parts.shaft
        for nearby in shaft.nearby(board):
            if nearby in self._pending and not shaft.neighbours(nearby):
                self.clear(nearby)

    def may_reach(self, board: int) -> bool:
        """Tell whether a pending transfer nearby could still land on board."""
        shaft = self.parts.shaft
        return any(
            board in shaft.neighbours(nearby)
            for nearby in shaft.nearby(board)
            if nearby in self._pending
        )

    def recall(self, event: Event) -> None:
        """Take what an event of the log says about pending transfers, as a restore does."""
        if isinstance(event, BoardEnded):
            winner = winner_of(event.result)
            if event.transfer_pending and winner is not None:
                self._pending[event.board] = winner
        elif isinstance(event, BoardCleared):
            self._pending.pop(event.board, None)

    def clear(self, board: int) -> None:
        """Empty a finished board; a transfer it still offered is gone with its pieces."""
        parts = self.parts
        if self._pending.pop(board, None) is not None:
            parts.dirty.extend(parts.shaft.neighbours(board))
        parts.boards[board - 1].clear()
        parts.events.append(BoardCleared(board))

    def _decider(self, board: int, side: Side | None) -> Side:
        """Return the winner who decides a board's pending transfer, refusing anyone else."""
        self.parts.board(board)
        winner = self._pending.get(board)
        if winner is None:
            raise IllegalMoveError(f"board {board} has no victory transfer pending")
        if side is not None and side_of(side) != winner:
            raise IllegalMoveError(
                f"only {side_name(winner)}, who won board {board}, decides its victory transfer"
            )
        return winner

    def _transfer(self, board: int, ride: Ride) -> None:
        parts = self.parts
        index, direction, target = ride
        origin = parts.boards[board - 1]
        piece = origin.elevator_piece(index)
        if piece is None:
            raise AssertionError(f"no piece to transfer from board {board}")
        square = origin.elevators[index]
        parts.events.append(Transferred(board, piece.side, piece.kind, square, direction, target))
        parts.arrive(target, index, piece, board)
        self.clear(board)
        parts.dirty.append(target)
        parts.mark_neighbours(target)

    def _decline(self, board: int, winner: Side) -> None:
        self.parts.events.append(TransferDeclined(board, winner))
        self.clear(board)


def settled_by(events: Sequence[Event]) -> TransfersSettled:
    """Say which boards events cleared, and whose victory transfers they made or let go."""
    return TransfersSettled(
        cleared=tuple(e.board for e in events if isinstance(e, BoardCleared)),
        made=frozenset(e.board for e in events if isinstance(e, Transferred)),
        declined=frozenset(e.board for e in events if isinstance(e, TransferDeclined)),
    )
