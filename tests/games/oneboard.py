"""One board of a FIDE-like game in tests: its moves by piece, and random games on it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from games.core.board import Board

SQUARES = [f"{file}{rank}" for rank in range(1, 9) for file in "abcdefgh"]
ELEVATORS = ("d4", "e4", "d5", "e5")


def material(board: Board) -> Counter[str]:
    """Count the pieces on an 8x8 board by their symbols."""
    return Counter(
        piece.symbol for square in SQUARES if (piece := board.piece_at(square)) is not None
    )


def moves_of(board: Board, letter: str) -> set[str]:
    """Return the legal moves in SAN of the pieces a letter names ('' for pawns)."""
    legal = board.legal_moves()
    if letter:
        return {move for move in legal if move.startswith(letter)}
    return {move for move in legal if move[0].islower()}


def play_randomly(make: Callable[[str | None], Board], seed: int, plies: int = 60) -> None:
    """Play seeded random legal moves on a board make() starts (from a FEN, or the start).

    After each move: it is written as it was listed, it took one piece at most and made none
    (but a promotion's), and the board's FEN and its state both restore it exactly.
    """
    chooser = random.Random(seed)
    board = make(None)
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        before = material(board)
        san = chooser.choice(moves)
        uci = board.parse_move(san)
        assert board.push(uci).san == san  # the move is written as it was listed
        after = material(board)
        lost = before - after
        gained = after - before
        if len(uci) == 5:  # a promotion: one pawn becomes the piece chosen
            mover = "P" if uci[3] == "8" else "p"
            assert lost[mover] >= 1 and sum(gained.values()) == 1
            lost[mover] -= 1
        else:
            assert not gained  # no piece appears
        assert sum(lost.values()) <= 1  # a move takes one piece at most
        assert make(board.fen()).fen() == board.fen()
        again = make(None)
        again.restore(board.state())
        assert again.fen() == board.fen() and again.state() == board.state()
