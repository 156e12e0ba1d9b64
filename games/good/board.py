"""One board of Ben Good's Elevator: its position, its record and what ends it.

The rules live beside it: moves.py and attacks.py move the pieces and the elevators,
notation.py reads and writes actions, text.py positions, setup.py holds the start.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from typing import ClassVar

from games.core.board import Played
from games.core.cellboard import CellBoard, Cells
from games.core.errors import IllegalMoveError, shown
from games.core.geometry import Shape
from games.core.pieces import Piece, Side
from games.core.results import Ending
from games.good import notation, text
from games.good.attacks import attacked, in_check, king_cell
from games.good.cells import CELLS, NUMBERS, POLE_NAMES, pole_of
from games.good.cells import shape as cells_shape
from games.good.kinds import registry_symbol
from games.good.moves import legal_actions, play
from games.good.position import Action, Position, Step
from games.good.setup import START, START_FEN


@dataclass(slots=True)
class Standing:
    """A position as CellBoard reads it (cells as a list, the side to move), legal actions kept."""

    position: Position
    cells: Cells = field(init=False)
    white: bool = field(init=False)
    _legal: list[Action] | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.cells = list(self.position.cells)
        self.white = self.position.white

    def legal(self) -> list[Action]:
        """Return the side to move's legal actions, found once."""
        if self._legal is None:
            self._legal = legal_actions(self.position)
        return self._legal

    def key(self) -> tuple[object, ...]:
        """Return what repetition compares: pieces, shafts, side to move, en passant, captures."""
        p = self.position
        return (p.cells, p.shafts, p.white, p.ep, p.captured)

    def in_check(self) -> bool:
        """Tell whether the side to move's king is attacked."""
        return in_check(self.position)

    def king_capturable(self) -> bool:
        """Tell whether the side to move attacks the other side's king."""
        p = self.position
        king = king_cell(p, not p.white)
        return king is not None and attacked(p, king, p.white)

    def has_moves(self) -> bool:
        """Tell whether the side to move has a legal action."""
        return bool(self.legal())


@cache
def _shape(shafts: tuple[int, ...]) -> Shape:
    return cells_shape(shafts)


