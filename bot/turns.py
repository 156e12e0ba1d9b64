"""Turns some may wait for: urgent callers counted while they wait, so patient ones let them by.

Work is urgent unless its task runs `patiently()`: a practice game's, whose player has the
opponent's thinking time to wait anyway. Its Discord requests (bot/pacing.py) and its SQLite
transactions (bot/storage/sqlite.py) then go after those people wait for.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Awaitable, Callable, Iterator
from typing import Final, TypeVar

T = TypeVar("T")

# set in a task whose turns may wait for everyone else's (a practice game's)
PATIENT: Final = contextvars.ContextVar("patient", default=False)


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
