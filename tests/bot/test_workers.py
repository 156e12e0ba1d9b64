"""The worker processes: answers, errors, deaths, time-outs and shutting down."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.workers import Worker, WorkerDied
from tests.waiting import eventually


@pytest.fixture
def pair() -> Iterator[Worker]:
    """Yield two worker processes, started and shut down around a test."""
    made = Worker(2, idle=False)
    made.warm().result(timeout=60)
    yield made
    asyncio.run(made.close())


def pause(seconds: float) -> int:
    """Sleep in the worker, then return its process id (a job that takes a while)."""
    time.sleep(seconds)
    return os.getpid()


def begun(marker: str, seconds: float) -> int:
    """Say the job has begun (its marker file made), then pause as pause() does."""
    Path(marker).touch()
    return pause(seconds)


async def in_worker(marker: Path) -> None:
    """Wait until a job run as begun(marker, ...) has begun in its worker."""
    await eventually(marker.exists, f"the job marked {marker.name} begun in its worker")


def fail() -> None:
    """Raise an error a player's turn could meet."""
    raise ValueError("no legal move")


def test_a_job_returns_its_answer_and_its_error_from_another_process(pair: Worker) -> None:
    async def both() -> None:
        assert await pair.run(30, pause, 0) != os.getpid()
        with pytest.raises(ValueError, match="no legal move"):
            await pair.run(30, fail)
        assert await pair.run(30, abs, -7) == 7  # a failed job leaves its worker usable

    asyncio.run(both())


def test_the_loop_speaks_to_its_workers_with_no_thread_of_the_bots_between(
    pair: Worker, tmp_path: Path
) -> None:
    async def during() -> set[str]:
        job = asyncio.ensure_future(pair.run(30, begun, str(tmp_path / "job"), 0.3))
        await in_worker(tmp_path / "job")
        names = {thread.name for thread in threading.enumerate()}
        await job
        return names

    before = {thread.name for thread in threading.enumerate()}
    assert asyncio.run(during()) <= before | {"asyncio_0"}  # the loop's own executor at most


def test_more_jobs_than_workers_wait_their_turn_and_all_answer(pair: Worker) -> None:
    async def many() -> list[int]:
        return await asyncio.gather(*(pair.run(30, pause, 0.05) for _ in range(7)))

    pids = asyncio.run(many())
    assert len(pids) == 7 and len(set(pids)) == 2  # two workers did all seven


def test_a_job_that_times_out_keeps_its_worker_for_the_next_job(pair: Worker) -> None:
    async def late() -> list[int]:
        with pytest.raises(TimeoutError):
            await pair.run(0.05, pause, 0.3)
        # three jobs for two workers, one still busy with the late job: all answer in turn
        return await asyncio.gather(*(pair.run(30, pause, 0) for _ in range(3)))

    assert len(asyncio.run(late())) == 3


def test_a_worker_killed_in_a_job_raises_worker_died_and_the_next_job_gets_a_new_one(
    pair: Worker, tmp_path: Path
) -> None:
    async def killed() -> tuple[int, int, int]:
        first = await pair.run(30, pause, 0)
        second = await pair.run(30, pause, 0)
        assert first == second  # the warmest worker is used again
        job = asyncio.ensure_future(pair.run(30, begun, str(tmp_path / "job"), 5))
        await in_worker(tmp_path / "job")
        os.kill(first, signal.SIGKILL)
        with pytest.raises(WorkerDied):
            await job
        # both at once: the other worker and a new one
        third, fourth = await asyncio.gather(pair.run(30, pause, 0.2), pair.run(30, pause, 0.2))
        return first, third, fourth

    first, third, fourth = asyncio.run(killed())
    assert first not in (third, fourth) and third != fourth


def test_a_job_waiting_for_a_worker_that_dies_gets_a_new_one(pair: Worker, tmp_path: Path) -> None:
    async def waiting() -> tuple[set[int], int]:
        markers = [tmp_path / "first", tmp_path / "second"]
        busy = [asyncio.ensure_future(pair.run(30, begun, str(m), 10)) for m in markers]
        waiter = asyncio.ensure_future(pair.run(30, pause, 0))
        for marker in markers:
            await in_worker(marker)
        pids = {one.process.pid for one in pair._busy if one.process.pid is not None}
        os.kill(min(pids), signal.SIGKILL)
        answered = await waiter
        for job in busy:
            job.cancel()
        return pids, answered

    pids, answered = asyncio.run(waiting())
    assert len(pids) == 2 and answered not in pids  # a new one, not the other after its job


def test_closing_ends_every_worker_and_the_jobs_still_running_raise_worker_died(
    tmp_path: Path,
) -> None:
    workers = Worker(1, idle=False)

    async def closed() -> list[int]:
        running = asyncio.ensure_future(workers.run(30, begun, str(tmp_path / "job"), 10))
        waiting = asyncio.ensure_future(workers.run(30, pause, 0))
        await in_worker(tmp_path / "job")
        pids = [one.process.pid for one in workers._busy if one.process.pid is not None]
        started = time.monotonic()
        await workers.close()
        assert time.monotonic() - started < 5  # the 10 s job is not waited for
        for job in (running, waiting):
            with pytest.raises(WorkerDied):
                await job
        return pids

    pids = asyncio.run(closed())
    assert len(pids) == 1
    with pytest.raises(ProcessLookupError):
        os.kill(pids[0], 0)


def test_workers_busy_for_a_closed_event_loop_are_replaced_on_the_next_one(
    tmp_path: Path,
) -> None:
    workers = Worker(1, idle=False)

    async def abandoned() -> None:
        job = asyncio.ensure_future(workers.run(30, begun, str(tmp_path / "job"), 10))
        await in_worker(tmp_path / "job")  # the loop closes with the job still in its worker
        assert not job.done()

    try:
        asyncio.run(abandoned())  # which cancels the job and closes its loop
        started = time.monotonic()
        assert asyncio.run(workers.run(30, pause, 0)) != os.getpid()
        assert time.monotonic() - started < 5  # not held by the abandoned 10 s job
    finally:
        asyncio.run(workers.close())


def test_a_worker_being_made_when_the_workers_close_is_ended_not_kept(tmp_path: Path) -> None:
    workers = Worker(1, idle=False)

    async def racing() -> None:
        job = asyncio.ensure_future(workers.run(30, begun, str(tmp_path / "job"), 5))
        await in_worker(tmp_path / "job")
        (one,) = workers._busy
        assert one.process.pid is not None
        os.kill(one.process.pid, signal.SIGKILL)
        with pytest.raises(WorkerDied):
            await job
        making = asyncio.ensure_future(workers.run(30, pause, 0))
        await eventually(lambda: workers._count, "a new worker being made for the next job")
        await workers.close()
        with pytest.raises(WorkerDied):
            await making
        assert workers._idle == [] and workers._count == 0

    asyncio.run(racing())
