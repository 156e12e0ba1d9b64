"""Benchmark a move on a Different Armies board and on a 10x10 board against a FIDE move.

Run: python bench/armies.py [--rounds N]

A move as a game makes it: parse_move, push, then has_moves. The FIDE board plays a real
opening (the closed Ruy Lopez, 30 plies); the Different Armies board (Colorbound
Clobberers against Nutty Knights) and the 10x10 board play seeded random legal moves to
30 plies, written in SAN as a player would. Every round plays the three games in turn, so
a busy machine slows them alike; the table shows medians in microseconds and the ratios.
Goal (issue 16): each fairy move costs at most 3x a FIDE move. For scale, one call into
Fairy-Stockfish (pyffish) is also timed: it is why boards do not call it per move.
"""

from __future__ import annotations

import argparse
import gc
import random

from games.chess.board import FideBoard
from games.fairy import FairyBoard, engine

try:
    from bench.rules import GAME
    from bench.timing import Samples
except ModuleNotFoundError:  # run as a script: python bench/armies.py
    from rules import GAME  # type: ignore[no-redef]
    from timing import Samples  # type: ignore[no-redef]

ELEVATORS = ("d4", "e4", "d5", "e5")
CENTRE_10 = ("e5", "f5", "e6", "f6")
ARMIES = ("clobberers", "nutty")


def _armies_board() -> FairyBoard:
    return FairyBoard(1, ELEVATORS, armies=ARMIES)


def _ten_board() -> FairyBoard:
    return FairyBoard(1, CENTRE_10, setup="10x10")


def random_game(make: type[FairyBoard] | object, plies: int, seed: int = 7) -> list[str]:
    """Return seeded random legal moves in SAN, plies long at most, from a new board."""
    assert callable(make)
    board = make()
    chooser = random.Random(seed)
    played: list[str] = []
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        san = chooser.choice(moves)
        board.push(board.parse_move(san))
        played.append(san)
    return played


def _play(board: FideBoard | FairyBoard, san: str) -> None:
    board.push(board.parse_move(san))
    board.has_moves()


def run(rounds: int) -> tuple[Samples, Samples, Samples, Samples]:
    """Measure moves on the three boards and one pyffish call; return their samples."""
    fide_move, armies_move, ten_move, engine_call = Samples(), Samples(), Samples(), Samples()
    armies_game = random_game(_armies_board, len(GAME))
    ten_game = random_game(_ten_board, len(GAME))
    probe = _armies_board()
    for _ in range(rounds):
        fide, armies, ten = FideBoard(1, ELEVATORS), _armies_board(), _ten_board()
        for fide_san, armies_san, ten_san in zip(GAME, armies_game, ten_game, strict=False):
            fide_move.time(_play, fide, fide_san)
            armies_move.time(_play, armies, armies_san)
            ten_move.time(_play, ten, ten_san)
        engine_call.time(engine.legal_moves, probe._rules, probe.fen())
    return fide_move, armies_move, ten_move, engine_call


def main() -> None:
    """Run the measurements and print the table and the goal."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=100, help="rounds to measure (100)")
    rounds = parser.parse_args().rounds
    gc.disable()
    try:
        fide_move, armies_move, ten_move, engine_call = run(rounds)
    finally:
        gc.enable()
    print(f"{'operation':<50}{'median µs':>12}{'ratio':>9}")
    for name, ours in (
        ("FIDE move: parse, push, has_moves", fide_move),
        ("Different Armies move: parse, push, has_moves", armies_move),
        ("10x10 move: parse, push, has_moves", ten_move),
        ("one pyffish call (legal moves)", engine_call),
    ):
        print(f"{name:<50}{ours.median_us:>12.1f}{ours.median_us / fide_move.median_us:>9.2f}")
    print()
    for name, ours in (("Different Armies", armies_move), ("10x10", ten_move)):
        ratio = ours.median_us / fide_move.median_us
        print(f"{name} move / FIDE move: {ratio:.2f}x (goal: at most 3x)")


if __name__ == "__main__":
    main()
