"""One fairy board: any mix of the registered kinds of piece, on a board of any setup size.

Betza's armies (Chess with Different Armies), and FIDE's pieces on 7x7 and 10x10 boards.
The moves are games.fairy.position's, checked against Fairy-Stockfish in the tests. A
piece that rides stays what it is; a pawn promotes to what is native to its side here
(that side's army on this board). The record keeps the position of the last capture,
pawn move, ride or arrival and the moves since: all a repetition needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import elevators as elevator_rules
from games.core.board import Played, state_parts
from games.core.errors import IllegalMoveError, MatchConfigError, RecordError, shown
from games.core.geometry import Shape
from games.core.pieces import Piece, Side
from games.core.results import Ending
from games.fairy import engine, notation
from games.fairy.fen import read_fen, square_index, square_name, write_fen
from games.fairy.position import Position, is_white
from games.fairy.setups import SETUPS, Setup, rules_for, start_fen


def _piece(symbol: str) -> Piece:
    return Piece(symbol.upper(), "white" if is_white(symbol) else "black")


class FairyBoard:
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
        self.number = number
        self._setup: Setup = SETUPS[setup]
        self.shape = Shape(self._setup.files, self._setup.ranks)
        self.staircases: tuple[tuple[str, ...], ...] = ()
        self._rules = rules_for(self._setup, armies, kinds, fen)
        self._elevator_squares = elevator_rules.elevator_squares(number, elevators, self.shape)
        self.elevators = tuple(square_name(self._rules, s) for s in self._elevator_squares)
        self._load(start_fen(self._setup, *armies) if fen is None else fen, strict=True)

    def _load(self, fen: str, *, strict: bool) -> None:
        self._position, self._halfmove, self._fullmove = read_fen(
            self._rules, fen, self.number, strict=strict
        )
        self._restart()

    def _restart(self) -> None:
        """Make the present position the root of the record and of repetition counts."""
        self._root = self.fen()
        self._moves: list[str] = []
        self._keys = [self._position.key()]

    # ------------------------------------------------------------------ reading

    @property
    def turn(self) -> Side:
        """Return the side to move."""
        return "white" if self._position.white else "black"

    @property
    def fullmove(self) -> int:
        """Return the number of the current full move."""
        return self._fullmove

    def fen(self) -> str:
        """Return the position as FEN."""
        return write_fen(self._position, self._halfmove, self._fullmove)

    def piece_at(self, square: str) -> Piece | None:
        """Return the piece on a named square."""
        index = square_index(self._rules, square) if isinstance(square, str) else None
        if index is None:
            raise IllegalMoveError(f"{shown(square)} is not a square of board {self.number}")
        found = self._position.cells[index]
        return None if found is None else _piece(found)

    def elevator_index(self, square: str) -> int | None:
        """Return the index of an elevator square, or None if square is not one."""
        try:
            return self.elevators.index(square)
        except ValueError:
            return None

    def elevator_piece(self, index: int) -> Piece | None:
        """Return the piece standing on elevator index."""
        found = self._position.cells[self._elevator_squares[index]]
        return None if found is None else _piece(found)

    def elevator_occupancy(self) -> int:
        """Return the occupied elevator squares as a bit set."""
        cells = self._position.cells
        return sum(1 << s for s in self._elevator_squares if cells[s] is not None)

    def is_check(self) -> bool:
        """Tell whether the side to move is in check."""
        return self._position.in_check()

    def king_capturable(self) -> bool:
        """Tell whether the side to move attacks the enemy king and may take it."""
        return self._position.king_capturable()

    def has_moves(self) -> bool:
        """Tell whether the side to move has a normal legal move."""
        return self._position.has_moves()

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

    def ride_refusal(self, index: int, side: Side, *, king_safety: bool) -> str | None:
        """Return why side may not ride the piece on elevator index, or None if it may."""
        position = self._position
        square = self._elevator_squares[index]
        found = position.cells[square]

        def pinned() -> bool:
            white = side == "white"
            cells = position.cells.copy()
            cells[square] = None
            without = Position(self._rules, cells, white)
            king = without.king(white)
            return king >= 0 and without.attacked(king, not white)

        return elevator_rules.ride_refusal(
            self.number,
            self.elevators[index],
            None if found is None else _piece(found),
            side,
            king_safety=king_safety,
            in_check=position.in_check,
            pinned=pinned,
        )

    def arrival_refusal(self, index: int, piece: Piece) -> str | None:
        """Return why piece may not arrive on elevator index, or None if it may."""
        square = self._elevator_squares[index]
        occupied = self._position.cells[square] is not None
        if piece.kind not in self._rules.kinds:
            return f"board {self.number} cannot hold a {piece.name}"
        return elevator_rules.arrival_refusal(self.number, square, occupied, piece, self.shape)

    def depart(self, index: int) -> Piece:
        """Take the piece on elevator index away as a ride: it uses the mover's turn.

        Like a capture, a departure resets the fifty-move count and the repetition history.
        """
        position = self._position
        square = self._elevator_squares[index]
        found = position.cells[square]
        if found is None:
            raise AssertionError(f"no piece on {self.elevators[index]} to ride")
        cells = position.cells.copy()
        cells[square] = None
        if not position.white:
            self._fullmove += 1
        rights = position.castling - position.rules_touched(square)
        self._position = Position(self._rules, cells, not position.white, rights)
        self._halfmove = 0
        self._restart()
        return _piece(found)

    def arrive(self, index: int, piece: Piece) -> None:
        """Put an arriving piece on the empty elevator index; the turn stays as it is."""
        position = self._position
        square = self._elevator_squares[index]
        if position.cells[square] is not None:
            raise AssertionError(f"{self.elevators[index]} is occupied")
        cells = position.cells.copy()
        cells[square] = piece.symbol
        rights = position.castling - position.rules_touched(square)
        ep = position.ep if position.ep != square else None
        self._position = Position(self._rules, cells, position.white, rights, ep)
        self._halfmove = 0
        self._restart()

    # ------------------------------------------------------------------ endings

    def insufficient_material(self) -> bool:
        """Tell whether neither side has material enough to mate."""
        return not self.can_mate("white") and not self.can_mate("black")

    def can_mate(self, side: Side) -> bool:
        """Tell whether side has material enough to mate, as Fairy-Stockfish counts it."""
        white, black = engine.insufficient(self._rules, self.fen())
        return not (white if side == "white" else black)

    def automatic_draw(self) -> Ending | None:
        """Return the automatic draw (75 moves, fivefold repetition) that applies, if any."""
        if self._halfmove >= 150:
            return Ending.SEVENTY_FIVE_MOVES
        if self._keys.count(self._position.key()) >= 5:
            return Ending.FIVEFOLD_REPETITION
        return None

    def claimable_draw(self, *, can_ride: bool = False) -> Ending | None:
        """Return the draw the side to move may claim (fifty moves, threefold), if any.

        can_ride: the side to move has a ride, which counts as a legal move. A repetition
        may be claimed when it stands on the board or when a legal move would make it.
        """
        position = self._position
        if self._halfmove >= 100 and (can_ride or position.has_moves()):
            return Ending.FIFTY_MOVES
        if self._keys.count(position.key()) >= 3:
            return Ending.THREEFOLD_REPETITION
        for move in position.legal():
            start, target, _ = move
            if position.cells[target] is not None or position.cells[start] in ("P", "p"):
                continue  # a capture or a pawn move makes a position never seen before
            if self._keys.count(position.play(move).key()) >= 2:
                return Ending.THREEFOLD_REPETITION
        return None

    def clear(self) -> None:
        """Remove every piece: White to move, counters reset."""
        self._position = Position(self._rules, [None] * self._rules.size, True)
        self._halfmove = 0
        self._fullmove = 1
        self._restart()

    # ------------------------------------------------------------------ records

    def state(self) -> dict[str, Any]:
        """Return the position the record starts from and the moves since, as UCI."""
        return {"root": self._root, "moves": list(self._moves)}

    def restore(self, state: Any) -> None:
        """Take a state that state() returned; raise RecordError if it is malformed."""
        root, moves = state_parts(state, self.number)
        before = (self._position, self._halfmove, self._fullmove)
        saved = (self._root, self._moves, self._keys)
        try:
            self._load(root, strict=False)
            for uci in moves:
                if not isinstance(uci, str) or self.parse_move(uci) != uci:
                    raise IllegalMoveError(f"{shown(uci)} is not a move there")
                self.push(uci)
        except (MatchConfigError, IllegalMoveError) as error:
            self._position, self._halfmove, self._fullmove = before
            self._root, self._moves, self._keys = saved
            raise RecordError(f"the state of board {self.number} does not load: {error}") from None
