"""Waiting in tests for what happens meanwhile: one `eventually()`, woken by changes it is told of.

A condition that reads something which says when it changes (the offline Discord's
`changes`, told of every request it answers) is looked at again on each change and at no
other time; any other (the bot's database, a process) every `interval`. A condition may be a
coroutine function. Never a fixed sleep.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections.abc import Awaitable, Callable
from typing import Final, TypeVar, overload

T = TypeVar("T")

TIMEOUT: Final = 30.0  # seconds a test waits before it fails, saying what it waited for
INTERVAL: Final = 0.01  # seconds between looks at a condition no change wakes


class Changes:
    """A signal of "something changed" that any number of waiters wake on, none missing one."""

    def __init__(self) -> None:
        self.count = 0  # changes told so far
        self._next = asyncio.Event()

    def notify(self) -> None:
        """Wake everyone waiting for the next change."""
        self.count += 1
        self._next.set()
        self._next = asyncio.Event()

    def next(self) -> asyncio.Event:
        """Return the event the next change sets (take it before looking, so none is missed)."""
        return self._next


@overload
async def eventually(
    condition: Callable[[], Awaitable[T]],
    what: str,
    *,
    changes: Changes | None = None,
    seen: Callable[[], object] | None = None,
    timeout: float = TIMEOUT,
    interval: float = INTERVAL,
) -> T: ...


@overload
async def eventually(
    condition: Callable[[], T],
    what: str,
    *,
    changes: Changes | None = None,
    seen: Callable[[], object] | None = None,
    timeout: float = TIMEOUT,
    interval: float = INTERVAL,
) -> T: ...


async def eventually(
    condition: Callable[[], T | Awaitable[T]],
    what: str,
    *,
    changes: Changes | None = None,
    seen: Callable[[], object] | None = None,
    timeout: float = TIMEOUT,
    interval: float = INTERVAL,
) -> T:
    """Return condition() (or its awaited value) once truthy; after timeout, fail saying what."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        woken = changes.next() if changes is not None else None
        found = condition()
        if inspect.isawaitable(found):
            found = await found
        if found:
            return found
        left = deadline - loop.time()
        if left <= 0:
            said = f"still waiting, after {timeout:g} s, for {what}"
            raise AssertionError(said if seen is None else f"{said}; seen instead: {seen()!r}")
        if woken is None:
            await asyncio.sleep(min(interval, left))
            continue
        with contextlib.suppress(TimeoutError):  # then one last look, and the failure
            await asyncio.wait_for(woken.wait(), left)
