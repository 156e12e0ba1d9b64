"""The bot's pace of requests to Discord: under its global limit, and cosmetic edits last.

Discord lets a bot make about 50 requests a second (interactions' answers aside) and
answers one more with a global 429, after which discord.py holds every request of the
process until the second is over. On a busy night that stalls a player's move behind
another game's posts for up to a second. `Pace` lets requests go at most `per_second` in
any second, in the order they asked, so the limit is never met. A game against the
practice opponent posts patiently: its player has the opponent's thinking time to wait
anyway, so when the second is full its posts go after those of games between people. An
edit that only tidies (taking the buttons off an image that a newer one has replaced) goes
last, and only while the last second used less than a fifth of the limit.
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Final, Protocol

from bot import metrics
from bot.turns import PATIENT, Waiting, after_people

WINDOW: Final = 1.0  # seconds over which Discord counts the global limit
# share of the limit a cosmetic request may find used, at most: what goes stays counted for a
# second, so a tidy let go at half the limit left posts' bursts only the other half
SPARE: Final = 0.2

# set in a task that makes requests nobody waits for: they go after every other
COSMETIC: Final = contextvars.ContextVar("cosmetic", default=False)
# routes Discord does not count toward the global limit: interactions and their tokens
UNCOUNTED: Final = ("/interactions/", "/webhooks/")


class Route(Protocol):
    """What pacing reads of a discord.py request's route."""

    @property
    def path(self) -> str:
        """The route's template, as /channels/{channel_id}/messages."""


class Pace:
    """Lets requests go at most per_second in any second, cosmetic ones in the spare room."""

    def __init__(
        self,
        per_second: int,
        *,
        window: float = WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_second = per_second
        self.window = window  # Discord's second; tests shorten it
        self._clock = clock
        self._let: deque[float] = deque()  # when each request of the last window went
        self._urgent = asyncio.Lock()  # urgent requests go in the order they asked
        self._patient = asyncio.Lock()
        self._cosmetic = asyncio.Lock()
        self._waiting = Waiting()  # urgent requests waiting for room

    async def take(self, *, cosmetic: bool = False, patient: bool = False) -> None:
        """Wait until a request may go without passing the limit; count it as gone.

        cosmetic: it goes after every other, in the spare room; patient: after the urgent.
        """
        asked = self._clock()
        if cosmetic or patient:
            room = max(1, int(self.per_second * SPARE)) if cosmetic else self.per_second
            async with self._cosmetic if cosmetic else self._patient:
                now = await self._waiting.after_urgent(lambda: self._room(room))
                self._let.append(now)
        else:
            with self._waiting.urgent():
                async with self._urgent:
                    now = await self._room(self.per_second)
                    self._let.append(now)
        if now > asked:
            kind = "cosmetic" if cosmetic else "patient" if patient else "urgent"
            metrics.PACED_SECONDS.labels(kind).observe(now - asked)

    async def _room(self, room: int) -> float:
        """Wait until fewer than room requests went in the last window; return the time."""
        now = self._clock()
        while True:
            while self._let and self._let[0] <= now - self.window:
                self._let.popleft()
            if len(self._let) < room:
                return now
            # until enough of the last window's requests are a window old
            await asyncio.sleep(self._let[len(self._let) - room] + self.window - now)
            now = self._clock()

    def install(self, http: Any) -> None:
        """Pace every request a discord.py HTTP client makes that Discord counts globally."""
        request: Callable[..., Awaitable[Any]] = http.request

        async def paced(route: Route, **kwargs: Any) -> Any:
            await after_people()
            if not route.path.startswith(UNCOUNTED):
                await self.take(cosmetic=COSMETIC.get(), patient=PATIENT.get())
            return await request(route, **kwargs)

        # discord.py has no hook before a request: its client's one entry point is wrapped
        http.request = paced


def cosmetically(work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
    """Run work in a task of its own whose requests go after everyone else's."""

    async def run() -> None:
        COSMETIC.set(True)
        await work

    return asyncio.create_task(run())
