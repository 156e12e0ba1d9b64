"""Benchmark a move through the service on SQLite and on PostgreSQL, shared by 1, 2 and 4 processes.

Run: python -m bench.engines [--quick] [--games N] [--rounds N]

Every move goes through MatchService.play over open_storage(...), the path a /move takes:
the match's lock (on PostgreSQL also an advisory lock and a check that no other process
changed the cached match), the rules core, and one transaction holding the events, the
boards' new states and the move's notice in the outbox. The games are three-board games
shown in their players' DMs, as /challenge starts them.

Each configuration runs in OS processes of its own, started for it. PostgreSQL is a
throwaway cluster this script starts (tests/postgres.py) on a Unix socket, as durable as
PostgreSQL is by default (fsync on, every commit flushed); SQLite is a WAL file with
synchronous NORMAL, as the bot opens it. Each process plays as a shard would: its own
MatchService and Storage on the one database, its own games, one task per game, all
moving at once. A lone move is also timed, one at a time, on both engines side by side: one
process plays the same games on each, a move on one and then on the other, every round, all
rounds' moves pooled. Goal: a lone move on PostgreSQL at most 1.5x SQLite's at p50.
Printed: moves per second (all processes together), a move's p50 and p99, the lone move's
ratio against the goal, a durable commit alone on PostgreSQL (timed after each round's lone
moves: the least a move there waits for), and the ratios PostgreSQL / SQLite in one process
and N processes / 1 on PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from threading import BrokenBarrierError
from typing import Any, Final

import asyncpg

from bench.players import (
    OPENING,
    PLAY_WAIT,
    READY_WAIT,
    Pair,
    Played,
    Share,
    keep_barrier,
    play_pair,
    play_share,
)
from bench.timing import percentile

PROCESSES: Final = (1, 2, 4)
TICK: Final = os.sysconf("SC_CLK_TCK")
GOAL: Final = 1.5  # a lone move on PostgreSQL at most this many times SQLite's, at p50
LONE: Final = (
    "SQLite, a lone move",
    "PostgreSQL, a lone move",
    "PostgreSQL as SQLite flushes",
)
# SQLite's WAL with synchronous NORMAL, as the bot opens it, does not flush at each commit: a
# crash of the machine may lose the last commits, never corrupt. PostgreSQL's counterpart, set
# in DATABASE_URL (asyncpg passes a URL's unknown parameters to the server as settings).
AS_SQLITE: Final = "synchronous_commit=off"
COMMITS: Final = 200  # durable commits timed alone each round, beside the lone moves


@dataclass(frozen=True)
class Result:
    """One configuration's run: moves per second, moves' times, CPU seconds of bot and server."""

    name: str
    processes: int
    rate: float
    times: tuple[float, ...]
    bot_cpu: float
    server_cpu: float | None  # None: the database is in the bot's process (SQLite)

    @property
    def p50(self) -> float:
        return statistics.median(self.times) * 1000

    @property
    def p99(self) -> float:
        return percentile(list(self.times), 0.99) * 1000


def server_cpu(postmaster: int | None) -> float:
    """Return the CPU seconds a PostgreSQL server and its processes have used (Linux)."""
    if postmaster is None:
        return 0.0
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        pid, parent = int(stat.parent.name), int(fields[1])
        if pid == postmaster:  # its own time and that of the backends it has reaped
            total += sum(int(value) for value in fields[11:15])
        elif parent == postmaster:
            total += int(fields[11]) + int(fields[12])
    return total / TICK


def _workers(
    work: Callable[[Any], Any], items: list[Any], server: int | None
) -> tuple[list[Any], float]:
    """Run work on each item in a process of its own, all starting together.

    Return what each returned, and the server's CPU seconds between the start line and the
    end line (0 without a server).
    """
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(len(items) + 1)  # the script waits with them, to read the server
    with ProcessPoolExecutor(
        len(items), mp_context=context, initializer=keep_barrier, initargs=(barrier,)
    ) as pool:
        futures = [pool.submit(work, item) for item in items]
        try:
            barrier.wait(READY_WAIT)
            before = server_cpu(server)
            barrier.wait(PLAY_WAIT)
            used = server_cpu(server) - before
        except BrokenBarrierError:
            for future in futures:
                future.result()  # a process's failure, if one failed
            raise
        return [future.result() for future in futures], used


def run(name: str, url: str, processes: int, games: int, *, server: int | None) -> Result:
    """Play games in each of some processes on one database, all starting together."""
    shares = [Share(url, games, f"p{index}") for index in range(processes)]
    played, used = _workers(play_share, shares, server)
    moves = sum(len(p.times) for p in played)
    elapsed = max(p.end for p in played) - min(p.start for p in played)
    times = tuple(t for p in played for t in p.times)
    cpu = sum(p.cpu for p in played)
    return Result(name, processes, moves / elapsed, times, cpu, None if server is None else used)


def run_pair(engines: Engines, games: int) -> tuple[Result, ...]:
    """Time lone moves on SQLite and PostgreSQL (flushed at each commit or not) side by side."""
    urls = (engines.sqlite(), engines.postgres(), with_setting(engines.postgres(), AS_SQLITE))
    [played], used = _workers(play_pair, [Pair(urls, games)], engines.server)
    # the server's CPU is the two PostgreSQL databases' together: shared out by their moves
    share = used / max(1, len(played[1].times) + len(played[2].times))
    return tuple(
        _lone(name, each, None if index == 0 else share * len(each.times))
        for index, (name, each) in enumerate(zip(LONE, played, strict=True))
    )


def with_setting(url: str, setting: str) -> str:
    """Return a PostgreSQL URL that also sets a server setting for its connections."""
    return f"{url}{'&' if '?' in url else '?'}{setting}"


def _lone(name: str, played: Played, server: float | None) -> Result:
    return Result(name, 1, len(played.times) / sum(played.times), played.times, played.cpu, server)


def commit_floor(url: str, commits: int = COMMITS) -> list[float]:
    """Time durable commits of a one-row INSERT each on PostgreSQL: what any move waits for."""

    async def timed() -> list[float]:
        connection = await asyncpg.connect(url)
        try:
            await connection.execute("CREATE TABLE floor (at DOUBLE PRECISION)")
            times = []
            for _ in range(commits):
                start = time.perf_counter()
                await connection.execute("INSERT INTO floor VALUES ($1)", start)
                times.append(time.perf_counter() - start)
            return times
        finally:
            await connection.close()

    return asyncio.run(timed())


def pooled(results: list[Result]) -> Result:
    """Return the rounds of one configuration as one run: all their moves, all their CPU."""
    first = results[0]
    times = tuple(t for result in results for t in result.times)
    servers = [result.server_cpu for result in results if result.server_cpu is not None]
    return Result(
        first.name,
        first.processes,
        len(times) / sum(times),
        times,
        sum(result.bot_cpu for result in results),
        sum(servers) if servers else None,
    )


@dataclass(frozen=True)
class Engines:
    """Where each configuration gets a fresh database, and PostgreSQL's server process."""

    sqlite: Callable[[], str]
    postgres: Callable[[], str]
    server: int


