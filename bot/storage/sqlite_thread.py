"""A SQLite connection on a thread of its own, where each call is one trip there and back.

sqlite3 blocks, so each connection lives on a thread and the event loop hands it jobs. A
trip costs a wake of that thread and a turn of the loop for the answer, and on a busy loop
the answer waits behind every callback queued before it. A job here is a whole step (run a
statement and read its rows or count, then close its cursor), so a statement is one trip,
where a cursor handed back to the loop costs three.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from queue import SimpleQueue
from typing import Any, TypeVar

T = TypeVar("T")
Job = Callable[[sqlite3.Connection], Any]
# a job, its loop and the future its result goes to; None: the thread ends
_Item = tuple[asyncio.AbstractEventLoop, "asyncio.Future[Any]", Job] | None


class ThreadedConnection:
    """A sqlite3 connection used only on its thread; jobs run there one at a time, in order."""

    def __init__(self, jobs: SimpleQueue[_Item], ended: asyncio.Future[None]) -> None:
        self._jobs = jobs
        self._ended = ended
        self._closing = False

    @classmethod
    async def open(cls, path: Path | str) -> ThreadedConnection:
        """Open the file at path on a new thread (sqlite3.Error if it cannot be opened).

        The connection runs statements as written (no implicit BEGIN) and reads rows by name.
        """
        loop = asyncio.get_running_loop()
        opened: asyncio.Future[None] = loop.create_future()
        ended: asyncio.Future[None] = loop.create_future()
        jobs: SimpleQueue[_Item] = SimpleQueue()
        thread = threading.Thread(
            target=_serve, args=(path, jobs, loop, opened, ended), name="sqlite", daemon=True
        )
        thread.start()
        await opened
        return cls(jobs, ended)

    async def call(self, job: Callable[[sqlite3.Connection], T]) -> T:
        """Run job on the connection's thread, after the jobs given before; return its result.

        A caller cancelled meanwhile stops waiting, but the job still runs in its turn.
        """
        return await self.submit(job)

    def submit(self, job: Callable[[sqlite3.Connection], T]) -> asyncio.Future[T]:
        """Give job to the thread now, after the jobs given before; return its future result."""
        if self._closing:
            raise sqlite3.ProgrammingError("Cannot operate on a closed database.")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put((loop, future, job))
        return future

    async def close(self) -> None:
        """Close the connection once the jobs given before are done, and end its thread."""
        if not self._closing:
            self._closing = True
            self._jobs.put(None)
        await asyncio.shield(self._ended)


def _serve(
    path: Path | str,
    jobs: SimpleQueue[_Item],
    loop: asyncio.AbstractEventLoop,
    opened: asyncio.Future[None],
    ended: asyncio.Future[None],
) -> None:
    """Open the connection, then run jobs until told to end; close it and say so."""
    try:
        connection = sqlite3.connect(path, isolation_level=None)
    except BaseException as error:
        _answer(loop, opened, error=error)
        _answer(loop, ended, None)
        return
    connection.row_factory = sqlite3.Row
    _answer(loop, opened, None)
    try:
        while (item := jobs.get()) is not None:
            home, future, job = item
            try:
                result = job(connection)
            except BaseException as error:
                _answer(home, future, error=error)
            else:
                _answer(home, future, result)
    finally:
        connection.close()
        _answer(loop, ended, None)


def _answer(
    loop: asyncio.AbstractEventLoop,
    future: asyncio.Future[Any],
    result: object = None,
    *,
    error: BaseException | None = None,
) -> None:
    """Settle future on its loop's thread, unless its caller stopped waiting or the loop ended."""

    def settle() -> None:
        if future.done():  # its caller was cancelled
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
        loop.call_soon_threadsafe(settle)
