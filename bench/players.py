"""What each process of the engines benchmark does: play its own games, as a shard would.

Run from bench/engines.py, in processes it starts. Each opens its own Storage and
MatchService on the one database, creates its games, waits at the start line for the
other processes, plays (one task per game, all at once, or one move at a time), and waits
at the end line before it closes, so that the script reads the server's CPU time between.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from multiprocessing.synchronize import Barrier
from typing import Final

from bot.service import MatchService
from bot.storage import Storage

OPENING: Final = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5"]
BOARDS: Final = 3
READY_WAIT: Final = 120.0  # seconds for every process to be ready (spawning imports the bot)
PLAY_WAIT: Final = 900.0  # seconds for every process to play its share

_barrier: Barrier | None = None  # where worker processes and the script meet: start and end


@dataclass(frozen=True)
class Share:
    """What one process plays: its games on one database, all at once or one move at a time."""

    url: str
    games: int
    player: str  # a prefix that gives each process players of its own
    lone: bool


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
    store = await Storage.open(share.url)
    try:
        service = MatchService(store)
        white, black = f"{share.player}w", f"{share.player}b"
        places = {"dm:white": f"{share.player}1", "dm:black": f"{share.player}2"}
        ids = [
            await service.create_game(white, black, boards=BOARDS, places=places)
            for _ in range(share.games)
        ]
        await asyncio.to_thread(barrier.wait, READY_WAIT)
        start, cpu = time.monotonic(), time.process_time()
        if share.lone:
            times = await _one_at_a_time(service, ids, (white, black))
        else:
            lists = await asyncio.gather(*(_game(service, i, (white, black)) for i in ids))
            times = [t for game in lists for t in game]
        played = Played(start, time.monotonic(), time.process_time() - cpu, tuple(times))
        await asyncio.to_thread(barrier.wait, PLAY_WAIT)
        return played
    finally:
        await store.close()


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


async def _one_at_a_time(
    service: MatchService, ids: list[int], players: tuple[str, str]
) -> list[float]:
    """Play every game's opening one move at a time, going round the games."""
    return [
        await _timed(service, match_id, players[index % 2], board, move)
        for index, move in enumerate(OPENING)
        for match_id in ids
        for board in range(1, BOARDS + 1)
    ]
