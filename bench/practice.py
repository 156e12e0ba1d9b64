"""Benchmark the practice opponent: its time per turn and results in every game, its strength
against Stockfish, and its reply times with 1 and 20 games asking at once.

Run: python bench/practice.py [--games N] [--turns N] [--budget S] [--strength N] [--rated N]
     [--elo E] [--night N] [--night-turns N]

1. For each game of games.KINDS (and Elevator Chess with an Escher floor and with Different
   Armies), the opponent plays N games against a player choosing random legal turns, White
   in one game and Black in the next. Every board is played (bench/playing.py: in passes
   over the boards, the side to move on each plays a turn there, rides included) until every
   board has ended or had --turns turns. The table shows the opponent's median and slowest
   turn as a share of its budget (an answer must come within the budget plus a small
   margin), then how its boards went: won, drawn or lost, or, cut off, ahead, level or
   behind in material. Stockfish plays FIDE boards where it is installed; the first line
   says whether it is.
2. Its strength (bench/practice_strength.py, with --rated games and matches): chess against
   Stockfish at UCI_Elo --elo, and Elevator Chess against that Stockfish on every board,
   blind to rides; the score and the Elo difference with its 95% interval.
3. Its reply times (bench/practice_night.py) with one game and with --night games asking at
   once, at the budget its strength has in play, against the goal of a p99 within the budget
   plus 0.25 s.
Each part ends with the lines that say where it measured an easier (or a harder) case than
players meet.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
from collections.abc import Callable

import games
from bot.app.practice import THINK
from bot.hosted import Hosted
from bot.practice.opponent import MARGIN, Opponent
from games.core.pieces import Side, opponent

try:
    from bench import playing, practice_night, practice_strength
except ModuleNotFoundError:  # run as a script: python bench/practice.py
    import playing  # type: ignore[no-redef]
    import practice_night  # type: ignore[no-redef]
    import practice_strength  # type: ignore[no-redef]

GAMES: dict[str, Callable[[], Hosted]] = {
    **{kind: (lambda kind=kind: games.game_class(kind)()) for kind in games.KINDS},
    "elevator+escher": lambda: games.new_game(
        "elevator", boards=3, rules=["fide", "escher", "fide"]
    ),
    "elevator+armies": lambda: games.new_game("elevator", boards=2, armies=("clobberers", "nutty")),
}


async def play(
    engine: Opponent, make: Callable[[], Hosted], ours: Side, seed: int, args: argparse.Namespace
) -> tuple[list[float], list[str]]:
    """Play one game on every board; return the opponent's turn times and its boards' outcomes."""
    game, times = make(), []
    players = {
        ours: playing.practice_player(engine, args.strength, args.budget, times),
        opponent(ours): playing.random_player(random.Random(seed)),
    }
    await playing.play_out(game, players, args.turns)
    return times, playing.outcomes(game, ours)


async def against_random(args: argparse.Namespace) -> None:
    """Print a line per game: turn times against the budget, and how the boards went."""
    engine = Opponent()
    await playing.warm_up(engine)
    print(f"Stockfish: {engine.engine.path if engine.engine else 'not installed'}")
    print(
        f"budget {args.budget:.2f} s a turn, strength {args.strength}, {args.games} games each"
        f" against random turns, every board played, cut off after {args.turns} turns a board"
    )
    print(f"{'game':18} {'boards':>6} {'median':>7} {'slowest':>8}  boards' outcomes")
    cut = boards = turns = 0
    try:
        with playing.GaveWay() as gave:
            for name, make in GAMES.items():
                times: list[float] = []
                outcomes: list[str] = []
                for index in range(args.games):
                    ours: Side = "white" if index % 2 == 0 else "black"
                    spent, each = await play(engine, make, ours, index, args)
                    times += spent
                    outcomes += each
                median = statistics.median(times) / args.budget
                slowest = max(times) / args.budget
                tally = ", ".join(f"{outcomes.count(o)} {o}" for o in sorted(set(outcomes)))
                width = len(outcomes) // args.games
                print(f"{name:18} {width:>6} {median:6.2f}x {slowest:7.2f}x  {tally}")
                boards += len(outcomes)
                turns += len(times)
                cut += sum(o in playing.CUT_OFF for o in outcomes)
    finally:
        await engine.close()
    goal = (args.budget + MARGIN) / args.budget
    print(f"goal: every turn within the budget plus {MARGIN:g} s ({goal:.2f}x the budget)")
    print(
        f"easier than in play: the other side plays random turns; {cut} of {boards} boards"
        f" were cut off after {args.turns} turns and scored by material"
    )
    print(
        f"harder than in play: {args.budget:g} s a turn, where strength {args.strength} thinks"
        f" up to {THINK[args.strength]:g} s in play; it gave way on {gave.count} of its {turns}"
        " turns (nothing came in time: a random turn or its quick choice)"
    )


async def run(args: argparse.Namespace) -> None:
    """Run the three parts, each one after the other."""
    await against_random(args)
    if args.rated:
        print()
        rated = {**vars(args), "games": args.rated, "matches": args.rated, "boards": 2}
        await practice_strength.strength(argparse.Namespace(**rated))
    if args.night:
        print()
        night = argparse.Namespace(
            games=args.night,
            turns=args.night_turns,
            budget=THINK[args.strength],
            strength=args.strength,
            thinkers=0,
        )
        await practice_night.replies(night)


def main() -> None:
    """Read the options and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games of each against random")
    parser.add_argument("--turns", type=int, default=30, help="turns a board against random")
    parser.add_argument("--budget", type=float, default=0.2, help="seconds a turn")
    parser.add_argument("--strength", type=int, default=3)
    parser.add_argument("--rated", type=int, default=4, help="chess games and Elevator matches")
    parser.add_argument("--elo", type=int, default=2200, help="the anchor's UCI_Elo")
    parser.add_argument("--plies", type=int, default=100, help="plies a board against Stockfish")
    parser.add_argument("--night", type=int, default=20, help="games at once for reply times")
    parser.add_argument("--night-turns", type=int, default=4, help="turns a game at night")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
