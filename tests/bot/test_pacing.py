"""The bot's pace of requests: under Discord's global limit, cosmetic edits after the rest."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable

import aiohttp
from aiohttp import web
from aiohttp.test_utils import TestServer

from bot.pacing import Pace, cosmetically
from bot.turns import patiently

Requester = Callable[[str], Awaitable[str]]
WINDOW = 0.2  # a shortened second: the tests' requests age out five times faster


async def granted(pace: Pace, *, cosmetic: bool = False, patient: bool = False) -> float:
    """Take a request's turn; return when it was let go."""
    await pace.take(cosmetic=cosmetic, patient=patient)
    return time.monotonic()


def test_requests_beyond_the_limit_wait_for_the_window_to_pass() -> None:
    async def scenario() -> float:
        pace = Pace(5, window=WINDOW)
        started = time.monotonic()
        times = await asyncio.gather(*(granted(pace) for _ in range(12)))
        return max(times) - started

    # 12 requests at 5 a window: the last waits for two windows to pass, however busy the
    # machine (no upper bound is checked; the fake's global limit checks the bot's pace)
    assert asyncio.run(scenario()) >= 2 * WINDOW


def test_cosmetic_requests_go_only_after_every_urgent_one_that_waits() -> None:
    async def scenario() -> tuple[list[float], list[float]]:
        pace = Pace(4, window=WINDOW)
        urgent = [asyncio.create_task(granted(pace)) for _ in range(6)]
        tidying = [asyncio.create_task(granted(pace, cosmetic=True)) for _ in range(2)]
        urgent += [asyncio.create_task(granted(pace)) for _ in range(6)]
        return list(await asyncio.gather(*urgent)), list(await asyncio.gather(*tidying))

    urgent, tidying = asyncio.run(scenario())
    assert max(urgent) <= min(tidying)


def test_patient_requests_go_after_every_urgent_one_that_waits_and_before_cosmetic_ones() -> None:
    async def scenario() -> tuple[list[float], list[float], list[float]]:
        pace = Pace(4, window=WINDOW)
        urgent = [asyncio.create_task(granted(pace)) for _ in range(6)]
        tidying = [asyncio.create_task(granted(pace, cosmetic=True)) for _ in range(2)]
        practice = [asyncio.create_task(granted(pace, patient=True)) for _ in range(3)]
        urgent += [asyncio.create_task(granted(pace)) for _ in range(6)]
        return (
            list(await asyncio.gather(*urgent)),
            list(await asyncio.gather(*practice)),
            list(await asyncio.gather(*tidying)),
        )

    urgent, practice, tidying = asyncio.run(scenario())
    assert max(urgent) <= min(practice)
    assert max(practice) <= min(tidying)


def test_a_patient_request_goes_at_once_when_the_second_has_room() -> None:
    async def scenario() -> float:
        pace = Pace(10, window=60.0)  # nothing ages out during the test
        for _ in range(5):  # half the second used: a cosmetic one would wait, a patient one not
            await pace.take()
        asked = time.monotonic()
        await pace.take(patient=True)
        return time.monotonic() - asked

    assert asyncio.run(scenario()) < 1.0


def test_a_cosmetic_request_goes_at_once_when_the_second_has_room() -> None:
    async def scenario() -> float:
        pace = Pace(10, window=60.0)  # nothing ages out during the test
        await pace.take()
        asked = time.monotonic()
        await pace.take(cosmetic=True)
        return time.monotonic() - asked

    assert asyncio.run(scenario()) < 1.0


def test_a_cosmetic_request_waits_once_a_fifth_of_the_second_is_used() -> None:
    # what goes stays counted for a whole second: four fifths are kept for posts' bursts
    async def scenario() -> float:
        pace = Pace(10, window=WINDOW)
        await asyncio.gather(pace.take(), pace.take())
        asked = time.monotonic()
        await pace.take(cosmetic=True)
        return time.monotonic() - asked

    assert asyncio.run(scenario()) >= WINDOW * 0.9


def test_a_request_in_flight_counts_until_a_window_after_its_answer() -> None:
    async def scenario() -> tuple[bool, float]:
        pace = Pace(1, window=WINDOW)
        await pace.take(flying=True)
        second = asyncio.create_task(granted(pace))
        await asyncio.sleep(WINDOW * 1.5)  # long past the first's going: it still flies
        held = not second.done()
        landed = time.monotonic()
        pace.landed()
        return held, await second - landed

    held, after = asyncio.run(scenario())
    assert held
    assert after >= WINDOW * 0.9  # a window after the answer, when Discord may have counted it


@contextlib.asynccontextmanager
async def discord_like(pace: Pace) -> AsyncIterator[tuple[Requester, list[str]]]:
    """Serve any path on loopback; yield a request through pace's hooks, and the paths served.

    request(path) asks for /api/v10 + path (a path with ? keeps its query) and returns it.
    """
    served: list[str] = []

    async def answer(request: web.Request) -> web.Response:
        served.append(request.path_qs.removeprefix("/api/v10"))
        return web.Response(text="{}")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", answer)
    server = TestServer(app)
    await server.start_server()
    try:
        async with aiohttp.ClientSession(trace_configs=[pace.trace()]) as session:

            async def request(path: str) -> str:
                async with session.post(server.make_url(f"/api/v10{path}")) as response:
                    await response.read()
                return path

            yield request, served
    finally:
        await server.close()


def test_answers_to_interactions_are_not_held_by_the_pace() -> None:
    async def scenario() -> tuple[list[str], bool]:
        async with discord_like(Pace(1, window=60.0)) as (request, served):
            await request("/channels/1/messages")
            second = asyncio.create_task(request("/channels/1/messages"))
            await request("/interactions/2/token/callback")
            await request("/webhooks/3/token")
            held = not second.done()
            second.cancel()
            return list(served), held

    served, held = asyncio.run(scenario())
    assert served == ["/channels/1/messages", "/interactions/2/token/callback", "/webhooks/3/token"]
    assert held  # the second post waits for the window: only one a minute here


def test_requests_made_cosmetically_wait_for_room_that_posts_leave() -> None:
    async def scenario() -> list[str]:
        async with discord_like(Pace(2, window=WINDOW)) as (request, served):

            async def tidy() -> None:
                await request("/channels/1/messages/2")

            posts = [asyncio.create_task(request("/channels/1/messages")) for _ in range(3)]
            await asyncio.gather(*posts, cosmetically(tidy()))  # the third post waits too
            return list(served)

    assert asyncio.run(scenario())[-1] == "/channels/1/messages/2"


def test_requests_made_patiently_go_after_the_posts_people_wait_for() -> None:
    async def scenario() -> list[str]:
        # a whole second: the two posts' room stays taken while the others ask, however slow
        async with discord_like(Pace(2, window=1.0)) as (request, served):

            async def practice_post() -> None:
                with patiently():
                    await request("/channels/1/messages?practice")

            posts = [asyncio.create_task(request("/channels/1/messages")) for _ in range(2)]
            while len(served) < len(posts):  # the two take the second's room
                await asyncio.sleep(0)
            practice = asyncio.create_task(practice_post())
            await asyncio.sleep(0)
            later = asyncio.create_task(request("/channels/1/messages"))  # waits too
            await asyncio.gather(*posts, practice, later)
            return list(served)

    assert asyncio.run(scenario())[-1] == "/channels/1/messages?practice"
