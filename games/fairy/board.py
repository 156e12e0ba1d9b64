"""One fairy board: any mix of the registered kinds of piece, on a board of any setup size.

Betza's armies (Chess with Different Armies), and FIDE's pieces on 7x7 and 10x10 boards.
The moves are games.fairy.position's, checked against Fairy-Stockfish in the tests. A
piece that rides stays what it is; a pawn promotes to what is native to its side here
(that side's army on this board). The record keeps the position of the last capture,
pawn move, ride or arrival and the moves since: all a repetition needs.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from games.core.board import Played
from games.core.cellboard import CellBoard, Cells
from games.core.geometry import Shape
from games.core.pieces import Piece, Side
from games.fairy import engine, notation
from games.fairy.fen import read_fen, write_fen
from games.fairy.position import Position
from games.fairy.setups import SETUPS, Setup, rules_for, start_fen


class FairyBoard(CellBoard[Position]):
    """One board of fairy pieces with its elevator squares."""

    def __init__(
        self,
        number: int,
        elevators: Sequence[str],
        fen: str | None = None,
        *,
        setup: str = "8x8",
        armies: tuple[str, str] = ("fide", "fide"),
        kinds: frozenset[str] = frozenset(),
    ) -> None:
        self._setup: Setup = SETUPS[setup]
        self._rules = rules_for(self._setup, armies, kinds, fen)
        shape = Shape(self._setup.files, self._setup.ranks)
        self._set_up(
            number, shape, elevators, start_fen(self._setup, *armies) if fen is None else fen
        )

    def _read(self, fen: str, *, strict: bool) -> tuple[Position, int, int]:
        return read_fen(self._rules, fen, self.number, strict=strict)

    # ------------------------------------------------------------------ reading

    def fen(self) -> str:
        """Return the position as FEN."""
        return write_fen(self._position, self._halfmove, self._fullmove)

    def legal_moves(self) -> list[str]:
        """Return the normal legal moves of the side to move, in SAN."""
        position = self._position
        return [notation.san(position, move) for move in position.legal()]

    def parse_move(self, text: str) -> str:
        """Return the UCI of the legal move text names in SAN or UCI."""
        move = notation.parse(self._position, text, self.number, rides=bool(self.elevators))
        return notation.uci(self._position, move)

    # ------------------------------------------------------------------ playing

    def push(self, uci: str) -> Played:
        """Play a legal normal move given in UCI."""
        position = self._position
        move = notation.from_uci(position, uci)
        assert move is not None, f"{uci} is a move in UCI"
        start, target, _ = move
        moved, taken = position.cells[start], position.cells[target]
        assert moved is not None, f"{uci} starts on a piece"
        after = position.play(move)
        san = notation.bare_san(position, move) + notation.suffix(after)
        side, fullmove = self.turn, self._fullmove
        irreversible = taken is not None or moved in "Pp"
        self._position = after
        self._halfmove = 0 if irreversible else self._halfmove + 1
        if not position.white:
            self._fullmove += 1
        if irreversible:
            self._restart()
        else:
            self._moves.append(uci)
            self._keys.append(after.key())
        return Played(uci=uci, san=san, side=side, fullmove=fullmove, took_king=taken in ("K", "k"))

    # ------------------------------------------------------------------ elevators

    def _pinned(self, square: int, white: bool) -> bool:
        cells = self._position.cells.copy()
        cells[square] = None
        without = Position(self._rules, cells, white)
        king = without.king(white)
        return king >= 0 and without.attacked(king, not white)

    def arrival_refusal(self, index: int, piece: Piece) -> str | None:
        """Return why piece may not arrive on elevator index, or None if it may."""
        if piece.kind not in self._rules.kinds:
            return f"board {self.number} cannot hold a {piece.name}"
        return super().arrival_refusal(index, piece)

    def _departed(self, cells: Cells, square: int) -> Position:
        position = self._position
        rights = position.castling - position.rules_touched(square)
        return Position(self._rules, cells, not position.white, rights)

    def _arrived(self, cells: Cells, square: int) -> Position:
        position = self._position
        rights = position.castling - position.rules_touched(square)
        ep = position.ep if position.ep != square else None
        return Position(self._rules, cells, position.white, rights, ep)

    # ------------------------------------------------------------------ endings

    def can_mate(self, side: Side) -> bool:
        """Tell whether side has material enough to mate, as Fairy-Stockfish counts it."""
        white, black = engine.insufficient(self._rules, self.fen())
        return not (white if side == "white" else black)

    def _repeatable(self) -> Iterator[Position]:
        position = self._position
        for move in position.legal():
            start, target, _ = move
            if position.cells[target] is not None or position.cells[start] in ("P", "p"):
                continue  # a capture or a pawn move makes a position never seen before
            yield position.play(move)

    def _empty(self) -> Position:
        return Position(self._rules, [None] * self._rules.size, True)
