"""A position of Escher Staircase and its move generator: attacks, moves, shifts, legality.

A move that starts on a staircase shifts it one step (both, where two cross), carrying
every piece on it; see staircases.py. Where the rules text is silent: en passant as in
FIDE while the passed pawn still stands where its advance ended; a pawn on its last rank
awaits its owner's choice and meanwhile attacks as a queen or a knight; no castling.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from games.core.reach import BLACK, WHITE, Cells, find_king
from games.escher.squares import (
    DIAGONAL,
    KNIGHT_SETS,
    LAST_RANK,
    LINES,
    ORTHOGONAL,
    PAWN_FROM,
    PAWN_TAKES,
    REACH,
    SHIFTS,
    Shift,
)

LEGAL: Final = -2
CHECK: Final = -1  # any other refusal code is the square two pieces would jam on

_attacked_by_fide: Final = REACH.attacked
valid_ep: Final = REACH.valid_ep


def _shift(cells: Cells, start: int, shifts: tuple[Shift, ...]) -> bool:
    """Shift the staircases of a move that started on start; return False if two pieces jam."""
    if len(shifts) == 2 and all(cells[before] is not None for _, _, before in shifts):
        return False
    # start is empty (its piece just left): each staircase carries that emptiness onward,
    # and start takes whichever piece one of them brings.
    brought = None
    for squares, onward, _ in shifts:
        carried = [cells[s] for s in squares]
        for square, piece in zip(onward, carried, strict=True):
            cells[square] = piece
        if cells[start] is not None:
            brought = cells[start]
            cells[start] = None
    cells[start] = brought
    return True


def attacked(cells: Cells, square: int, white: bool) -> bool:
    """Tell whether the side white names attacks square.

    A pawn on its last rank awaits its owner's choice: it attacks as a queen or a knight.
    """
    if _attacked_by_fide(cells, square, white):
        return True
    pawn = "P" if white else "p"
    last = LAST_RANK[white]
    if pawn in cells[last.start : last.stop]:
        for s in last:
            if cells[s] == pawn and (s in KNIGHT_SETS[square] or _sees(cells, s, square)):
                return True
    return False


def _sees(cells: Cells, origin: int, square: int) -> bool:
    """Tell whether a queen on origin would attack square."""
    for ray in DIAGONAL[origin] + ORTHOGONAL[origin]:
        for s in ray:
            if s == square:
                return True
            if cells[s] is not None:
                break
    return False


def _carried_to_last_rank(cells: Cells, shifts: tuple[Shift, ...], pawn: str) -> list[int]:
    """Return the first squares of the shifted staircases where pawn now stands on its last rank."""
    last = LAST_RANK[pawn == "P"]
    return [
        squares[0] for squares, _, _ in shifts if cells[squares[0]] == pawn and squares[0] in last
    ]


class Position:
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

    def in_check(self) -> bool:
        """Tell whether the side to move is in check."""
        if self._check is None:
            king = find_king(self.cells, self.white)
            self._check = king >= 0 and attacked(self.cells, king, not self.white)
        return self._check

    def king_capturable(self) -> bool:
        """Tell whether the side to move attacks the enemy king."""
        king = find_king(self.cells, not self.white)
        return king >= 0 and attacked(self.cells, king, self.white)

    def pending(self) -> int:
        """Return the square of a pawn of the side to move awaiting its choice, or -1."""
        pawn = "P" if self.white else "p"
        for square in LAST_RANK[self.white]:
            if self.cells[square] == pawn:
                return square
        return -1

    def targets(self, start: int) -> list[int]:
        """Return where the piece on start may go, before king safety and jams."""
        cells = self.cells
        piece = cells[start]
        if piece is None:
            return []
        white = piece in WHITE
        own = WHITE if white else BLACK
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
            for s in PAWN_TAKES[white][start]:
                target = cells[s]
                if target is not None:
                    if target not in own:
                        found.append(s)
                elif s == self.ep:
                    found.append(s)
            return found
        return REACH.piece_targets(cells, start, kind, own)

    def pseudo(self) -> Iterator[tuple[int, int]]:
        """Yield the moves of the side to move, before king safety and jams."""
        own = WHITE if self.white else BLACK
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
        if piece == "P" or piece == "p":
            if target == self.ep and (target - start) % 8:
                cells[target - 8 if white else target + 8] = None
            if choice is not None and target in LAST_RANK[white]:
                piece = choice if white else choice.lower()
        cells[target] = piece
        shifts = SHIFTS[start]
        if shifts:
            if not _shift(cells, start, shifts):
                return start
            if choice is not None:
                pawn, promoted = ("P", choice) if white else ("p", choice.lower())
                for square in _carried_to_last_rank(cells, shifts, pawn):
                    cells[square] = promoted
        return cells

    def refusal(self, start: int, target: int) -> int:
        """Return LEGAL, CHECK (the mover's king would be attacked) or the jam square."""
        cells = self.cells
        piece = cells[start]
        white = self.white
        if cells[target] == ("k" if white else "K"):
            # Taking the king ends the game: legal whatever it leaves behind, jams apart.
            result = self.after(start, target, None)
            return result if isinstance(result, int) else LEGAL
        king = find_king(cells, white)
        if (
            not SHIFTS[start]
            and piece != "K"
            and piece != "k"
            and (king < 0 or start not in LINES[king])
            and not self.in_check()
            and not (target == self.ep and (piece == "P" or piece == "p"))
        ):
            return LEGAL  # nothing moves but the piece, and it shields no line to its king
        result = self.after(start, target, None)
        if isinstance(result, int):
            return result
        if piece == "K" or piece == "k" or SHIFTS[start]:
            king = find_king(result, white)  # the king moved, or a staircase may have carried it
        if king >= 0 and attacked(result, king, not white):
            return CHECK
        return LEGAL

    def needs_choice(self, start: int, target: int) -> bool:
        """Tell whether a legal move brings one of the mover's pawns to its last rank."""
        pawn = "P" if self.white else "p"
        if self.cells[start] == pawn and target in LAST_RANK[self.white]:
            return True
        shifts = SHIFTS[start]
        if not shifts:
            return False
        result = self.after(start, target, None)
        assert not isinstance(result, int), "needs_choice is asked of legal moves only"
        return bool(_carried_to_last_rank(result, shifts, pawn))

    def has_moves(self) -> bool:
        """Tell whether the side to move has a legal move (a pending choice counts)."""
        if self._has_moves is None:
            self._has_moves = self.pending() >= 0 or any(
                self.refusal(start, target) == LEGAL for start, target in self.pseudo()
            )
        return self._has_moves

    def legal(self) -> list[tuple[int, int, bool]]:
        """Return every legal (start, target, needs a choice), pending choices apart."""
        if self._legal is None:
            self._legal = [
                (start, target, self.needs_choice(start, target))
                for start, target in self.pseudo()
                if self.refusal(start, target) == LEGAL
            ]
        return self._legal

    def play(self, start: int, target: int, choice: str | None) -> Position:
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
                and any(result[s] == enemy for s in PAWN_FROM[not self.white][passed])
            ):
                ep = passed
        return Position(result, not self.white, ep)
