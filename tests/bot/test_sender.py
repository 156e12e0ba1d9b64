"""The sender's bookkeeping of DM games and latest images, with stand-ins for Discord."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import drawing
from bot.delivery import Delivery, RetryLater
from bot.practice.turn import Turn
from bot.sender import DiscordSender, places
from bot.service import MatchService
from bot.storage import Storage
from tests.bot.scenarios import run
from tests.waiting import eventually

BOT = "1000"  # the bot's own user id, as a practice game's roster holds it


class Channel(discord.abc.Messageable):
    """A DM channel that records what is posted, and refuses the first posts it is told to."""

    def __init__(self, refusals: int = 0) -> None:
        self.posted: list[str] = []
        self.edited: list[int] = []
        self.refusals = refusals

    async def send(self, content: str | None = None, **_: Any) -> Any:  # type: ignore[override]
        if self.refusals:
            self.refusals -= 1
            raise discord.RateLimited(60.0)
        self.posted.append(content or "")
        return SimpleNamespace(id=1000 + len(self.posted))

    def get_partial_message(self, message: int) -> Any:
        async def edit(**_: Any) -> None:
            self.edited.append(message)

        return SimpleNamespace(edit=edit)


class Client:
    """The client as the sender uses it: channels by id."""

    def __init__(self, channels: dict[int, Channel]) -> None:
        self.channels = channels

    def get_channel(self, channel: int) -> Channel:
        return self.channels[channel]


async def first_notice(store: Storage, match_id: int) -> Delivery:
    """Return a match's latest action's first notice as the worker hands it to the sender."""
    rows = await store.fetch_all(
        "SELECT * FROM outbox WHERE match_id = ? ORDER BY id DESC", match_id
    )
    key = rows[0]["idempotency_key"].rsplit(":", 1)[0]
    row = next(r for r in reversed(rows) if r["idempotency_key"].startswith(key + ":"))
    return Delivery(row["id"], match_id, row["place"], row["kind"], {}, row["idempotency_key"], 0)


def test_a_dm_game_post_that_fails_for_one_player_is_shown_to_both_on_the_retry(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        white, black = Channel(refusals=1), Channel()
        match_id = await service.create_game("1", "2", places={"dm:white": "11", "dm:black": "12"})
        await service.play(match_id, "1", 1, "e4")
        sender = DiscordSender(Client({11: white, 12: black}), service)  # type: ignore[arg-type]
        delivery = await first_notice(store, match_id)
        with pytest.raises(RetryLater):
            await sender.send(delivery)
        await sender.send(delivery)  # the worker's retry
        assert [len(white.posted), len(black.posted)] == [1, 1]
        assert "White played e4" in black.posted[0]

    run(database_url, scenario)


def test_a_post_retried_into_the_same_message_keeps_its_buttons(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        channel = Channel()
        match_id = await service.create_game("1", "2", places={"dm:white": "11"})
        sender = DiscordSender(Client({11: channel}), service)  # type: ignore[arg-type]
        await sender._retire(channel, match_id, "dm-message:white", 555)
        await sender._retire(channel, match_id, "dm-message:white", 555)  # Discord's same one
        assert channel.edited == []
        await sender._retire(channel, match_id, "dm-message:white", 556)
        # the buttons go in a task of their own, after the posts people wait for
        await eventually(lambda: channel.edited == [555], "the buttons taken off 555")

    run(database_url, scenario)


def test_with_no_room_to_spare_for_long_a_replaced_message_keeps_its_buttons(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        monkeypatch.setattr(places, "MAX_TIDYING", 1)
        channel = Channel()
        match_id = await service.create_game("1", "2", places={"dm:white": "11"})
        sender = DiscordSender(Client({11: channel}), service)  # type: ignore[arg-type]
        waiting = asyncio.get_running_loop().create_future()  # a tidying that waits for room
        sender._tidying.add(waiting)  # type: ignore[arg-type]
        await sender._retire(channel, match_id, "dm-message:white", 555)
        await sender._retire(channel, match_id, "dm-message:white", 556)
        assert (await service.bindings(match_id))["dm-message:white"] == "556"
        assert channel.edited == [] and len(sender._tidying) == 1  # kept its buttons at once
        waiting.cancel()

    run(database_url, scenario)


def test_the_practice_opponents_last_answer_is_posted_with_the_move_it_answers(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        answers, mate = ["e5", "Qh4#"], asyncio.Event()

        async def scripted(turn: Turn) -> str:
            if len(answers) == 1:
                await mate.wait()  # until the player's move is being shown
            return answers.pop(0)

        service.practice.choose = scripted
        await service.start_practice()
        channel = Channel()
        match_id = await service.practice_game("1", BOT, dm="11", boards=1, game="chess")
        await service.play(match_id, "1", 1, "f3")
        await service.practice.idle()
        await service.play(match_id, "1", 1, "g4")
        sender = DiscordSender(Client({11: channel}), service, answer_wait=60.0)  # type: ignore[arg-type]
        shown = asyncio.create_task(sender.send(await first_notice(store, match_id)))
        mate.set()
        await shown
        await service.practice.idle()
        posts = len(channel.posted)  # the game's post, and its replay's
        await sender.send(await first_notice(store, match_id))  # the answer's own notices
        await drawing.DRAWER.close()
        assert len(channel.posted) == posts  # shown once, with the move
        assert "replay" in channel.posted[-1]
        lines = channel.posted[0].splitlines()
        assert lines[1:3] == ["Board 1: White played g4.", "Board 1: Black played Qh4#."]
        assert "0-1" in lines[3]  # the game's end, in the same post
        assert lines[-1] == "The game is over."

    run(database_url, scenario)
