"""What each process of the engines benchmark does: play its own games, as a shard would.

Run from bench/engines.py, in processes it starts. Each opens its own Storage and
MatchService on the one database, creates its games, waits at the start line for the
other processes, plays (one task per game, all at once), and waits at the end line before
it closes, so that the script reads the server's CPU time between. A lone move is timed
otherwise: one process plays the same games on two databases side by side, one move at a
time, a move on one and then the same move on the other (`play_pair`).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from multiprocessing.synchronize import Barrier
from typing import Final

from bot.service import MatchService
from bot.storage.opening import open_storage

OPENING: Final = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5"]
BOARDS: Final = 3
READY_WAIT: Final = 120.0  # seconds for every process to be ready (spawning imports the bot)
PLAY_WAIT: Final = 900.0  # seconds for every process to play its share

_barrier: Barrier | None = None  # where worker processes and the script meet: start and end


@dataclass(frozen=True)
class Share:
    """What one process plays: its games on one database, all at once."""

    url: str
    games: int
    player: str  # a prefix that gives each process players of its own


@dataclass(frozen=True)
class Pair:
    """Lone moves on several databases side by side: the same games on each, move by move."""

    urls: tuple[str, ...]
    games: int


@dataclass(frozen=True)
class Played:
    """When a process started and stopped playing, its CPU time, and each of its moves' time."""

    start: float
    end: float
    cpu: float
    times: tuple[float, ...]


def keep_barrier(barrier: Barrier) -> None:
    """Keep the start and end line this process meets the others at (a pool's initializer)."""
    global _barrier
    _barrier = barrier


def play_share(share: Share) -> Played:
    """Play one process's share (run in a worker process)."""
    assert _barrier is not None
    try:
        return asyncio.run(_play(share, _barrier))
    except BaseException:
        _barrier.abort()  # the script and the other processes stop waiting for this one
        raise


async def _play(share: Share, barrier: Barrier) -> Played:
    store = await open_storage(share.url)
    try:
        service = MatchService(store)
        players = (f"{share.player}w", f"{share.player}b")
        ids = await _create(service, share.games, share.player, players)
        await asyncio.to_thread(barrier.wait, READY_WAIT)
        start, cpu = time.monotonic(), time.process_time()
        lists = await asyncio.gather(*(_game(service, i, players) for i in ids))
        times = [t for game in lists for t in game]
        played = Played(start, time.monotonic(), time.process_time() - cpu, tuple(times))
        await asyncio.to_thread(barrier.wait, PLAY_WAIT)
        return played
    finally:
        await store.close()


def play_pair(pair: Pair) -> tuple[Played, ...]:
    """Play a pair's games one move at a time, each move on every database (a worker process).

    The databases take turns at going first, so that none always follows another.
    """
    assert _barrier is not None
    try:
        return asyncio.run(_play_pair(pair, _barrier))
    except BaseException:
        _barrier.abort()
        raise


async def _play_pair(pair: Pair, barrier: Barrier) -> tuple[Played, ...]:
    stores = [await open_storage(url) for url in pair.urls]
    try:
        services = [MatchService(store) for store in stores]
        players = ("w", "b")
        ids = [await _create(service, pair.games, "", players) for service in services]
        engines = range(len(stores))
        times: list[list[float]] = [[] for _ in engines]
        cpu = [0.0 for _ in engines]
        await asyncio.to_thread(barrier.wait, READY_WAIT)
        start = time.monotonic()
        turns = [
            (index, move, game, board)
            for index, move in enumerate(OPENING)
            for game in range(pair.games)
            for board in range(1, BOARDS + 1)
        ]
        for turn, (index, move, game, board) in enumerate(turns):
            for step in engines:
                engine = (turn + step) % len(stores)
                used = time.process_time()
                user = players[index % 2]
                times[engine].append(
                    await _timed(services[engine], ids[engine][game], user, board, move)
                )
                cpu[engine] += time.process_time() - used
        end = time.monotonic()
        await asyncio.to_thread(barrier.wait, PLAY_WAIT)
        return tuple(Played(start, end, cpu[e], tuple(times[e])) for e in engines)
    finally:
        for store in stores:
            await store.close()


async def _create(
    service: MatchService, games: int, prefix: str, players: tuple[str, str]
) -> list[int]:
    """Create three-board games between two players, shown in their DMs."""
    places = {"dm:white": f"{prefix}1", "dm:black": f"{prefix}2"}
    return [await service.create_game(*players, boards=BOARDS, places=places) for _ in range(games)]


async def _timed(service: MatchService, match_id: int, user: str, board: int, move: str) -> float:
    start = time.perf_counter()
    await service.play(match_id, user, board, move)
    return time.perf_counter() - start


async def _game(service: MatchService, match_id: int, players: tuple[str, str]) -> list[float]:
    """Play a game's opening on every board, move after move; return each move's time."""
    return [
        await _timed(service, match_id, players[index % 2], board, move)
        for index, move in enumerate(OPENING)
        for board in range(1, BOARDS + 1)
    ]
