"""One board of Ender's Chess: its position in the middle of a turn, its record and its end.

The rules live beside it: position.py moves the pieces and ends turns, notation.py reads
and writes actions and positions, maps.py holds the board's cells and gates as data.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from games.core.board import Played
from games.core.cellboard import CellBoard
from games.core.pieces import Side
from games.enders import notation
from games.enders.maps import RECONSTRUCTION, BoardMap
from games.enders.position import START_RESERVE, Cells, Drop, End, Move, Outcome, Position, geometry


def start_fen(board: BoardMap = RECONSTRUCTION) -> str:
    """Return the start of a game on a map: every piece in reserve, White to move."""
    empty = Position(geometry(board), [None] * len(board.shape.squares), True, START_RESERVE)
    return notation.write_fen(empty, 0, 1)


class EndersBoard(CellBoard[Position]):
    """One board of Ender's Chess, on the reconstructed map unless another is given."""

    def __init__(
        self, number: int = 1, fen: str | None = None, *, board: BoardMap = RECONSTRUCTION
    ) -> None:
        self._geometry = geometry(board)
        self._set_up(number, board.shape, (), start_fen(board) if fen is None else fen)

    # ------------------------------------------------------------------ reading

    def _read(self, fen: str, *, strict: bool) -> tuple[Position, int, int]:
        return notation.read_fen(fen, self._geometry, self.number)

    def fen(self) -> str:
        """Return the position as Ender's Chess FEN."""
        return notation.write_fen(self._position, self._halfmove, self._fullmove)

    @property
    def map(self) -> BoardMap:
        """Return the map the board is played on."""
        return self._geometry.board

    @property
    def position(self) -> Position:
        """Return the position, mid-turn as it stands."""
        return self._position

    def outcome(self) -> Outcome | None:
        """Return who won (None: a draw) and how, once an action has ended the game."""
        position = self._position
        return position.over or position.eliminated()

    def reserve(self, side: Side) -> str:
        """Return the letters of a side's reserve, as R, B, K and N."""
        return self._position.reserve(side == "white")

    def moved(self) -> tuple[str, ...]:
        """Return the cells of the pieces the mover has moved this turn."""
        names = self.shape.squares
        return tuple(names[index] for index in sorted(self._position.moved))

    def legal_moves(self) -> list[str]:
        """Return the next legal actions: drops, moves, then end."""
        position = self._position
        return [notation.san(position, action) for action in position.actions()]

    def parse_move(self, text: str) -> str:
        """Return the record form of the legal action text names, or refuse it."""
        return notation.uci(notation.parse(self._position, text, self.number), self._geometry)

    # ------------------------------------------------------------------ playing

    def push(self, uci: str) -> Played:
        """Play a legal action given in its record form."""
        position = self._position
        action = notation.parse(position, uci, self.number)
        side, fullmove = self.turn, self._fullmove
        san = notation.san(position, action)
        self._position = after = position.play(action)
        renews = isinstance(action, Drop) or (
            isinstance(action, Move) and position.cells[action.target] is not None
        )
        if renews:
            self._halfmove, self._keys = 0, []  # a drop or a capture is for good
        if after.white != position.white:  # the turn ended, by end or on the opponent's gate
            # The turn of a capture or drop does not count: the count starts after it.
            self._halfmove += 0 if renews or position.renewed else 1
            self._fullmove += 0 if position.white else 1
            self._keys.append(after.key())
        self._moves.append(uci)
        return Played(uci=uci, san=san, side=side, fullmove=fullmove, took_king=False)

    # ------------------------------------------------------------------ hooks of CellBoard

    def _pinned(self, square: int, white: bool) -> bool:
        return False  # no piece is royal

    def _departed(self, cells: Cells, square: int) -> Position:
        return replace(self._position, cells=cells)

    def _arrived(self, cells: Cells, square: int) -> Position:
        return replace(self._position, cells=cells)

    def _repeatable(self) -> Iterator[Position]:
        # A repetition counts turns' starts: ending the turn now is what may make one.
        if not self._position.answering:
            yield self._position.play(End())

    def _empty(self) -> Position:
        return Position(self._geometry, [None] * len(self.shape.squares), True, "")

    def can_mate(self, side: Side) -> bool:
        """Tell whether side may still win: it has a piece on the board or in reserve."""
        return self._position.count(side == "white") > 0
