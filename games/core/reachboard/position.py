"""A position of FIDE's pieces on 64 cells and its move generator: attacks, moves, legality.

Where each piece reaches is its Reach's (games.core.reach): round the edge of a cylinder,
or bounced off the side cushions of a billiards table. Castling is FIDE's, as on an ordinary
board: king and rook on their start squares, the squares between them (counted the
ordinary way) empty, and the king neither in check nor passing an attacked square.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from games.core.reach import BLACK, WHITE, Cells, Reach, find_king

# Castling by its FEN letter: the king's start and target, the rook's start and target,
# the squares that must be empty, and the squares the king must not stand or pass on attacked.
CASTLINGS: Final = {
    "K": (4, 6, 7, 5, (5, 6), (4, 5, 6)),
    "Q": (4, 2, 0, 3, (1, 2, 3), (4, 3, 2)),
    "k": (60, 62, 63, 61, (61, 62), (60, 61, 62)),
    "q": (60, 58, 56, 59, (57, 58, 59), (60, 59, 58)),
}
# The castling rights a move from or to a square takes away.
_LOSES: Final = {4: "KQ", 7: "K", 0: "Q", 60: "kq", 63: "k", 56: "q"}


def valid_castling(cells: Cells, rights: str) -> str:
    """Return the castling rights whose king and rook still stand on their start squares."""
    kept = ""
    for right in "KQkq":
        king, _, rook, _, _, _ = CASTLINGS[right]
        king_letter, rook_letter = ("K", "R") if right.isupper() else ("k", "r")
        if right in rights and cells[king] == king_letter and cells[rook] == rook_letter:
            kept += right
    return kept


class Position:
    """A placement with its side to move, castling rights and en passant square, on a Reach."""

    __slots__ = ("_check", "_has_moves", "_legal", "castling", "cells", "ep", "reach", "white")

    def __init__(
        self, reach: Reach, cells: Cells, white: bool, castling: str, ep: int | None
    ) -> None:
        self.reach = reach
        self.cells = cells
        self.white = white
        self.castling = castling
        self.ep = ep
        self._check: bool | None = None
        self._has_moves: bool | None = None
        self._legal: list[tuple[int, int]] | None = None

    def key(self) -> tuple[object, ...]:
        """Return what repetition compares: placement, side to move, castling, en passant."""
        return (tuple(self.cells), self.white, self.castling, self.ep)

    def in_check(self) -> bool:
        """Tell whether the side to move is in check."""
        if self._check is None:
            king = find_king(self.cells, self.white)
            self._check = king >= 0 and self.reach.attacked(self.cells, king, not self.white)
        return self._check

    def king_capturable(self) -> bool:
        """Tell whether the side to move attacks the enemy king."""
        king = find_king(self.cells, not self.white)
        return king >= 0 and self.reach.attacked(self.cells, king, self.white)

    def targets(self, start: int) -> list[int]:
        """Return where the piece on start may go, before king safety (castling included)."""
        cells = self.cells
        piece = cells[start]
        if piece is None:
            return []
        white = piece in WHITE
        own = WHITE if white else BLACK
        kind = piece.upper()
        found: list[int] = []
        if kind == "P":
            step = 8 if white else -8
            ahead = start + step
            if not 0 <= ahead < 64:
                return found  # a pawn on its last rank (only a malformed record has one)
            if cells[ahead] is None:
                found.append(ahead)
                if start // 8 == (1 if white else 6) and cells[ahead + step] is None:
                    found.append(ahead + step)
            for s in self.reach.pawn_takes[white][start]:
                target = cells[s]
                if (target is not None and target not in own) or (target is None and s == self.ep):
                    found.append(s)
            return found
        found = self.reach.piece_targets(cells, start, kind, own)
        if kind == "K":
            found.extend(self._castling_targets(start))
        # two rays may reach one square (round a cylinder, or off a cushion): listed once
        return list(dict.fromkeys(found))

    def _castling_targets(self, start: int) -> list[int]:
        """Return the king's castling targets whose squares between are empty."""
        found = []
        for right in self.castling:
            king, target, _, _, between, _ = CASTLINGS[right]
            mine = king == start and right.isupper() == self.white
            if mine and all(self.cells[s] is None for s in between):
                found.append(target)
        return found

    def castling_right(self, start: int, target: int) -> str | None:
        """Return the right a king's move from start to target castles by, or None."""
        piece = self.cells[start]
        if piece not in ("K", "k") or abs(target - start) != 2 or start not in (4, 60):
            return None
        for right in self.castling:
            if CASTLINGS[right][:2] == (start, target):
                return right
        return None

    def pseudo(self) -> Iterator[tuple[int, int]]:
        """Yield the moves of the side to move, before king safety."""
        own = WHITE if self.white else BLACK
        cells = self.cells
        for start in range(64):
            piece = cells[start]
            if piece is not None and piece in own:
                for target in self.targets(start):
                    yield start, target

    def after(self, start: int, target: int, choice: str | None) -> Cells:
        """Return the cells after a move; choice: what a pawn reaching its last rank becomes."""
        cells = self.cells.copy()
        piece = cells[start]
        cells[start] = None
        if piece == "P" or piece == "p":
            if target == self.ep and cells[target] is None:
                cells[target - 8 if self.white else target + 8] = None
            if target in self.reach.last_rank[self.white]:
                piece = (choice or "Q") if self.white else (choice or "q").lower()
        else:
            right = self.castling_right(start, target)
            if right is not None:
                _, _, rook, rook_target, _, _ = CASTLINGS[right]
                cells[rook_target] = cells[rook]
                cells[rook] = None
        cells[target] = piece
        return cells

    def is_legal(self, start: int, target: int) -> bool:
        """Tell whether a move targets() gives leaves the mover's king safe (or takes the king)."""
        cells = self.cells
        piece = cells[start]
        white = self.white
        if cells[target] == ("k" if white else "K"):
            return True  # taking the king ends the game, whatever it leaves behind
        right = self.castling_right(start, target)
        if right is not None:
            return not any(self.reach.attacked(cells, s, not white) for s in CASTLINGS[right][5])
        king = find_king(cells, white)
        moves_king = piece == "K" or piece == "k"
        if (
            not moves_king
            and (king < 0 or start not in self.reach.lines[king])
            and not self.in_check()
            and not (target == self.ep and (piece == "P" or piece == "p"))
        ):
            return True  # only the piece moves, and it shields no line to its king
        result = self.after(start, target, None)
        if moves_king:
            king = target
        return king < 0 or not self.reach.attacked(result, king, not white)

    def legal(self) -> list[tuple[int, int]]:
        """Return every legal (start, target) of the side to move."""
        if self._legal is None:
            self._legal = [move for move in self.pseudo() if self.is_legal(*move)]
        return self._legal

    def has_moves(self) -> bool:
        """Tell whether the side to move has a legal move."""
        if self._has_moves is None:
            if self._legal is not None:
                self._has_moves = bool(self._legal)
            else:
                self._has_moves = any(self.is_legal(*move) for move in self.pseudo())
        return self._has_moves

    def needs_choice(self, start: int, target: int) -> bool:
        """Tell whether a move brings a pawn to its last rank."""
        return self.cells[start] in ("P", "p") and target in self.reach.last_rank[self.white]

    def play(self, start: int, target: int, choice: str | None) -> Position:
        """Return the position after a legal move."""
        cells = self.after(start, target, choice)
        piece = self.cells[start]
        castling = self.castling
        for square in (start, target):
            for lost in _LOSES.get(square, ""):
                castling = castling.replace(lost, "")
        ep = None
        if (piece == "P" or piece == "p") and abs(target - start) == 16:
            ep = self.reach.valid_ep(cells, not self.white, (start + target) // 2)
        return Position(self.reach, cells, not self.white, castling, ep)
