"""One board of Escher Staircase (Jim Aikin), with its own move generator in pure Python.

Squares are numbered 0 (a1) to 63 (h8), file first. A move that starts on a staircase
shifts it one step (both, where two cross), carrying every piece on it; see staircases.py.
Where the rules text is silent: en passant as in FIDE while the passed pawn still stands
where its advance ended; a pawn carried to its last rank by its owner's move promotes to the
kind written after that move (`Bc4=N`), one carried by the opponent's move waits for its
owner's choice (`a1=Q`), which does not use the turn; stalemate draws; no castling.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any, Final

from games.core.board import Played
from games.core.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    MatchConfigError,
    RecordError,
    shown,
)
from games.core.geometry import CHESSBOARD
from games.core.pieces import Piece, Side, side_name
from games.core.results import Ending
from games.escher.staircases import STAIRCASES

START_FEN: Final = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"

Cells = list[str | None]

_FILES: Final = "abcdefgh"
_NAMES: Final = tuple(f"{_FILES[index % 8]}{index // 8 + 1}" for index in range(64))
_INDEX: Final = {name: index for index, name in enumerate(_NAMES)}
_WHITE: Final = frozenset("PNBRQK")
_BLACK: Final = frozenset("pnbrqk")
_CHOICES: Final = "QRBN"
_LEGAL: Final = -2
_CHECK: Final = -1  # any other refusal code is the square two pieces would jam on

_UCI: Final = re.compile(r"([a-h][1-8])([a-h][1-8])([qrbn])?")
_SAN: Final = re.compile(
    r"([NBRQK])?([a-h])?([1-8])?([x:])?([a-h][1-8])(?:=?([QRBNqrbn]))?[+#]*[!?]*"
)
_CHOICE: Final = re.compile(r"([a-h][1-8])=?([QRBNqrbn])[+#]*")
_CASTLING: Final = re.compile(r"[0O](-[0O]){1,2}[+#]*")


def _steps(index: int, offsets: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    file, rank = index % 8, index // 8
    return tuple(
        (rank + dr) * 8 + file + df
        for df, dr in offsets
        if 0 <= file + df < 8 and 0 <= rank + dr < 8
    )


def _rays(index: int, directions: Sequence[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    file, rank = index % 8, index // 8
    rays = []
    for df, dr in directions:
        ray = []
        f, r = file + df, rank + dr
        while 0 <= f < 8 and 0 <= r < 8:
            ray.append(r * 8 + f)
            f, r = f + df, r + dr
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


_KNIGHT: Final = tuple(
    _steps(i, ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)))
    for i in range(64)
)
_KING: Final = tuple(
    _steps(i, ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)))
    for i in range(64)
)
_DIAGONAL: Final = tuple(_rays(i, ((1, 1), (-1, 1), (-1, -1), (1, -1))) for i in range(64))
_ORTHOGONAL: Final = tuple(_rays(i, ((1, 0), (0, 1), (-1, 0), (0, -1))) for i in range(64))
# Squares a pawn of each side captures onto from a square, and the squares from which a pawn
# of that side attacks a square (True: White).
_PAWN_TAKES: Final = {
    True: tuple(_steps(i, ((-1, 1), (1, 1))) for i in range(64)),
    False: tuple(_steps(i, ((-1, -1), (1, -1))) for i in range(64)),
}
_PAWN_FROM: Final = {
    True: tuple(_steps(i, ((-1, -1), (1, -1))) for i in range(64)),
    False: tuple(_steps(i, ((-1, 1), (1, 1))) for i in range(64)),
}
_LAST_RANK: Final = {True: range(56, 64), False: range(8)}
_KNIGHT_SETS: Final = tuple(frozenset(targets) for targets in _KNIGHT)


def _lines(index: int) -> frozenset[int]:
    return frozenset(s for ray in _DIAGONAL[index] + _ORTHOGONAL[index] for s in ray)


_LINES: Final = tuple(_lines(i) for i in range(64))

# A shift: the staircase's squares in travel order, where each one's piece goes, and the
# square before the starting one (where two staircases cross, both bring a piece to it).
_Shift = tuple[tuple[int, ...], tuple[int, ...], int]


def _shifts(index: int) -> tuple[_Shift, ...]:
    found = []
    for staircase in STAIRCASES:
        squares = tuple(_INDEX[name] for name in staircase)
        if index in squares:
            before = squares[squares.index(index) - 1]
            found.append((squares, squares[1:] + squares[:1], before))
    return tuple(found)


_SHIFTS: Final = tuple(_shifts(i) for i in range(64))


def _shift(cells: Cells, start: int, shifts: tuple[_Shift, ...]) -> bool:
    """Shift the staircases of a move that started on start; return False if two pieces jam."""
    if len(shifts) == 1:
        squares, onward, _ = shifts[0]
        carried = [cells[s] for s in squares]
        for square, piece in zip(onward, carried, strict=True):
            cells[square] = piece
        return True
    (first, first_onward, first_before), (second, second_onward, second_before) = shifts
    from_first, from_second = cells[first_before], cells[second_before]
    if from_first is not None and from_second is not None:
        return False
    # start is empty (its piece just left): each staircase carries that emptiness onward,
    # and start takes whichever piece one of them brings.
    carried = [cells[s] for s in first]
    for square, piece in zip(first_onward, carried, strict=True):
        cells[square] = piece
    cells[start] = None
    carried = [cells[s] for s in second]
    for square, piece in zip(second_onward, carried, strict=True):
        cells[square] = piece
    if from_first is not None:
        cells[start] = from_first
    return True


def _attacked(cells: Cells, square: int, white: bool) -> bool:
    """Tell whether the side white names attacks square.

    A pawn on its last rank awaits its owner's choice: it attacks as a queen or a knight.
    """
    if white:
        knight, bishop, rook, queen, king, pawn = "N", "B", "R", "Q", "K", "P"
    else:
        knight, bishop, rook, queen, king, pawn = "n", "b", "r", "q", "k", "p"
    for s in _KNIGHT[square]:
        if cells[s] == knight:
            return True
    for s in _PAWN_FROM[white][square]:
        if cells[s] == pawn:
            return True
    for s in _KING[square]:
        if cells[s] == king:
            return True
    for ray in _DIAGONAL[square]:
        for s in ray:
            found = cells[s]
            if found is not None:
                if found in (bishop, queen):
                    return True
                break
    for ray in _ORTHOGONAL[square]:
        for s in ray:
            found = cells[s]
            if found is not None:
                if found in (rook, queen):
                    return True
                break
    last = _LAST_RANK[white]
    if pawn in cells[last.start : last.stop]:
        for s in last:
            if cells[s] == pawn and (s in _KNIGHT_SETS[square] or _sees(cells, s, square)):
                return True
    return False


def _sees(cells: Cells, origin: int, square: int) -> bool:
    """Tell whether a queen on origin would attack square."""
    for ray in _DIAGONAL[origin] + _ORTHOGONAL[origin]:
        for s in ray:
            if s == square:
                return True
            if cells[s] is not None:
                break
    return False


def _side(white: bool) -> Side:
    return "white" if white else "black"


class _Position:
    """A placement with its side to move and en passant square, and what follows from them."""

    __slots__ = ("_check", "_has_moves", "_legal", "cells", "ep", "white")

    def __init__(self, cells: Cells, white: bool, ep: int | None) -> None:
        self.cells = cells
        self.white = white
        self.ep = ep
        self._check: bool | None = None
        self._has_moves: bool | None = None
        self._legal: list[tuple[int, int, bool]] | None = None

    def key(self) -> tuple[object, ...]:
        """Return what repetition compares: placement, side to move, en passant square."""
        return (tuple(self.cells), self.white, self.ep)

    def king(self, white: bool) -> int:
        """Return the square of white's king, or -1 if it has none."""
        return _find(self.cells, white)

    def in_check(self) -> bool:
        """Tell whether the side to move is in check."""
        if self._check is None:
            king = self.king(self.white)
            self._check = king >= 0 and _attacked(self.cells, king, not self.white)
        return self._check

    def king_capturable(self) -> bool:
        """Tell whether the side to move attacks the enemy king."""
        king = self.king(not self.white)
        return king >= 0 and _attacked(self.cells, king, self.white)

    def pending(self) -> int:
        """Return the square of a pawn of the side to move awaiting its choice, or -1."""
        pawn = "P" if self.white else "p"
        for square in _LAST_RANK[self.white]:
            if self.cells[square] == pawn:
                return square
        return -1

    def targets(self, start: int) -> list[int]:
        """Return where the piece on start may go, before king safety and jams."""
        cells = self.cells
        piece = cells[start]
        if piece is None:
            return []
        white = piece in _WHITE
        own = _WHITE if white else _BLACK
        kind = piece.upper()
        found: list[int] = []
        if kind == "P":
            rank = start // 8
            step = 8 if white else -8
            if rank == (7 if white else 0):
                return found  # awaiting its choice
            ahead = start + step
            if cells[ahead] is None:
                found.append(ahead)
                if rank in ((0, 1) if white else (6, 7)) and cells[ahead + step] is None:
                    found.append(ahead + step)
            for s in _PAWN_TAKES[white][start]:
                target = cells[s]
                if target is not None:
                    if target not in own:
                        found.append(s)
                elif s == self.ep:
                    found.append(s)
            return found
        if kind == "N" or kind == "K":
            for s in (_KNIGHT if kind == "N" else _KING)[start]:
                target = cells[s]
                if target is None or target not in own:
                    found.append(s)
            return found
        rays = (
            _DIAGONAL[start]
            if kind == "B"
            else _ORTHOGONAL[start]
            if kind == "R"
            else _DIAGONAL[start] + _ORTHOGONAL[start]
        )
        for ray in rays:
            for s in ray:
                target = cells[s]
                if target is None:
                    found.append(s)
                else:
                    if target not in own:
                        found.append(s)
                    break
        return found

    def pseudo(self) -> Iterator[tuple[int, int]]:
        """Yield the moves of the side to move, before king safety and jams."""
        own = _WHITE if self.white else _BLACK
        cells = self.cells
        for start in range(64):
            piece = cells[start]
            if piece is not None and piece in own:
                for target in self.targets(start):
                    yield start, target

    def after(self, start: int, target: int, choice: str | None) -> Cells | int:
        """Return the cells after a move and its shifts, or the square two pieces jam on.

        choice: what the mover's pawns reaching their last rank become (None: stay pawns).
        """
        cells = self.cells.copy()
        piece = cells[start]
        cells[start] = None
        white = self.white
        last = _LAST_RANK[white]
        if piece == "P" or piece == "p":
            if target == self.ep and (target - start) % 8:
                cells[target - 8 if white else target + 8] = None
            if choice is not None and target in last:
                piece = choice if white else choice.lower()
        cells[target] = piece
        shifts = _SHIFTS[start]
        if shifts:
            if not _shift(cells, start, shifts):
                return start
            if choice is not None:
                pawn, promoted = ("P", choice) if white else ("p", choice.lower())
                for squares, _, _ in shifts:
                    if cells[squares[0]] == pawn and squares[0] in last:
                        cells[squares[0]] = promoted
        return cells

    def refusal(self, start: int, target: int) -> int:
        """Return _LEGAL, _CHECK (the mover's king would be attacked) or the jam square."""
        cells = self.cells
        piece = cells[start]
        white = self.white
        if cells[target] == ("k" if white else "K"):
            # Taking the king ends the game: legal whatever it leaves behind, jams apart.
            result = self.after(start, target, None)
            return result if isinstance(result, int) else _LEGAL
        king = self.king(white)
        if (
            not _SHIFTS[start]
            and piece != "K"
            and piece != "k"
            and (king < 0 or start not in _LINES[king])
            and not self.in_check()
            and not (target == self.ep and (piece == "P" or piece == "p"))
        ):
            return _LEGAL  # nothing moves but the piece, and it shields no line to its king
        result = self.after(start, target, None)
        if isinstance(result, int):
            return result
        if piece == "K" or piece == "k" or _SHIFTS[start]:
            king = _find(result, white)  # the king moved, or a staircase may have carried it
        if king >= 0 and _attacked(result, king, not white):
            return _CHECK
        return _LEGAL

    def needs_choice(self, start: int, target: int) -> bool:
        """Tell whether a legal move brings one of the mover's pawns to its last rank."""
        last = _LAST_RANK[self.white]
        pawn = "P" if self.white else "p"
        if self.cells[start] == pawn and target in last:
            return True
        shifts = _SHIFTS[start]
        if not shifts:
            return False
        result = self.after(start, target, None)
        assert not isinstance(result, int), "needs_choice is asked of legal moves only"
        return any(result[squares[0]] == pawn and squares[0] in last for squares, _, _ in shifts)

    def has_moves(self) -> bool:
        """Tell whether the side to move has a legal move (a pending choice counts)."""
        if self._has_moves is None:
            self._has_moves = self.pending() >= 0 or any(
                self.refusal(start, target) == _LEGAL for start, target in self.pseudo()
            )
        return self._has_moves

    def legal(self) -> list[tuple[int, int, bool]]:
        """Return every legal (start, target, needs a choice), pending choices apart."""
        if self._legal is None:
            self._legal = [
                (start, target, self.needs_choice(start, target))
                for start, target in self.pseudo()
                if self.refusal(start, target) == _LEGAL
            ]
        return self._legal

    def sources(self, target: int, piece: str) -> list[int]:
        """Return the squares from which a piece of this kind may legally move to target."""
        return [
            start
            for start in range(64)
            if self.cells[start] == piece
            and target in self.targets(start)
            and self.refusal(start, target) == _LEGAL
        ]

    def play(self, start: int, target: int, choice: str | None) -> _Position:
        """Return the position after a legal move."""
        result = self.after(start, target, choice)
        assert not isinstance(result, int), "play is given legal moves only"
        piece = self.cells[start]
        ep = None
        if (piece == "P" or piece == "p") and abs(target - start) == 16:
            passed = (start + target) // 2
            enemy = "p" if self.white else "P"
            if (
                result[target] == piece
                and result[passed] is None
                and any(result[s] == enemy for s in _PAWN_FROM[not self.white][passed])
            ):
                ep = passed
        return _Position(result, not self.white, ep)

    def san(self, start: int, target: int, choice: str | None) -> str:
        """Return a legal move in SAN, without its check suffix."""
        cells = self.cells
        piece = cells[start]
        assert piece is not None
        kind = piece.upper()
        takes = cells[target] is not None
        promotion = "" if choice is None else f"={choice}"
        if kind == "P":
            takes = takes or (target - start) % 8 != 0
            prefix = f"{_FILES[start % 8]}x" if takes else ""
            return f"{prefix}{_NAMES[target]}{promotion}"
        rivals = [] if cells.count(piece) < 2 else self.sources(target, piece)
        rivals = [s for s in rivals if s != start]
        which = ""
        if rivals:
            if all(s % 8 != start % 8 for s in rivals):
                which = _FILES[start % 8]
            elif all(s // 8 != start // 8 for s in rivals):
                which = str(start // 8 + 1)
            else:
                which = _NAMES[start]
        return f"{kind}{which}{'x' if takes else ''}{_NAMES[target]}{promotion}"

    def suffix(self) -> str:
        """Return the check suffix this position earns the move that made it: '', + or #."""
        if not self.in_check():
            return ""
        return "+" if self.has_moves() else "#"


def _find(cells: Cells, white: bool) -> int:
    try:
        return cells.index("K" if white else "k")
    except ValueError:
        return -1


def _valid_ep(cells: Cells, white: bool, ep: int | None) -> int | None:
    """Return ep if the side white names may take en passant on it now, else None."""
    if ep is None or cells[ep] is not None:
        return None
    landing = ep - 8 if white else ep + 8
    if not 0 <= landing < 64 or cells[landing] != ("p" if white else "P"):
        return None
    pawn = "P" if white else "p"
    return ep if any(cells[s] == pawn for s in _PAWN_FROM[white][ep]) else None


class EscherBoard:
    """One board of Escher Staircase with its elevator squares."""

    def __init__(self, number: int, elevators: Sequence[str] = (), fen: str | None = None) -> None:
        self.number = number
        self.shape = CHESSBOARD
        self.staircases: tuple[tuple[str, ...], ...] = STAIRCASES
        squares: list[int] = []
        for name in elevators:
            if name not in _INDEX:
                raise MatchConfigError(
                    f"{shown(name)} is not a square of board {number}: name elevators like d4"
                )
            squares.append(_INDEX[name])
        if len(set(squares)) != len(squares):
            raise MatchConfigError(f"board {number} names an elevator square twice")
        self.elevators = tuple(_NAMES[s] for s in squares)
        self._elevator_squares = tuple(squares)
        self._load(START_FEN if fen is None else fen, strict=True)

    # ------------------------------------------------------------------ reading

    def _load(self, fen: str, *, strict: bool) -> None:
        """Set the position from FEN; strict: refuse positions a game cannot start from."""
        fields = fen.split()
        if not 4 <= len(fields) <= 6:
            raise self._bad_fen("it needs six fields")
        placement, turn, castling, ep_text = fields[:4]
        counters = fields[4:] + ["0", "1"][len(fields) - 4 :]
        rows = placement.split("/")
        if len(rows) != 8:
            raise self._bad_fen("its placement needs eight ranks")
        cells: Cells = [None] * 64
        for number, row in enumerate(rows):
            rank = 7 - number
            file = 0
            for char in row:
                if char in "12345678":
                    file += int(char)
                elif char in _WHITE or char in _BLACK:
                    if file < 8:
                        cells[rank * 8 + file] = char
                    file += 1
                else:
                    raise self._bad_fen(f"{shown(char)} is not a piece")
            if file != 8:
                raise self._bad_fen(f"rank {rank + 1} does not have eight squares")
        if turn not in ("w", "b"):
            raise self._bad_fen("the side to move must be w or b")
        if not re.fullmatch(r"-|[KQkq]{1,4}", castling):
            raise self._bad_fen("its castling field is malformed")
        if not all(text.isdigit() for text in counters) or int(counters[1]) < 1:
            raise self._bad_fen("its move counters are malformed")
        white = turn == "w"
        ep: int | None = None
        if ep_text != "-":
            if ep_text not in _INDEX:
                raise self._bad_fen("its en passant square is malformed")
            ep = _INDEX[ep_text]
        if strict:
            self._check_usable(cells, white, ep)
        self._position = _Position(cells, white, _valid_ep(cells, white, ep))
        self._halfmove = int(counters[0])
        self._fullmove = int(counters[1])
        self._restart()

    def _bad_fen(self, reason: str) -> MatchConfigError:
        return MatchConfigError(f"the FEN for board {self.number} is not valid: {reason}")

    def _check_usable(self, cells: Cells, white: bool, ep: int | None) -> None:
        problem = None
        if cells.count("K") > 1 or cells.count("k") > 1:
            problem = "a side has more than one king"
        elif "K" not in cells:
            problem = "White has no king"
        elif "k" not in cells:
            problem = "Black has no king"
        elif "P" in cells[56:64] and not white:
            problem = "a white pawn stands on the last rank while Black is to move"
        elif "p" in cells[:8] and white:
            problem = "a black pawn stands on the first rank while White is to move"
        elif ep is not None:
            landing = ep - 8 if white else ep + 8
            if (
                ep // 8 not in ((5, 6) if white else (1, 2))
                or cells[ep] is not None
                or cells[landing] != ("p" if white else "P")
            ):
                problem = "its en passant square is impossible"
        if problem is not None:
            raise MatchConfigError(f"the position for board {self.number} is unusable: {problem}")

    def _restart(self) -> None:
        """Make the present position the root of the record and of repetition counts."""
        self._root = self.fen()
        self._moves: list[str] = []
        self._keys = [self._position.key()]

    @property
    def turn(self) -> Side:
        """Return the side to move."""
        return _side(self._position.white)

    @property
    def fullmove(self) -> int:
        """Return the number of the current full move."""
        return self._fullmove

    def fen(self) -> str:
        """Return the position as FEN; castling is always '-'."""
        cells = self._position.cells
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for piece in cells[rank * 8 : rank * 8 + 8]:
                if piece is None:
                    empty += 1
                else:
                    row += (str(empty) if empty else "") + piece
                    empty = 0
            rows.append(row + (str(empty) if empty else ""))
        ep = "-" if self._position.ep is None else _NAMES[self._position.ep]
        turn = "w" if self._position.white else "b"
        return f"{'/'.join(rows)} {turn} - {ep} {self._halfmove} {self._fullmove}"

    def _square(self, name: str) -> int:
        if name not in _INDEX:
            raise IllegalMoveError(f"{shown(name)} is not a square of board {self.number}")
        return _INDEX[name]

    def piece_at(self, square: str) -> Piece | None:
        """Return the piece on a named square."""
        found = self._position.cells[self._square(square)]
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
        """Tell whether the side to move has a normal legal move (a pending choice counts)."""
        return self._position.has_moves()

    def legal_moves(self) -> list[str]:
        """Return the legal moves of the side to move in SAN, each promotion choice apart.

        While a pawn awaits its owner's choice, the four choices are the only moves.
        """
        position = self._position
        pending = position.pending()
        if pending >= 0:
            return [f"{_NAMES[pending]}={kind}" for kind in _CHOICES]
        moves = []
        for start, target, needs in position.legal():
            for choice in _CHOICES if needs else (None,):
                san = position.san(start, target, choice)
                moves.append(san + position.play(start, target, choice).suffix())
        return moves

    # ------------------------------------------------------------------ parsing

    def parse_move(self, text: str) -> str:
        """Return the UCI of the legal move text names in SAN or UCI.

        A promotion choice is written after the move (`e8=Q`, `Bc4=N`); a choice awaited
        for a pawn the opponent carried is written as its square and kind (`a1=Q`).
        """
        token = text.strip()
        position = self._position
        pending = position.pending()
        if pending >= 0:
            return self._parse_choice(token, pending)
        if found := _UCI.fullmatch(token):
            start, target = _INDEX[found[1]], _INDEX[found[2]]
            choice = found[3].upper() if found[3] else None
            piece = position.cells[start]
            if piece is None or piece not in (_WHITE if position.white else _BLACK):
                raise IllegalMoveError(self._illegal(token))
            if target not in position.targets(start):
                raise IllegalMoveError(self._illegal(token))
            self._refuse(token, position.refusal(start, target))
            return self._with_choice(token, start, target, choice)
        if _CASTLING.fullmatch(token):
            raise IllegalMoveError(
                f"there is no castling in Escher Staircase (board {self.number})"
            )
        found = _SAN.fullmatch(token)
        if found is None:
            raise IllegalMoveError(
                f"{shown(token)} is not a move on board {self.number}: write a move in SAN (Nf3) "
                "or UCI (g1f3), or a ride such as Ne4^2"
            )
        letter, file, rank, _, square, choice_text = found.groups()
        target = _INDEX[square]
        piece = letter or "P"
        if not position.white:
            piece = piece.lower()
        candidates = [
            start
            for start in range(64)
            if position.cells[start] == piece
            and (file is None or _FILES[start % 8] == file)
            and (rank is None or str(start // 8 + 1) == rank)
            and (letter is not None or file is not None or start % 8 == target % 8)
            and target in position.targets(start)
        ]
        if not candidates:
            raise IllegalMoveError(self._illegal(token))
        verdicts = [(start, position.refusal(start, target)) for start in candidates]
        legal = [start for start, verdict in verdicts if verdict == _LEGAL]
        if not legal:
            self._refuse(token, verdicts[0][1])
        if len(legal) > 1:
            options = " or ".join(position.san(start, target, None) for start in legal)
            raise AmbiguousMoveError(
                f"{token} is ambiguous on board {self.number}: write {options}"
            )
        choice = choice_text.upper() if choice_text else None
        return self._with_choice(token, legal[0], target, choice)

    def _parse_choice(self, token: str, pending: int) -> str:
        square = _NAMES[pending]
        found = _CHOICE.fullmatch(token)
        if found is not None and found[1] == square:
            return f"{square}{square}{found[2].lower()}"
        found = _UCI.fullmatch(token)
        if found is not None and found[1] == found[2] == square and found[3]:
            return token
        options = ", ".join(f"{square}={kind}" for kind in _CHOICES[:-1])
        raise IllegalMoveError(
            f"{side_name(self.turn)} must first choose what the pawn on {square} becomes on "
            f"board {self.number}: write {options} or {square}=N"
        )

    def _with_choice(self, token: str, start: int, target: int, choice: str | None) -> str:
        position = self._position
        uci = f"{_NAMES[start]}{_NAMES[target]}"
        needs = position.needs_choice(start, target)
        if needs and choice is None:
            san = position.san(start, target, None)
            options = ", ".join(f"{san}={kind}" for kind in _CHOICES[:-1])
            raise IllegalMoveError(
                f"{token} promotes {side_name(self.turn)}'s pawn on board {self.number}: "
                f"write {options} or {san}=N"
            )
        if not needs and choice is not None:
            raise IllegalMoveError(
                f"{token} promotes no pawn on board {self.number}: "
                f"write {position.san(start, target, None)}"
            )
        return uci if choice is None else uci + choice.lower()

    def _illegal(self, token: str) -> str:
        turn = side_name(self.turn)
        message = f"{token} is not a legal move for {turn} on board {self.number}"
        if self._position.in_check():
            message += f": {turn} is in check"
        return message

    def _refuse(self, token: str, verdict: int) -> None:
        if verdict == _LEGAL:
            return
        turn = side_name(self.turn)
        reason = (
            f"it would leave {turn}'s king in check"
            if verdict == _CHECK
            else f"the staircases would move two pieces onto {_NAMES[verdict]}"
        )
        raise IllegalMoveError(f"{token} is not legal for {turn} on board {self.number}: {reason}")

    # ------------------------------------------------------------------ playing

    def push(self, uci: str) -> Played:
        """Play a legal move given in UCI (a pending choice as `a1a1q`)."""
        position = self._position
        start, target = _INDEX[uci[0:2]], _INDEX[uci[2:4]]
        choice = uci[4].upper() if len(uci) > 4 else None
        side = self.turn
        fullmove = self._fullmove
        if start == target:
            assert choice is not None, "a pending choice names its kind"
            cells = position.cells.copy()
            cells[start] = choice if position.white else choice.lower()
            self._position = _Position(cells, position.white, position.ep)
            self._halfmove = 0
            self._keys = []
            san = f"{_NAMES[start]}={choice}"
            took_king = False
        else:
            taken = position.cells[target]
            moved = position.cells[start]
            san = position.san(start, target, choice)
            self._position = after = position.play(start, target, choice)
            san += after.suffix()
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

    # ------------------------------------------------------------------ elevators

    def ride_refusal(self, index: int, side: Side, *, king_safety: bool) -> str | None:
        """Return why side may not ride the piece on elevator index, or None if it may."""
        position = self._position
        square = self._elevator_squares[index]
        name = self.elevators[index]
        found = position.cells[square]
        if found is None:
            return f"there is no piece on {name} on board {self.number}"
        piece = _piece(found)
        if piece.kind == "K":
            return "kings may not ride the elevators"
        if piece.side != side:
            return (
                f"the {piece.name} on {name} on board {self.number} is "
                f"{side_name(piece.side)}'s, not {side_name(side)}'s"
            )
        pending = position.pending()
        if side == self.turn and pending >= 0:
            return (
                f"{side_name(side)} must first choose what the pawn on {_NAMES[pending]} "
                f"becomes on board {self.number}"
            )
        if king_safety:
            if position.in_check():
                return (
                    f"{side_name(side)} is in check on board {self.number}: "
                    "a ride cannot answer a check"
                )
            cells = position.cells.copy()
            cells[square] = None
            king = _find(cells, piece.side == "white")
            if king >= 0 and _attacked(cells, king, piece.side != "white"):
                return (
                    f"the {piece.name} on {name} on board {self.number} is pinned: "
                    "riding away would leave its king in check"
                )
        return None

    def arrival_refusal(self, index: int, piece: Piece) -> str | None:
        """Return why piece may not arrive on elevator index, or None if it may."""
        square = self._elevator_squares[index]
        name = self.elevators[index]
        if self._position.cells[square] is not None:
            return f"{name} on board {self.number} is occupied"
        if piece.kind == "P" and square // 8 in (0, 7):
            return f"a pawn may not ride onto {name} on board {self.number}: a first or last rank"
        return None

    def depart(self, index: int) -> Piece:
        """Take the piece on elevator index away as a ride: it uses the mover's turn.

        No staircase shifts. Like a capture, a departure resets the fifty-move count and
        starts the repetition history afresh.
        """
        position = self._position
        square = self._elevator_squares[index]
        found = position.cells[square]
        if found is None:
            raise AssertionError(f"no piece on {_NAMES[square]} to ride")
        cells = position.cells.copy()
        cells[square] = None
        if not position.white:
            self._fullmove += 1
        self._position = _Position(cells, not position.white, None)
        self._halfmove = 0
        self._restart()
        return _piece(found)

    def arrive(self, index: int, piece: Piece) -> None:
        """Put an arriving piece on the empty elevator index; the turn stays as it is."""
        position = self._position
        square = self._elevator_squares[index]
        if position.cells[square] is not None:
            raise AssertionError(f"{_NAMES[square]} is occupied")
        cells = position.cells.copy()
        cells[square] = piece.symbol
        self._position = _Position(
            cells, position.white, _valid_ep(cells, position.white, position.ep)
        )
        self._halfmove = 0
        self._restart()

    # ------------------------------------------------------------------ endings

    def insufficient_material(self) -> bool:
        """Tell whether neither side has material enough to mate."""
        return not self.can_mate("white") and not self.can_mate("black")

    def can_mate(self, side: Side) -> bool:
        """Tell whether side has material enough to mate, by FIDE's count of material.

        As python-chess counts it, except that bishops are not held to one colour: a
        staircase's step moves a bishop onto the other colour.
        """
        cells = [piece for piece in self._position.cells if piece is not None]
        own = [piece.upper() for piece in cells if (piece in _WHITE) == (side == "white")]
        others = [piece.upper() for piece in cells if (piece in _WHITE) != (side == "white")]
        if any(kind in "PRQ" for kind in own):
            return True
        if "N" in own:
            return len(own) > 2 or any(kind in "PNBR" for kind in others)
        if "B" in own:
            everyone = own + others
            return everyone.count("B") > 1 or "P" in everyone or "N" in everyone
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
        if position.pending() < 0:
            for start, target, needs in position.legal():
                if needs or position.cells[target] is not None:
                    continue  # a promotion or a capture makes a position never seen before
                if self._keys.count(position.play(start, target, None).key()) >= 2:
                    return Ending.THREEFOLD_REPETITION
        return None

    def clear(self) -> None:
        """Remove every piece: White to move, counters reset, as python-chess clears."""
        self._position = _Position([None] * 64, True, None)
        self._halfmove = 0
        self._fullmove = 1
        self._restart()

    # ------------------------------------------------------------------ records

    def state(self) -> dict[str, Any]:
        """Return the position the record starts from and the moves since, as UCI."""
        return {"root": self._root, "moves": list(self._moves)}

    def restore(self, state: Any) -> None:
        """Take a state that state() returned; raise RecordError if it is malformed."""
        if not isinstance(state, dict) or set(state) != {"root", "moves"}:
            raise RecordError(f"the state of board {self.number} must have a root and moves")
        root, moves = state["root"], state["moves"]
        if not isinstance(root, str) or not isinstance(moves, list):
            raise RecordError(f"the state of board {self.number} is malformed")
        replay = EscherBoard(self.number, self.elevators)
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


def _piece(symbol: str) -> Piece:
    return Piece(symbol.upper(), "white" if symbol in _WHITE else "black")
