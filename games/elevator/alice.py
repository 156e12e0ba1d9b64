"""Alice's Elevator Chess: two boards, and a move that captures nothing passes through.

Betza: "Alice's Elevator Chess can be played with two sets and two boards, but you must
add the rule that capturing moves do not transfer from Board A to Board B." We play Alice
Chess's rule between two boards that each keep their own set and turns: a move that
captures nothing ends with the moved piece passing to the same square of the other board,
which must be empty, as an arrival that uses no turn there. Captures, king moves and
castling stay on their board; the mover's king must not be in check on the board the
piece leaves once it has gone. Every square being an elevator, there are no separate
rides; once a board is over, the other plays on as ordinary chess.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from games.core.board import Board
from games.core.boardgame import Change
from games.core.errors import IllegalMoveError, MatchConfigError
from games.core.events import Event, Moved
from games.core.pieces import Piece
from games.elevator.events import Arrived, PassedThrough
from games.elevator.modes import Mode
from games.elevator.parts import Parts


@runtime_checkable
class PassingBoard(Protocol):
    """A board a piece can leave, or reach, from any square (FideBoard is one)."""

    def lift(self, name: str) -> Piece:
        """Take a piece off a square without using a turn."""
        ...

    def place(self, name: str, piece: Piece) -> None:
        """Put a piece on an empty square without using a turn."""
        ...

    def leaving_refusal(self, uci: str) -> str | None:
        """Say why a legal move may not end with the moved piece leaving the board."""
        ...


def passing_boards(parts: Parts, mode: str) -> list[PassingBoard]:
    """Return the match's boards as boards pieces can leave and reach, or refuse the mode."""
    if parts.game.config.armies is not None:
        raise MatchConfigError(f"{mode} is played with FIDE's armies only")
    boards: list[PassingBoard] = []
    for number, board in enumerate(parts.boards, 1):
        if not isinstance(board, PassingBoard):
            raise MatchConfigError(
                f"{mode} cannot be played on board {number}, which plays by the rules "
                f"{parts.game.config.rules_of(number)}: its pieces cannot leave from any square"
            )
        boards.append(board)
    return boards


class Alice(Mode):
    """Alice's Elevator Chess on two boards."""

    NAME = "alice"
    TITLE = "Alice's Elevator Chess"
    RIDES = False
    NO_RIDES = "a move that captures nothing passes through to the other board by itself"

    def __init__(self, parts: Parts) -> None:
        super().__init__(parts)
        if parts.game.config.elevators is not None:
            raise MatchConfigError(
                f"{self.TITLE} has no elevator squares to choose: every move that captures "
                "nothing passes through to the other board"
            )
        self._passing = passing_boards(parts, self.TITLE)

    def move(self, board: int, uci: str) -> Change:
        """Return the change a legal move makes: passing through if it captures nothing."""
        other = 3 - board
        if not self._passes(board, uci, other):
            return lambda: self._stay(board, uci, other)
        square = uci[2:4]
        if self.parts.boards[other - 1].piece_at(square) is not None:
            raise IllegalMoveError(
                f"{uci[:4]} cannot pass through: {square} on board {other} is occupied "
                "(a move that captures nothing ends on the other board)"
            )
        refusal = self._passing[board - 1].leaving_refusal(uci)
        if refusal is not None:
            raise IllegalMoveError(refusal)
        return lambda: self._pass_through(board, uci, other)

    def normal_moves(self, board: int) -> list[str]:
        """Return the moves legal under Alice's rule; pass-throughs without check marks."""
        playing = self.parts.boards[board - 1]
        other = 3 - board
        moves: list[str] = []
        for san in playing.legal_moves():
            uci = playing.parse_move(san)
            if not self._passes(board, uci, other):
                moves.append(san)
            elif (
                self.parts.boards[other - 1].piece_at(uci[2:4]) is None
                and self._passing[board - 1].leaving_refusal(uci) is None
            ):
                moves.append(san.rstrip("+#"))
        return moves

    def has_moves(self, board: int) -> bool:
        """Tell whether the side to move has a move legal under Alice's rule."""
        if self.parts.game.is_closed(3 - board):
            return super().has_moves(board)
        return bool(self.normal_moves(board))

    def state_refusal(self, board: Board, last: Event) -> str | None:
        """Refuse a board that still shows a piece on the square it passed through from."""
        if isinstance(last, PassedThrough) and board.piece_at(last.square) is not None:
            return f"{last.square} should be empty after the pass-through"
        return None

    def passes_to(self, board: int) -> int | None:
        """Return the other board while it is open: a quiet move passes there."""
        other = 3 - board
        return other if self.parts.game.is_open(other) else None

    def _passes(self, board: int, uci: str, other: int) -> bool:
        """Tell whether a legal move passes through: it captures nothing and is no king's."""
        if self.parts.game.is_closed(other):
            return False
        playing = self.parts.boards[board - 1]
        mover = playing.piece_at(uci[:2])
        if mover is None or mover.kind == "K":
            return False
        en_passant = mover.kind == "P" and uci[0] != uci[2]
        return playing.piece_at(uci[2:4]) is None and not en_passant

    def _stay(self, board: int, uci: str, other: int) -> None:
        self.parts.move(board, uci)
        # The other board's pass-throughs need this board's squares empty: look again.
        self.parts.dirty.append(other)

    def _pass_through(self, board: int, uci: str, other: int) -> None:
        parts = self.parts
        playing, target = parts.boards[board - 1], parts.boards[other - 1]
        played = playing.push(uci)
        square = uci[2:4]
        piece = self._passing[board - 1].lift(square)
        self._passing[other - 1].place(square, piece)
        # python-chess wrote + or # with the piece still there; it has gone.
        check = playing.is_check()
        mark = ("+" if parts.has_moves(board) else "#") if check else ""
        san = played.san.rstrip("+#") + mark
        to_move = target.turn == piece.side
        parts.events.extend(
            [
                Moved(board, played.side, played.fullmove, uci, san),
                PassedThrough(board, piece.side, piece.kind, square, other),
                Arrived(
                    other,
                    piece.side,
                    piece.kind,
                    square,
                    board,
                    check=not to_move and target.is_check(),
                    king_capturable=to_move and target.king_capturable(),
                ),
            ]
        )
        parts.dirty.extend((board, other))
