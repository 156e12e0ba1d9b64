"""One board of Escher Staircase (Jim Aikin): the position, its record and its elevators.

The rules live beside it: position.py moves the pieces and the staircases, notation.py
reads and writes the moves, fen.py reads and writes positions. Where the rules text is
silent: a pawn carried to its last rank by its owner's move promotes to the kind written
after that move (`Bc4=N`), one carried by the opponent's move waits for its owner's choice
(`a1=Q`), which does not use the turn; stalemate draws; no castling.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from games.core.board import Played
from games.core.cellboard import CellBoard
from games.core.geometry import CHESSBOARD
from games.core.pieces import Side, side_name
from games.core.reach import INDEX, NAMES, WHITE, Cells, find_king
from games.escher import notation
from games.escher.fen import read_fen, write_fen
from games.escher.position import Position, attacked, valid_ep
from games.escher.staircases import STAIRCASES

START_FEN: Final = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"


class EscherBoard(CellBoard[Position]):
    """One board of Escher Staircase with its elevator squares."""

    def __init__(self, number: int, elevators: Sequence[str] = (), fen: str | None = None) -> None:
        fen = START_FEN if fen is None else fen
        self._set_up(number, CHESSBOARD, elevators, fen, STAIRCASES)

    # ------------------------------------------------------------------ reading

    def _read(self, fen: str, *, strict: bool) -> tuple[Position, int, int]:
        return read_fen(fen, self.number, strict=strict)

    def fen(self) -> str:
        """Return the position as FEN; castling is always '-'."""
        return write_fen(self._position, self._halfmove, self._fullmove)

    def has_moves(self) -> bool:
        """Tell whether the side to move has a normal legal move (a pending choice counts)."""
        return self._position.has_moves()

    def legal_moves(self) -> list[str]:
        """Return the legal moves of the side to move in SAN, each promotion choice apart.

        While a pawn awaits its owner's choice, the four choices are the only moves.
        """
        return notation.legal_sans(self._position)

    def parse_move(self, text: str) -> str:
        """Return the UCI of the legal move text names in SAN or UCI.

        A promotion choice is written after the move (`e8=Q`, `Bc4=N`); a choice awaited
        for a pawn the opponent carried is written as its square and kind (`a1=Q`).
        """
        return notation.parse(self._position, text, self.number, rides=bool(self.elevators))

    # ------------------------------------------------------------------ playing

    def push(self, uci: str) -> Played:
        """Play a legal move given in UCI (a pending choice as `a1a1q`)."""
        position = self._position
        start, target = INDEX[uci[0:2]], INDEX[uci[2:4]]
        choice = uci[4].upper() if len(uci) > 4 else None
        side = self.turn
        fullmove = self._fullmove
        if start == target:
            assert choice is not None, "a pending choice names its kind"
            cells = position.cells.copy()
            cells[start] = choice if position.white else choice.lower()
            self._position = Position(cells, position.white, position.ep)
            self._halfmove = 0
            self._keys = []
            san = notation.choice_san(start, choice)
            took_king = False
        else:
            taken = position.cells[target]
            moved = position.cells[start]
            san = notation.san(position, start, target, choice)
            self._position = after = position.play(start, target, choice)
            san += notation.suffix(after)
            took_king = taken in ("K", "k")
            ep_taken = moved in ("P", "p") and (target - start) % 8 != 0
            irreversible = taken is not None or ep_taken or choice is not None
            self._halfmove = 0 if irreversible or moved in ("P", "p") else self._halfmove + 1
            if irreversible:
                # Only a capture or a promotion is for good: a pawn stepping against a
                # staircase is carried back, so a pawn move may repeat a position.
                self._keys = []
            if not position.white:
                self._fullmove += 1
        self._keys.append(self._position.key())
        self._moves.append(uci)
        return Played(uci=uci, san=san, side=side, fullmove=fullmove, took_king=took_king)

    def keeps_turn(self, uci: str) -> bool:
        """Tell whether a move given in UCI is a choice for a carried pawn (`a1a1q`), not a move.

        A choice leaves the turn with the side that made it.
        """
        return uci[0:2] == uci[2:4]

    # ------------------------------------------------------------------ elevators

    def _waiting(self, side: Side) -> str | None:
        """Return why side must first choose what its pawn on the last rank becomes, or None."""
        pending = self._position.pending() if side == self.turn else -1
        if pending < 0:
            return None
        return (
            f"{side_name(side)} must first choose what the pawn on {NAMES[pending]} "
            f"becomes on board {self.number}"
        )

    def _pinned(self, square: int, white: bool) -> bool:
        cells = self._position.cells.copy()
        cells[square] = None
        king = find_king(cells, white)
        return king >= 0 and attacked(cells, king, not white)

    def _departed(self, cells: Cells, square: int) -> Position:
        """Return the position after a ride: no staircase shifts."""
        return Position(cells, not self._position.white, None)

    def _arrived(self, cells: Cells, square: int) -> Position:
        position = self._position
        return Position(cells, position.white, valid_ep(cells, position.white, position.ep))

    # ------------------------------------------------------------------ endings

    def can_mate(self, side: Side) -> bool:
        """Tell whether side has material enough to mate, by FIDE's count of material.

        As python-chess counts it, except that bishops are not held to one colour: a
        staircase's step moves a bishop onto the other colour.
        """
        cells = [piece for piece in self._position.cells if piece is not None]
        own = [piece.upper() for piece in cells if (piece in WHITE) == (side == "white")]
        others = [piece.upper() for piece in cells if (piece in WHITE) != (side == "white")]
        if any(kind in "PRQ" for kind in own):
            return True
        if "N" in own:
            return len(own) > 2 or any(kind in "PNBR" for kind in others)
        if "B" in own:
            everyone = own + others
            return everyone.count("B") > 1 or "P" in everyone or "N" in everyone
        return False

    def _repeatable(self) -> Iterator[Position]:
        position = self._position
        if position.pending() >= 0:
            return
        for start, target, needs in position.legal():
            if needs or position.cells[target] is not None:
                continue  # a promotion or a capture makes a position never seen before
            yield position.play(start, target, None)

    def _empty(self) -> Position:
        return Position([None] * 64, True, None)
