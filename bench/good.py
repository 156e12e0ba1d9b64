"""Benchmark Ben Good's Elevator against FIDE chess, side by side in one run.

Run: python bench/good.py [--rounds N]

From each game's start: listing the legal moves (what autocomplete offers: 96 pieces on
four levels against FIDE's 32), playing one move (GoodGame.play of the ox's push against
ChessGame.play of e4), and drawing the board image at 640 px from a view read earlier.
Every round times both games in turn, so a busy machine slows both alike; the table shows
medians in microseconds and the ratio.
Goal: the legal moves at most 20x FIDE's (three times the board, three times the pieces,
and flying, pushing and lifting), the image at most 3x.
"""

from __future__ import annotations

import argparse
import gc

from games.chess.game import ChessGame
from games.good.game import GoodGame
from renderer import board_view_png
from views.model import board_view

try:
    from bench.timing import Samples
except ModuleNotFoundError:  # run as a script: python bench/good.py
    from timing import Samples  # type: ignore[no-redef]

GOOD_MOVE = "O2a3/Pa4"  # the rules text's own example: the ox pushes the pawn
FIDE_MOVE = "e4"


def run(rounds: int) -> tuple[Samples, ...]:
    """Measure listings, moves and images of both games; return (fide, good) of each."""
    fide_list, good_list = Samples(), Samples()
    fide_move, good_move = Samples(), Samples()
    fide_image, good_image = Samples(), Samples()
    fide_view, good_view = board_view(ChessGame(), 1), board_view(GoodGame(), 1)
    for _ in range(rounds):
        fide, good = ChessGame(), GoodGame()
        fide_list.time(fide.legal_moves, 1)
        good_list.time(good.legal_moves, 1)
        fide_move.time(fide.play, 1, FIDE_MOVE)
        good_move.time(good.play, 1, GOOD_MOVE)
    for _ in range(max(1, rounds // 10)):  # an image costs milliseconds: fewer rounds
        fide_image.time(board_view_png, fide_view)
        good_image.time(board_view_png, good_view)
    return fide_list, good_list, fide_move, good_move, fide_image, good_image


def main() -> None:
    """Run the measurements and print the table and the goals."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200, help="rounds to measure (200)")
    rounds = parser.parse_args().rounds
    gc.disable()
    try:
        fide_list, good_list, fide_move, good_move, fide_image, good_image = run(rounds)
    finally:
        gc.enable()
    print(f"{'operation':<52}{'median µs':>12}{'ratio':>9}")
    for name, ours, reference in (
        ("FIDE legal moves from the start", fide_list, fide_list),
        ("Good's legal moves from the start", good_list, fide_list),
        (f"FIDE move {FIDE_MOVE}: ChessGame.play", fide_move, fide_move),
        (f"Good's move {GOOD_MOVE}: GoodGame.play", good_move, fide_move),
        ("FIDE board image, 640 px", fide_image, fide_image),
        ("Good's board image (four levels), 640 px", good_image, fide_image),
    ):
        print(f"{name:<52}{ours.median_us:>12.1f}{ours.median_us / reference.median_us:>9.2f}")
    print()
    listing = good_list.median_us / fide_list.median_us
    image = good_image.median_us / fide_image.median_us
    print(f"Good's legal moves / FIDE's: {listing:.2f}x (goal: at most 20x)")
    print(f"Good's board image / FIDE's: {image:.2f}x (goal: at most 3x)")


if __name__ == "__main__":
    main()
