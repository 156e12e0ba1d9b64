"""One board of FIDE's pieces whose lines follow a Reach: its position, record and elevators.

The rules live beside it: position.py moves the pieces, notation.py reads and writes the
moves, fen.py reads and writes positions; a game's subclass names its Reach (and shape).
No move leaves the position unchanged (a ray stops before it comes round to its own square).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar, Final

from games.core.board import Played
from games.core.cellboard import CellBoard
from games.core.geometry import CHESSBOARD, Shape
from games.core.pieces import Side
from games.core.reach import INDEX, WHITE, Cells, Reach, find_king
from games.core.reachboard import notation
from games.core.reachboard.fen import read_fen, write_fen
from games.core.reachboard.position import Position, valid_castling

START_FEN: Final = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
_DARK: Final = frozenset(s for s in range(64) if (s % 8 + s // 8) % 2 == 0)


class ReachBoard(CellBoard[Position]):
    """One board of FIDE's pieces moving as its class's Reach says, with its elevator squares."""

    SHAPE: ClassVar[Shape] = CHESSBOARD
    REACH: ClassVar[Reach]

    def __init__(self, number: int, elevators: Sequence[str] = (), fen: str | None = None) -> None:
        self._set_up(number, self.SHAPE, elevators, START_FEN if fen is None else fen)

    def _read(self, fen: str, *, strict: bool) -> tuple[Position, int, int]:
        return read_fen(self.REACH, fen, self.number, strict=strict)

    def fen(self) -> str:
        """Return the position as FEN."""
        return write_fen(self._position, self._halfmove, self._fullmove)

    def legal_moves(self) -> list[str]:
        """Return the legal moves of the side to move in SAN, each promotion choice apart."""
        return notation.legal_sans(self._position)

    def parse_move(self, text: str) -> str:
        """Return the UCI of the legal move text names in SAN or UCI.

        Moves typed in the wrong case (nf3) are read by the game, as for every board.
        """
        return notation.parse(self._position, text, self.number, rides=bool(self.elevators))

    def push(self, uci: str) -> Played:
        """Play a legal move given in UCI."""
        position = self._position
        start, target = INDEX[uci[0:2]], INDEX[uci[2:4]]
        choice = uci[4].upper() if len(uci) > 4 else None
        side, fullmove = self.turn, self._fullmove
        moved, taken = position.cells[start], position.cells[target]
        san = notation.san(position, start, target, choice)
        self._position = after = position.play(start, target, choice)
        san += notation.suffix(after)
        pawn = moved in ("P", "p")
        if taken is not None or pawn:
            self._halfmove = 0
            self._keys = []  # no position before a capture or a pawn move can come again
        else:
            self._halfmove += 1
        if not position.white:
            self._fullmove += 1
        self._keys.append(after.key())
        self._moves.append(uci)
        took_king = taken in ("K", "k")
        return Played(uci=uci, san=san, side=side, fullmove=fullmove, took_king=took_king)

    def _pinned(self, square: int, white: bool) -> bool:
        cells = self._position.cells.copy()
        cells[square] = None
        king = find_king(cells, white)
        return king >= 0 and self.REACH.attacked(cells, king, not white)

    def _departed(self, cells: Cells, square: int) -> Position:
        position = self._position
        castling = valid_castling(cells, position.castling)
        return Position(self.REACH, cells, not position.white, castling, None)

    def _arrived(self, cells: Cells, square: int) -> Position:
        position = self._position
        ep = self.REACH.valid_ep(cells, position.white, position.ep)
        return Position(self.REACH, cells, position.white, position.castling, ep)

    def can_mate(self, side: Side) -> bool:
        """Tell whether side has material enough to mate, by FIDE's count as python-chess makes it.

        A bishop stays on its colour whether its line wraps round eight files or bounces
        off a cushion, and neither adds an edge to mate against, so FIDE's dead positions
        stay dead.
        """
        cells = self._position.cells
        white = side == "white"
        own = [p.upper() for p in cells if p is not None and (p in WHITE) == white]
        others = [p.upper() for p in cells if p is not None and (p in WHITE) != white]
        if any(kind in "PRQ" for kind in own):
            return True
        if "N" in own:
            return len(own) > 2 or any(kind not in "KQ" for kind in others)
        if "B" in own:
            bishops = {s in _DARK for s, p in enumerate(cells) if p in ("B", "b")}
            return len(bishops) > 1 or any(kind in "PN" for kind in own + others)
        return False

    def _repeatable(self) -> Iterator[Position]:
        position = self._position
        for start, target in position.legal():
            if position.cells[target] is not None or position.cells[start] in ("P", "p"):
                continue  # a capture or a pawn move makes a position never seen before
            yield position.play(start, target, None)

    def _empty(self) -> Position:
        return Position(self.REACH, [None] * 64, True, "", None)
