"""A side's legal moves as a picker offers them: a piece first, then where it goes, then what
it becomes, each named in words for a menu, each leading to the notation that plays it.

A game's default reads its boards' normal moves through their UCI (from, to, promotion); a
game with moves of its own kinds (rides, lifts, drops) adds picks for them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from games.core.board import Board
from games.core.errors import GameError
from games.core.pieces import kind_name, upper_first

_UCI: Final = re.compile(r"([a-z][0-9]{1,2})([a-z][0-9]{1,2})([a-z]?)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Pick:
    """One legal move as a picker offers it."""

    piece: str  # what is picked first, by key: the piece's square ("e4"), or a reserve's
    piece_words: str  # as a menu names it: "Knight e4"
    target: str  # where it goes, by key among the piece's picks: "f5", "up 3"
    target_words: str  # as a menu names it: "f5", "ride up to board 3, d4"
    choice: str  # what it becomes as it gets there ("queen"), or ""
    move: str  # the notation that plays it: "Nf5", "e8=Q", "Nd4^3"


def piece_words(letter: str, square: str) -> str:
    """Name a piece on a square for a menu: Knight e4."""
    return f"{upper_first(kind_name(letter.upper()))} {square}"


def normal_picks(playing: Board, moves: Iterable[str]) -> list[Pick]:
    """Return a board's normal moves (SAN) as picks, read through the UCI each one names."""
    found = []
    for move in moves:
        try:
            uci = _UCI.fullmatch(playing.parse_move(move))
        except GameError:
            continue  # not a move of a piece from a square to another (a game's own kind)
        if uci is None:
            continue
        start, target, promotion = uci.group(1), uci.group(2), uci.group(3)
        try:
            piece = playing.piece_at(start)
        except GameError:
            continue  # a move that only looks like one from a square (a lift, E2b1N)
        if piece is None:
            continue
        choice = kind_name(promotion.upper()) if promotion else ""
        words = target_words(move, target, promoted=bool(promotion))
        found.append(Pick(start, piece_words(piece.kind, start), target, words, choice, move))
    return found


def target_words(move: str, target: str, *, promoted: bool = False) -> str:
    """Name where a move goes as a menu does: its square, and what the move's SAN says of it.

    A capture, castling, and a check or mate; not a promotion's check, which depends on what
    the pawn becomes (its square is one entry for every choice).
    """
    said = [target]
    if move.startswith(("O-O", "0-0")):
        said.append("castling")
    elif "x" in move:
        said.append("takes")
    if not promoted and move.endswith("#"):
        said.append("checkmate")
    elif not promoted and move.endswith("+"):
        said.append("check")
    return ", ".join(said)


OTHER: Final = "*"  # the key of the moves no piece on a square makes


def other_picks(moves: Iterable[str], found: Sequence[Pick]) -> list[Pick]:
    """Return the moves that no pick found makes, as picks of their own: Other moves."""
    covered = {pick.move for pick in found}
    return [Pick(OTHER, "Other moves", m, m, "", m) for m in moves if m not in covered]


RANKED: Final = ("king", "queen", "rook", "bishop", "knight", "pawn")  # FIDE's, listed first
_CELL: Final = re.compile(r"(\d?)([a-z])(\d{1,2})")  # a square, or a level's cell: 2e1


_WHERE: Final = re.compile(r"( in hand| \d?[a-z]\d{1,2})$")  # where a piece's words say it is


def _piece_order(entry: tuple[str, str]) -> tuple[int, str, tuple[object, ...]]:
    """Order a menu's pieces: FIDE's kinds first (king to pawn), then others, each a to h."""
    key, words = entry
    kind = _WHERE.sub("", words.lower()) if key != OTHER else "~"  # Other moves: last
    rank = RANKED.index(kind) if kind in RANKED else len(RANKED)
    return rank, kind, _square_order(key)


def _square_order(key: str) -> tuple[object, ...]:
    """Order squares a to h, then 1 upwards (a level first); what is no square, after them."""
    cell = _CELL.fullmatch(key)
    if cell is None:
        return (1, key)
    level, file, rank = cell.groups()
    return (0, int(level or 0), file, int(rank))


def pieces(picks: Sequence[Pick]) -> list[tuple[str, str]]:
    """Return the pieces the picks move, each once, as (key, words): king first, a to h."""
    return sorted(dict.fromkeys((pick.piece, pick.piece_words) for pick in picks), key=_piece_order)


def targets(picks: Sequence[Pick], piece: str) -> list[tuple[str, str]]:
    """Return where a piece may go, each once, as (key, words): squares a to h, then rides."""
    found = dict.fromkeys((pick.target, pick.target_words) for pick in picks if pick.piece == piece)
    return sorted(found, key=lambda entry: _square_order(entry[0]))


def choices(picks: Sequence[Pick], piece: str, target: str) -> list[Pick]:
    """Return the picks of a piece to a target: one, or one per thing it may become."""
    return [pick for pick in picks if pick.piece == piece and pick.target == target]
