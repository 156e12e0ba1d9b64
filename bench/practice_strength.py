"""Benchmark how well the practice opponent plays chess, against Stockfish held to a rating.

Run: python bench/practice_strength.py [--games N] [--strength N] [--budget S] [--elo E]

The anchor is Stockfish with UCI_LimitStrength at UCI_Elo E (1500 by default; Stockfish
plays 1320 at the least), a tenth of a second a move. The practice opponent, at the
strength asked and its budget a turn, plays N games against it, White and Black in turn;
a game still going after --plies plies is scored by material (a pawn ahead or more wins).
Printed: the score, and the Elo difference it implies with its 95% interval, so the
opponent's rating is about E plus that. Chess only: an anchor for Elevator Chess (a
Stockfish per board that ignores rides) is not measured here yet.
"""

from __future__ import annotations

import argparse
import asyncio
import math

import chess
import chess.engine

import games
from bot.hosted import Hosted
from bot.practice.material import material
from bot.practice.opponent import Opponent
from bot.practice.stockfish import find_stockfish
from bot.practice.turn import Turn
from games.core.pieces import Side
from games.core.results import winner_of

ANCHOR_TIME = 0.1  # seconds the anchor thinks a move


def elo(score: float) -> float:
    """Return the Elo difference a score (0 to 1, exclusive) implies."""
    return -400 * math.log10(1 / score - 1)


def interval(points: float, games: int) -> tuple[float, float]:
    """Return the 95% interval of the Elo difference, from the score's standard error."""
    score = points / games
    error = math.sqrt(max(score * (1 - score), 0.01) / games)
    low, high = max(score - 1.96 * error, 0.005), min(score + 1.96 * error, 0.995)
    return elo(low), elo(high)


async def one(
    ours: Opponent, anchor: chess.engine.UciProtocol, side: Side, args: argparse.Namespace
) -> float:
    """Play one game; return the practice opponent's points (1, 0.5 or 0)."""
    game: Hosted = games.game_class("chess")()
    for _ in range(args.plies):
        if not game.is_open(1):
            break
        mover = game.side_to_move(1)
        if mover == side:
            text = await ours.think(Turn.of(game, 1, side, args.strength, args.budget))
        else:
            board = chess.Board(game.fen(1))
            played = await anchor.play(board, chess.engine.Limit(time=ANCHOR_TIME))
            assert played.move is not None
            text = board.san(played.move)
        game.play_turn(1, text, side=mover)
    if game.is_open(1):
        balance = material(game, 1, side)
        return 1.0 if balance >= 1 else 0.0 if balance <= -1 else 0.5
    winner = winner_of(game.board_result(1))
    return 0.5 if winner is None else 1.0 if winner == side else 0.0


async def run(args: argparse.Namespace) -> None:
    """Play the games and print the score and the Elo difference."""
    path, why = find_stockfish("")
    if path is None:
        print(f"{why}: nothing was measured (the anchor is Stockfish)")
        return
    _, anchor = await chess.engine.popen_uci(path)
    await anchor.configure({"UCI_LimitStrength": True, "UCI_Elo": args.elo})
    ours = Opponent()
    points = 0.0
    try:
        for index in range(args.games):
            side: Side = "white" if index % 2 == 0 else "black"
            points += await one(ours, anchor, side, args)
    finally:
        await ours.close()
        await anchor.quit()
    low, high = interval(points, args.games)
    score = min(max(points / args.games, 0.005), 0.995)
    print(
        f"chess: the practice opponent at strength {args.strength} ({args.budget:g} s a turn)"
        f" against Stockfish at UCI_Elo {args.elo} ({ANCHOR_TIME:g} s a move), {args.games}"
        f" games of at most {args.plies} plies"
    )
    print(f"score {points:g} of {args.games} ({points / args.games:.0%})")
    print(
        f"Elo difference {elo(score):+.0f} (95% interval {low:+.0f} to {high:+.0f}):"
        f" a rating of about {args.elo + elo(score):.0f}"
    )


def main() -> None:
    """Read the options and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--strength", type=int, default=3)
    parser.add_argument("--budget", type=float, default=0.2)
    parser.add_argument("--elo", type=int, default=1500)
    parser.add_argument("--plies", type=int, default=160)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
