"""One board of Cylindrical chess: the position, its record and its elevators.

The rules live beside it: squares.py joins files a and h, position.py moves the pieces,
notation.py reads and writes the moves, fen.py reads and writes positions. Where the rules
are silent we chose: FIDE castling as on an ordinary board, and no move that leaves the
position unchanged (a rook or queen may not go round its rank back to its own square).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from games.core import elevators as elevator_rules
from games.core.board import Played, state_parts
from games.core.errors import IllegalMoveError, MatchConfigError, RecordError, shown
from games.core.pieces import Piece, Side
from games.core.results import Ending
from games.cylinder import notation
from games.cylinder.fen import read_fen, write_fen
from games.cylinder.position import Position, attacked, find_king, valid_castling, valid_ep
from games.cylinder.squares import CYLINDER, INDEX, NAMES, WHITE, piece_of, side_of

START_FEN: Final = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
_DARK: Final = frozenset(s for s in range(64) if (s % 8 + s // 8) % 2 == 0)


class CylinderBoard:
    """One board of Cylindrical chess with its elevator squares."""

    def __init__(self, number: int, elevators: Sequence[str] = (), fen: str | None = None) -> None:
        self.number = number
        self.shape = CYLINDER
        self.staircases: tuple[tuple[str, ...], ...] = ()
        self._elevator_squares = elevator_rules.elevator_squares(number, elevators)
        self.elevators = tuple(NAMES[s] for s in self._elevator_squares)
        self._load(START_FEN if fen is None else fen, strict=True)

    def _load(self, fen: str, *, strict: bool) -> None:
        """Set the position from FEN; strict: refuse positions a game cannot start from."""
        self._position, self._halfmove, self._fullmove = read_fen(fen, self.number, strict=strict)
        self._restart()

    def _restart(self) -> None:
        """Make the present position the root of the record and of repetition counts."""
        self._root = self.fen()
        self._moves: list[str] = []
        self._keys = [self._position.key()]

    @property
    def turn(self) -> Side:
        """Return the side to move."""
        return side_of(self._position.white)

    @property
    def fullmove(self) -> int:
        """Return the number of the current full move."""
        return self._fullmove

    def fen(self) -> str:
        """Return the position as FEN."""
        return write_fen(self._position, self._halfmove, self._fullmove)

    def piece_at(self, square: str) -> Piece | None:
        """Return the piece on a named square."""
        if square not in INDEX:
            raise IllegalMoveError(f"{shown(square)} is not a square of board {self.number}")
        found = self._position.cells[INDEX[square]]
        return None if found is None else piece_of(found)

    def elevator_index(self, square: str) -> int | None:
        """Return the index of an elevator square, or None if square is not one."""
        try:
            return self.elevators.index(square)
        except ValueError:
            return None

    def elevator_piece(self, index: int) -> Piece | None:
        """Return the piece standing on elevator index."""
        found = self._position.cells[self._elevator_squares[index]]
        return None if found is None else piece_of(found)

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

    def ride_refusal(self, index: int, side: Side, *, king_safety: bool) -> str | None:
        """Return why side may not ride the piece on elevator index, or None if it may."""
        position = self._position
        square = self._elevator_squares[index]
        found = position.cells[square]

        def pinned() -> bool:
            cells = position.cells.copy()
            cells[square] = None
            king = find_king(cells, side == "white")
            return king >= 0 and attacked(cells, king, side != "white")

        return elevator_rules.ride_refusal(
            self.number,
            self.elevators[index],
            None if found is None else piece_of(found),
            side,
            king_safety=king_safety,
            in_check=position.in_check,
            pinned=pinned,
        )

    def arrival_refusal(self, index: int, piece: Piece) -> str | None:
        """Return why piece may not arrive on elevator index, or None if it may."""
        square = self._elevator_squares[index]
        occupied = self._position.cells[square] is not None
        return elevator_rules.arrival_refusal(self.number, square, occupied, piece)

    def depart(self, index: int) -> Piece:
        """Take the piece on elevator index away as a ride: it uses the mover's turn.

        Like a capture, a departure resets the fifty-move count and starts the repetition
        history afresh.
        """
        position = self._position
        square = self._elevator_squares[index]
        found = position.cells[square]
        if found is None:
            raise AssertionError(f"no piece on {NAMES[square]} to ride")
        cells = position.cells.copy()
        cells[square] = None
        if not position.white:
            self._fullmove += 1
        castling = valid_castling(cells, position.castling)
        self._position = Position(cells, not position.white, castling, None)
        self._halfmove = 0
        self._restart()
        return piece_of(found)

    def arrive(self, index: int, piece: Piece) -> None:
        """Put an arriving piece on the empty elevator index; the turn stays as it is."""
        position = self._position
        square = self._elevator_squares[index]
        if position.cells[square] is not None:
            raise AssertionError(f"{NAMES[square]} is occupied")
        cells = position.cells.copy()
        cells[square] = piece.symbol
        ep = valid_ep(cells, position.white, position.ep)
        self._position = Position(cells, position.white, position.castling, ep)
        self._halfmove = 0
        self._restart()

    def insufficient_material(self) -> bool:
        """Tell whether neither side has material enough to mate."""
        return not self.can_mate("white") and not self.can_mate("black")

    def can_mate(self, side: Side) -> bool:
        """Tell whether side has material enough to mate, by FIDE's count as python-chess makes it.

        Eight files keep a bishop on its colour across the edge, and a cylinder has fewer
        edges to mate against than a board, so FIDE's dead positions stay dead.
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
        for start, target in position.legal():
            if position.cells[target] is not None or position.cells[start] in ("P", "p"):
                continue  # a capture or a pawn move makes a position never seen before
            if self._keys.count(position.play(start, target, None).key()) >= 2:
                return Ending.THREEFOLD_REPETITION
        return None

    def clear(self) -> None:
        """Remove every piece: White to move, counters reset, as python-chess clears."""
        self._position = Position([None] * 64, True, "", None)
        self._halfmove = 0
        self._fullmove = 1
        self._restart()

    def state(self) -> dict[str, Any]:
        """Return the position the record starts from and the moves since, as UCI."""
        return {"root": self._root, "moves": list(self._moves)}

    def restore(self, state: Any) -> None:
        """Take a state that state() returned; raise RecordError if it is malformed."""
        root, moves = state_parts(state, self.number)
        replay = CylinderBoard(self.number, self.elevators)
        try:
            replay._load(root, strict=False)
            for uci in moves:
                if not isinstance(uci, str) or replay.parse_move(uci) != uci:
                    raise IllegalMoveError(f"{shown(uci)} is not a move there")
                replay.push(uci)
        except (MatchConfigError, IllegalMoveError) as error:
            raise RecordError(f"the state of board {self.number} does not load: {error}") from None
        self._position = replay._position
        self._halfmove, self._fullmove = replay._halfmove, replay._fullmove
        self._root, self._moves, self._keys = replay._root, replay._moves, replay._keys
