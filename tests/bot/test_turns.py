"""Patient work lets people's work under way have the event loop first, for a while at most."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from bot import turns
from bot.turns import after_people, for_people, patiently, people


async def persons_work(began: asyncio.Event, end: asyncio.Event, order: list[str]) -> None:
    """Work as a person's action does, from began until end is set."""
    with for_people():
        order.append("person begins")
        began.set()
        await end.wait()
        order.append("person ends")


async def at_work(order: list[str]) -> tuple[asyncio.Task[None], asyncio.Event]:
    """Start a person's work; return it once it has begun, and the event that ends it."""
    began, end = asyncio.Event(), asyncio.Event()
    person = asyncio.create_task(persons_work(began, end, order))
    await began.wait()
    return person, end


async def patient_work(order: list[str]) -> None:
    """Go on with patient work once people's has gone first."""
    with patiently():
        await after_people()
        order.append("patient goes")


async def settled() -> None:
    """Let every task that can run go as far as it can."""
    for _ in range(10):
        await asyncio.sleep(0)


def test_patient_work_waits_while_peoples_work_is_under_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(turns, "FIRST_WAIT", 60.0)

    async def main() -> None:
        order: list[str] = []
        person, end = await at_work(order)
        patient = asyncio.create_task(patient_work(order))
        await settled()
        assert order == ["person begins"]
        end.set()
        await person
        assert people().working  # what follows a person's work at once is theirs too
        await patient
        assert order == ["person begins", "person ends", "patient goes"]
        assert not people().working

    asyncio.run(main())


def test_patient_work_waits_for_people_no_longer_than_its_first_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(turns, "FIRST_WAIT", 0.01)

    async def main() -> None:
        order: list[str] = []
        person, end = await at_work(order)
        await patient_work(order)  # people working without end never hold it up for good
        assert order == ["person begins", "patient goes"]
        end.set()
        await person

    asyncio.run(main())


def test_urgent_work_does_not_wait_for_peoples_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turns, "FIRST_WAIT", 60.0)

    async def main() -> None:
        order: list[str] = []
        person, end = await at_work(order)
        await after_people()
        order.append("urgent goes")
        end.set()
        await person
        assert order == ["person begins", "urgent goes", "person ends"]

    asyncio.run(main())


def test_patient_work_is_not_counted_as_peoples() -> None:
    async def main() -> None:
        with patiently(), for_people():
            assert not people().working

    asyncio.run(main())


def test_each_event_loop_counts_its_own_peoples_work() -> None:
    under_way: list[contextlib.AbstractContextManager[None]] = []

    async def working_forever() -> turns.People:
        at_work = people().at_work()
        at_work.__enter__()  # a loop that ends with a person's work still under way
        under_way.append(at_work)
        return people()

    first = asyncio.run(working_forever())

    async def main() -> None:
        assert first.working
        assert people() is not first
        assert not people().working

    asyncio.run(main())
    under_way.pop().__exit__(None, None, None)  # ended with no loop running: counted out
    assert not first.working
