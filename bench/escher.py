"""Benchmark a move on an Escher Staircase board against one on a FIDE board, side by side.

Run: python bench/escher.py [--rounds N]

A move as a game makes it: parse_move, push, then has_moves. The FIDE board plays a real
opening (the closed Ruy Lopez, 30 plies); the Escher board plays Aikin's sample opening and
then a seeded random continuation to 30 plies. Every round plays both games in turn, so a
busy machine slows both alike; the table shows medians in microseconds and the ratio.
The same run draws each game's board image at 640 px after those plies, from the view the
bot stores (an Escher board's staircases included).
Goals: an Escher move costs at most 2x a FIDE move, and an Escher board image at most 2x
today's FIDE board image.
"""

from __future__ import annotations

import argparse
import gc
import random

import games
from games.chess.board import FideBoard
from games.core.boardgame import BoardGame
from games.escher import EscherBoard
from renderer import board_view_png
from views.model import Viewed, board_view

try:
    from bench.rules import GAME
    from bench.timing import Samples
except ModuleNotFoundError:  # run as a script: python bench/escher.py
    from rules import GAME  # type: ignore[no-redef]
    from timing import Samples  # type: ignore[no-redef]

ELEVATORS = ("d4", "e4", "d5", "e5")
SAMPLE = ("e4", "e5", "Bc4", "c5", "Ba5+", "b6", "Bxc3", "Bxa4", "Ba6", "Nf6", "Nc3", "B4c6")


def escher_game(plies: int, seed: int = 7) -> list[str]:
    """Return Aikin's sample opening continued by seeded random legal moves to plies moves."""
    board = EscherBoard(1, ELEVATORS)
    chooser = random.Random(seed)
    played: list[str] = []
    for ply in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        san = SAMPLE[ply] if ply < len(SAMPLE) else chooser.choice(moves)
        board.push(board.parse_move(san))
        played.append(san)
    return played


def _play(board: FideBoard | EscherBoard, san: str) -> None:
    board.push(board.parse_move(san))
    board.has_moves()


def _drawn(kind: str, moves: list[str] | tuple[str, ...]) -> Viewed:
    game = games.new_game(kind)
    assert isinstance(game, BoardGame)
    for san in moves:
        game.play(1, san)
    return game


def run(rounds: int) -> tuple[Samples, ...]:
    """Measure moves, move listings and images on both boards; return (fide, escher) of each."""
    fide_move, escher_move = Samples(), Samples()
    fide_list, escher_list = Samples(), Samples()
    fide_image, escher_image = Samples(), Samples()
    game = escher_game(len(GAME))
    fide_view = board_view(_drawn("chess", GAME), 1)
    escher_view = board_view(_drawn("escher", game), 1)
    for _ in range(rounds):
        fide, escher = FideBoard(1, ELEVATORS), EscherBoard(1, ELEVATORS)
        for fide_san, escher_san in zip(GAME, game, strict=False):
            fide_move.time(_play, fide, fide_san)
            escher_move.time(_play, escher, escher_san)
        fide_list.time(fide.legal_moves)
        escher_list.time(escher.legal_moves)
        fide_image.time(board_view_png, fide_view, "white", 640)
        escher_image.time(board_view_png, escher_view, "white", 640)
    return fide_move, escher_move, fide_list, escher_list, fide_image, escher_image


def main() -> None:
    """Run the measurements and print the table and the goal."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200, help="rounds to measure (200)")
    rounds = parser.parse_args().rounds
    gc.disable()
    try:
        fide_move, escher_move, fide_list, escher_list, fide_image, escher_image = run(rounds)
    finally:
        gc.enable()
    print(f"{'operation':<46}{'median µs':>12}{'ratio':>9}")
    for name, ours, reference in (
        ("FIDE move: parse, push, has_moves", fide_move, fide_move),
        ("Escher move: parse, push, has_moves", escher_move, fide_move),
        ("FIDE legal moves in SAN", fide_list, fide_list),
        ("Escher legal moves in SAN", escher_list, fide_list),
        ("FIDE board image, 640 px", fide_image, fide_image),
        ("Escher board image, 640 px", escher_image, fide_image),
    ):
        ratio = ours.median_us / reference.median_us
        print(f"{name:<46}{ours.median_us:>12.1f}{ratio:>9.2f}")
    print()
    ratio = escher_move.median_us / fide_move.median_us
    print(f"Escher move / FIDE move: {ratio:.2f}x (goal: at most 2x)")
    ratio = escher_image.median_us / fide_image.median_us
    print(f"Escher board image / FIDE board image: {ratio:.2f}x (goal: at most 2x)")


if __name__ == "__main__":
    main()