def on_postgres(processes: int) -> str:
    """Name the run of some processes sharing PostgreSQL."""
    return f"PostgreSQL, {processes} process{'es' if processes > 1 else ''}"


def measure(
    engines: Engines, games: int, lone_games: int, rounds: int
) -> tuple[list[Result], list[tuple[float, float]], list[float]]:
    """Run every configuration rounds times, interleaved.

    Lone moves are pooled over the rounds, played side by side on both engines; of the
    configurations under load, each one's best round is kept (a shared machine's neighbours
    slow some rounds down: the best shows the bot). Also return each round's lone-move p50
    ratio, PostgreSQL / SQLite, and the times of durable commits alone, timed after each
    round's lone moves.
    """
    configurations: list[tuple[str, Callable[[], str], int | None, int]] = [
        ("SQLite, 1 process", engines.sqlite, None, 1),
        *((on_postgres(n), engines.postgres, engines.server, n) for n in PROCESSES),
    ]
    lone: list[tuple[Result, ...]] = []
    floor: list[float] = []
    best: dict[str, Result] = {}
    for _ in range(rounds):
        lone.append(run_pair(engines, lone_games))
        floor += commit_floor(engines.postgres())
        for name, fresh, server, processes in configurations:
            result = run(name, fresh(), processes, games, server=server)
            kept = best.get(name)
            if kept is None or kept.rate < result.rate:
                best[name] = result
    ratios = [(pg.p50 / sqlite.p50, unflushed.p50 / sqlite.p50) for sqlite, pg, unflushed in lone]
    pooled_lone = [pooled([each[engine] for each in lone]) for engine in range(len(LONE))]
    return [*pooled_lone, *(best[name] for name, *_ in configurations)], ratios, floor


