"""Worker processes for the bot's CPU work nobody waits on at once, off the event loop.

The practice opponent thinks in them, and replays are drawn in them: in a thread of the bot's
own, such work would hold Python's lock while a player's move waits for it. Each process is
spoken to through a pipe the event loop itself writes and watches: a job is one write, its
answer is read when the pipe is readable. No thread of the bot's stands between, unlike a
process pool, whose own thread takes Python's lock from the loop at every job.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import signal
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Final, TypeVar, cast

from bot.giving_way import give_way

T = TypeVar("T")

# Loaded once by the fork server, so that each new worker starts with its work imported.
PRELOAD: Final = ["bot.practice.plan", "bot.drawing"]
STOPPING: Final = 2.0  # seconds a closed worker has to end before it is killed


class WorkerDied(Exception):
    """A worker process ended before it answered (the next job gets a new one)."""


def _context() -> multiprocessing.context.BaseContext:
    """Return a fork server where there is one (quick to start a worker), else spawn.

    Never fork: the bot's process has threads (SQLite's connections, those drawing images).
    """
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


def _serve(connection: Connection, idle: bool) -> None:
    """Run the jobs a worker is sent, one at a time, until the bot closes its end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the bot stops its workers itself
    give_way(idle=idle)
    while True:
        try:
            job, args = connection.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, object] = (True, job(*args))
        except Exception as error:
            answer = (False, error)
        try:
            connection.send(answer)
        except (EOFError, OSError):
            return
        except Exception as error:  # an answer that cannot be pickled
            connection.send((False, RuntimeError(f"the worker's answer failed: {error!r}")))


@dataclass(eq=False, slots=True)
class _Process:
    """One worker process and the bot's end of its pipe."""

    process: BaseProcess
    connection: Connection
    answer: asyncio.Future[object] | None = field(default=None)  # its job's, while it has one


def _spawn(idle: bool) -> _Process:
    """Start one worker process (blocks while the fork server makes it)."""
    context = _context()
    ours, theirs = context.Pipe()
    process = context.Process(  # type: ignore[attr-defined]
        target=_serve, args=(theirs, idle), name="worker", daemon=True
    )
    process.start()
    theirs.close()
    return _Process(process, ours)


def _started(size: int, idle: bool) -> list[_Process]:
    """Return size worker processes, started."""
    started: list[_Process] = []
    try:
        for _ in range(size):
            started.append(_spawn(idle))
    except BaseException:
        for one in started:
            _stop(one)
        raise
    return started


def _start(size: int, idle: bool) -> Future[list[_Process]]:
    """Start processes in a thread of its own: it waits for the fork server to import the rules."""
    future: Future[list[_Process]] = Future()

    def start() -> None:
        try:
            future.set_result(_started(size, idle))
        except BaseException as error:
            future.set_exception(error)

    threading.Thread(target=start, name="worker-start", daemon=True).start()
    return future


def _stop(one: _Process) -> None:
    """End a worker process: its pipe closed, it ends by itself, else it is killed."""
    one.connection.close()
    one.process.join(STOPPING)
    if one.process.is_alive():
        one.process.kill()
        one.process.join()


