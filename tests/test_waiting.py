"""eventually(): it returns what it waited for once a change brings it, or fails saying what."""

from __future__ import annotations

import asyncio

import pytest

from tests.waiting import Changes, eventually


def test_eventually_looks_again_only_when_told_of_a_change_and_returns_what_it_found() -> None:
    async def main() -> None:
        changes, replies, looks, looked = Changes(), [], [], asyncio.Event()

        def replied() -> list[str]:
            looks.append(len(replies))
            looked.set()
            return list(replies)

        async def answer() -> None:
            for _ in range(50):  # many turns of the loop, which a poll would use to look
                await asyncio.sleep(0)
            looked.clear()
            changes.notify()  # a change that brings nothing yet
            await looked.wait()
            replies.append("Played e4")
            changes.notify()

        answering = asyncio.create_task(answer())
        found = await eventually(replied, "a reply", changes=changes, interval=0)
        await answering
        assert found == ["Played e4"]
        assert looks == [0, 0, 1]  # at the start and at each change, at no other time

    asyncio.run(main())


def test_a_change_made_while_an_awaited_condition_is_being_read_is_not_missed() -> None:
    async def main() -> None:
        changes, state = Changes(), {"done": False}
        loop = asyncio.get_running_loop()

        async def read() -> bool:
            seen = state["done"]
            state["done"] = True  # changed after it was read, before the read is over
            changes.notify()
            await asyncio.sleep(0)
            return seen

        started = loop.time()
        assert await eventually(read, "the change", changes=changes, timeout=10) is True
        assert loop.time() - started < 5, "it missed the change and waited for its timeout"

    asyncio.run(main())


def test_eventually_fails_after_its_timeout_saying_what_it_waited_for_and_what_it_saw() -> None:
    async def main() -> None:
        with pytest.raises(AssertionError) as failed:
            await eventually(
                lambda: None,
                "a reply to /rules",
                changes=Changes(),
                seen=lambda: ["Thinking"],
                timeout=0.05,
            )
        said = "still waiting, after 0.05 s, for a reply to /rules; seen instead: ['Thinking']"
        assert str(failed.value) == said

    asyncio.run(main())


def test_without_changes_eventually_asks_an_awaited_condition_every_interval() -> None:
    async def main() -> None:
        looks: list[int] = []

        async def third_look() -> str | None:
            looks.append(len(looks))
            return "found" if len(looks) == 3 else None

        assert await eventually(third_look, "the third look", interval=0.001) == "found"
        assert looks == [0, 1, 2]
        with pytest.raises(AssertionError) as failed:
            await eventually(lambda: 0, "nothing", timeout=0.02)
        assert str(failed.value) == "still waiting, after 0.02 s, for nothing"

    asyncio.run(main())
