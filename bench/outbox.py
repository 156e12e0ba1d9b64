"""Benchmark a move while the outbox is full: 100,000 pending notices, a big prune running.

Run: python -m bench.outbox [--matches N] [--per-match N] [--delivered N] [--moves N]

A real MatchService and DeliveryWorker on a temporary SQLite file; Discord is down (the
sender fails every send). Moves are timed one at a time through MatchService.play with the
outbox empty; then with matches x per-match notices pending, spread over five places per
match and waiting out their backoff, as a long outage leaves them; then the same while
the worker prunes that many delivered notices a day old. Printed: each case's median, p99
and worst beside the empty case, the worker's look for due notices, a player's games
(storage.matches_of) and how long the prune took.
Goal (issue 13): a move's time stays flat (about 1x) in every case.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import tempfile
import time
from pathlib import Path

from bench.timing import percentile
from bot import storage
from bot.delivery import KEEP_SENT, Delivery, DeliveryWorker
from bot.service import MatchService
from bot.storage import Storage
from bot.storage.opening import open_storage

OPENING = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5"]
PLACES = ("board:1", "board:2", "board:3", "overview", "team:white")


class Down:
    """A sender for a Discord that is down: every send fails."""

    async def send(self, delivery: Delivery) -> None:
        raise ConnectionError("Discord is down")


async def games(service: MatchService, moves: int) -> list[int]:
    """Start enough fresh three-board games to play moves moves in them."""
    needed = moves // (len(OPENING) * 3) + 1
    return [await service.create_game("ana", "bo", boards=3) for _ in range(needed)]


async def moves(service: MatchService, ids: list[int], count: int) -> list[float]:
    """Time count moves, each through the service, in the games given."""
    times: list[float] = []
    for match_id in ids:
        for index, text in enumerate(OPENING):
            for board in (1, 2, 3):
                if len(times) == count:
                    return times
                start = time.perf_counter()
                await service.play(match_id, "ana" if index % 2 == 0 else "bo", board, text)
                times.append(time.perf_counter() - start)
                await asyncio.sleep(0.002)  # the worker and the prune get their turns
    return times


async def fill_pending(store: Storage, matches: int, per_match: int, now: float) -> None:
    """Leave per_match notices pending in each of matches matches, all in their backoff."""
    async with store.transaction() as db:
        for number in range(matches):
            match_id = await storage.insert_match(db, "{}", "ana", now)
            await db.executemany(
                "INSERT INTO outbox (match_id, place, kind, payload, idempotency_key, "
                "created_at, attempts, next_attempt_at, last_error) "
                "VALUES (?, ?, 'board', '{\"board\": 1}', ?, ?, 6, ?, 'Discord is down')",
                [
                    (match_id, PLACES[n % len(PLACES)], f"p{number}:{n}", now - 600, now + 3600)
                    for n in range(per_match)
                ],
            )


async def fill_delivered(store: Storage, count: int, now: float) -> None:
    """Add count delivered notices, done more than a day ago: due for pruning."""
    done = now - KEEP_SENT - 60
    for start in range(0, count, 100_000):
        async with store.transaction() as db:
            await db.executemany(
                "INSERT INTO outbox (match_id, place, kind, payload, idempotency_key, "
                "created_at, attempts, next_attempt_at, done_at) "
                "VALUES (NULL, 'overview', 'score', '{\"scores\": {}}', ?, ?, 1, ?, ?)",
                [(f"d{n}", done, done, done) for n in range(start, min(count, start + 100_000))],
            )


async def timed(action: object, repeat: int) -> float:
    """Return the median seconds of repeat runs of an async action."""
    assert callable(action)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        await action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


async def run(matches: int, per_match: int, delivered: int, count: int) -> None:
    rows: list[tuple[str, list[float]]] = []
    with tempfile.TemporaryDirectory() as folder:
        store = await open_storage(Path(folder) / "bench.db")
        stop = asyncio.Event()
        worker = DeliveryWorker(store, Down())
        try:
            await worker.prune()  # the hourly prune, done at the start, out of the way
            service = MatchService(store)
            running = asyncio.create_task(worker.run(stop))
            ids = await games(service, count)
            rows.append(("a move, the outbox empty", await moves(service, ids, count)))
            await fill_pending(store, matches, per_match, time.time())
            pending = matches * per_match
            ids = await games(service, count)
            rows.append((f"a move, {pending:,} notices pending", await moves(service, ids, count)))

            async def look() -> None:
                async with store.read() as db:
                    await storage.due_notices(db, time.time(), 50)

            async def listing() -> None:
                async with store.read() as db:
                    await storage.matches_of(db, "ana")

            looked = await timed(look, 20)
            listed = await timed(listing, 20)
            await fill_delivered(store, delivered, time.time())
            ids = await games(service, count)  # before the prune, which they would wait for
            start = time.perf_counter()
            pruning = asyncio.create_task(worker.prune())
            await asyncio.sleep(0)  # the prune begins first
            during = await moves(service, ids, count)
            unfinished = not pruning.done()
            pruned = await pruning
            took = time.perf_counter() - start
            rows.append(
                (f"a move, {pending:,} pending, pruning {delivered:,}", during),
            )
            stop.set()
            await running
        finally:
            await store.close()
    empty = rows[0][1]
    print(
        f"{'operation':<52}{'median ms':>10}{'p99 ms':>9}{'max ms':>9}{'x median':>9}{'x p99':>7}"
    )
    for name, times in rows:
        median, p99 = statistics.median(times), percentile(times, 0.99)
        print(
            f"{name:<52}{median * 1000:>10.2f}{p99 * 1000:>9.2f}{max(times) * 1000:>9.1f}"
            f"{median / statistics.median(empty):>9.1f}{p99 / percentile(empty, 0.99):>7.1f}"
        )
    print()
    print(f"the worker's look for due notices, {pending:,} pending: {looked * 1000:.2f} ms median")
    print(f"a player's games (matches_of) among {matches:,} matches: {listed * 1000:.2f} ms median")
    print(
        f"the prune: {pruned:,} rows in {took:.1f} s"
        + (", still going when the moves ended" if unfinished else ", over before the moves ended")
    )
    print("goal: a move's median and p99 stay about 1x the empty outbox's")


def main() -> None:
    """Run the measurements and print them with the goal."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=2000, help="matches with notices (2000)")
    parser.add_argument("--per-match", type=int, default=50, help="notices each (50)")
    parser.add_argument("--delivered", type=int, default=1_000_000, help="to prune (1000000)")
    parser.add_argument("--moves", type=int, default=300, help="moves timed per case (300)")
    arguments = parser.parse_args()
    logging.getLogger("bot.delivery").setLevel(logging.ERROR)  # Discord is down on purpose
    asyncio.run(run(arguments.matches, arguments.per_match, arguments.delivered, arguments.moves))


if __name__ == "__main__":
    main()
