"""A position of a fairy board and its move generator: attacks, moves, legality, play.

Squares are numbered rank by rank from a1 (index = rank * files + file); a cell holds a FEN
letter (upper case White) or None. Every rider of the four armies rides along files, ranks
or diagonals, so a piece off every line through its king can never be pinned: legality
is tested in full only for king moves, en passant, pieces on such a line, or in check.
A king left capturable by an arrival may be taken by any piece that reaches it, pinned
or not, since taking it ends the board.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from games.fairy.rules import Castling, Move, Rules

Cells = list[str | None]


def is_white(piece: str) -> bool:
    """Tell whether a FEN letter is a white piece."""
    return piece.isupper()


@dataclass(slots=True)
class Position:
    """The cells, side to move, castling rights and en passant square of a fairy board."""

    rules: Rules
    cells: Cells
    white: bool
    castling: frozenset[str] = frozenset()  # rights: K Q k q
    ep: int | None = None  # the square a pawn passed over, if one may be taken there
    _moves: bool | None = field(default=None, repr=False)

    # ------------------------------------------------------------------ attacks

    def king(self, white: bool) -> int:
        """Return the square of a side's king, or -1 if it has none."""
        try:
            return self.cells.index("K" if white else "k")
        except ValueError:
            return -1

    def attacked(self, square: int, by_white: bool) -> bool:
        """Tell whether a side attacks a square."""
        return _attacked(self.rules, self.cells, square, by_white)

    def in_check(self) -> bool:
        """Tell whether the side to move is in check."""
        king = self.king(self.white)
        return king >= 0 and self.attacked(king, not self.white)

    def king_capturable(self) -> bool:
        """Tell whether the side to move attacks the enemy king (only an arrival allows it)."""
        king = self.king(not self.white)
        return king >= 0 and self.attacked(king, self.white)

    # ------------------------------------------------------------------ moves

    def pseudo(self, start: int) -> Iterator[Move]:
        """Yield the moves of the piece on start, as if no king could be in check."""
        cells, rules = self.cells, self.rules
        piece = cells[start]
        if piece is None:
            return
        white = is_white(piece)
        if piece in "Pp":
            yield from self._pawn(start, white)
            return
        for ray in rules.moves[piece][start]:
            for target in ray:
                there = cells[target]
                if there is None:
                    yield start, target, None
                    continue
                if is_white(there) != white:
                    yield start, target, None
                break

    def _pawn(self, start: int, white: bool) -> Iterator[Move]:
        cells, files, ranks = self.cells, self.rules.files, self.rules.ranks
        step = files if white else -files
        rank, file = divmod(start, files)
        last = ranks - 1 if white else 0
        promotions = self.rules.promotions(white)
        ahead = start + step
        if not 0 <= ahead < len(cells):
            return
        targets: list[int] = []
        if cells[ahead] is None:
            targets.append(ahead)
            if rank == (1 if white else ranks - 2) and cells[ahead + step] is None:
                targets.append(ahead + step)
        for side in (-1, 1):
            if 0 <= file + side < files:
                target = ahead + side
                there = cells[target]
                if (there is not None and is_white(there) != white) or target == self.ep:
                    targets.append(target)
        for target in targets:
            if target // files == last:
                for kind in promotions:
                    yield start, target, kind
            else:
                yield start, target, None

    def _castlings(self) -> Iterator[tuple[Move, Castling]]:
        """Yield the castlings the side to move may make now, each legal in full."""
        cells, white = self.cells, self.white
        for castling in self.rules.castlings_of(white):
            if castling.right not in self.castling:
                continue
            king, partner = cells[castling.king_from], cells[castling.partner_from]
            if king != ("K" if white else "k") or partner is None or is_white(partner) != white:
                continue
            ends = (castling.king_from, castling.partner_from)
            if any(cells[s] is not None and s not in ends for s in castling.span()):
                continue
            step = 1 if castling.king_to > castling.king_from else -1
            path = range(castling.king_from, castling.king_to + step, step)
            if any(self.attacked(square, not white) for square in path):
                continue
            yield (castling.king_from, castling.king_to, None), castling

    def castling_of(self, move: Move) -> Castling | None:
        """Return the castling a king's move makes, or None for an ordinary move."""
        start, target, _ = move
        piece = self.cells[start]
        if piece not in ("K", "k") or abs(start - target) < 2:
            return None
        for castling in self.rules.castlings_of(is_white(piece)):
            if (castling.king_from, castling.king_to) == (start, target):
                return castling
        return None

    def legal(self) -> Iterator[Move]:
        """Yield every legal move of the side to move."""
        cells, white = self.cells, self.white
        context = self._context()
        for start, piece in enumerate(cells):
            if piece is not None and is_white(piece) == white:
                for move in self.pseudo(start):
                    if self._is_legal(move, context):
                        yield move
        for move, _ in self._castlings():
            yield move

    def moves_to(self, target: int) -> Iterator[Move]:
        """Yield the legal moves of the side to move onto target, castlings included."""
        cells, white = self.cells, self.white
        context = self._context()
        for start, piece in enumerate(cells):
            if piece is not None and is_white(piece) == white:
                for move in self.pseudo(start):
                    if move[1] == target and self._is_legal(move, context):
                        yield move
        for move, _ in self._castlings():
            if move[1] == target:
                yield move

    def is_legal(self, move: Move) -> bool:
        """Tell whether a move is legal for the side to move."""
        start = move[0]
        piece = self.cells[start] if 0 <= start < len(self.cells) else None
        if piece is None or is_white(piece) != self.white:
            return False
        if self.castling_of(move) is not None:
            return move in (found for found, _ in self._castlings())
        if move not in self.pseudo(start):
            return False
        return self._is_legal(move, self._context())

    def has_moves(self) -> bool:
        """Tell whether the side to move has a legal move; remembered for the position."""
        if self._moves is None:
            self._moves = next(self.legal(), None) is not None
        return self._moves

    def _context(self) -> tuple[int, bool, int]:
        """Return the own king's square, whether it is in check, and the enemy king's."""
        king = self.king(self.white)
        check = king >= 0 and self.attacked(king, not self.white)
        return king, check, self.king(not self.white)

    def _is_legal(self, move: Move, context: tuple[int, bool, int]) -> bool:
        king, check, enemy_king = context
        start, target, _ = move
        if target == enemy_king or king < 0:
            return True
        files = self.rules.files
        moved = self.cells[start]
        if not check and start != king and not (moved in ("P", "p") and target == self.ep):
            dfile = start % files - king % files
            drank = start // files - king // files
            if dfile and drank and abs(dfile) != abs(drank):
                return True  # off every line through the king: nothing can be uncovered
        after = self.play(move)
        own = target if start == king else king
        return not after.attacked(own, not self.white)

    # ------------------------------------------------------------------ play

    def play(self, move: Move) -> Position:
        """Return the position after a move, rights and en passant updated."""
        start, target, promotion = move
        cells = self.cells.copy()
        files = self.rules.files
        piece = cells[start]
        assert piece is not None, "a move starts on a piece"
        castling = self.castling_of(move)
        ep = None
        cells[start] = None
        if castling is not None:
            partner = cells[castling.partner_from]
            cells[castling.partner_from] = None
            cells[castling.king_to] = piece
            cells[castling.partner_to] = partner
        else:
            if piece in "Pp":
                if target == self.ep:
                    cells[target - files if piece == "P" else target + files] = None
                if abs(target - start) == 2 * files:
                    ep = (start + target) // 2
            if promotion is not None:
                piece = promotion if piece == "P" else promotion.lower()
            cells[target] = piece
        rights = self.castling - self.rules_touched(start, target)
        if castling is not None:
            rights -= {c.right for c in self.rules.castlings_of(self.white)}
        return Position(self.rules, cells, not self.white, rights, _valid_ep(self, cells, ep))

    def rules_touched(self, *squares: int) -> frozenset[str]:
        """Return the castling rights lost when something moves from or to these squares."""
        lost = set()
        for castling in self.rules.castlings:
            if castling.king_from in squares or castling.partner_from in squares:
                lost.add(castling.right)
                if castling.king_from in squares:
                    white = castling.right.isupper()
                    lost |= {c.right for c in self.rules.castlings_of(white)}
        return frozenset(lost)

    def key(self) -> tuple[object, ...]:
        """Return what makes two positions the same for repetitions."""
        return (tuple(self.cells), self.white, self.castling, self.ep)


def _valid_ep(position: Position, cells: Cells, ep: int | None) -> int | None:
    """Keep an en passant square only if a pawn of the side to move could take there."""
    if ep is None:
        return None
    files = position.rules.files
    white = not position.white  # the side that will move
    pawn = "P" if white else "p"
    behind = ep - files if white else ep + files
    file = ep % files
    return (
        ep
        if any(0 <= file + side < files and cells[behind + side] == pawn for side in (-1, 1))
        else None
    )


def _attacked(rules: Rules, cells: Cells, square: int, by_white: bool) -> bool:
    files = rules.files
    file = square % files
    pawn, behind = ("P", square - files) if by_white else ("p", square + files)
    if 0 <= behind < len(cells):
        if file > 0 and cells[behind - 1] == pawn:
            return True
        if file < files - 1 and cells[behind + 1] == pawn:
            return True
    present = set(cells)
    for symbol, table in rules.attacks.items():
        if symbol not in present or is_white(symbol) != by_white:
            continue
        for ray in table[square]:
            for target in ray:
                there = cells[target]
                if there is not None:
                    if there == symbol:
                        return True
                    break
    return False
