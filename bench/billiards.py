"""Benchmark a move on a Billiards chess board against one on a FIDE board, side by side.

Run: python bench/billiards.py [--rounds N] [--games N] [--plies N]

A move as a game makes it: parse_move, push, then has_moves (is the game over?).
1. The same moves: both boards play the closed Ruy Lopez (30 plies, every move legal on a
   billiards table too, to the same positions), so the only difference is the move
   generator: python-chess's bitboards against our tables with bounced diagonals.
2. Whole games: each board plays seeded random games of legal moves to their end or --plies,
   as a game goes in play, bounces, checks along them and endings included. The two boards
   play different games (a billiards table has more moves), so this row compares a move as
   each game meets it, not the same moves.
Every round plays both boards in turn, so a busy machine slows both alike; the table shows
medians in microseconds and the ratios. Goal: a Billiards move costs at most 2x a FIDE move.
"""

from __future__ import annotations

import argparse
import gc
import random
from collections.abc import Callable

from games.billiards import BilliardsBoard
from games.chess.board import FideBoard
from games.core.board import Board

try:
    from bench.rules import GAME
    from bench.timing import Samples
except ModuleNotFoundError:  # run as a script: python bench/billiards.py
    from rules import GAME  # type: ignore[no-redef]
    from timing import Samples  # type: ignore[no-redef]

ELEVATORS = ("d4", "e4", "d5", "e5")
GOAL = 2.0


def _play(board: Board, san: str) -> None:
    board.push(board.parse_move(san))
    board.has_moves()


def _random_game(make: Callable[[], Board], seed: int, plies: int, samples: Samples) -> int:
    """Play one seeded random game to its end or plies, timing each move; return its plies."""
    board, chooser = make(), random.Random(seed)
    for ply in range(plies):
        moves = board.legal_moves()
        if not moves or board.automatic_draw() is not None:
            return ply
        samples.time(_play, board, chooser.choice(moves))
    return plies


def run(args: argparse.Namespace) -> dict[str, Samples]:
    """Measure the same moves and whole random games on both boards."""
    found = {name: Samples() for name in ("fide", "billiards", "fide games", "billiards games")}
    for _ in range(args.rounds):
        fide, table = FideBoard(1, ELEVATORS), BilliardsBoard(1, ELEVATORS)
        for san in GAME:
            found["fide"].time(_play, fide, san)
            found["billiards"].time(_play, table, san)
    for seed in range(args.games):
        _random_game(lambda: FideBoard(1, ELEVATORS), seed, args.plies, found["fide games"])
        _random_game(
            lambda: BilliardsBoard(1, ELEVATORS), seed, args.plies, found["billiards games"]
        )
    return found


def main() -> None:
    """Run the measurements and print the table and the goal."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200, help="rounds of the same moves (200)")
    parser.add_argument("--games", type=int, default=40, help="random games of each (40)")
    parser.add_argument("--plies", type=int, default=160, help="most plies a random game (160)")
    args = parser.parse_args()
    gc.disable()
    try:
        found = run(args)
    finally:
        gc.enable()
    print(f"{'operation':<52}{'moves':>7}{'median µs':>11}{'ratio':>8}")
    for name, key, anchor in (
        ("FIDE move, the same moves", "fide", "fide"),
        ("Billiards move, the same moves", "billiards", "fide"),
        ("FIDE move, whole random games", "fide games", "fide games"),
        ("Billiards move, whole random games", "billiards games", "fide games"),
    ):
        ours, reference = found[key], found[anchor]
        ratio = ours.median_us / reference.median_us
        print(f"{name:<52}{len(ours.values):>7}{ours.median_us:>11.1f}{ratio:>8.2f}")
    print()
    for what, key, anchor in (
        ("the same moves", "billiards", "fide"),
        ("whole games", "billiards games", "fide games"),
    ):
        ratio = found[key].median_us / found[anchor].median_us
        print(f"Billiards move / FIDE move, {what}: {ratio:.2f}x (goal: at most {GOAL:g}x)")
    print("easier than in play: one board alone, no service, database or Discord around it")


if __name__ == "__main__":
    main()
