"""Benchmark a move on a Cylindrical chess board against one on a FIDE board, side by side.

Run: python bench/cylinder.py [--rounds N]

A move as a game makes it: parse_move, push, then has_moves. Both boards play the same real
opening (the closed Ruy Lopez, 30 plies, every move legal on a cylinder too), so the only
difference is the move generator: python-chess's bitboards against our wrapped tables.
Every round plays both games in turn, so a busy machine slows both alike; the table shows
medians in microseconds and the ratio.
Goal: a Cylindrical move costs at most 3x a FIDE move.
"""

from __future__ import annotations

import argparse
import gc

from games.chess.board import FideBoard
from games.cylinder import CylinderBoard

try:
    from bench.rules import GAME
    from bench.timing import Samples
except ModuleNotFoundError:  # run as a script: python bench/cylinder.py
    from rules import GAME  # type: ignore[no-redef]
    from timing import Samples  # type: ignore[no-redef]

ELEVATORS = ("d4", "e4", "d5", "e5")


def _play(board: FideBoard | CylinderBoard, san: str) -> None:
    board.push(board.parse_move(san))
    board.has_moves()


def run(rounds: int) -> tuple[Samples, Samples, Samples, Samples]:
    """Measure moves and move listings on both boards; return (fide, cylinder) of each."""
    fide_move, cylinder_move = Samples(), Samples()
    fide_list, cylinder_list = Samples(), Samples()
    for _ in range(rounds):
        fide, cylinder = FideBoard(1, ELEVATORS), CylinderBoard(1, ELEVATORS)
        for san in GAME:
            fide_move.time(_play, fide, san)
            cylinder_move.time(_play, cylinder, san)
        fide_list.time(fide.legal_moves)
        cylinder_list.time(cylinder.legal_moves)
    return fide_move, cylinder_move, fide_list, cylinder_list


def main() -> None:
    """Run the measurements and print the table and the goal."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200, help="rounds to measure (200)")
    rounds = parser.parse_args().rounds
    gc.disable()
    try:
        fide_move, cylinder_move, fide_list, cylinder_list = run(rounds)
    finally:
        gc.enable()
    print(f"{'operation':<46}{'median µs':>12}{'ratio':>9}")
    for name, ours, reference in (
        ("FIDE move: parse, push, has_moves", fide_move, fide_move),
        ("Cylindrical move: parse, push, has_moves", cylinder_move, fide_move),
        ("FIDE legal moves in SAN", fide_list, fide_list),
        ("Cylindrical legal moves in SAN", cylinder_list, fide_list),
    ):
        ratio = ours.median_us / reference.median_us
        print(f"{name:<46}{ours.median_us:>12.1f}{ratio:>9.2f}")
    print()
    ratio = cylinder_move.median_us / fide_move.median_us
    print(f"Cylindrical move / FIDE move: {ratio:.2f}x (goal: at most 3x)")


if __name__ == "__main__":
    main()
