"""Benchmark a night of practice: the opponent's replies with many games waiting at once.

Run: python bench/practice_night.py [--games N] [--turns N] [--budget S] [--strength N]

N chess games (20 by default) ask the practice opponent for a turn at the same moment, and
again as soon as each has its answer and a random reply; one game alone, beside them in the
same run, is the anchor. The goal is every reply within its budget plus MARGIN (0.25 s) at
the 99th percentile, whatever the number of games: with more games than thinkers each
thinks for less. Its answers are timed at the opponent itself, without the service, the
database or Discord: what a player waits on for the bot's thinking alone.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import time

import games
from bot.practice.opponent import MARGIN, Opponent
from bot.practice.turn import Turn
from games.core.pieces import opponent

try:
    from bench.timing import percentile
except ModuleNotFoundError:  # run as a script: python bench/practice_night.py
    from timing import percentile  # type: ignore[no-redef]


async def play(engine: Opponent, seed: int, args: argparse.Namespace) -> list[float]:
    """Play one chess game against random replies; return the opponent's reply times."""
    game, chooser, times = games.new_game("chess"), random.Random(seed), []
    ours = "white"
    for _ in range(args.turns):
        if not game.is_open(1):
            break
        started = time.monotonic()
        text = await engine.think(Turn.of(game, 1, ours, args.strength, args.budget))
        times.append(time.monotonic() - started)
        game.play_turn(1, text, side=ours)
        if game.is_open(1):
            game.play(1, chooser.choice(game.legal_moves(1)), side=opponent(ours))
    return times


async def night(count: int, args: argparse.Namespace) -> list[float]:
    """Return every reply time of count games played at once by one opponent."""
    engine = Opponent(args.thinkers or None)
    try:
        await play(engine, 0, argparse.Namespace(**{**vars(args), "turns": 1}))  # warm up
        played = await asyncio.gather(*(play(engine, seed, args) for seed in range(count)))
    finally:
        await engine.close()
    return [each for game in played for each in game]


async def replies(args: argparse.Namespace) -> None:
    """Print the replies of one game alone beside those of args.games at once, and the goal."""
    thinkers = Opponent(args.thinkers or None).thinkers
    goal = args.budget + MARGIN
    print(
        f"{thinkers} thinkers on {len(os.sched_getaffinity(0))} cores; chess at strength"
        f" {args.strength}, budget {args.budget:g} s, {args.turns} turns a game;"
        " timed at the opponent (no service, database or Discord)"
    )
    print(f"{'games at once':>14} {'replies':>8} {'p50 s':>7} {'p99 s':>7} {'max s':>7}  p99/goal")
    for count in (1, args.games):
        times = await night(count, args)
        p99 = percentile(times, 0.99)
        print(
            f"{count:>14} {len(times):>8} {statistics.median(times):>7.2f} {p99:>7.2f}"
            f" {max(times):>7.2f}  {p99 / goal:.2f}x"
        )
    print(f"goal: p99 within the budget plus {MARGIN:g} s = {goal:g} s (1.00x), at any count")
    print(
        "easier than in play: timed at the opponent alone, so a player waits longer (the bot"
        " draws the images, Discord's rate limits hold its posts: python -m bench.night); chess"
        " only, whose turns weigh no rides (an Elevator turn with rides costs its worker more)"
    )
    print(
        f"harder than in play: the other side replies at once, so all {args.games} games ask"
        " together, as people seldom do"
    )


def main() -> None:
    """Parse the arguments and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--budget", type=float, default=2.0)
    parser.add_argument("--strength", type=int, default=3)
    parser.add_argument("--thinkers", type=int, default=0, help="0: the setting's default")
    asyncio.run(replies(parser.parse_args()))


if __name__ == "__main__":
    main()
