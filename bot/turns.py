"""Turns some may wait for: urgent callers counted while they wait, so patient ones let them by.

Work is urgent unless its task runs `patiently()`: a practice game's, whose player has the
opponent's thinking time to wait anyway. Its Discord requests (bot/pacing.py) and its SQLite
transactions (bot/storage/sqlite.py) then go after those people wait for, and it lets people's
work under way (`for_people()`: a person's action, their image's drawing) have the CPU first:
on a busy core, work beside theirs shares it with them, and Python's lock too.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import weakref
from collections.abc import Awaitable, Callable, Iterator
from typing import Final, TypeVar

T = TypeVar("T")

# set in a task whose turns may wait for everyone else's (a practice game's)
PATIENT: Final = contextvars.ContextVar("patient", default=False)
FIRST_WAIT: Final = 0.05  # seconds patient work waits at most, each time, for people's
# seconds people's work counts as under way after a block of it ends: what follows at once
# (the database's read of its notices, their posting) is theirs too
LINGER: Final = 0.005


@contextlib.contextmanager
def patiently() -> Iterator[None]:
    """Let the block's turns (its task's, and those of tasks it starts) wait for the urgent."""
    token = PATIENT.set(True)
    try:
        yield
    finally:
        PATIENT.reset(token)


class Waiting:
    """How many urgent callers wait for their turn, and an event set while none does."""

    def __init__(self) -> None:
        self._count = 0
        self._none = asyncio.Event()
        self._none.set()

    @contextlib.contextmanager
    def urgent(self) -> Iterator[None]:
        """Count the caller as an urgent one waiting for the block's length."""
        self._count += 1
        self._none.clear()
        try:
            yield
        finally:
            self._count -= 1
            if not self._count:
                self._none.set()

    async def after_urgent(
        self, take: Callable[[], Awaitable[T]], give_back: Callable[[T], None] | None = None
    ) -> T:
        """Take a turn once no urgent caller waits, and again if one asked while it was taken.

        give_back: hands back what was taken, to the urgent caller that asked meanwhile.
        """
        while True:
            await self._none.wait()
            taken = await take()
            if self._none.is_set():
                return taken
            if give_back is not None:
                give_back(taken)


class People:
    """People's work under way in one event loop, which patient work lets go first."""

    def __init__(self) -> None:
        self._count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def working(self) -> bool:
        """Tell whether any of people's work is under way (or just ended)."""
        return not self._idle.is_set()

    @contextlib.contextmanager
    def at_work(self) -> Iterator[None]:
        """Count the block as people's work under way, and LINGER seconds after it."""
        self._count += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        """Count a block of people's work out, LINGER seconds from now."""
        try:
            asyncio.get_running_loop().call_later(LINGER, self._done)
        except RuntimeError:  # ended outside its loop (collected after the loop closed)
            self._done()

    def _done(self) -> None:
        self._count -= 1
        if not self._count:
            self._idle.set()

    async def first(self) -> None:
        """Wait until none of people's work is under way, FIRST_WAIT seconds at most."""
        if self._idle.is_set():
            return
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(FIRST_WAIT):
                await self._idle.wait()


_PEOPLE: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, People] = weakref.WeakKeyDictionary()


def people() -> People:
    """Return the running event loop's count of people's work under way."""
    loop = asyncio.get_running_loop()
    found = _PEOPLE.get(loop)
    if found is None:
        found = _PEOPLE[loop] = People()
    return found


def for_people() -> contextlib.AbstractContextManager[None]:
    """Count the block as people's work under way, unless its task runs patiently."""
    return contextlib.nullcontext() if PATIENT.get() else people().at_work()


async def after_people() -> None:
    """In a task running patiently, let people's work under way go first (for a while)."""
    if PATIENT.get():
        await people().first()
