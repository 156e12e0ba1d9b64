"""Benchmark a move in an unrelated match while a moderator undoes an old rated game.

Run: python -m bench.undo [--later N] [--players N] [--rounds N] [--moves N] [--postgres]

A real MatchService on a temporary SQLite file (with --postgres: a throwaway PostgreSQL
cluster, as bench/engines.py starts one). rounds rated chess games are played in one pool,
then later more rated games among players; then, round after round, a move in an unrelated
casual game is timed with nothing else running (the anchor), and moves in it are timed one
after another while an undo of the oldest rated game still finished runs, which takes it
back and replays the later games after it. Printed: the anchor's median, the moves during
the undos beside it (the worst is the delay an undo causes; a ratio and ms), and how long
an undo took.
Goal (issue 32): a move during the undo of a game with 3,000 later ones waits at most 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path

from bot.service import MatchService, Moderator
from bot.storage.connection import POSTGRES_SCHEMES
from bot.storage.opening import open_storage

MOD = Moderator("mod", is_moderator=True)
OPENING = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5"]


async def rated_game(service: MatchService, white: str, black: str) -> int:
    """Play a rated one-board chess game in DMs to its end: black resigns."""
    match_id = await service.create_game(white, black, boards=1, game="chess", rated_in="")
    await service.resign(match_id, black, 1)
    return match_id


async def unrelated_moves(service: MatchService) -> AsyncIterator[float]:
    """Play moves in casual games of people outside the pool; yield each move's seconds."""
    while True:
        match_id = await service.create_game("xa", "xb", boards=3)
        for index, text in enumerate(OPENING):
            for board in (1, 2, 3):
                start = time.perf_counter()
                await service.play(match_id, "xa" if index % 2 == 0 else "xb", board, text)
                yield time.perf_counter() - start


async def run(database: str, later: int, players: int, rounds: int, count: int) -> None:
    store = await open_storage(database)
    try:
        service = MatchService(store)
        names = [f"p{n}" for n in range(players)]
        old = [await rated_game(service, names[0], names[1]) for _ in range(rounds)]
        pairs = itertools.cycle(itertools.permutations(names, 2))
        for _ in range(later):
            await rated_game(service, *next(pairs))
        moving = unrelated_moves(service)
        anchor: list[float] = []
        during: list[float] = []
        undos: list[float] = []
        for match_id in reversed(old):  # the newest first: each has later games after it
            anchor += [await anext(moving) for _ in range(count)]
            start = time.perf_counter()
            undo = asyncio.create_task(service.undo(match_id, MOD, 1, "a misclick"))
            await asyncio.sleep(0)  # the undo begins first
            while True:  # at least one move, however soon the undo is done
                during.append(await anext(moving))
                if undo.done():
                    break
            await undo
            undos.append(time.perf_counter() - start)
    finally:
        await store.close()
    base = statistics.median(anchor)
    worst = max(during)
    engine = "PostgreSQL" if database.startswith(POSTGRES_SCHEMES) else "SQLite"
    print(f"undo of a rated game with {later:,}+ later games in its pool, {players} players")
    print(f"{engine}, load average {os.getloadavg()[0]:.2f} at the end")
    print(f"{'case':52} {'ms':>9} {'ratio':>8}")
    print(f"{'a move, nothing else running (median, the anchor)':52} {base * 1e3:9.2f} {1:8.2f}")
    print(
        f"{'a move while an undo runs (median)':52} "
        f"{statistics.median(during) * 1e3:9.2f} {statistics.median(during) / base:8.2f}"
    )
    print(
        f"{'a move while an undo runs (worst: its delay)':52} "
        f"{worst * 1e3:9.2f} {worst / base:8.2f}"
    )
    print(f"{'the undo itself (median of rounds)':52} {statistics.median(undos) * 1e3:9.2f}")
    print(f"\nmoves timed during the undos: {len(during)}; rounds: {rounds}")
    print(f"worst move during an undo: {worst * 1e3:.1f} ms (goal: at most 50 ms)")


def main() -> None:
    """Run the measurements on SQLite, or on a throwaway PostgreSQL, and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--later", type=int, default=3000, help="rated games after the undone")
    parser.add_argument("--players", type=int, default=40, help="players in the pool")
    parser.add_argument("--rounds", type=int, default=3, help="undos, each timed")
    parser.add_argument("--moves", type=int, default=20, help="anchor moves per round")
    parser.add_argument("--postgres", action="store_true", help="on PostgreSQL, not SQLite")
    arguments = parser.parse_args()
    sizes = (arguments.later, arguments.players, arguments.rounds, arguments.moves)
    if not arguments.postgres:
        with tempfile.TemporaryDirectory() as folder:
            asyncio.run(run(str(Path(folder) / "bench.db"), *sizes))
        return
    from bench.engines import DURABLE
    from tests.postgres import Cluster, PostgresUnavailable, find_binaries

    try:
        binaries = find_binaries()
    except PostgresUnavailable as absent:
        print(f"{absent}; nothing was measured.")
        return
    cluster = Cluster.start(binaries, DURABLE)
    try:
        asyncio.run(run(cluster.url(cluster.create_database()), *sizes))
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
