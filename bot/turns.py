"""Turns some may wait for: urgent callers counted while they wait, so patient ones let them by.

Work is urgent unless its task runs `patiently()`: a practice game's, whose player has the
opponent's thinking time to wait anyway. Its Discord requests (bot/pacing.py) and its SQLite
transactions (bot/storage/sqlite.py) then go after those people wait for.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Iterator
from typing import Final

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

    async def until_none(self) -> None:
        """Wait until no urgent caller waits."""
        await self._none.wait()

    @property
    def none(self) -> bool:
        """Tell whether no urgent caller waits now."""
        return self._none.is_set()
