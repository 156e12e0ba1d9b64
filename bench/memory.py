"""Benchmark the service's memory over a long night: its RSS, printed every few minutes.

Run: python bench/memory.py [--minutes M] [--every S] [--matches N] [--plies P]

N one-board games (50 by default) are played at once through MatchService on a temporary
SQLite file, each to P plies (80, as the issue asks memory to be counted) of a seeded
random game, then resigned and replaced by a new one, for M minutes (60). Every S seconds
(300) it prints the moves so far, the process's resident memory, Python's live objects and
the service's cached matches; the goal is a flat RSS once the cache is full. The anchor is
the first line after warming up. The service alone is measured: discord.py, the images and
the delivery are not (the bot's own RSS is what `METRICS_PORT` serves).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
from pathlib import Path

from bot.storage.opening import open_storage

if __package__ in (None, ""):  # run as a script: this checkout first
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.big_match import game
from bench.service import rss_mb
from bot.service import MatchService


async def player(service: MatchService, seed: int, plies: int, counted: list[int]) -> None:
    """Play games one after another: plies moves, then a resignation, then a new game."""
    moves = game(plies, seed=seed)
    while True:
        match_id = await service.create_game("ana", "bo", boards=1)
        for index, move in enumerate(moves):
            await service.play(match_id, "ana" if index % 2 == 0 else "bo", 1, move)
            counted[0] += 1
        await service.resign(match_id, "ana", 1)


async def run(args: argparse.Namespace) -> None:
    """Play for the minutes asked, printing the memory every interval."""
    with tempfile.TemporaryDirectory() as folder:
        store = await open_storage(f"sqlite:///{Path(folder) / 'elevator.db'}")
        service = MatchService(store)
        counted = [0]
        players = [
            asyncio.create_task(player(service, seed, args.plies, counted))
            for seed in range(args.matches)
        ]
        print(
            f"the service alone (no discord.py, images or delivery): {args.matches} games at"
            f" once, {args.plies} plies each, then a new one; SQLite"
        )
        print(f"{'minutes':>8}{'moves':>9}{'RSS MB':>9}{'objects':>10}{'cached':>8}")
        started = time.monotonic()
        first: float | None = None
        try:
            while (elapsed := time.monotonic() - started) < args.minutes * 60:
                await asyncio.sleep(min(args.every, args.minutes * 60 - elapsed))
                gc.collect()
                rss = rss_mb()
                first = rss if first is None else first
                cached = len(service._loaded)  # what the service keeps loaded
                print(
                    f"{(time.monotonic() - started) / 60:>8.1f}{counted[0]:>9}{rss:>9.1f}"
                    f"{len(gc.get_objects()):>10}{cached:>8}",
                    flush=True,
                )
        finally:
            for task in players:
                task.cancel()
            await asyncio.gather(*players, return_exceptions=True)
            await store.close()
        if first is not None:
            print(f"RSS at the end / at the first reading: {rss_mb() / first:.2f}x (goal: flat)")


def main() -> None:
    """Read the options and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=300.0)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--plies", type=int, default=80)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
