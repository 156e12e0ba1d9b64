"""The anchor plays Stockfish's move on each board, and counts where it could not."""

from __future__ import annotations

import asyncio

from bench.anchor import StockfishAnchor
from games.elevator import Match

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def moves_of(anchor: StockfishAnchor, match: Match, board: int) -> str:
    """Return the anchor's move on a board of a match, White to move there."""

    async def ask() -> str:
        await anchor.start()
        try:
            return await anchor(match, board, "white")
        finally:
            await anchor.close()

    return asyncio.run(ask())


def test_the_anchor_plays_stockfishs_move_on_a_board_as_the_game_writes_it(
    stockfish: str,
) -> None:
    match = Match(boards=2, start_fens=[START, "7k/8/8/8/8/8/6q1/7K w - - 0 1"])
    anchor = StockfishAnchor(stockfish, 2000, 0.05)
    assert moves_of(anchor, match, 2) == "Kxg2"  # the only move: Stockfish's, however weak
    assert (anchor.moves, anchor.fallbacks) == (1, 0)


def test_the_anchor_takes_a_king_an_arrival_left_open_and_counts_it_a_fallback(
    stockfish: str,
) -> None:
    match = Match(boards=2, start_fens=["4k3/8/8/8/4R3/8/8/K7 w - - 0 1", START])
    anchor = StockfishAnchor(stockfish, 2000, 0.05)
    assert moves_of(anchor, match, 1) == "Rxe8"
    assert (anchor.moves, anchor.fallbacks) == (1, 1)
