"""The bot's health: Prometheus metrics on a local port, and a line in the log every few minutes.

The service and the delivery observe into the metrics below whether or not they are served;
`METRICS_PORT` serves them over HTTP (prometheus_client's exposition, on 127.0.0.1 unless
`METRICS_HOST` says otherwise), and `Health` keeps the gauges current and writes the summary.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import resource
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Final

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server
from prometheus_client.process_collector import ProcessCollector

logger = logging.getLogger(__name__)

REGISTRY: Final = CollectorRegistry()
ProcessCollector(registry=REGISTRY)  # resident memory, CPU seconds, open files
_FAST: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
_SLOW: Final = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0)

MOVE_SECONDS: Final = Histogram(
    "elevator_move_seconds",
    "A move played through the service, from its call to its commit",
    buckets=_FAST,
    registry=REGISTRY,
)
NOTICE_SECONDS: Final = Histogram(
    "elevator_notice_seconds",
    "From a notice's queueing (a board's image after a move, say) to its post on Discord",
    ["kind"],
    buckets=_SLOW,
    registry=REGISTRY,
)
PRACTICE_SECONDS: Final = Histogram(
    "elevator_practice_reply_seconds",
    "The practice opponent's reply: from taking up its turn to the move played",
    buckets=_SLOW,
    registry=REGISTRY,
)
PRACTICE_WAITING: Final = Gauge(
    "elevator_practice_boards",
    "Boards on which the practice opponent has to act (thinking or queued)",
    registry=REGISTRY,
)
OUTBOX_DUE: Final = Gauge(
    "elevator_outbox_due",
    "Places with a notice due and not yet sent: the delivery's backlog",
    registry=REGISTRY,
)
PACED_SECONDS: Final = Histogram(
    "elevator_paced_seconds",
    "How long a request to Discord was held to keep under its global limit, by kind",
    ["kind"],
    buckets=_FAST,
    registry=REGISTRY,
)
LOOP_LAG_SECONDS: Final = Histogram(
    "elevator_loop_lag_seconds",
    "How late the event loop woke a task that slept: what every coroutine waits on",
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
    registry=REGISTRY,
)

IMAGE_CPU_SECONDS: Final = Counter(
    "elevator_image_draw_cpu_seconds",
    "CPU time spent drawing a server match's board images, composing and encoding them",
    registry=REGISTRY,
)

LAG_EVERY: Final = 0.5  # seconds between the loop's lag samples
GAUGES_EVERY: Final = 15.0  # seconds between readings of the outbox's backlog


def serve(port: int, host: str = "127.0.0.1") -> None:
    """Serve the metrics over HTTP on host:port (a thread of prometheus_client's)."""
    start_http_server(port, addr=host, registry=REGISTRY)
    logger.info("metrics served on http://%s:%d/metrics", host, port)


@dataclass
class Window:
    """What happened since the last summary: counts and the slowest of each."""

    moves: int = 0
    slowest_move: float = 0.0
    images: int = 0
    slowest_image: float = 0.0
    replies: int = 0
    slowest_reply: float = 0.0
    worst_lag: float = 0.0
    kinds: set[str] = field(default_factory=set)

    def take(self) -> Window:
        """Return what was counted so far, and count afresh from now."""
        taken = replace(self, kinds=set(self.kinds))
        fresh = Window()
        for each in fields(self):
            setattr(self, each.name, getattr(fresh, each.name))
        return taken


WINDOW: Final = Window()
IMAGE_KIND: Final = "board"  # a board's picture after a move (bot.notices.BoardImage)


def moved(seconds: float) -> None:
    """Count a move that took seconds through the service."""
    MOVE_SECONDS.observe(seconds)
    WINDOW.moves += 1
    WINDOW.slowest_move = max(WINDOW.slowest_move, seconds)


def posted(kind: str, seconds: float) -> None:
    """Count a notice of kind posted seconds after it was queued."""
    NOTICE_SECONDS.labels(kind).observe(seconds)
    WINDOW.kinds.add(kind)
    if kind == IMAGE_KIND:
        WINDOW.images += 1
        WINDOW.slowest_image = max(WINDOW.slowest_image, seconds)


def drew(seconds: float) -> None:
    """Count the CPU time a board image took to draw."""
    IMAGE_CPU_SECONDS.inc(seconds)


def replied(seconds: float) -> None:
    """Count a practice opponent's reply that took seconds."""
    PRACTICE_SECONDS.observe(seconds)
    WINDOW.replies += 1
    WINDOW.slowest_reply = max(WINDOW.slowest_reply, seconds)


def lagged(seconds: float) -> None:
    """Count how late the event loop woke a sleeper."""
    LOOP_LAG_SECONDS.observe(seconds)
    WINDOW.worst_lag = max(WINDOW.worst_lag, seconds)


def summary(window: Window, due: int, practice: int, rss_mb: float, minutes: float) -> str:
    """Return the log's one line on the last minutes."""
    moves = f"{window.moves} moves (slowest {window.slowest_move * 1000:.0f} ms)"
    images = f"{window.images} board images posted (slowest {window.slowest_image:.1f} s)"
    replies = f"{window.replies} practice replies (slowest {window.slowest_reply:.1f} s)"
    return (
        f"health, last {minutes:g} min: {moves}, {images}, {replies}, {practice} practice"
        f" boards waiting, {due} places with notices due, the event loop late by at most"
        f" {window.worst_lag * 1000:.0f} ms, memory {rss_mb:.0f} MB"
    )


def resident_mb() -> float:
    """Return the process's resident memory in MB (its peak where /proc is not there)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


class Health:
    """Keeps the gauges current, samples the loop's lag and logs a summary every few minutes."""

    def __init__(
        self,
        backlog: Callable[[], Awaitable[int]],
        practice: Callable[[], int],
        *,
        log_every: float,
    ) -> None:
        self._backlog = backlog
        self._practice = practice
        self._log_every = log_every

    async def run(self, stop: asyncio.Event) -> None:
        """Sample until stop is set."""
        loop = asyncio.get_running_loop()
        gauges_at = logged_at = loop.time()
        due = 0
        while not stop.is_set():
            asleep = loop.time()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), LAG_EVERY)
            lagged(max(0.0, loop.time() - asleep - LAG_EVERY))
            now = loop.time()
            if now - gauges_at >= GAUGES_EVERY:
                gauges_at = now
                due = await self._read_backlog(due)
            PRACTICE_WAITING.set(self._practice())
            if self._log_every and now - logged_at >= self._log_every:
                minutes = round((now - logged_at) / 60, 1)
                logged_at = now
                due = await self._read_backlog(due)
                window = WINDOW.take()
                logger.info("%s", summary(window, due, self._practice(), resident_mb(), minutes))

    async def _read_backlog(self, last: int) -> int:
        try:
            due = await self._backlog()
        except Exception:  # the health line must never stop the bot
            logger.exception("reading the outbox's backlog failed")
            return last
        OUTBOX_DUE.set(due)
        return due
