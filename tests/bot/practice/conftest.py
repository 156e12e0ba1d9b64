"""Fixtures of the practice opponent's tests: an opponent on one event loop, and Stockfish."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from typing import Final

import pytest

from bot.practice.opponent import Opponent
from bot.practice.stockfish import find_stockfish

REQUIRE_ENV: Final = "ELEVATOR_REQUIRE_STOCKFISH"  # set (CI): Stockfish's absence fails, not skips
ABSENT: Final = "Stockfish is not installed: apt-get install stockfish"


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
    first turn's own start has a test of its own, with a fresh opponent).
    """
    made = Opponent()
    runner.run(asyncio.wait_for(asyncio.wrap_future(made.worker.warm()), 60))
    try:
        yield made
    finally:
        runner.run(made.close())


@pytest.fixture
def stockfish() -> str:
    """Return Stockfish's path, or skip the test saying how to install it."""
    path, why = find_stockfish(os.environ.get("STOCKFISH_PATH", ""))
    if path is None:
        if os.environ.get(REQUIRE_ENV):
            pytest.fail(f"{ABSENT} ({why}); {REQUIRE_ENV} is set, so the tests need it")
        pytest.skip(f"{ABSENT} ({why})")
    return path
