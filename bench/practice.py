"""Benchmark the practice opponent: its time per turn against its budget, and its results
against a random player, for every game, side by side in one run.

Run: python bench/practice.py [--games N] [--turns N] [--budget S] [--strength N]

For each game of games.KINDS (and Elevator Chess with an Escher floor and with Different
Armies), the opponent plays N games against a player choosing random legal turns, White
in one game and Black in the next, each game cut off after --turns turns. The table shows
the opponent's median and slowest turn as a share of its budget (an answer must come
within the budget plus a small margin), then its wins, draws and losses; a game cut off is
scored by material (ahead, level, behind). Stockfish plays FIDE boards where it is
installed; the line above the table says whether it is.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections.abc import Callable

import games
from bot.hosted import Hosted
from bot.practice.material import material
from bot.practice.opponent import Opponent
from bot.practice.turn import Turn
from games.core.pieces import Side, opponent
from games.core.results import winner_of
from games.elevator import Match

GAMES: dict[str, Callable[[], Hosted]] = {
    **{kind: (lambda kind=kind: games.game_class(kind)()) for kind in games.KINDS},
    "elevator+escher": lambda: Match(boards=3, rules=["fide", "escher", "fide"]),
    "elevator+armies": lambda: Match(boards=2, armies=("clobberers", "nutty")),
}


def random_turn(game: Hosted, chooser: random.Random) -> str:
    """Return a random legal turn (all its actions, in a game of many)."""
    trial = games.game_class(game.KIND).from_json(game.to_json())
    side = trial.side_to_move(1)
    played: list[str] = []
    while trial.is_open(1) and trial.side_to_move(1) == side:
        action = chooser.choice(trial.legal_moves(1))
        trial.play(1, action, side=side)
        played.append(action)
        if not trial.MANY_ACTIONS:
            break
    return " ".join(played)


async def play(
    engine: Opponent, make: Callable[[], Hosted], ours: Side, seed: int, args: argparse.Namespace
) -> tuple[list[float], str]:
    """Play one game on board 1; return the opponent's turn times and its outcome."""
    game, chooser, times = make(), random.Random(seed), []
    for _ in range(args.turns):
        if not game.is_open(1):
            break
        side = game.side_to_move(1)
        if side == ours:
            started = time.monotonic()
            text = await engine.think(Turn.of(game, 1, side, args.strength, args.budget))
            times.append(time.monotonic() - started)
        else:
            text = random_turn(game, chooser)
        game.play_turn(1, text, side=side)
    if game.is_open(1):
        balance = material(game, 1, ours)
        return times, "ahead" if balance > 0 else "behind" if balance < 0 else "level"
    winner = winner_of(game.board_result(1))
    return times, "draw" if winner is None else "win" if winner == ours else "loss"


async def run(args: argparse.Namespace) -> None:
    """Print a line per game: turn times against the budget, and results."""
    engine = Opponent()
    await engine.think(Turn.of(games.new_game("chess"), 1, "white", 1, 5.0))  # start it all
    print(f"Stockfish: {engine.engine.path if engine.engine else 'not installed'}")
    print(f"budget {args.budget:.2f} s a turn, strength {args.strength}, {args.games} games each")
    print(f"{'game':18} {'median':>7} {'slowest':>8}  results")
    try:
        for name, make in GAMES.items():
            times: list[float] = []
            outcomes: list[str] = []
            for index in range(args.games):
                ours: Side = "white" if index % 2 == 0 else opponent("white")
                spent, outcome = await play(engine, make, ours, index, args)
                times += spent
                outcomes.append(outcome)
            median = statistics.median(times) / args.budget
            slowest = max(times) / args.budget
            tally = ", ".join(f"{outcomes.count(o)} {o}" for o in sorted(set(outcomes)))
            print(f"{name:18} {median:6.2f}x {slowest:7.2f}x  {tally}")
    finally:
        await engine.close()


def main() -> None:
    """Read the options and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--budget", type=float, default=0.2)
    parser.add_argument("--strength", type=int, default=3)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
