"""The delivery worker: sends the outbox's notices in order per place, retrying failures.

The Discord front provides the sender. A notice is marked sent only after the sender
returns, so a crash in between sends it again on restart: delivery is at least once, and
the idempotency key lets a sender that can (by remembering keys) avoid posting twice.

A notice that can never arrive (the sender raises Undeliverable: a closed DM, a deleted
channel) or that failed max_attempts times is given up: kept with its reason for a
moderator to see, so that the notices behind it in its place go on. A receiver that asks
to wait (the sender raises RetryLater: Discord's rate limit) is waited for, without counting
toward giving up. Delivered notices are pruned after a day, given-up ones after thirty.

Every place is sent to on its own: a place that is slow or failing waits alone while the
others go on, and the worker is woken as soon as an action's notices are committed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, Protocol

from bot import metrics, storage
from bot.shards import Shards
from bot.storage import Storage

logger = logging.getLogger(__name__)

BACKOFF = (1.0, 2.0, 5.0, 15.0, 60.0, 300.0)  # seconds before each retry; the last repeats
MAX_ATTEMPTS = 12  # about half an hour of retries
KEEP_SENT = 24 * 3600.0
KEEP_GIVEN_UP = 30 * 24 * 3600.0
PRUNE_EVERY = 3600.0
PRUNE_BATCH = 200  # notices deleted per transaction: about a millisecond that a move may wait
PRUNE_PAUSE = 0.01  # seconds between two such transactions, when the others may go
# seconds one send may take by default, its drawing included, before it counts as failed
SEND_TIMEOUT = 30.0


class Undeliverable(Exception):
    """Raised by a sender for a notice that no retry can deliver; the message says why."""


class RetryLater(Exception):
    """Raised by a sender whose receiver asks it to wait (a rate limit) before trying again."""

    def __init__(self, seconds: float, why: str = "asked to wait") -> None:
        super().__init__(f"{why} for {seconds:.0f} s")
        self.seconds = seconds


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
    created_at: float = 0.0
    # when the notice may already have been posted (a retry, or one queued before this
    # process started): the earliest it could have been, for the sender to look from
    posted_after: float | None = None


class Sender(Protocol):
    """Whatever delivers notices (the Discord front); raising means: try again later."""

    async def send(self, delivery: Delivery) -> None:
        """Deliver one notice."""


class DeliveryWorker:
    """Sends due notices, one per place at a time so that each place gets them in order.

    Each place's send runs as a task of its own: a place whose sends hang or fail holds up
    no other, and the worker picks up what falls due elsewhere meanwhile.
    """

    def __init__(
        self,
        store: Storage,
        sender: Sender,
        *,
        clock: Callable[[], float] = time.time,
        backoff: Sequence[float] = BACKOFF,
        batch: int = 50,
        timeout: float = SEND_TIMEOUT,
        max_attempts: int = MAX_ATTEMPTS,
        wake: bool = True,
        shards: Shards | None = None,
        prune: bool = True,
    ) -> None:
        """Deliver store's notices through sender.

        batch: how many places are sent to at once; timeout: seconds a send may take;
        wake: look as soon as notices are committed, not only every interval; shards: send
        only the notices of their matches (a process's own; None: all); prune: delete old
        notices every hour (one process of several does).
        """
        self._shards = shards
        self._prune = prune
        self._timeout = timeout
        self._max_attempts = max_attempts
        self._pruned_at: float | None = None
        self._store = store
        self._sender = sender
        self._clock = clock
        self._backoff = backoff
        self._batch = batch
        self._wake = wake
        self._sending: dict[int, asyncio.Task[bool]] = {}  # notice id: its send under way
        # sends that ended since the last look began: a read on PostgreSQL may have taken its
        # snapshot before their record committed, and would hand them out again
        self._ended: set[int] = set()
        self._moved = asyncio.Event()  # a place's head was sent or given up: its next may go
        self._born = clock()  # notices queued before this may have been posted by a process gone

    async def run_once(self) -> int:
        """Send what is due now and wait for those sends; return how many notices were sent."""
        started = await self._start_due()
        return sum(await asyncio.gather(*started))

    async def _start_due(self) -> list[asyncio.Task[bool]]:
        """Start sending each due notice whose place has no send under way; return the sends."""
        self._ended.clear()
        async with self._store.read_one() as db:
            # the heads being sent are still pending: ask for enough to fill the batch anyway
            due = await storage.due_notices(
                db, self._clock(), self._batch + len(self._sending), self._shards
            )
        started = []
        for row in due:
            if len(self._sending) >= self._batch:
                break
            if row["id"] in self._sending or row["id"] in self._ended:
                continue
            delivery = _delivery(row)
            task = asyncio.create_task(self._deliver(delivery))
            self._sending[delivery.id] = task
            task.add_done_callback(partial(self._forget, delivery.id))
            started.append(task)
        return started

    def _forget(self, notice_id: int, _: asyncio.Task[bool]) -> None:
        """Take a finished send off the list of those under way."""
        self._sending.pop(notice_id, None)
        self._ended.add(notice_id)

    async def _deliver(self, delivery: Delivery) -> bool:
        """Send one notice and record how it went; return whether it was sent."""
        try:
            if delivery.attempts or delivery.created_at < self._born:
                delivery = replace(delivery, posted_after=await self._posted_after(delivery))
            await asyncio.wait_for(self._sender.send(delivery), self._timeout)
            result: Exception | None = None
        except Exception as error:  # a sender that hangs counts as failed
            result = error
        attempt = delivery.attempts + 1
        sent_at = self._clock()
        try:
            # what the send did is noted after the moves waiting to be written
            async with self._store.transaction(patient=True) as db:
                if result is None:
                    await storage.mark_sent(db, delivery.id, sent_at)
                elif isinstance(result, RetryLater):
                    logger.warning(
                        "sending %s to %s: %s; trying again then",
                        delivery.kind,
                        delivery.place,
                        result,
                    )
                    retry_at = self._clock() + result.seconds
                    await storage.postpone(db, delivery.id, str(result), retry_at)
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
        except Exception:  # it stays due, and the next look tries it again
            logger.exception("recording a send of %s to %s failed", delivery.kind, delivery.place)
            return False
        if result is None:
            metrics.posted(delivery.kind, max(0.0, sent_at - delivery.created_at))
        if result is None or isinstance(result, Undeliverable) or attempt >= self._max_attempts:
            self._moved.set()  # a failed one waits for its retry time, found by the next look
        return result is None

    async def _posted_after(self, delivery: Delivery) -> float:
        """Return the earliest a notice that may have been posted could have been.

        Its place's notices go out one by one: it was tried only once the one before it was
        recorded as sent (or, if none, once it was queued).
        """
        async with self._store.read_one() as db:
            before = await storage.last_sent_before(
                db, delivery.match_id, delivery.place, delivery.id
            )
        return max(delivery.created_at, before or 0.0)

    async def prune(self) -> int:
        """Delete delivered notices older than a day and given-up ones older than thirty.

        A few hundred at a time, pausing in between, so that what else is under way (a move,
        a send) waits a few milliseconds at most, not for the whole prune.
        """
        now = self._clock()
        removed = 0
        while True:
            async with self._store.transaction() as db:
                count = await storage.prune_outbox(
                    db, now - KEEP_SENT, now - KEEP_GIVEN_UP, PRUNE_BATCH
                )
            removed += count
            if count < PRUNE_BATCH:
                break
            await asyncio.sleep(PRUNE_PAUSE)
        self._pruned_at = now
        return removed

    async def given_up(self, limit: int = 50) -> list[Delivery]:
        """Return the notices the worker gave up on, newest first, for a moderator to see."""
        async with self._store.read() as db:
            found = await storage.given_up(db, limit)
        return [_delivery(row) for row in found]

    async def run(self, stop: asyncio.Event, *, interval: float = 0.5) -> None:
        """Keep sending until stop is set; look again when told to, or every interval.

        The worker looks when notices are committed (if it wakes), when a place's notice was
        sent (its next may be due), and every interval regardless: a missed wake-up, or a
        retry falling due, costs at most that long.
        """
        pruning: asyncio.Task[int] | None = None
        committed = self._store.notices_committed
        try:
            while not stop.is_set():
                if pruning is None or pruning.done():
                    if pruning is not None:
                        _log_failure(pruning, "pruning the outbox failed")
                    pruning = None
                    if self._prune and (
                        self._pruned_at is None or self._clock() - self._pruned_at >= PRUNE_EVERY
                    ):
                        self._pruned_at = self._clock()  # a failed prune waits for the next hour
                        pruning = asyncio.create_task(self.prune())
                # cleared before the look: whatever is committed after it wakes the next one
                self._moved.clear()
                committed.clear()
                try:
                    await self._start_due()
                except Exception:
                    logger.exception("the delivery worker failed; it carries on")
                signals = [stop, self._moved, *([committed] if self._wake else [])]
                await _first(signals, interval)
        finally:
            # sends under way finish and record what they sent: cut between posting and
            # recording, a notice would be posted again after a restart
            waiting = [*self._sending.values(), *([pruning] if pruning else [])]
            try:
                await asyncio.gather(*waiting, return_exceptions=True)
            finally:
                for task in waiting:
                    task.cancel()


async def _first(events: Sequence[asyncio.Event], timeout: float) -> None:
    """Wait until one of the events is set, or for timeout seconds."""
    waits = [asyncio.create_task(event.wait()) for event in events]
    try:
        await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()


def _log_failure(task: asyncio.Task[Any], what: str) -> None:
    """Log the error a finished background task ended with, if any."""
    error = None if task.cancelled() else task.exception()
    if error is not None:
        logger.error(what, exc_info=error)


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
        row["created_at"],
    )


def _reason(error: BaseException) -> str:
    """Say why a delivery failed, as stored with it."""
    if isinstance(error, TimeoutError):
        return "the sender did not answer in time"
    if isinstance(error, RetryLater):
        return str(error)
    return str(error) if isinstance(error, Undeliverable) else repr(error)
