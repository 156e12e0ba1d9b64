"""Work nobody waits on at once (thinking for practice, drawing replays) gives way for the CPU.

Such work runs in processes of its own (bot/workers.py, and Stockfish), never in a thread of
the bot's, where it would hold Python's lock while a player's move waits. They are nicer than
the bot, and on Linux idle too (SCHED_IDLE): they run only when the CPU has nothing else to
do, so a player's move takes the CPU from them the moment it wakes, where a nicer process
keeps it for the rest of its slice. On a busy machine the practice opponent thinks less in
its budget; an idle process gets next to no CPU on a machine kept busy, so an image (which a
practice game's player does wait for) is drawn by the bot itself past a deadline
(bot/drawing.py). A thread's priority is its own on Linux, so each thread of such work is
set, not only a process's first.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from typing import Final

# How much less such work gets of a busy CPU than the bot's own where there is no SCHED_IDLE:
# weight 110 against 1,024
NICENESS: Final = 10
IDLE: Final = getattr(os, "SCHED_IDLE", None)  # Linux's policy for work that only fills idle time


def nicer() -> int:
    """Return the niceness of the bot's work that gives way: its own plus NICENESS."""
    return min(os.getpriority(os.PRIO_PROCESS, 0) + NICENESS, 19)


def give_way(*, idle: bool) -> None:
    """Make the calling thread give way, and the threads it starts (a worker's whole process).

    idle: run only when the CPU has nothing else to do, where there is such a policy; else
    only nicer, which still gets a share of a busy CPU.
    """
    if sys.platform == "linux":
        _set(threading.get_native_id(), nicer(), idle=idle)
    else:  # elsewhere a process's niceness is all of its threads'
        with contextlib.suppress(OSError):  # a system that refuses
            os.setpriority(os.PRIO_PROCESS, 0, nicer())


def make_give_way(pid: int, *, idle: bool = True) -> None:
    """Make another process, every thread it has started, idle (Stockfish: it thinks less).

    idle: as give_way's; False: only nicer.
    """
    niceness = nicer()
    for thread in _threads(pid):
        _set(thread, niceness, idle=idle)


def _set(thread: int, niceness: int, *, idle: bool) -> None:
    """Make one thread nicer and, if idle where there is such a policy, idle."""
    with contextlib.suppress(OSError):  # a thread gone already, or a system that refuses
        os.setpriority(os.PRIO_PROCESS, thread, niceness)
        if idle and IDLE is not None:
            os.sched_setscheduler(thread, IDLE, os.sched_param(0))


def _threads(pid: int) -> list[int]:
    """Return the ids of a process's threads (only its own id where /proc does not list them)."""
    try:
        return [int(name) for name in os.listdir(f"/proc/{pid}/task")]
    except OSError:
        return [pid]
