"""The delivery worker: sends the outbox's notices in order per place, retrying failures.

The Discord front provides the sender. A notice is marked sent only after the sender
returns, so a crash in between sends it again on restart: delivery is at least once, and
the idempotency key lets a sender that can (by remembering keys) avoid posting twice.

A notice that can never arrive (the sender raises Undeliverable: a closed DM, a deleted
channel) or that failed max_attempts times is given up: kept with its reason for a
moderator to see, so that the notices behind it in its place go on. Delivered notices are
pruned after a day, given-up ones after thirty.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot import storage
from bot.storage import Storage

logger = logging.getLogger(__name__)

BACKOFF = (1.0, 2.0, 5.0, 15.0, 60.0, 300.0)  # seconds before each retry; the last repeats
MAX_ATTEMPTS = 12  # about half an hour of retries
KEEP_SENT = 24 * 3600.0
KEEP_GIVEN_UP = 30 * 24 * 3600.0
PRUNE_EVERY = 3600.0


class Undeliverable(Exception):
    """Raised by a sender for a notice that no retry can deliver; the message says why."""


@dataclass(frozen=True)
class Delivery:
    """One notice to send: where, what, and the key that identifies it across retries."""

    id: int
    match_id: int | None
    place: str
    kind: str
    payload: dict[str, Any]
    idempotency_key: str
    attempts: int
    last_error: str | None = None


class Sender(Protocol):
    """Whatever delivers notices (the Discord front); raising means: try again later."""

    async def send(self, delivery: Delivery) -> None:
        """Deliver one notice."""


class DeliveryWorker:
    """Sends due notices, one per place at a time so that each place gets them in order."""

    def __init__(
        self,
        store: Storage,
        sender: Sender,
        *,
        clock: Callable[[], float] = time.time,
        backoff: Sequence[float] = BACKOFF,
        batch: int = 50,
        timeout: float = 30.0,
        max_attempts: int = MAX_ATTEMPTS,
    ) -> None:
        self._timeout = timeout
        self._max_attempts = max_attempts
        self._pruned_at: float | None = None
        self._store = store
        self._sender = sender
        self._clock = clock
        self._backoff = backoff
        self._batch = batch

    async def run_once(self) -> int:
        """Send what is due now; return how many notices were sent."""
        async with self._store.read() as db:
            due = await storage.due_notices(db, self._clock(), self._batch)
        deliveries = [_delivery(row) for row in due]
        # a sender that hangs counts as failed, so one place never holds up the others
        results = await asyncio.gather(
            *(asyncio.wait_for(self._sender.send(d), self._timeout) for d in deliveries),
            return_exceptions=True,
        )
        sent = 0
        async with self._store.transaction() as db:
            for delivery, result in zip(deliveries, results, strict=True):
                attempt = delivery.attempts + 1
                if not isinstance(result, BaseException):
                    await storage.mark_sent(db, delivery.id, self._clock())
                    sent += 1
                elif isinstance(result, Undeliverable) or attempt >= self._max_attempts:
                    logger.warning(
                        "gave up sending %s to %s (attempt %d): %s",
                        delivery.kind,
                        delivery.place,
                        attempt,
                        _reason(result),
                    )
                    await storage.give_up(db, delivery.id, _reason(result), self._clock())
                else:
                    wait = self._backoff[min(delivery.attempts, len(self._backoff) - 1)]
                    logger.warning(
                        "sending %s to %s failed (attempt %d), retrying in %.0f s: %s",
                        delivery.kind,
                        delivery.place,
                        attempt,
                        wait,
                        _reason(result),
                    )
                    retry_at = self._clock() + wait
                    await storage.mark_failed(db, delivery.id, _reason(result), retry_at)
        return sent

    async def prune(self) -> int:
        """Delete delivered notices older than a day and given-up ones older than thirty."""
        now = self._clock()
        async with self._store.transaction() as db:
            removed = await storage.prune_outbox(db, now - KEEP_SENT, now - KEEP_GIVEN_UP)
        self._pruned_at = now
        return removed

    async def given_up(self, limit: int = 50) -> list[Delivery]:
        """Return the notices the worker gave up on, newest first, for a moderator to see."""
        async with self._store.read() as db:
            found = await storage.given_up(db, limit)
        return [_delivery(row) for row in found]

    async def run(self, stop: asyncio.Event, *, interval: float = 0.5) -> None:
        """Keep sending until stop is set, pausing when there is nothing due."""
        while not stop.is_set():
            try:
                if self._pruned_at is None or self._clock() - self._pruned_at >= PRUNE_EVERY:
                    await self.prune()
                sent = await self.run_once()
            except Exception:
                logger.exception("the delivery worker failed; it carries on")
                sent = 0
            if sent == 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), interval)


def _delivery(row: Any) -> Delivery:
    """Read one outbox row."""
    return Delivery(
        row["id"],
        row["match_id"],
        row["place"],
        row["kind"],
        json.loads(row["payload"]),
        row["idempotency_key"],
        row["attempts"],
        row["last_error"],
    )


def _reason(error: BaseException) -> str:
    """Say why a delivery failed, as stored with it."""
    if isinstance(error, TimeoutError):
        return "the sender did not answer in time"
    return str(error) if isinstance(error, Undeliverable) else repr(error)