class GoodBoard(CellBoard[Standing]):
    """One board of Ben Good's Elevator, from the reconstructed start or a given text position.

    Its shape follows the elevators: the cells of each pole's shaft are missing from it.
    Records keep actions in the long form (2b1-2c3, 2a1-2a3/Pa4, E3c4U).
    """

    SIDEWAYS: ClassVar[bool] = False  # elevators move sideways too (the Wonkavator)

    def __init__(self, number: int = 1, fen: str | None = None) -> None:
        self._set_up(number, _shape(START.shafts), (), START_FEN if fen is None else fen)

    # ------------------------------------------------------------------ reading

    def _read(self, fen: str, *, strict: bool) -> tuple[Standing, int, int]:
        position, halfmove, fullmove = text.read_fen(fen, self.number, sideways=self.SIDEWAYS)
        return Standing(position), halfmove, fullmove

    def _restart(self) -> None:
        self.shape = _shape(self._position.position.shafts)
        super()._restart()

    def fen(self) -> str:
        """Return the position as text (see games.good.text)."""
        return text.write_fen(self._position.position, self._halfmove, self._fullmove)

    @property
    def position(self) -> Position:
        """Return the position as Good's rules hold it."""
        return self._position.position

    def piece_at(self, square: str) -> Piece | None:
        """Return the piece on a named cell, as the registry knows its kind (Good's C is L)."""
        number = NUMBERS.get(square) if isinstance(square, str) else None
        if number is None:
            raise IllegalMoveError(f"{shown(square)} is not a cell of board {self.number}")
        if not self.position.exists(number):
            pole = POLE_NAMES[pole_of(number)]
            raise IllegalMoveError(f"{square} is in pole {pole}'s shaft on board {self.number}")
        found = self.position.cells[number]
        if found is None:
            return None
        symbol = registry_symbol(found)
        return Piece(symbol.upper(), "white" if symbol.isupper() else "black")

    def legal_actions(self) -> list[Action]:
        """Return the side to move's legal actions."""
        return self._position.legal()

    def legal_moves(self) -> list[str]:
        """Return the legal actions as players write them: piece moves, then lifts."""
        position, legal = self.position, self._position.legal()
        return [notation.write(action, position, legal) for action in legal]

    def long_moves(self) -> list[str]:
        """Return the legal actions in their long form (2b1-2c3), which players may also type."""
        position = self.position
        return [notation.long(action, position) for action in self._position.legal()]

    def parse_move(self, text: str) -> str:
        """Return the long form of the legal action text names, or refuse it saying why."""
        position = self.position
        action = notation.parse(text, self._position.legal(), position, number=self.number)
        return notation.long(action, position)

    def repeated(self) -> bool:
        """Tell whether the present position stands for the third time (its mover loses)."""
        return self._keys.count(self._position.key()) >= 3

    # ------------------------------------------------------------------ playing

    def push(self, uci: str) -> Played:
        """Play a legal action given in its long form."""
        before = self._position
        position = before.position
        action = notation.parse(uci, before.legal(), position, number=self.number)
        side, fullmove = self.turn, self._fullmove
        san = notation.write(action, position, before.legal())
        after = Standing(play(position, action))
        if after.in_check():
            san += "+" if after.has_moves() else "#"
        moved = position.cells[action.start] if isinstance(action, Step) else None
        lost = after.position.captured != position.captured  # a capture, a fall, a promotion
        self._position = after
        self.shape = _shape(after.position.shafts)
        self._halfmove = 0 if lost or moved in ("P", "p") else self._halfmove + 1
        if lost:
            self._keys = []  # no position before it can come again
        if not position.white:
            self._fullmove += 1
        self._keys.append(after.key())
        self._moves.append(uci)
        return Played(uci=uci, san=san, side=side, fullmove=fullmove, took_king=False)

    def restore(self, state: object) -> None:
        """Take a state that state() returned; raise RecordError if it is malformed."""
        super().restore(state)
        self.shape = _shape(self.position.shafts)

    # ------------------------------------------------------------------ hooks of CellBoard

    def _pinned(self, square: int, white: bool) -> bool:
        cells = list(self.position.cells)
        cells[square] = None
        emptied = replace(self.position, cells=tuple(cells), white=white, ep=None)
        king = king_cell(emptied, white)
        return king is not None and attacked(emptied, king, not white)

    def _departed(self, cells: Cells, square: int) -> Standing:
        p = self.position
        return Standing(replace(p, cells=tuple(cells), white=not p.white, ep=None))

    def _arrived(self, cells: Cells, square: int) -> Standing:
        p = self.position
        return Standing(replace(p, cells=tuple(cells), ep=None))

    def _repeatable(self) -> Iterator[Standing]:
        position = self.position
        for action in self._position.legal():
            yield Standing(play(position, action))

    def _empty(self) -> Standing:
        p = self.position
        return Standing(Position((None,) * CELLS, p.shafts, True, sideways=p.sideways))

    # ------------------------------------------------------------------ endings

    def can_mate(self, side: Side) -> bool:
        """Tell whether side may still mate: it has a piece besides its king.

        Elevators and flying pieces make even a lone prince or pawn a mating threat in a
        corner between shafts, so only a bare king counts as too little.
        """
        white = side == "white"
        return any(
            symbol is not None and symbol.isupper() == white and symbol.upper() != "K"
            for symbol in self.position.cells
        )

    def claimable_draw(self, *, can_ride: bool = False) -> Ending | None:
        """Return the fifty-move draw if the side to move may claim it; a repetition is no draw.

        The third time a position stands, the player who made it has lost (GoodGame ends it).
        """
        if self._halfmove >= 100 and (can_ride or self._position.has_moves()):
            return Ending.FIFTY_MOVES
        return None


class WonkavatorBoard(GoodBoard):
    """One board of Ben Good's Wonkavator: his Elevator whose elevators move sideways too."""

    SIDEWAYS = True
