"""Scenarios against a match service over a fresh database, on either engine, at a chosen time."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable
from typing import Final

from bot.service import MatchService
from bot.storage import Storage
from bot.storage.opening import open_storage

Clock = Callable[[], float]
Scenario = Callable[[MatchService, Storage], Awaitable[None]]

NOW: Final = 1000.0  # what a scenario's clock reads unless it is given another


def ticking(start: float = NOW) -> Clock:
    """Return a clock that reads start, and a second later at each reading after."""
    ticks = itertools.count(start)
    return lambda: next(ticks)


def run(database_url: str, scenario: Scenario, *, clock: Clock = lambda: NOW) -> None:
    """Run a scenario against a service over the database, stopping what it set going."""

    async def main() -> None:
        store = await open_storage(database_url)
        service = MatchService(store, clock=clock)
        try:
            await scenario(service, store)
        finally:
            await service.stop_practice()
            await store.close()

    asyncio.run(main())
