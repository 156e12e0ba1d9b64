"""Benchmark how well the practice opponent plays, against Stockfish held to a rating.

Run: python bench/practice_strength.py [--games N] [--matches N] [--boards N] [--strength N]
     [--budget S] [--elo E] [--plies N]

The anchor (bench/anchor.py) is Stockfish with UCI_LimitStrength at UCI_Elo E (2200 by
default, near strength 3's own; Stockfish plays 1320 at the least), a tenth of a second a
move. In chess the practice opponent, at the strength asked and its budget a turn, plays N
games against it, White and Black in turn. In Elevator Chess it plays N matches of --boards
boards against the same Stockfish on every board, which plays each board's position as chess
alone, blind to the elevators (it never rides; where its move cannot be played it falls
back, and the count is printed). Every board is played, in turn (bench/playing.py); a board
still going after --plies plies is scored by material, and a match scores its boards' mean.
Printed for each: the score, and the Elo difference it implies with its 95% interval; then
where the run measured an easier or a harder case than a player meets.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable
from dataclasses import dataclass

import games
from bot.app.practice import THINK
from bot.hosted import Hosted
from bot.practice.opponent import Opponent
from bot.practice.stockfish import find_stockfish
from games.core.pieces import Side, opponent

try:
    from bench import anchor, playing, rating
except ModuleNotFoundError:  # run as a script: python bench/practice_strength.py
    import anchor  # type: ignore[no-redef]
    import playing  # type: ignore[no-redef]
    import rating  # type: ignore[no-redef]

ANCHOR_TIME = 0.1  # seconds the anchor thinks a move


@dataclass
class Tally:
    """What one kind of game against the anchor came to."""

    points: float = 0.0
    games: int = 0
    boards: int = 0  # boards played, over all games
    cut_off: int = 0  # of them, still open at the cut-off and scored by material
    turns: int = 0  # the practice opponent's turns
    gave_way: int = 0  # of them, answered by its fallback: nothing came in time, or failed


async def measure(
    make: Callable[[], Hosted],
    games_count: int,
    ours: Opponent,
    stockfish: anchor.StockfishAnchor,
    args: argparse.Namespace,
) -> Tally:
    """Play games_count games of make() against the anchor, both colours in turn."""
    tally, times = Tally(), []
    us = playing.practice_player(ours, args.strength, args.budget, times)
    with playing.GaveWay() as gave:
        for index in range(games_count):
            await _one(make, index, us, stockfish, args, tally)
    tally.turns, tally.gave_way = len(times), gave.count
    return tally


async def _one(
    make: Callable[[], Hosted],
    index: int,
    us: playing.Player,
    stockfish: anchor.StockfishAnchor,
    args: argparse.Namespace,
    tally: Tally,
) -> None:
    """Play one game against the anchor, the practice opponent White in even ones; tally it."""
    side: Side = "white" if index % 2 == 0 else "black"
    game = make()
    await playing.play_out(game, {side: us, opponent(side): stockfish}, args.plies)
    each = playing.outcomes(game, side)
    tally.points += playing.score(game, side)
    tally.games += 1
    tally.boards += len(each)
    tally.cut_off += sum(one in playing.CUT_OFF for one in each)


def caveats(args: argparse.Namespace, tallies: dict[str, Tally]) -> list[str]:
    """Return the lines that say where these games differ from a player's."""
    lines = [
        f"harder than in play: {args.budget:g} s a turn, where strength {args.strength} thinks up"
        f" to {THINK[args.strength]:g} s in play: it plays weaker here",
    ]
    gave = sum(t.gave_way for t in tallies.values())
    if gave:
        lines.append(
            f"harder than in play: the practice opponent gave way on {gave} of its"
            f" {sum(t.turns for t in tallies.values())} turns (nothing came in time: a random turn"
            " or its quick choice)"
        )
    cut = sum(t.cut_off for t in tallies.values())
    if cut:
        lines.append(
            f"unlike play: {cut} of {sum(t.boards for t in tallies.values())} boards were cut"
            f" off after {args.plies} plies and scored by material (a pawn ahead wins)"
        )
    fewest = min(t.games for t in tallies.values())
    if fewest < 40:
        lines.append(
            f"unlike play: {fewest} games (or matches) give a wide interval; play more (--games,"
            " --matches) for a figure to rely on"
        )
    lines.append(
        f"unlike play: the anchor's {ANCHOR_TIME:g} s a move plays weaker on a busy machine; read"
        " the Elo as a place among Stockfish's settings, not as a FIDE rating"
    )
    return lines


async def strength(args: argparse.Namespace) -> None:
    """Play chess and Elevator Chess against the anchor; print what each came to."""
    path, why = find_stockfish("")
    if path is None:
        print(f"{why}: nothing was measured (the anchor is Stockfish)")
        return
    stockfish = anchor.StockfishAnchor(path, args.elo, ANCHOR_TIME)
    await stockfish.start()
    ours = Opponent()
    await playing.warm_up(ours)
    tallies: dict[str, Tally] = {}
    try:
        if args.games:
            chess = await measure(
                lambda: games.new_game("chess"), args.games, ours, stockfish, args
            )
            tallies["chess"] = chess
            print(
                f"chess: the practice opponent at strength {args.strength} ({args.budget:g} s a"
                f" turn) against Stockfish at UCI_Elo {args.elo} ({ANCHOR_TIME:g} s a move),"
                f" {args.games} games of at most {args.plies} plies"
            )
            print("\n".join(rating.report(chess.points, chess.games, args.elo)))
        if args.matches:
            before = stockfish.moves, stockfish.fallbacks
            elevator = await measure(
                lambda: games.new_game("elevator", boards=args.boards),
                args.matches,
                ours,
                stockfish,
                args,
            )
            tallies["elevator"] = elevator
            moves, fallbacks = stockfish.moves - before[0], stockfish.fallbacks - before[1]
            print(
                f"elevator: the practice opponent at strength {args.strength} ({args.budget:g} s"
                f" a turn) against Stockfish at UCI_Elo {args.elo} on each board, blind to rides"
                f" ({ANCHOR_TIME:g} s a move), {args.matches} matches of {args.boards} boards,"
                f" at most {args.plies} plies a board; a match scores its boards' mean"
            )
            print("\n".join(rating.report(elevator.points, elevator.games, None)))
            print(
                f"the anchor fell back on {fallbacks} of its {moves} moves (a position"
                " Stockfish cannot take, or its move not legal there)"
            )
    finally:
        await ours.close()
        await stockfish.close()
    if tallies:
        print("\n".join(caveats(args, tallies)))


def add_options(parser: argparse.ArgumentParser, *, games: int, matches: int, plies: int) -> None:
    """Add this benchmark's options, with defaults of the caller's choosing."""
    parser.add_argument("--games", type=int, default=games, help="chess games")
    parser.add_argument("--matches", type=int, default=matches, help="Elevator Chess matches")
    parser.add_argument("--boards", type=int, default=2, help="boards of an Elevator match")
    parser.add_argument("--elo", type=int, default=2200, help="the anchor's UCI_Elo")
    parser.add_argument("--plies", type=int, default=plies, help="plies a board at most")


def main() -> None:
    """Read the options and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_options(parser, games=8, matches=4, plies=120)
    parser.add_argument("--strength", type=int, default=3)
    parser.add_argument("--budget", type=float, default=0.2)
    asyncio.run(strength(parser.parse_args()))


if __name__ == "__main__":
    main()