class Worker:
    """Worker processes, size of them at most, made on first use and again after one dies.

    Each runs its jobs giving way to the bot for the CPU (bot/giving_way.py): idle, they run
    only when the CPU has nothing else to do, for work that does less rather than wait.
    """

    def __init__(self, size: int = 1, *, idle: bool) -> None:
        self.size = size
        self.idle = idle
        self._starting: Future[list[_Process]] | None = None
        self._adopted: Future[list[_Process]] | None = None  # the start whose processes are in
        self._idle: list[_Process] = []
        self._busy: set[_Process] = set()
        self._count = 0  # processes idle, busy or being made
        self._waiting: deque[asyncio.Future[_Process]] = deque()
        self._closings = 0  # a worker made across a close is not this one's any more

    async def run(self, timeout: float, job: Callable[..., T], *args: object) -> T:
        """Run job(*args) in a worker; raise TimeoutError after timeout seconds.

        The time counts the workers' start, on first use. A job that times out still runs
        to its end in its worker, which its own deadline keeps short. Raises WorkerDied if the
        worker died (the next job gets a new one).
        """
        return await asyncio.wait_for(self._run(job, *args), timeout)

    @property
    def starting(self) -> Future[list[_Process]] | None:
        """Return the workers' start under way or done, or None before the first job."""
        return self._starting

    def warm(self) -> Future[list[_Process]]:
        """Start the worker processes now, if they are not under way, without waiting for them."""
        if self._starting is None:
            self._starting = _start(self.size, self.idle)
        return self._starting

    async def _run(self, job: Callable[..., T], *args: object) -> T:
        await self._ready()
        one = await self._take()
        try:
            answer = self._ask(one, job, args)
        except BaseException:
            self._give_back(one)
            raise
        return cast(T, await answer)

    async def _ready(self) -> None:
        """Wait for the first start, and take its processes in once."""
        starting = self.warm()
        # Shielded: a turn that gives up waiting leaves the start going for the next one.
        try:
            started = await asyncio.shield(asyncio.wrap_future(starting))
        except Exception:
            if self._starting is starting:  # a start that failed: the next job tries again
                self._starting = None
            raise
        if self._starting is not starting:  # closed while it waited
            raise WorkerDied("the workers were shut down")
        if self._adopted is not starting:
            self._adopted = starting
            self._idle.extend(started)
            self._count += len(started)

    async def _take(self) -> _Process:
        """Return a worker not working: an idle one, a new one, or the next one to finish."""
        self._reclaim()
        if self._idle:
            return self._idle.pop()  # the last to finish: the warmest
        if self._count < self.size:
            return await self._made()
        waiter: asyncio.Future[_Process] = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # given one just as it gave up
                self._give_back(waiter.result())
            raise

    def _ask(self, one: _Process, job: Callable[..., object], args: tuple[object, ...]) -> Any:
        """Send a job to a worker; return the future of its answer, read when it comes."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[object] = loop.create_future()
        try:
            one.connection.send((job, args))
        except (EOFError, OSError) as error:
            self._drop(one)
            raise WorkerDied(f"the worker is gone: {error!r}") from error
        except BaseException:
            self._give_back(one)
            raise
        one.answer = answer
        self._busy.add(one)
        descriptor = one.connection.fileno()

        def readable() -> None:
            loop.remove_reader(descriptor)
            self._busy.discard(one)
            one.answer = None
            try:
                ok, value = one.connection.recv()
            except (EOFError, OSError) as error:
                self._drop(one)
                if not answer.done():
                    answer.set_exception(WorkerDied(f"the worker died: {error!r}"))
                return
            self._give_back(one)
            if answer.done():  # its turn gave up waiting
                return
            if ok:
                answer.set_result(value)
            else:
                answer.set_exception(cast(BaseException, value))

        loop.add_reader(descriptor, readable)
        return answer

    def _give_back(self, one: _Process) -> None:
        """Hand a worker to the next job waiting for one, or keep it idle."""
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done() and not waiter.get_loop().is_closed():
                waiter.set_result(one)
                return
        self._idle.append(one)

    def _drop(self, one: _Process) -> None:
        """Forget a dead worker: a new one is made for the next job that needs it."""
        self._busy.discard(one)
        self._count -= 1
        with contextlib.suppress(OSError):
            one.connection.close()
        one.process.join(0)
        if self._waiting:  # a job waiting for a worker gets a new one
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.get_loop().create_task(self._replace(waiter))

    async def _replace(self, waiter: asyncio.Future[_Process]) -> None:
        """Make a worker for a job that was waiting for the one that died."""
        try:
            made = await self._made()
        except Exception as error:
            if not waiter.done():
                waiter.set_exception(WorkerDied(f"no new worker: {error!r}"))
            return
        if waiter.done():
            self._give_back(made)
        else:
            waiter.set_result(made)

    async def _made(self) -> _Process:
        """Start a new worker, counted as it starts; raise WorkerDied if closed meanwhile."""
        closings = self._closings
        self._count += 1
        try:
            made = await asyncio.to_thread(_spawn, self.idle)
        except BaseException:
            if self._closings == closings:
                self._count -= 1
            raise
        if self._closings != closings:
            await asyncio.to_thread(_stop, made)
            raise WorkerDied("the workers were shut down")
        return made

    def _reclaim(self) -> None:
        """Stop workers whose jobs' event loop has closed: nothing will read their answers."""
        closed = [
            one for one in self._busy if one.answer is None or one.answer.get_loop().is_closed()
        ]
        for one in closed:
            self._busy.discard(one)
            self._count -= 1
            one.connection.close()
            one.process.kill()
            one.process.join()

    async def close(self) -> None:
        """Shut the worker processes down; jobs running or waiting for one raise WorkerDied."""
        self._closings += 1
        starting, self._starting, self._adopted = self._starting, None, None
        ones = [*self._idle, *self._busy]
        waiting, self._waiting = self._waiting, deque()
        self._idle, self._busy, self._count = [], set(), 0
        gone = WorkerDied("the workers were shut down")
        loop = asyncio.get_running_loop()
        futures: list[asyncio.Future[Any]] = [*waiting]
        for one in ones:
            if one.answer is not None and one.answer.get_loop() is loop:  # its reader is ours
                loop.remove_reader(one.connection.fileno())
                futures.append(one.answer)
        for future in futures:
            if not future.done() and not future.get_loop().is_closed():
                future.set_exception(gone)
        if starting is not None:  # a start under way: its processes are shut too
            with contextlib.suppress(Exception):
                ones.extend(p for p in await asyncio.wrap_future(starting) if p not in ones)
        await asyncio.to_thread(_stop_all, ones)


def _stop_all(ones: list[_Process]) -> None:
    """End worker processes, each closed first so that they end at once."""
    for one in ones:
        with contextlib.suppress(OSError):
            one.connection.close()
    for one in ones:
        _stop(one)
