"""Benchmark a whole turn of Ender's Chess against one FIDE move, side by side in one run.

Run: python bench/enders.py [--rounds N]

A turn as a game plays it: EndersGame.play with a drop and four moves, then end (six
actions, each checked, logged and followed by the board's endings), against ChessGame.play
of one move in the closed Ruy Lopez after 20 plies. The same rounds list each game's legal
actions (what autocomplete offers) and read back a long game's JSON record: a seeded random
Ender's game of 300 actions against the 30-ply Ruy Lopez, per action. Every round times
both games in turn, so a busy machine slows both alike; the table shows medians in
microseconds and the ratio.
Goal: a turn of five actions costs at most 10x a FIDE move.
"""

from __future__ import annotations

import argparse
import gc
import random

from games.chess.game import ChessGame
from games.enders import EndersGame

try:
    from bench.rules import GAME
    from bench.timing import Samples
except ModuleNotFoundError:  # run as a script: python bench/enders.py
    from rules import GAME  # type: ignore[no-redef]
    from timing import Samples  # type: ignore[no-redef]

# White: rook d5, king f5, bishop h5; Black: king f9, knight d8, bishop h8; both with reserves.
MIDDLE = "1/2k2/1n3b1/7/7/1R1K1B1/7/5/1 w RBKNNrrbkn - - 4 9"
TURN = "N@f2 Nf2-g4 Rd5-d7 Kf5-f6 Bh5-g6 end"
PLAYED = 20  # FIDE plies before the move timed
LONG = 300  # actions of the long Ender's game
GATE_MOVES = ("-f2", "xf2", "-f10", "xf10")  # the moves that could end the long game


def fide_middle() -> str:
    """Return the FEN of the Ruy Lopez after PLAYED plies."""
    game = ChessGame()
    for san in GAME[:PLAYED]:
        game.play(1, san)
    return game.fen(1)


def long_enders(seed: int = 17) -> EndersGame:
    """Return an Ender's game of LONG seeded random actions, none onto a gate, so none ends it."""
    game, chooser = EndersGame(), random.Random(seed)
    for _ in range(LONG):
        if not game.is_open(1):
            break
        actions = [a for a in game.legal_moves(1) if not a.endswith(GATE_MOVES)]
        game.play(1, chooser.choice(actions))
    return game


def run(rounds: int) -> tuple[Samples, ...]:
    """Measure turns, listings and records of both games; return (fide, enders) of each."""
    fide_move, enders_turn = Samples(), Samples()
    fide_list, enders_list = Samples(), Samples()
    fide_json, enders_json = Samples(), Samples()
    middle = fide_middle()
    fide_record = ChessGame()
    for san in GAME:
        fide_record.play(1, san)
    fide_text, enders_text = fide_record.to_json(), long_enders().to_json()
    for _ in range(rounds):
        fide, enders = ChessGame(middle), EndersGame(MIDDLE)
        fide_list.time(fide.legal_moves, 1)
        enders_list.time(enders.legal_moves, 1)
        fide_move.time(fide.play, 1, GAME[PLAYED])
        enders_turn.time(enders.play, 1, TURN)
        fide_json.time(ChessGame.from_json, fide_text)
        enders_json.time(EndersGame.from_json, enders_text)
    return fide_move, enders_turn, fide_list, enders_list, fide_json, enders_json


def main() -> None:
    """Run the measurements and print the table and the goal."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200, help="rounds to measure (200)")
    rounds = parser.parse_args().rounds
    gc.disable()
    try:
        fide_move, enders_turn, fide_list, enders_list, fide_json, enders_json = run(rounds)
    finally:
        gc.enable()
    actions = len(long_enders().events)
    fide_per_ply = fide_json.median_us / len(GAME)
    print(f"{'operation':<52}{'median µs':>12}{'ratio':>9}")
    for name, ours, reference in (
        ("FIDE move: ChessGame.play", fide_move.median_us, fide_move.median_us),
        ("Ender's turn: drop, four moves, end", enders_turn.median_us, fide_move.median_us),
        ("FIDE legal moves (autocomplete)", fide_list.median_us, fide_list.median_us),
        ("Ender's legal actions (autocomplete)", enders_list.median_us, fide_list.median_us),
        (f"FIDE record read back, per ply ({len(GAME)})", fide_per_ply, fide_per_ply),
        (
            f"Ender's record read back, per event ({actions})",
            enders_json.median_us / actions,
            fide_per_ply,
        ),
    ):
        print(f"{name:<52}{ours:>12.1f}{ours / reference:>9.2f}")
    print()
    ratio = enders_turn.median_us / fide_move.median_us
    print(f"Ender's turn of five actions / FIDE move: {ratio:.2f}x (goal: at most 10x)")


if __name__ == "__main__":
    main()
