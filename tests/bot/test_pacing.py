"""The bot's pace of requests: under Discord's global limit, cosmetic edits after the rest."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from bot.pacing import Pace, cosmetically
from bot.turns import patiently

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


@dataclass(frozen=True)
class Route:
    """A route as discord.py's HTTP client is given it."""

    path: str


class Client:
    """Stands in for discord.py's HTTP client: records the routes requested."""

    def __init__(self) -> None:
        self.requested: list[str] = []

    async def request(self, route: Route, **kwargs: Any) -> str:
        self.requested.append(route.path)
        return route.path


def test_answers_to_interactions_are_not_held_by_the_pace() -> None:
    async def scenario() -> tuple[list[str], bool]:
        http = Client()
        Pace(1, window=60.0).install(http)
        await http.request(Route("/channels/{channel_id}/messages"))
        second = asyncio.create_task(http.request(Route("/channels/{channel_id}/messages")))
        await http.request(Route("/interactions/{interaction_id}/{interaction_token}/callback"))
        await http.request(Route("/webhooks/{webhook_id}/{webhook_token}"))
        held = not second.done()
        second.cancel()
        return http.requested, held

    requested, held = asyncio.run(scenario())
    assert requested == [
        "/channels/{channel_id}/messages",
        "/interactions/{interaction_id}/{interaction_token}/callback",
        "/webhooks/{webhook_id}/{webhook_token}",
    ]
    assert held  # the second post waits for the window: only one a minute here


def test_requests_made_cosmetically_wait_for_room_that_posts_leave() -> None:
    async def scenario() -> list[str]:
        http = Client()
        Pace(2, window=WINDOW).install(http)
        order: list[str] = []

        async def tidy() -> None:
            order.append(await http.request(Route("/channels/{channel_id}/messages/{id}")))

        async def post() -> None:
            order.append(await http.request(Route("/channels/{channel_id}/messages")))

        posts = [asyncio.create_task(post()) for _ in range(3)]  # the third waits
        await asyncio.gather(*posts, cosmetically(tidy()))
        return order

    order = asyncio.run(scenario())
    assert order[-1] == "/channels/{channel_id}/messages/{id}"


def test_requests_made_patiently_go_after_the_posts_people_wait_for() -> None:
    async def scenario() -> list[str]:
        http = Client()
        Pace(2, window=WINDOW).install(http)
        order: list[str] = []

        async def post(route: str) -> None:
            order.append(await http.request(Route(route)))

        async def practice_post() -> None:
            with patiently():
                await post("/channels/{channel_id}/messages?practice")

        posts = [asyncio.create_task(post("/channels/{channel_id}/messages")) for _ in range(2)]
        await asyncio.sleep(0)  # the two take the second's room
        practice = asyncio.create_task(practice_post())
        await asyncio.sleep(0)
        later = asyncio.create_task(post("/channels/{channel_id}/messages"))  # waits too
        await asyncio.gather(*posts, practice, later)
        return order

    order = asyncio.run(scenario())
    assert order[-1] == "/channels/{channel_id}/messages?practice"
