"""The outbox two stores share: one head per place, wake-ups on commit, each notice sent once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

import pytest

from bot import storage
from bot.delivery import Delivery, DeliveryWorker
from bot.storage import Db, Row, Storage
from bot.storage.postgres import PostgresStorage
from tests.bot.postgres.stores import WAIT, two_stores
from tests.bot.test_storage import HEADS_BY_SCAN


class Recorder:
    """A sender that keeps what it was handed, per place, in order."""

    def __init__(self) -> None:
        self.sent: list[Delivery] = []

    async def send(self, delivery: Delivery) -> None:
        self.sent.append(delivery)


def test_two_stores_queueing_to_one_place_at_once_keep_one_head_and_deliver_each_once_in_order(
    url: str,
) -> None:
    places = ["board:1", "board:2", "overview"]

    async def scenario() -> None:
        async with two_stores(url) as (first, second):
            async with first.transaction() as db:
                match_id = await storage.insert_match(db, "{}", "ana", 0.0)

            async def queue(store: Storage, name: str) -> None:
                for step in range(20):
                    async with store.transaction() as db:
                        notices = [(place, "x", "{}", f"{name}{step}:{place}") for place in places]
                        await storage.enqueue(db, match_id, notices, 0.0)
                        await storage.enqueue(db, None, [("user:7", "x", "{}", f"{name}{step}")], 0)

            # each store queues from several tasks, so both write to each place at once
            await asyncio.gather(
                *(
                    queue(store, f"{side}{task}.")
                    for side, store in (("a", first), ("b", second))
                    for task in range(3)
                )
            )
            async with first.read() as db:
                heads = [n["id"] for n in await storage.due_notices(db, 1.0, 1000)]
                assert heads == [row[0] for row in await storage.rows(db, HEADS_BY_SCAN)]
                assert len(heads) == len(places) + 1  # one head per place, no more
                queued = await storage.rows(db, "SELECT id, place FROM outbox ORDER BY id")
            recorder = Recorder()
            worker = DeliveryWorker(first, recorder, clock=lambda: 1.0)
            while await worker.run_once():
                pass
            assert sorted(d.id for d in recorder.sent) == [row["id"] for row in queued]
            for place in [*places, "user:7"]:
                sent = [d.id for d in recorder.sent if d.place == place]
                assert sent == [row["id"] for row in queued if row["place"] == place]

    asyncio.run(scenario())


def test_notices_committed_by_one_store_wake_the_other_and_rolled_back_ones_do_not(
    url: str,
) -> None:
    async def scenario() -> None:
        async with two_stores(url) as (first, second):
            async with first.transaction() as db:
                match_id = await storage.insert_match(db, "{}", "ana", 0.0)
            heard_probe = asyncio.Event()
            assert second._listener is not None
            await second._listener.add_listener("probe", lambda *_: heard_probe.set())
            second.notices_committed.clear()
            with pytest.raises(RuntimeError, match="crash"):
                async with first.transaction() as db:
                    await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
                    raise RuntimeError("crash")
            # notifications reach a listener in the order their transactions committed: once
            # the probe is heard, a notice the rolled back transaction sent would have been
            async with first.transaction() as db:
                await db.execute("SELECT pg_notify('probe', '')")
            await asyncio.wait_for(heard_probe.wait(), WAIT)
            assert not second.notices_committed.is_set()
            async with first.transaction() as db:
                await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
            await asyncio.wait_for(second.notices_committed.wait(), WAIT)

    asyncio.run(scenario())


class Paused:
    """A Db whose queries, once run, wait to hand back their rows until told to."""

    def __init__(self, db: Db, ran: asyncio.Event, go: asyncio.Event) -> None:
        self.db, self.ran, self.go = db, ran, go

    async def fetch(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        found = await self.db.fetch(sql, parameters)
        self.ran.set()
        await self.go.wait()
        return found


def test_a_look_whose_snapshot_predates_a_sends_record_does_not_send_it_again(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        store = await PostgresStorage.connect(url)
        try:
            async with store.transaction() as db:
                await storage.enqueue(db, None, [("user:7", "x", "{}", "k1")], 0.0)
            release, ran, go = asyncio.Event(), asyncio.Event(), asyncio.Event()
            sent: list[str] = []

            class Sender:
                async def send(self, delivery: Delivery) -> None:
                    await release.wait()
                    sent.append(delivery.idempotency_key)

            worker = DeliveryWorker(store, Sender(), clock=lambda: 1.0)
            (sending,) = await worker._start_due()
            reading = store.read_one

            @asynccontextmanager
            async def paused() -> AsyncIterator[Db]:
                async with reading() as db:
                    yield Paused(db, ran, go)  # type: ignore[misc]

            monkeypatch.setattr(store, "read_one", paused)
            look = asyncio.create_task(worker._start_due())
            await asyncio.wait_for(ran.wait(), WAIT)  # it read k1 as still due
            release.set()
            assert await asyncio.wait_for(sending, WAIT)  # sent, recorded, no longer under way
            go.set()
            assert await asyncio.wait_for(look, WAIT) == []
            assert sent == ["k1"]
        finally:
            await store.close()

    asyncio.run(scenario())
