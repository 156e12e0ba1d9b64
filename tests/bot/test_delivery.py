"""The delivery worker: in order per place, retries with backoff, resumes after a restart."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot import storage
from bot.delivery import (
    KEEP_GIVEN_UP,
    KEEP_SENT,
    PRUNE_BATCH,
    Delivery,
    DeliveryWorker,
    RetryLater,
    Undeliverable,
)
from bot.storage import Storage
from bot.storage.opening import open_storage
from tests.waiting import Changes, eventually


class Recorder:
    """A sender that records what it sends and fails the places it is told to."""

    def __init__(self, failing: set[str] | None = None) -> None:
        self.sent: list[tuple[str, str]] = []
        self.failing = failing or set()

    async def send(self, delivery: Delivery) -> None:
        if delivery.place in self.failing:
            raise ConnectionError(f"{delivery.place} is unreachable")
        self.sent.append((delivery.place, delivery.idempotency_key))

    @property
    def keys(self) -> list[str]:
        """Return the keys of the notices sent, in order."""
        return [key for _, key in self.sent]


async def queue(store: Storage, notices: list[tuple[str, str]]) -> None:
    async with store.transaction() as db:
        match_id = await storage.insert_match(db, "{}", "ana", 0.0)
        rows = [(place, "board", "{}", key) for place, key in notices]
        await storage.enqueue(db, match_id, rows, 0.0)


def test_each_place_gets_its_notices_in_order(database_url: str) -> None:
    async def scenario() -> list[tuple[str, str]]:
        store = await open_storage(database_url)
        try:
            await queue(store, [("board:1", "a"), ("board:2", "b"), ("board:1", "c")])
            sender = Recorder()
            worker = DeliveryWorker(store, sender, clock=lambda: 1.0)
            assert await worker.run_once() == 2
            first = sorted(sender.sent)  # the places go at once, in no order between them
            assert await worker.run_once() == 1
            assert await worker.run_once() == 0
            return [*first, *sender.sent[2:]]
        finally:
            await store.close()

    assert asyncio.run(scenario()) == [("board:1", "a"), ("board:2", "b"), ("board:1", "c")]


def test_a_failed_place_is_retried_with_backoff_while_the_others_go_on(database_url: str) -> None:
    async def scenario() -> None:
        store = await open_storage(database_url)
        now = [1.0]
        try:
            await queue(store, [("board:1", "a"), ("board:1", "b"), ("board:2", "c")])
            sender = Recorder(failing={"board:1"})
            worker = DeliveryWorker(store, sender, clock=lambda: now[0], backoff=(10.0, 60.0))
            assert await worker.run_once() == 1  # c; a failed
            now[0] = 5.0
            assert await worker.run_once() == 0  # a waits 10 s, and b waits behind a
            now[0] = 11.0
            assert await worker.run_once() == 0  # a fails again: now 60 s
            sender.failing.clear()
            now[0] = 30.0
            assert await worker.run_once() == 0
            now[0] = 71.0
            assert await worker.run_once() == 1
            assert await worker.run_once() == 1
            assert sender.sent == [("board:2", "c"), ("board:1", "a"), ("board:1", "b")]
        finally:
            await store.close()

    asyncio.run(scenario())


def test_what_was_not_sent_before_a_restart_is_sent_after_it(database_url: str) -> None:
    async def first() -> None:
        store = await open_storage(database_url)
        await queue(store, [("overview", "a"), ("overview", "b")])
        await DeliveryWorker(store, Recorder(), clock=lambda: 1.0).run_once()
        await store.close()

    async def second() -> list[tuple[str, str]]:
        store = await open_storage(database_url)
        try:
            sender = Recorder()
            stop = asyncio.Event()
            task = asyncio.create_task(
                DeliveryWorker(store, sender, clock=lambda: 1.0).run(stop, interval=0.01)
            )
            await eventually(lambda: sender.sent, "the notice left from before to be sent")
            stop.set()
            await task
            return sender.sent
        finally:
            await store.close()

    asyncio.run(first())
    assert asyncio.run(second()) == [("overview", "b")]


def test_a_sender_that_hangs_counts_as_failed_and_holds_up_no_other_place(
    database_url: str,
) -> None:
    class Hanging(Recorder):
        async def send(self, delivery: Delivery) -> None:
            if delivery.place == "user:slow":
                await asyncio.Event().wait()
            await super().send(delivery)

    async def scenario() -> list[tuple[str, str]]:
        store = await open_storage(database_url)
        try:
            await queue(store, [("user:slow", "a"), ("board:1", "b"), ("board:1", "c")])
            sender = Hanging()
            worker = DeliveryWorker(store, sender, clock=lambda: 1.0, timeout=0.05)
            assert await worker.run_once() == 1
            assert await worker.run_once() == 1
            return sender.sent
        finally:
            await store.close()

    assert asyncio.run(scenario()) == [("board:1", "b"), ("board:1", "c")]


def test_a_notice_that_cannot_arrive_is_given_up_and_its_place_goes_on(database_url: str) -> None:
    class ClosedDMs(Recorder):
        async def send(self, delivery: Delivery) -> None:
            if delivery.idempotency_key == "a":
                raise Undeliverable("bo does not accept direct messages")
            await super().send(delivery)

    async def scenario() -> None:
        store = await open_storage(database_url)
        try:
            await queue(store, [("user:bo", "a"), ("user:bo", "b")])
            sender = ClosedDMs()
            worker = DeliveryWorker(store, sender, clock=lambda: 1.0)
            assert await worker.run_once() == 0
            assert await worker.run_once() == 1
            assert sender.sent == [("user:bo", "b")]
            (dead,) = await worker.given_up()
            assert (dead.idempotency_key, dead.attempts) == ("a", 1)
            assert dead.last_error == "bo does not accept direct messages"
        finally:
            await store.close()

    asyncio.run(scenario())


def test_a_notice_that_keeps_failing_is_given_up_after_its_last_attempt(database_url: str) -> None:
    async def scenario() -> None:
        store = await open_storage(database_url)
        now = [1.0]
        try:
            await queue(store, [("board:9", "a"), ("board:9", "b")])
            sender = Recorder(failing={"board:9"})
            worker = DeliveryWorker(
                store, sender, clock=lambda: now[0], backoff=(1.0,), max_attempts=3
            )
            for _ in range(3):
                assert await worker.run_once() == 0
                now[0] += 1.0
            assert [d.idempotency_key for d in await worker.given_up()] == ["a"]
            assert "board:9 is unreachable" in str((await worker.given_up())[0].last_error)
            sender.failing.clear()
            assert await worker.run_once() == 1  # b is no longer held up behind a
            assert sender.sent == [("board:9", "b")]
        finally:
            await store.close()

    asyncio.run(scenario())


def test_old_delivered_and_given_up_notices_are_pruned_and_nothing_pending_is(
    database_url: str,
) -> None:
    async def scenario() -> None:
        store = await open_storage(database_url)
        now = [1.0]
        try:
            await queue(store, [("board:1", "sent"), ("user:bo", "dead"), ("board:2", "late")])
            sender = Recorder(failing={"board:2"})
            worker = DeliveryWorker(store, sender, clock=lambda: now[0], max_attempts=1000)
            async with store.transaction() as db:
                dead = await storage.rows(
                    db, "SELECT id FROM outbox WHERE idempotency_key = 'dead'"
                )
                await storage.give_up(db, dead[0]["id"], "closed", 1.0)
            assert await worker.run_once() == 1
            now[0] = 1.0 + KEEP_SENT + 1.0
            assert await worker.prune() == 1  # the delivered one
            now[0] = 1.0 + KEEP_GIVEN_UP + 1.0
            assert await worker.prune() == 1  # the given-up one
            keys = await store.fetch_all("SELECT idempotency_key FROM outbox")
            assert [row[0] for row in keys] == ["late"]  # still failing, never pruned
        finally:
            await store.close()

    asyncio.run(scenario())


class Held(Recorder):
    """A sender whose sends to one place hang until released, and that says when it sends."""

    def __init__(self, held: str) -> None:
        super().__init__()
        self.held = held
        self.release = asyncio.Event()
        self.holding = asyncio.Event()
        self.changes = Changes()

    async def send(self, delivery: Delivery) -> None:
        if delivery.place == self.held and not self.release.is_set():
            self.holding.set()
            await self.release.wait()
        await super().send(delivery)
        self.changes.notify()

    async def until(self, count: int) -> None:
        """Wait until count notices have been sent."""
        await eventually(
            lambda: len(self.sent) >= count,
            f"{count} notices sent",
            changes=self.changes,
            seen=lambda: self.sent,
        )


def test_a_place_whose_send_hangs_waits_alone_while_the_others_keep_going(
    database_url: str,
) -> None:
    async def scenario() -> list[tuple[str, str]]:
        store = await open_storage(database_url)
        stop = asyncio.Event()
        try:
            await queue(store, [("board:1", "a1"), ("board:1", "a2"), ("board:2", "b1")])
            sender = Held("board:1")
            worker = DeliveryWorker(store, sender, clock=lambda: 1.0, timeout=60.0)
            task = asyncio.create_task(worker.run(stop, interval=60.0))
            await asyncio.wait_for(sender.holding.wait(), 5)
            await sender.until(1)
            await queue(store, [("board:2", "b2"), ("overview", "c1")])  # queued afterwards
            await sender.until(3)
            assert not sender.release.is_set() and ("board:1", "a1") not in sender.sent
            sender.release.set()
            await sender.until(5)
            stop.set()
            await task
            return sender.sent
        finally:
            await store.close()

    sent = asyncio.run(scenario())
    assert sorted(sent[:3]) == [("board:2", "b1"), ("board:2", "b2"), ("overview", "c1")]
    assert sent[3:] == [("board:1", "a1"), ("board:1", "a2")]


def test_a_rate_limit_puts_off_its_place_alone_for_the_time_asked_without_counting_it(
    database_url: str,
) -> None:
    class Limited(Recorder):
        def __init__(self) -> None:
            super().__init__()
            self.limited = True

        async def send(self, delivery: Delivery) -> None:
            if delivery.place == "board:1" and self.limited:
                raise RetryLater(60.0, "rate limited by Discord")
            await super().send(delivery)

    async def scenario() -> None:
        store = await open_storage(database_url)
        now = [1.0]
        try:
            await queue(store, [("board:1", "a1"), ("board:1", "a2"), ("board:2", "b1")])
            sender = Limited()
            worker = DeliveryWorker(store, sender, clock=lambda: now[0], max_attempts=1)
            assert await worker.run_once() == 1
            (waiting,) = await store.fetch_all(
                "SELECT attempts, last_error, next_attempt_at, done_at FROM outbox "
                "WHERE idempotency_key = 'a1'"
            )
            assert tuple(waiting) == (0, "rate limited by Discord for 60 s", 61.0, None)
            now[0] = 60.0
            assert await worker.run_once() == 0  # not yet
            now[0] = 61.0
            assert await worker.run_once() == 0  # still limited: put off again, never given up
            assert await worker.given_up() == []
            sender.limited = False
            now[0] = 121.0
            assert await worker.run_once() == 1
            assert await worker.run_once() == 1
            assert sender.sent == [("board:2", "b1"), ("board:1", "a1"), ("board:1", "a2")]
        finally:
            await store.close()

    asyncio.run(scenario())


def test_the_worker_wakes_when_notices_commit_and_not_before(database_url: str) -> None:
    async def scenario() -> None:
        store = await open_storage(database_url)
        stop = asyncio.Event()
        try:
            sender = Held("nowhere")
            worker = DeliveryWorker(store, sender)
            task = asyncio.create_task(worker.run(stop, interval=60.0))  # never polls here
            await queue(store, [("overview", "first")])
            await sender.until(1)
            async with store.transaction() as db:
                await storage.enqueue(db, None, [("overview", "board", "{}", "second")], 0.0)
                for _ in range(20):  # the worker gets every chance to look meanwhile
                    await asyncio.sleep(0)
                assert [key for _, key in sender.sent] == ["first"]
            await sender.until(2)
            stop.set()
            await task
        finally:
            await store.close()

    asyncio.run(scenario())


def test_a_worker_that_is_never_woken_still_finds_the_notices_by_looking(
    database_url: str,
) -> None:
    async def scenario() -> None:
        store = await open_storage(database_url)
        stop = asyncio.Event()
        try:
            sender = Held("nowhere")
            worker = DeliveryWorker(store, sender, wake=False)
            task = asyncio.create_task(worker.run(stop, interval=0.02))
            await queue(store, [("overview", "a"), ("board:1", "b")])
            await sender.until(2)
            stop.set()
            await task
        finally:
            await store.close()

    asyncio.run(scenario())


def test_a_long_prune_goes_in_small_transactions_and_keeps_what_is_pending(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sizes: list[int] = []
    prune = storage.prune_outbox

    async def counted(db: Any, sent_before: float, given_up_before: float, limit: int) -> int:
        sizes.append(await prune(db, sent_before, given_up_before, limit))
        return sizes[-1]

    monkeypatch.setattr(storage, "prune_outbox", counted)

    async def scenario() -> None:
        store = await open_storage(database_url)
        try:
            count = PRUNE_BATCH * 2 + 7
            await queue(store, [("board:1", f"k{i}") for i in range(count + 1)])
            async with store.transaction() as db:
                await db.execute("UPDATE outbox SET done_at = 1.0 WHERE idempotency_key != 'k0'")
            worker = DeliveryWorker(store, Recorder(), clock=lambda: 2.0 + KEEP_SENT)
            assert await worker.prune() == count
            left = await store.fetch_all("SELECT idempotency_key FROM outbox")
            assert [row[0] for row in left] == ["k0"]
        finally:
            await store.close()

    asyncio.run(scenario())
    assert sizes == [PRUNE_BATCH, PRUNE_BATCH, 7]
