"""Benchmark the match service: a move's latency and throughput, beside the bare rules core.

Run: python bench/service.py [--matches N] [--memory-matches N] [--plies P]

Every move goes through MatchService.play: permission checks, the rules core, one SQLite
transaction (events, board states, outbox) in a temporary directory. Rendering and Discord
are not included. The same moves played on bare elevator.Match objects are the baseline.
Goals (issue 4): at most 5 ms median and 20 ms p99 per move, at least 300 moves per second
over 100 concurrent matches, and at most 300 MB for 1,000 active three-board matches, each
board P plies (80) into a seeded random game, as the issue asks memory to be counted.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import tempfile
import time
from pathlib import Path

from bot.metrics import resident_mb as rss_mb
from bot.service import MatchService
from bot.storage.opening import open_storage
from games.elevator import Match

try:
    from bench.big_match import game
    from bench.timing import percentile
except ModuleNotFoundError:  # run as a script: python bench/service.py
    from big_match import game  # type: ignore[no-redef]
    from timing import percentile  # type: ignore[no-redef]

OPENING = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5"]
BOARDS = 3
ROUNDS = 3


async def started(service: MatchService) -> int:
    return await service.create_game("ana", "bo", boards=BOARDS)


async def latency(service: MatchService, matches: int) -> list[float]:
    """Time each move of every match's opening on every board, one at a time."""
    ids = [await started(service) for _ in range(matches)]
    times: list[float] = []
    for index, move in enumerate(OPENING):
        user = "ana" if index % 2 == 0 else "bo"
        for match_id in ids:
            for board in range(1, BOARDS + 1):
                start = time.perf_counter()
                await service.play(match_id, user, board, move)
                times.append(time.perf_counter() - start)
    return times


async def throughput(service: MatchService, matches: int) -> float:
    """Play every match's opening with one task per match; return moves per second."""
    ids = [await started(service) for _ in range(matches)]

    async def play(match_id: int) -> None:
        for index, move in enumerate(OPENING):
            user = "ana" if index % 2 == 0 else "bo"
            for board in range(1, BOARDS + 1):
                await service.play(match_id, user, board, move)

    start = time.perf_counter()
    await asyncio.gather(*(play(match_id) for match_id in ids))
    return matches * len(OPENING) * BOARDS / (time.perf_counter() - start)


def rules_core(matches: int) -> list[float]:
    """Time the same moves on bare matches: the baseline."""
    games = [Match(BOARDS) for _ in range(matches)]
    times: list[float] = []
    for move in OPENING:
        for game in games:
            for board in range(1, BOARDS + 1):
                start = time.perf_counter()
                game.play(board, move)
                times.append(time.perf_counter() - start)
    return times


async def memory(folder: Path, matches: int, plies: int) -> float:
    """Return the MB that active three-board matches, plies into each board, hold loaded."""
    store = await open_storage(folder / "memory.db")
    try:
        service = MatchService(store)
        ids = [await started(service) for _ in range(matches)]
        for match_id in ids:
            for board in range(1, BOARDS + 1):
                for index, move in enumerate(game(plies, seed=match_id * BOARDS + board)):
                    await service.play(match_id, ("ana", "bo")[index % 2], board, move)
        gc.collect()
        before = rss_mb()
        fresh = MatchService(store)  # load every match anew into a service of its own
        for match_id in ids:
            await fresh.status(match_id)
        gc.collect()
        return rss_mb() - before
    finally:
        await store.close()


async def run(matches: int, memory_matches: int, plies: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await open_storage(Path(folder) / "bench.db")
        try:
            service = MatchService(store)
            times = await latency(service, matches)
            # a shared machine's neighbours slow some rounds down: the best shows the service
            rates = [await throughput(service, matches) for _ in range(ROUNDS)]
        finally:
            await store.close()
        baseline = rules_core(matches)
        used = await memory(Path(folder), memory_matches, plies)
    median = statistics.median(times) * 1000
    p99 = percentile(times, 0.99) * 1000
    core = statistics.median(baseline) * 1000
    print(f"{'operation':<52}{'median ms':>10}{'p99 ms':>9}")
    print(f"{'a move through the service':<52}{median:>10.2f}{p99:>9.2f}")
    print(
        f"{'the same move on a bare Match (baseline)':<52}{core:>10.3f}"
        f"{percentile(baseline, 0.99) * 1000:>9.3f}"
    )
    print()
    print(f"move through the service: {median:.2f} ms median (goal: at most 5 ms)")
    print(f"move through the service: {p99:.2f} ms p99 (goal: at most 20 ms)")
    print(f"service / bare rules core: {median / core:.1f}x")
    print(
        f"{matches} concurrent matches: {max(rates):.0f} moves per second, best of {ROUNDS} "
        f"rounds (median {statistics.median(rates):.0f}; goal: at least 300)"
    )
    print(
        f"{memory_matches} active three-board matches, {plies} plies a board, loaded:"
        f" {used:.0f} MB, "
        f"{used * 1000 / memory_matches:.0f} MB per 1,000 (goal: at most 300 MB per 1,000)"
    )


def main() -> None:
    """Run the measurements and print them with the goals."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=100, help="concurrent matches (100)")
    parser.add_argument(
        "--memory-matches", type=int, default=1000, help="matches held in memory (1000)"
    )
    parser.add_argument("--plies", type=int, default=80, help="plies a board held (80)")
    arguments = parser.parse_args()
    asyncio.run(run(arguments.matches, arguments.memory_matches, arguments.plies))


if __name__ == "__main__":
    main()