def report(
    results: list[Result],
    ratios: list[tuple[float, float]],
    floor: list[float],
    games: int,
    lone_games: int,
    load: float,
) -> None:
    """Print the table and the ratios."""
    found = {result.name: result for result in results}
    print(
        f"{games} three-board games per process ({lone_games} for a lone move, on both engines "
        f"side by side, {len(ratios)} round{'s' * (len(ratios) != 1)} pooled), "
        f"{len(OPENING)} moves a board; {os.cpu_count()} cores shared by the bot's processes "
        f"and the database server (load average {load:.1f} at the start)"
    )
    print(
        "PostgreSQL flushes every commit to disk (fsync and synchronous_commit on, its "
        "defaults); SQLite runs in WAL mode with synchronous NORMAL, as the bot opens it"
    )
    print(
        f"{'configuration':<30}{'moves':>7}{'moves/s':>9}{'p50 ms':>8}{'p99 ms':>8}"
        f"{'CPU ms a move: bot':>20}{'server':>8}{'cores':>7}"
    )
    for result in results:
        moves = len(result.times)
        cpu = (result.bot_cpu + (result.server_cpu or 0.0)) / moves
        server = "-" if result.server_cpu is None else f"{result.server_cpu * 1000 / moves:.2f}"
        print(
            f"{result.name:<30}{moves:>7}{result.rate:>9.0f}{result.p50:>8.2f}{result.p99:>8.2f}"
            f"{result.bot_cpu * 1000 / moves:>20.2f}{server:>8}{cpu * result.rate:>7.2f}"
        )
    sqlite, postgres, unflushed = (found[name] for name in LONE)
    loaded_sqlite, one = found["SQLite, 1 process"], found[on_postgres(1)]
    print()
    for index, (lone, how) in enumerate(
        (
            (postgres, "flushed at each commit, PostgreSQL's default"),
            (unflushed, f"flushed as SQLite flushes, {AS_SQLITE} in DATABASE_URL"),
        )
    ):
        ratio = lone.p50 / sqlite.p50
        print(
            f"PostgreSQL / SQLite, a lone move {how}: {ratio:.2f}x p50 over "
            f"{len(lone.times)} moves each (goal at most {GOAL:g}x: "
            f"{'met' if ratio <= GOAL else 'not met'}), {lone.p99 / sqlite.p99:.2f}x p99; "
            "each round's p50: " + ", ".join(f"{pair[index]:.2f}x" for pair in ratios)
        )
    print(
        f"a durable commit alone on this machine (a one-row INSERT): "
        f"{statistics.median(floor) * 1000:.2f} ms p50; a move on PostgreSQL waits for one by "
        "default, SQLite's WAL with synchronous NORMAL flushes at checkpoints, not at each "
        f"commit; with {AS_SQLITE} PostgreSQL flushes a moment later, in the background: "
        "a crash of the machine (or of PostgreSQL) may lose the last moves, as SQLite's may, "
        "and corrupts nothing"
    )
    print(
        f"PostgreSQL / SQLite, 1 process under load: {one.rate / loaded_sqlite.rate:.2f}x "
        f"moves/s, {one.p50 / loaded_sqlite.p50:.1f}x p50"
    )
    for processes in PROCESSES[1:]:
        many = found[on_postgres(processes)]
        print(
            f"PostgreSQL, {processes} processes / 1: {many.rate / one.rate:.2f}x moves/s, "
            f"{many.p50 / one.p50:.1f}x p50"
        )
    cpu = (one.bot_cpu + (one.server_cpu or 0.0)) / len(one.times)
    print(
        f"a move on PostgreSQL costs {cpu * 1000:.2f} ms of CPU (bot and server): a core of "
        f"this machine carries about {1 / cpu:.0f} moves/s, so more processes add moves/s "
        "only while cores are free"
    )


# as durable as PostgreSQL is by default (the tests' cluster turns these off)
DURABLE: Final = {"fsync": "on", "full_page_writes": "on", "synchronous_commit": "on"}


def main() -> None:
    """Start a throwaway PostgreSQL, run the measurements and print them."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer games, one round")
    parser.add_argument("--games", type=int, help="games each process plays at once (25)")
    parser.add_argument(
        "--rounds", type=int, help="rounds: lone moves pooled, the best kept of the others (3)"
    )
    arguments = parser.parse_args()
    games = arguments.games or (8 if arguments.quick else 25)
    rounds = arguments.rounds or (1 if arguments.quick else 3)
    lone_games = max(1, games // 2)

    from tests.postgres import Cluster, PostgresUnavailable, find_binaries

    try:
        binaries = find_binaries()
    except PostgresUnavailable as absent:
        print(f"{absent}; nothing was measured.")
        sys.exit(0)
    load = os.getloadavg()[0]
    cluster = Cluster.start(binaries, DURABLE)
    try:
        with tempfile.TemporaryDirectory() as folder:
            files = iter(range(1, 1000))
            engines = Engines(
                sqlite=lambda: str(Path(folder) / f"bench{next(files)}.db"),
                postgres=lambda: cluster.url(cluster.create_database()),
                server=int((cluster.data / "postmaster.pid").read_text().split()[0]),
            )
            results, ratios, floor = measure(engines, games, lone_games, rounds)
    finally:
        cluster.stop()
    report(results, ratios, floor, games, lone_games, load)


if __name__ == "__main__":
    main()
