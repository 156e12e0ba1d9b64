"""The delivery worker: sends the outbox's notices in order per place, retrying failures.

The Discord front provides the sender. A notice is marked sent only after the sender
returns, so a crash in between sends it again on restart: delivery is at least once, and
the idempotency key lets a sender that can (by remembering keys) avoid posting twice.
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
    ) -> None:
        self._timeout = timeout
        self._store = store
        self._sender = sender
        self._clock = clock
        self._backoff = backoff
        self._batch = batch

    async def run_once(self) -> int:
        """Send what is due now; return how many notices were sent."""
        async with self._store.read() as db:
            due = await storage.due_notices(db, self._clock(), self._batch)
        deliveries = [
            Delivery(
                row["id"],
                row["match_id"],
                row["place"],
                row["kind"],
                json.loads(row["payload"]),
                row["idempotency_key"],
                row["attempts"],
            )
            for row in due
        ]
        # a sender that hangs counts as failed, so one place never holds up the others
        results = await asyncio.gather(
            *(asyncio.wait_for(self._sender.send(d), self._timeout) for d in deliveries),
            return_exceptions=True,
        )
        sent = 0
        async with self._store.transaction() as db:
            for delivery, result in zip(deliveries, results, strict=True):
                if isinstance(result, BaseException):
                    wait = self._backoff[min(delivery.attempts, len(self._backoff) - 1)]
                    logger.warning(
                        "sending %s to %s failed (attempt %d), retrying in %.0f s: %r",
                        delivery.kind,
                        delivery.place,
                        delivery.attempts + 1,
                        wait,
                        result,
                    )
                    await storage.mark_failed(db, delivery.id, repr(result), self._clock() + wait)
                else:
                    await storage.mark_sent(db, delivery.id, self._clock())
                    sent += 1
        return sent

    async def run(self, stop: asyncio.Event, *, interval: float = 0.5) -> None:
        """Keep sending until stop is set, pausing when there is nothing due."""
        while not stop.is_set():
            try:
                sent = await self.run_once()
            except Exception:
                logger.exception("the delivery worker failed; it carries on")
                sent = 0
            if sent == 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), interval)
