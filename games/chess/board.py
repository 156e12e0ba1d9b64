"""One board of FIDE chess, played by python-chess: the only module that imports it."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

import chess

from games.core import elevators as elevator_rules
from games.core.board import Played, state_parts
from games.core.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    MatchConfigError,
    RecordError,
    not_a_move,
    shown,
)
from games.core.geometry import CHESSBOARD
from games.core.pieces import Piece, Side, side_name
from games.core.results import Ending

_UCI = re.compile(r"[a-h][1-8][a-h][1-8][qrbn]?")
_SQUARE = re.compile(r"[a-h][1-8]")

# Positions an arrival can create (more than eight pawns, three checkers, the side not
# to move in check) are normal here; only these defects make a start position unusable.
_FATAL_STATUS = {
    chess.STATUS_NO_WHITE_KING: "White has no king",
    chess.STATUS_NO_BLACK_KING: "Black has no king",
    chess.STATUS_TOO_MANY_KINGS: "a side has more than one king",
    chess.STATUS_PAWNS_ON_BACKRANK: "a pawn stands on the first or last rank",
    chess.STATUS_INVALID_EP_SQUARE: "its en passant square is impossible",
}


def _side(color: chess.Color) -> Side:
    return "white" if color == chess.WHITE else "black"


def _piece(piece: chess.Piece) -> Piece:
    return Piece(piece.symbol().upper(), _side(piece.color))


class _KingCaptureBoard(chess.Board):
    """A python-chess board on which a king left attacked by an arrival may be taken.

    python-chess lists a king capture only when it would be legal in FIDE terms;
    here it is always legal, even for a pinned piece or a side in check, because
    taking the king ends the game.
    """

    def capturable_king(self) -> chess.Square | None:
        """Return the square of the enemy king if the side to move attacks it."""
        if self.move_stack:
            # Only the root of the stack (a loaded position, or one just changed by an
            # arrival or departure, which clear the stack) can leave a king attacked by the
            # side to move: a legal move never leaves its own king attacked.
            return None
        king = self.king(not self.turn)
        if king is not None and self.is_attacked_by(self.turn, king):
            return king
        return None

    def generate_legal_moves(
        self, from_mask: chess.Bitboard = chess.BB_ALL, to_mask: chess.Bitboard = chess.BB_ALL
    ) -> Iterator[chess.Move]:
        target = self.capturable_king()
        if target is None:
            yield from super().generate_legal_moves(from_mask, to_mask)
            return
        target_mask = chess.BB_SQUARES[target]
        if to_mask & target_mask:
            yield from self.generate_pseudo_legal_moves(from_mask, target_mask)
        yield from super().generate_legal_moves(from_mask, to_mask & ~target_mask)

    def is_legal(self, move: chess.Move) -> bool:
        target = self.capturable_king()
        if target is not None and move.to_square == target:
            return self.is_pseudo_legal(move)
        return super().is_legal(move)


class FideBoard:
    """One board of FIDE chess with its elevator squares."""

    def __init__(self, number: int, elevators: Sequence[str], fen: str | None = None) -> None:
        self.number = number
        self.shape = CHESSBOARD
        self.staircases: tuple[tuple[str, ...], ...] = ()
        self._board = _KingCaptureBoard() if fen is None else self._load(fen)
        self._has_moves: bool | None = None
        self._elevator_squares = elevator_rules.elevator_squares(number, elevators)
        self.elevators = tuple(chess.square_name(square) for square in self._elevator_squares)
        self._elevator_mask = sum(chess.BB_SQUARES[square] for square in self._elevator_squares)

    def _load(self, fen: str) -> _KingCaptureBoard:
        try:
            board = _KingCaptureBoard(fen)
        except ValueError as error:
            # python-chess ends its reason by quoting the whole FEN: say the reason alone.
            reason = str(error).partition(": '")[0]
            raise MatchConfigError(
                f"the FEN for board {self.number} is not valid: {reason}"
            ) from None
        status = board.status()
        for flag, problem in _FATAL_STATUS.items():
            if status & flag:
                raise MatchConfigError(
                    f"the position for board {self.number} is unusable: {problem}"
                )
        board.castling_rights = board.clean_castling_rights()
        return board

    @property
    def turn(self) -> Side:
        """Return the side to move."""
        return _side(self._board.turn)

    @property
    def fullmove(self) -> int:
        """Return the number of the current full move."""
        return self._board.fullmove_number

    def fen(self) -> str:
        """Return the position as FEN, exactly as python-chess writes it."""
        return self._board.fen()

    def piece_at(self, square: str) -> Piece | None:
        """Return the piece on a named square."""
        try:
            index = chess.parse_square(square)
        except ValueError:
            raise IllegalMoveError(
                f"{shown(square)} is not a square of board {self.number}"
            ) from None
        piece = self._board.piece_at(index)
        return None if piece is None else _piece(piece)

    def elevator_index(self, square: str) -> int | None:
        """Return the index of an elevator square, or None if square is not one."""
        try:
            return self.elevators.index(square)
        except ValueError:
            return None

    def elevator_piece(self, index: int) -> Piece | None:
        """Return the piece standing on elevator index."""
        piece = self._board.piece_at(self._elevator_squares[index])
        return None if piece is None else _piece(piece)

    def elevator_occupancy(self) -> int:
        """Return the occupied elevator squares as a bitboard."""
        return self._board.occupied & self._elevator_mask

    def is_check(self) -> bool:
        """Tell whether the side to move is in check."""
        return self._board.is_check()

    def king_capturable(self) -> bool:
        """Tell whether the side to move attacks the enemy king and may take it."""
        return self._board.capturable_king() is not None

    def has_moves(self) -> bool:
        """Tell whether the side to move has a normal legal move."""
        # Neighbours ask again after every change to their elevators: remember the answer
        # until this board's own position changes.
        if self._has_moves is None:
            self._has_moves = any(self._board.generate_legal_moves())
        return self._has_moves

    def legal_moves(self) -> list[str]:
        """Return the normal legal moves of the side to move, in SAN."""
        board = self._board
        return [board.san(move) for move in board.generate_legal_moves()]

    def parse_move(self, text: str) -> str:
        """Return the UCI of the legal move text names in SAN or UCI."""
        board = self._board
        token = text.strip()
        try:
            if _UCI.fullmatch(token):
                move = chess.Move.from_uci(token)
                if not board.is_legal(move):
                    raise IllegalMoveError(self._illegal(token))
                return board.uci(move)  # castling typed as e1h1 is logged as e1g1
            else:
                move = board.parse_san(token)
        except chess.AmbiguousMoveError:
            raise AmbiguousMoveError(self._ambiguous(token)) from None
        except chess.IllegalMoveError:
            raise IllegalMoveError(self._illegal(token)) from None
        except chess.InvalidMoveError:
            move = chess.Move.null()
        if not move:
            raise not_a_move(token, self.number, rides=bool(self.elevators))
        return move.uci()

    def _illegal(self, token: str) -> str:
        turn = side_name(self.turn)
        message = f"{token} is not a legal move for {turn} on board {self.number}"
        if self._board.is_check():
            message += f": {turn} is in check"
        return message

    def _ambiguous(self, token: str) -> str:
        board = self._board
        target = chess.parse_square(_SQUARE.findall(token)[-1])
        kind = chess.PIECE_SYMBOLS.index(token[0].lower()) if token[0] in "NBRQK" else chess.PAWN
        options = [
            board.san(move)
            for move in board.generate_legal_moves(to_mask=chess.BB_SQUARES[target])
            if board.piece_type_at(move.from_square) == kind
        ]
        return f"{token} is ambiguous on board {self.number}: write {' or '.join(options)}"

    def keeps_turn(self, uci: str) -> bool:
        """Tell whether a move given in UCI leaves the turn with its side: none does in chess."""
        return False

    def push(self, uci: str) -> Played:
        """Play a legal normal move given in UCI."""
        board = self._board
        move = chess.Move.from_uci(uci)
        side = self.turn
        fullmove = board.fullmove_number
        took_king = board.piece_type_at(move.to_square) == chess.KING
        san = board.san_and_push(move)
        # python-chess looked for a reply to write + or #: keep what it found.
        self._has_moves = True if san.endswith("+") else False if san.endswith("#") else None
        return Played(uci=uci, san=san, side=side, fullmove=fullmove, took_king=took_king)

    def ride_refusal(self, index: int, side: Side, *, king_safety: bool) -> str | None:
        """Return why side may not ride the piece on elevator index, or None if it may."""
        board = self._board
        square = self._elevator_squares[index]
        found = board.piece_at(square)
        return elevator_rules.ride_refusal(
            self.number,
            self.elevators[index],
            None if found is None else _piece(found),
            side,
            king_safety=king_safety,
            in_check=board.is_check,
            pinned=lambda: board.is_pinned(board.turn, square),
        )

    def arrival_refusal(self, index: int, piece: Piece) -> str | None:
        """Return why piece may not arrive on elevator index, or None if it may."""
        square = self._elevator_squares[index]
        occupied = self._board.piece_at(square) is not None
        return elevator_rules.arrival_refusal(self.number, square, occupied, piece)

    def depart(self, index: int) -> Piece:
        """Take the piece on elevator index away as a ride: it uses the mover's turn.

        A departure removes material, so like a capture it resets the fifty-move count
        and starts the repetition history afresh.
        """
        board = self._board
        square = self._elevator_squares[index]
        found = board.remove_piece_at(square)
        if found is None:
            raise AssertionError(f"no piece on {chess.square_name(square)} to ride")
        board.castling_rights &= ~chess.BB_SQUARES[square]
        board.ep_square = None
        board.halfmove_clock = 0
        if board.turn == chess.BLACK:
            board.fullmove_number += 1
        board.turn = not board.turn
        board.clear_stack()
        self._has_moves = None
        return _piece(found)

    def arrive(self, index: int, piece: Piece) -> None:
        """Put an arriving piece on the empty elevator index; the turn stays as it is."""
        self.place(chess.square_name(self._elevator_squares[index]), piece)

    def place(self, name: str, piece: Piece) -> None:
        """Put an arriving piece on an empty square; the turn stays as it is.

        Like an arrival, it resets the fifty-move count and starts the repetition history
        afresh (python-chess's move stack would not replay over it).
        """
        board = self._board
        square = chess.parse_square(name)
        if board.piece_at(square) is not None:
            raise AssertionError(f"{name} is occupied")
        board.set_piece_at(square, chess.Piece.from_symbol(piece.symbol))
        board.castling_rights &= ~chess.BB_SQUARES[square]
        board.halfmove_clock = 0
        board.clear_stack()
        self._has_moves = None

    def lift(self, name: str) -> Piece:
        """Take a piece off a square without using a turn: it leaves for another board.

        A pawn that leaves right after its two-square advance can no longer be taken en
        passant; like a departure, lifting resets the fifty-move count and the history.
        """
        board = self._board
        square = chess.parse_square(name)
        found = board.remove_piece_at(square)
        if found is None:
            raise AssertionError(f"no piece on {name} to lift")
        board.castling_rights &= ~chess.BB_SQUARES[square]
        board.ep_square = None
        board.halfmove_clock = 0
        board.clear_stack()
        self._has_moves = None
        return _piece(found)

    def leaving_refusal(self, uci: str) -> str | None:
        """Say why a legal move may not end with the moved piece leaving the board, or None.

        The mover's king must not be attacked once the piece has gone (a piece that blocks
        a check, or is pinned, cannot pass through to another board).
        """
        board = self._board.copy(stack=False)
        move = chess.Move.from_uci(uci)
        mover = board.turn
        san = board.san(move).rstrip("+#")
        board.push(move)
        board.remove_piece_at(move.to_square)
        king = board.king(mover)
        if king is not None and board.is_attacked_by(not mover, king):
            return (
                f"{san} would leave {side_name(_side(mover))}'s king in check on board "
                f"{self.number} once the piece has passed through"
            )
        return None

    def insufficient_material(self) -> bool:
        """Tell whether neither side has material enough to mate."""
        return self._board.is_insufficient_material()

    def can_mate(self, side: Side) -> bool:
        """Tell whether side has material enough to mate, by any series of moves."""
        return not self._board.has_insufficient_material(side == "white")

    def automatic_draw(self) -> Ending | None:
        """Return the automatic draw that applies, if any.

        The match asks only once mate and stalemate are ruled out, so the 75-move
        rule needs no look for a legal move here.
        """
        board = self._board
        if board.halfmove_clock >= 150:
            return Ending.SEVENTY_FIVE_MOVES
        # Five occurrences of a position take at least 16 reversible half-moves; below that,
        # spare python-chess's walk through the whole move stack.
        if board.halfmove_clock >= 16 and board.is_fivefold_repetition():
            return Ending.FIVEFOLD_REPETITION
        return None

    def claimable_draw(self, *, can_ride: bool = False) -> Ending | None:
        """Return the draw the side to move may claim, if any.

        can_ride: the side to move has a ride, which counts as a legal move. python-chess
        wants a normal legal move for the fifty-move claim; a ride never makes the claim
        possible by being played (it resets the count) nor a repetition (it resets history).
        """
        board = self._board
        if board.can_claim_fifty_moves() or (can_ride and board.halfmove_clock >= 100):
            return Ending.FIFTY_MOVES
        if board.can_claim_threefold_repetition():
            return Ending.THREEFOLD_REPETITION
        return None

    def clear(self) -> None:
        """Remove every piece."""
        self._board.clear()
        self._has_moves = None

    def state(self) -> dict[str, Any]:
        """Return the position the move stack starts from and the moves since, as UCI."""
        root = self._board.root().fen(en_passant="fen")
        return {"root": root, "moves": [move.uci() for move in self._board.move_stack]}

    def restore(self, state: Any) -> None:
        """Take a state that state() returned; raise RecordError if it is malformed."""
        root, moves = state_parts(state, self.number)
        try:
            board = _KingCaptureBoard(root)
            for uci in moves:
                move = chess.Move.from_uci(uci)
                if not board.is_legal(move):
                    raise ValueError(f"{uci} is not legal there")
                board.push(move)
        except (TypeError, ValueError) as error:
            raise RecordError(f"the state of board {self.number} does not load: {error}") from None
        self._board = board
        self._has_moves = None
