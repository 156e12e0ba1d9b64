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
from collections.abc import Callable, Coroutine
from types import SimpleNamespace
from typing import Any, Final

import aiohttp

from bot import metrics
from bot.turns import PATIENT, Waiting, after_people

WINDOW: Final = 1.0  # seconds over which Discord counts the global limit
# share of the limit a cosmetic request may find used, at most: what goes stays counted for a
# second, so a tidy let go at half the limit left posts' bursts only the other half
SPARE: Final = 0.2

# set in a task that makes requests nobody waits for: they go after every other
COSMETIC: Final = contextvars.ContextVar("cosmetic", default=False)
API: Final = "/api/"  # what a request to Discord's HTTP API has in its path (not the gateway)
# routes Discord does not count toward the global limit: interactions and their tokens
UNCOUNTED: Final = ("/interactions/", "/webhooks/")


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
        self._let: deque[float] = deque()  # when each request of the last window went, or landed
        self._flying = 0  # requests sent and not yet answered: each counts until a window after
        self._landed = asyncio.Event()  # set as one is answered, for those waiting on them
        self._urgent = asyncio.Lock()  # urgent requests go in the order they asked
        self._patient = asyncio.Lock()
        self._cosmetic = asyncio.Lock()
        self._waiting = Waiting()  # urgent requests waiting for room

    async def take(
        self, *, cosmetic: bool = False, patient: bool = False, flying: bool = False
    ) -> None:
        """Wait until a request may go without passing the limit; count it as gone.

        cosmetic: it goes after every other, in the spare room; patient: after the urgent.
        flying: it counts until a window after landed() says it was answered, not after it
        went: Discord counted it somewhere between.
        """
        asked = self._clock()
        if cosmetic or patient:
            room = max(1, int(self.per_second * SPARE)) if cosmetic else self.per_second
            async with self._cosmetic if cosmetic else self._patient:
                now = await self._waiting.after_urgent(lambda: self._room(room))
                self._count(now, flying)
        else:
            with self._waiting.urgent():
                async with self._urgent:
                    now = await self._room(self.per_second)
                    self._count(now, flying)
        if now > asked:
            kind = "cosmetic" if cosmetic else "patient" if patient else "urgent"
            metrics.PACED_SECONDS.labels(kind).observe(now - asked)

    def _count(self, now: float, flying: bool) -> None:
        if flying:
            self._flying += 1
        else:
            self._let.append(now)

    def landed(self) -> None:
        """Count a request taken flying from now on, as it was just answered."""
        self._flying -= 1
        self._let.append(self._clock())
        self._landed.set()

    async def _room(self, room: int) -> float:
        """Wait until fewer than room requests count in the last window; return the time."""
        now = self._clock()
        while True:
            while self._let and self._let[0] <= now - self.window:
                self._let.popleft()
            over = len(self._let) + self._flying - room
            if over < 0:
                return now
            if over < len(self._let):  # until enough of the last window's are a window old
                await asyncio.sleep(self._let[over] + self.window - now)
            else:  # until enough of those in flight land, and then age
                self._landed.clear()
                await self._landed.wait()
            now = self._clock()

    def trace(self) -> aiohttp.TraceConfig:
        """Return aiohttp's hooks that pace each request Discord counts as it is sent.

        As it is sent, not as it is asked for: discord.py holds a request for its route's
        bucket after it is asked for, and one counted then could reach Discord a second later
        among the next second's. It counts until a window after its answer: Discord counted
        it at some moment between, which a busy machine's delays make unknown.
        """
        config = aiohttp.TraceConfig()

        async def sending(
            session: aiohttp.ClientSession,
            context: SimpleNamespace,
            params: aiohttp.TraceRequestStartParams,
        ) -> None:
            await after_people()
            path = params.url.path
            if API in path and not any(part in path for part in UNCOUNTED):
                await self.take(cosmetic=COSMETIC.get(), patient=PATIENT.get(), flying=True)
                context.flying = True

        async def answered(
            session: aiohttp.ClientSession, context: SimpleNamespace, params: object
        ) -> None:
            if getattr(context, "flying", False):
                context.flying = False
                self.landed()

        config.on_request_start.append(sending)
        config.on_request_end.append(answered)
        config.on_request_exception.append(answered)
        return config


def cosmetically(work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
    """Run work in a task of its own whose requests go after everyone else's."""

    async def run() -> None:
        COSMETIC.set(True)
        await work

    return asyncio.create_task(run())
