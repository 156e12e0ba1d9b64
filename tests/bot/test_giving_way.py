"""Work nobody waits on at once gives way to the bot's own for the CPU, thread by thread."""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path

import pytest

import renderer
from bot import giving_way
from bot.exts.play import _replay
from bot.service import MatchService
from bot.storage import Storage
from tests.bot.scenarios import run
from tests.bot.test_service import lobby

pytestmark = pytest.mark.skipif(
    not hasattr(threading, "get_native_id") or not os.path.isdir("/proc/self/task"),
    reason="a thread's own niceness is Linux's",
)


def niceness() -> int:
    """Return the calling thread's niceness."""
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


def test_background_work_runs_nicer_than_the_bot_and_leaves_the_bot_as_it_was() -> None:
    own = niceness()
    seen = asyncio.run(giving_way.in_background(niceness))
    assert seen == min(own + giving_way.NICENESS, 19)
    assert niceness() == own


def test_background_work_takes_its_turn_in_one_thread_and_passes_its_errors_on() -> None:
    async def scenario() -> None:
        threads = await asyncio.gather(
            *(giving_way.in_background(threading.get_ident) for _ in range(5))
        )
        assert len(set(threads)) == 1 and threading.get_ident() not in threads
        with pytest.raises(ZeroDivisionError):
            await giving_way.in_background(lambda: 1 // 0)

    asyncio.run(scenario())


def test_a_replay_is_drawn_by_the_thread_that_gives_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn_at: list[int] = []
    real = renderer.fitted_replay

    def drawing(*args: object, **named: object) -> object:
        drawn_at.append(niceness())
        return real(*args, **named)  # type: ignore[arg-type]

    monkeypatch.setattr(_replay, "fitted_replay", drawing)

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=1)
        await service.start(match_id, "ana")
        await service.play(match_id, "ana", 1, "e4")
        post = await _replay.replay_post(service, match_id, 1, limit=8_000_000)
        assert post.size > 0

    run(f"sqlite:///{tmp_path / 'elevator.db'}", scenario)
    assert drawn_at == [min(niceness() + giving_way.NICENESS, 19)]
