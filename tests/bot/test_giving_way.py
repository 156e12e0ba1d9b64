"""Work nobody waits on at once gives way to the bot's own for the CPU, in processes of its own."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import pytest

from bot import delivery, drawing, giving_way
from bot.errors import NotFoundError
from bot.service import MatchService
from bot.storage import Storage
from bot.ui import replay
from bot.workers import Worker
from tests.bot.scenarios import run
from tests.bot.test_service import lobby
from tests.waiting import eventually

pytestmark = pytest.mark.skipif(
    not os.path.isdir("/proc/self/task"), reason="a thread's own priority is Linux's"
)


def priority(thread: int = 0) -> tuple[int, int]:
    """Return a thread's niceness and scheduling policy (0: the calling thread)."""
    return os.getpriority(os.PRIO_PROCESS, thread), os.sched_getscheduler(thread)


def giving_way_of(own: tuple[int, int], *, idle: bool = True) -> tuple[int, int]:
    """Return the niceness and policy of work that gives way to a thread of own priority."""
    niceness = min(own[0] + giving_way.NICENESS, 19)
    return niceness, os.SCHED_IDLE if idle and hasattr(os, "SCHED_IDLE") else own[1]


@pytest.mark.parametrize("idle", [True, False], ids=["idle", "nicer"])
def test_a_workers_jobs_give_way_and_leave_the_bot_as_it_was(idle: bool) -> None:
    own = priority()
    workers = Worker(1, idle=idle)
    (worker,) = workers.warm().result(timeout=60)
    pid, goal = worker.process.pid, giving_way_of(own, idle=idle)

    async def given_way() -> None:
        try:
            # read from here: an idle worker may get no CPU to answer while other tests run
            await eventually(lambda: priority(pid) == goal, "the worker to give way")
        finally:
            await workers.close()

    asyncio.run(given_way())
    assert priority() == own


async def after_e4(service: MatchService) -> int:
    """Start a one-board match in which ana has played e4; return its id."""
    match_id = await lobby(service, boards=1)
    await service.start(match_id, "ana")
    await service.play(match_id, "ana", 1, "e4")
    return match_id


def test_a_replay_is_drawn_in_a_worker_process_that_gives_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[tuple[int, tuple[int, int]]] = []
    real = drawing.DRAWER.run

    async def where(timeout: float, job: object, *args: object) -> object:
        # asked as the replay is, with the time an idle process may need on a loaded machine
        drawn.append(await real(60, _where))
        return await real(timeout, job, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(drawing.DRAWER, "run", where)

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await after_e4(service)
        post = await replay.replay_post(service, match_id, 1, limit=8_000_000)
        assert post.size > 0 and post.words.startswith("Board 1's replay so far: 1 frame,")
        await drawing.DRAWER.close()

    run(f"sqlite:///{tmp_path / 'elevator.db'}", scenario)
    ((pid, seen),) = drawn
    assert pid != os.getpid() and seen == giving_way_of(priority())


def _where() -> tuple[int, tuple[int, int]]:
    """Return the process a job runs in and its priority there."""
    return os.getpid(), priority()


def test_a_replay_that_cannot_be_drawn_says_why_from_its_worker(tmp_path: Path) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await after_e4(service)
        with pytest.raises(NotFoundError, match="needs room for at least"):
            await replay.replay_post(service, match_id, 1, limit=10)
        await drawing.DRAWER.close()

    run(f"sqlite:///{tmp_path / 'elevator.db'}", scenario)


def test_a_replay_its_starved_workers_have_not_drawn_is_drawn_by_the_bot_within_one_send(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    starved = Worker(1, idle=True)
    (one,) = starved.warm().result(timeout=60)
    os.kill(one.process.pid, signal.SIGSTOP)  # as a busy machine leaves an idle process
    monkeypatch.setattr(drawing, "DRAWER", starved)

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await after_e4(service)
        began = time.monotonic()
        try:
            post = await asyncio.wait_for(
                replay.replay_post(service, match_id, 1, limit=8_000_000), delivery.SEND_TIMEOUT
            )
        finally:
            os.kill(one.process.pid, signal.SIGCONT)
            await starved.close()
        # drawn after the workers' wait, not given up with the send and drawn again
        assert time.monotonic() - began >= drawing.REPLAY_WAIT
        assert post.words.startswith("Board 1's replay so far: 1 frame,")

    run(f"sqlite:///{tmp_path / 'elevator.db'}", scenario)
