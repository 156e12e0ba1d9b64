"""Discord's rate limits in the fake: the global 50 requests a second, and each route's bucket.

Discord documents the mechanism and its headers, not each route's numbers: a bot may make 50
requests a second in all (interaction callbacks and follow-ups, which go by the interaction's
token, are not counted), and each route has a bucket per top-level resource (a channel, a
server, a webhook) whose size the headers tell: X-RateLimit-Limit, -Remaining, -Reset,
-Reset-After and -Bucket. A request past a limit is answered 429 with `retry_after`, `global`
and `code`, and the headers Retry-After and X-RateLimit-Scope (and X-RateLimit-Global when it
is the global limit). The routes' numbers in ROUTES are those Discord answers in its headers
as library authors have reported them; docs/offline-discord.md lists them with their sources.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

GLOBAL_LIMIT: Final = 50  # requests a second a bot may make, Discord's documented default
GLOBAL_WINDOW: Final = 1.0


@dataclass(frozen=True)
class Route:
    """A route's bucket: how many requests per how many seconds, per which resource."""

    name: str
    limit: int
    per: float
    resource: str  # the route parameter the bucket is kept per: channel, guild, token, ...


# (method, route template as the fake serves it): its bucket. Discord publishes none of these
# numbers; those here are what library authors report from Discord's headers, but message
# edits (our estimate: as posts). Routes nobody has reported are held to the global limit
# alone, without bucket headers, as Discord answers routes it does not bucket: a real server
# may pace them more (docs/offline-discord.md)
ROUTES: Final[dict[tuple[str, str], Route]] = {
    ("POST", "/channels/{channel}/messages"): Route("message-create", 5, 5.0, "channel"),
    ("PATCH", "/channels/{channel}/messages/{message}"): Route("message-edit", 5, 5.0, "channel"),
    ("PATCH", "/channels/{channel}"): Route("channel-edit", 10, 15.0, "channel"),
    ("POST", "/webhooks/{app}/{token}"): Route("follow-up", 5, 2.0, "token"),
    ("GET", "/webhooks/{app}/{token}/messages/@original"): Route("original", 5, 2.0, "token"),
    ("PATCH", "/webhooks/{app}/{token}/messages/@original"): Route("original", 5, 2.0, "token"),
}
# a channel's name and topic change at most twice in ten minutes, whatever its bucket says
# (seen): Discord answers the third 429 while X-RateLimit-Remaining still shows room
RENAMES: Final = Route("channel-rename", 2, 600.0, "channel")
RENAMED: Final = ("name", "topic")
UNCOUNTED: Final = frozenset({"follow-up", "original"})  # an interaction's token: not global
INTERACTION_CALLBACK: Final = "/interactions/{id}/{token}/callback"  # neither global nor bucketed


@dataclass
class Window:
    """Requests counted in one bucket since its window opened."""

    limit: int
    per: float
    opened: float
    used: int = 0

    def reset_after(self, now: float) -> float:
        """Return the seconds until the window closes."""
        return max(0.0, self.opened + self.per - now)


@dataclass(frozen=True)
class Verdict:
    """What the limits say of one request: refused or not, and the headers to answer with."""

    headers: dict[str, str]
    retry_after: float | None = None  # refused: the seconds to wait
    scope: str = "user"

    @property
    def refused(self) -> bool:
        """Say whether the request is answered 429."""
        return self.retry_after is not None


def counts_globally(method: str, template: str) -> bool:
    """Say whether Discord's global limit counts a request to a route."""
    if template == INTERACTION_CALLBACK:
        return False
    route = ROUTES.get((method, template))
    return route is None or route.name not in UNCOUNTED


@dataclass
class RateLimits:
    """The bot's buckets and its global window, counted as Discord counts them."""

    clock: Callable[[], float] = time.monotonic
    wall: Callable[[], float] = time.time
    enabled: bool = True
    # how much faster than real time the windows pass: a test of a big match's structure
    # runs under the same limits, its waits shorter; benchmarks keep real time (1.0)
    speed: float = 1.0
    global_limit: int = GLOBAL_LIMIT
    windows: dict[tuple[str, str], Window] = field(default_factory=dict)
    given: list[tuple[str, str, bool]] = field(default_factory=list)  # (method, path, global)
    # requests the global limit counted, by the whole second of the clock they came in
    per_second: Counter[int] = field(default_factory=Counter)

    def take(
        self,
        method: str,
        template: str,
        params: dict[str, str],
        body: object = None,
        *,
        at: float | None = None,
    ) -> Verdict:
        """Count a request against its route's bucket and the global window; say the verdict.

        at: when the request came in, by clock (now if not given): before its body was read.
        """
        route = ROUTES.get((method, template))
        if not self.enabled or template == INTERACTION_CALLBACK:
            return Verdict({})
        now = self.clock() if at is None else at
        glob = None  # the global window, unless the route is one Discord does not count there
        if counts_globally(method, template):
            glob = self._window(("global", ""), self.global_limit, GLOBAL_WINDOW / self.speed, now)
            if glob.used >= glob.limit:
                return self._refuse(method, template, glob, now, "global")
        if route is None:
            assert glob is not None
            glob.used += 1
            self.per_second[int(now)] += 1
            return Verdict({})
        key = (route.name, params.get(route.resource, ""))
        window = self._window(key, route.limit, route.per / self.speed, now)
        if window.used >= window.limit:
            return self._refuse(method, template, window, now, "user", route)
        if route.name == "channel-edit" and isinstance(body, dict) and set(body) & set(RENAMED):
            renames = (RENAMES.name, params.get(RENAMES.resource, ""))
            renamed = self._window(renames, RENAMES.limit, RENAMES.per / self.speed, now)
            if renamed.used >= renamed.limit:  # the bucket's headers still show room
                refusal = self._refuse(method, template, renamed, now, "user")
                return Verdict(
                    refusal.headers | self._headers(route, window, now), refusal.retry_after
                )
            renamed.used += 1
        if glob is not None:
            glob.used += 1
            self.per_second[int(now)] += 1
        window.used += 1
        return Verdict(self._headers(route, window, now))

    def _window(self, key: tuple[str, str], limit: int, per: float, now: float) -> Window:
        window = self.windows.get(key)
        if window is None or window.reset_after(now) <= 0:
            window = self.windows[key] = Window(limit, per, now)
        return window

    def _headers(self, route: Route, window: Window, now: float) -> dict[str, str]:
        after = window.reset_after(now)
        return {
            "X-RateLimit-Limit": str(window.limit),
            "X-RateLimit-Remaining": str(max(0, window.limit - window.used)),
            "X-RateLimit-Reset": f"{self.wall() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": route.name,
        }

    def _refuse(
        self,
        method: str,
        template: str,
        window: Window,
        now: float,
        scope: str,
        route: Route | None = None,
    ) -> Verdict:
        after = max(window.reset_after(now), 0.001)
        headers = {
            "Retry-After": str(math.ceil(after)),
            "X-RateLimit-Scope": scope,
            "Via": "1.1 google",  # Discord's answers pass Google's front; discord.py checks it
        }
        if scope == "global":
            headers["X-RateLimit-Global"] = "true"
        if route is not None:
            headers |= self._headers(route, window, now)
        self.given.append((method, template, scope == "global"))
        return Verdict(headers, after, scope)
