"""Alice's and Automatic Elevator Chess through the offline Discord."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.errors import RulesError
from bot.service import MatchService
from bot.storage.opening import open_storage
from tests.bot.exts.matches.test_variants import create, text
from tests.bot.exts.test_matches import club, move, posted, replied, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


async def _start(discord: FakeDiscord, ana: int, bo: int, channel: int, mode: str) -> None:
    created = await create(discord, ana, channel, 2, text("variant", mode))
    assert created.original is not None
    for user, team in ((ana, "white"), (bo, "black")):
        joined = await discord.invoke(
            user, channel, "match", [{"type": 3, "name": "team", "value": team}], subcommand="join"
        )
        await replied(discord, joined)
    begun = await discord.invoke(ana, channel, "match", [], subcommand="start")
    assert "has started" in await replied(discord, begun)


def test_automatic_holds_each_move_then_plays_the_turn_and_the_conveyor_on_every_board(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            await _start(discord, ana, bo, general, "automatic")
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            await posted(discord, one)
            await posted(discord, two)
            said = await move(discord, ana, one, "e4")
            assert said == "Your move on board 1 (e4) is in; White still has board 2 to move."
            overview = discord.channel_named(guild, "overview")
            status = await discord.invoke(bo, overview, "match", subcommand="status")
            shown = await replied(discord, status)  # where the turn stands, not what was played
            assert "White has moved on board 1 and waits for board 2." in shown
            assert "e4" not in shown
            said = await move(discord, ana, two, "Nf3")
            assert said.startswith("Your move on board 2 (Nf3) is in: White's turn is complete")
            first = await until(discord, one, "White played e4.")
            assert "The conveyor carried White's pawn up from e4 to board 2." in first.content
            assert first.files[0][1].startswith(b"\x89PNG")
            second = await until(discord, two, "White played Nf3.")
            assert second.content.startswith(  # in the order it happened there
                "White played Nf3.\nA white pawn arrives on e4 from board 1."
            )
            assert f"<@{bo}>" in second.content
            # Only the completed turn posted: one image a board after the start's.
            assert len(await posted(discord, one, 2)) == 2
            wrong = await move(discord, ana, one, "d4")
            assert "Black's turn on board 1" in wrong

    offline(scenario)


def test_alice_passes_a_move_that_captures_nothing_through_to_the_other_board(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            await _start(discord, ana, bo, general, "alice")
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            (opened,) = await posted(discord, two)
            assert "A move that captures nothing passes through to the same square of board 1." in (
                opened.content
            )
            assert "Elevators lead" not in opened.content
            assert await move(discord, ana, one, "Nf3") == "Played Nf3 on board 1."
            left = await until(discord, one, "White played Nf3.")
            assert "White's knight passed through to f3 on board 2." in left.content
            arrived = await until(discord, two, "A white knight arrives on f3 from board 1.")
            assert arrived.files[0][1].startswith(b"\x89PNG")
            refused = await move(discord, ana, two, "Ng1^")
            assert "There are no rides in Alice's Elevator Chess" in refused

    offline(scenario)


def test_automatic_refuses_a_clock_and_alice_more_than_two_boards(tmp_path: Path) -> None:
    async def main() -> None:
        store = await open_storage(tmp_path / "elevator.db")
        try:
            service = MatchService(store)
            base = {"boards": 2, "layout": "line", "white_team": "Reds", "black_team": "Blues"}
            with pytest.raises(RulesError, match="played without clocks"):
                await service.create("ana", **base, time_control="10+5", variant="automatic")
            with pytest.raises(RulesError, match="two boards in a line"):
                await service.create("ana", **{**base, "boards": 3}, variant="alice")
        finally:
            await store.close()

    asyncio.run(main())
