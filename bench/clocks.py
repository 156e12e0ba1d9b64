"""Benchmark what clocks cost the match service, beside the same work without them.

Run: python bench/clocks.py [--matches N] [--idle N]

Measured side by side in one run on a temporary SQLite file:
- a move in a live-clock match against a move in an untimed one (the same opening, the
  matches played in alternation);
- the scheduler's look (settle_due) when nothing is due, over idle timed matches, against
  one move;
- settling a flag against a move;
- memory for loaded timed matches against untimed ones.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from bot.service import MatchService
from bot.storage.opening import open_storage

try:
    from bench.service import BOARDS, OPENING
except ModuleNotFoundError:  # run as a script: python bench/clocks.py
    from service import BOARDS, OPENING  # type: ignore[no-redef]


class Clock:
    """A clock the benchmark moves by hand, so that flags fall when it says."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def moves(service: MatchService, matches: int) -> tuple[list[float], list[float]]:
    """Time each move of the opening in timed and untimed matches, in alternation."""
    timed = [await service.create_game("a", "b", boards=BOARDS, time_control="10+5")]
    untimed = [await service.create_game("a", "b", boards=BOARDS)]
    for _ in range(matches - 1):
        timed.append(await service.create_game("a", "b", boards=BOARDS, time_control="10+5"))
        untimed.append(await service.create_game("a", "b", boards=BOARDS))
    took: dict[bool, list[float]] = {True: [], False: []}
    for index, move in enumerate(OPENING):
        user = "a" if index % 2 == 0 else "b"
        for pair in zip(timed, untimed, strict=True):
            for board in range(1, BOARDS + 1):
                for clocked, match_id in zip((True, False), pair, strict=True):
                    start = time.perf_counter()
                    await service.play(match_id, user, board, move)
                    took[clocked].append(time.perf_counter() - start)
    return took[True], took[False]


async def looks(service: MatchService, idle: int, rounds: int = 20) -> list[float]:
    """Time the scheduler's look over idle timed matches with nothing due."""
    for _ in range(idle):
        await service.create_game("a", "b", boards=BOARDS, time_control="10+5")
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        assert await service.settle_due() == []
        times.append(time.perf_counter() - start)
    return times


async def flags(service: MatchService, clock: Clock, matches: int) -> float:
    """Return the seconds it takes to settle one flag, on average, with many falling at once."""
    for _ in range(matches):
        await service.create_game("a", "b", boards=1, time_control="1+0")
    clock.now += 61
    start = time.perf_counter()
    settled = await service.settle_due()
    took = time.perf_counter() - start
    return took / max(1, len(settled))


async def memory(folder: Path, matches: int, control: str) -> float:
    """Return the MB of Python objects that loaded three-board matches under a control hold."""
    store = await open_storage(folder / f"memory-{control.replace('+', '-')}.db")
    try:
        service = MatchService(store)
        ids = [
            await service.create_game("a", "b", boards=BOARDS, time_control=control)
            for _ in range(matches)
        ]
        gc.collect()
        tracemalloc.start()  # counts Python's own allocations: steadier than RSS, run to run
        fresh = MatchService(store)
        for match_id in ids:
            await fresh.status(match_id)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        return held / 1024 / 1024
    finally:
        await store.close()


async def run(matches: int, idle: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        clock = Clock()
        store = await open_storage(Path(folder) / "bench.db")
        try:
            service = MatchService(store, clock=clock)
            timed, untimed = await moves(service, matches)
            looked = await looks(service, idle)
            per_flag = await flags(service, clock, matches)
        finally:
            await store.close()
        untimed_mb = await memory(Path(folder), idle, "none")
        timed_mb = await memory(Path(folder), idle, "10+5")
    move = statistics.median(untimed)
    print(f"{'operation':<58}{'median ms':>10}{'ratio':>8}")
    print(f"{'a move in an untimed match (baseline)':<58}{move * 1000:>10.2f}{1:>8.2f}")
    clocked = statistics.median(timed)
    print(f"{'a move in a live-clock match':<58}{clocked * 1000:>10.2f}{clocked / move:>8.2f}")
    look = statistics.median(looked)
    row = f"the scheduler's look, {idle} timed matches, nothing due"
    print(f"{row:<58}{look * 1000:>10.2f}{look / move:>8.2f}")
    print(
        f"{'settling one flag (many falling at once)':<58}{per_flag * 1000:>10.2f}"
        f"{per_flag / move:>8.2f}"
    )
    print()
    print(
        f"{idle} loaded three-board matches: {timed_mb:.1f} MB with live clocks, "
        f"{untimed_mb:.1f} MB without ({(timed_mb - untimed_mb) * 1000 / idle:.1f} MB more "
        "per 1,000)"
    )


def main() -> None:
    """Run the measurements and print them side by side."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=50, help="matches of each kind (50)")
    parser.add_argument("--idle", type=int, default=1000, help="idle timed matches (1000)")
    arguments = parser.parse_args()
    asyncio.run(run(arguments.matches, arguments.idle))


if __name__ == "__main__":
    main()
