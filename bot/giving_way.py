"""Work nobody waits on at once (thinking for practice, drawing replays) gives way for the CPU.

On a busy machine the kernel then runs a player's move before it: the practice opponent
thinks less in its budget, and a replay arrives a little later. Niceness belongs to a thread
on Linux, so each thread of such work is made nicer, not only a process's first.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Final, TypeVar

T = TypeVar("T")

# How much less such work gets of a busy CPU than the bot's own: weight 110 against 1,024
NICENESS: Final = 10

_background: ThreadPoolExecutor | None = None
_making = threading.Lock()


def nicer() -> int:
    """Return the niceness of the bot's work that gives way: its own plus NICENESS."""
    return min(os.getpriority(os.PRIO_PROCESS, 0) + NICENESS, 19)


def give_way() -> None:
    """Make the calling thread give way (a worker process's whole process, where it starts)."""
    with contextlib.suppress(OSError):  # a system that refuses
        if sys.platform == "linux":
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), nicer())
        else:  # elsewhere a process's niceness is all of its threads'
            os.setpriority(os.PRIO_PROCESS, 0, nicer())


def make_give_way(pid: int) -> None:
    """Make another process, every thread it has started, give way to the bot."""
    niceness = nicer()
    for thread in _threads(pid):
        with contextlib.suppress(OSError):  # a thread gone already, or a system that refuses
            os.setpriority(os.PRIO_PROCESS, thread, niceness)


def _threads(pid: int) -> list[int]:
    """Return the ids of a process's threads (only its own id where /proc does not list them)."""
    try:
        return [int(name) for name in os.listdir(f"/proc/{pid}/task")]
    except OSError:
        return [pid]


async def in_background(job: Callable[[], T]) -> T:
    """Run job in the bot's one background thread, which gives way to every other, and wait.

    One thread: jobs there (replays) take their turns rather than crowd the CPU at once.
    Where a thread cannot have a niceness of its own, the work runs as asyncio.to_thread's.
    """
    if sys.platform != "linux":
        return await asyncio.to_thread(job)
    return await asyncio.wrap_future(_executor().submit(job))


def _executor() -> ThreadPoolExecutor:
    global _background
    with _making:
        if _background is None:
            _background = ThreadPoolExecutor(1, "background", initializer=give_way)
        return _background
