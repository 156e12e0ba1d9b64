"""The worker process the practice opponent's CPU work runs in, off the event loop."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Final, TypeVar

from bot.giving_way import give_way

T = TypeVar("T")

# Loaded once by the fork server, so that each new worker starts with the rules imported.
PRELOAD: Final = ["bot.practice.plan"]


def _context() -> multiprocessing.context.BaseContext:
    """Return a fork server where there is one (quick to start a worker), else spawn.

    Never fork: the bot's process has threads (the event loop's executors, SQLite's connections).
    """
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


def _started_pool(size: int) -> ProcessPoolExecutor:
    """Return a pool of size worker processes, started (its first job starts one)."""
    pool = ProcessPoolExecutor(max_workers=size, mp_context=_context(), initializer=give_way)
    pool.submit(int).result()
    return pool


def _start(size: int) -> Future[ProcessPoolExecutor]:
    """Start a pool in a thread of its own: it waits for the fork server to import the rules."""
    future: Future[ProcessPoolExecutor] = Future()

    def start() -> None:
        try:
            future.set_result(_started_pool(size))
        except BaseException as error:
            future.set_exception(error)

    threading.Thread(target=start, name="practice-worker-start", daemon=True).start()
    return future


class Worker:
    """Worker processes, size of them at most, made on first use and again after they break."""

    def __init__(self, size: int = 1) -> None:
        self.size = size
        self._pool: Future[ProcessPoolExecutor] | None = None

    async def run(self, timeout: float, job: Callable[..., T], *args: object) -> T:
        """Run job(*args) in the worker; raise TimeoutError after timeout seconds.

        The time counts the worker's start, on first use. A job that times out still runs
        to its end in the worker, which its own deadline keeps short. Raises
        BrokenProcessPool if the worker died (the next job gets a new one).
        """
        return await asyncio.wait_for(self._run(job, *args), timeout)

    @property
    def starting(self) -> Future[ProcessPoolExecutor] | None:
        """Return the worker's start under way or done, or None before the first job."""
        return self._pool

    def warm(self) -> Future[ProcessPoolExecutor]:
        """Start the worker process now, if it is not under way, without waiting for it."""
        if self._pool is None:
            self._pool = _start(self.size)
        return self._pool

    async def _run(self, job: Callable[..., T], *args: object) -> T:
        starting = self.warm()
        # Shielded: a turn that gives up waiting leaves the start going for the next one.
        try:
            pool = await asyncio.shield(asyncio.wrap_future(starting))
        except Exception:
            if self._pool is starting:  # a start that failed: the next job tries again
                self._pool = None
            raise
        try:
            return await asyncio.wrap_future(pool.submit(job, *args))
        except BrokenProcessPool:
            await self.close()
            raise

    async def close(self) -> None:
        """Shut the worker process down, dropping the jobs still waiting."""
        starting, self._pool = self._pool, None
        if starting is not None:
            await asyncio.to_thread(_shut, starting)


def _shut(starting: Future[ProcessPoolExecutor]) -> None:
    """Shut a pool down once it has started (a pool that failed to start has nothing to shut)."""
    if starting.exception() is None:
        starting.result().shutdown(wait=True, cancel_futures=True)
