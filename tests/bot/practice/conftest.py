"""Fixtures of the practice opponent's tests: an opponent on one event loop."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from bot.practice.opponent import Opponent


@pytest.fixture(scope="module")
def runner() -> Iterator[asyncio.Runner]:
    """Yield one event loop for a module's tests, so that its engine lives across them."""
    with asyncio.Runner() as loop:
        yield loop


@pytest.fixture(scope="module")
def opponent(runner: asyncio.Runner) -> Iterator[Opponent]:
    """Yield a practice opponent, its worker started, closed after the module's tests.

    Started first, as the bot starts it when a practice game begins: the tests check what it
    chooses, and a worker still starting on a loaded machine would turn a choice random (the
    first turn's own start has a test of its own, with a fresh opponent). Its thinkers are
    only nicer than the tests, not idle: the other tests keep the CPU full for seconds at a
    time, when an idle one never runs (the bot's own idle thinkers have tests of their own).
    """
    made = Opponent(idle=False)
    runner.run(asyncio.wait_for(asyncio.wrap_future(made.worker.warm()), 60))
    try:
        yield made
    finally:
        runner.run(made.close())
