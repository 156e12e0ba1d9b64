"""Draw offers through the offline Discord: what an offer did, and buttons to answer it."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.test_matches import club, replied, started, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord

OFFER = [{"type": 3, "name": "action", "value": "offer"}]


def test_an_offer_meeting_the_opponents_says_the_board_is_drawn_not_that_one_was_made(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            board = discord.channel_named(guild, "board-1")
            offered = await discord.invoke(ana, board, "draw", OFFER)
            assert await replied(discord, offered) == "You offered a draw on board 1."
            post = await until(discord, board, "offers a draw on board 1")
            assert post.pings == {f"user:{bo}"}
            buttons = [b["custom_id"] for row in post.components for b in row["components"]]
            assert buttons == ["board:1:1:accept-draw", "board:1:1:decline-draw"]
            own = await discord.click(ana, post.id, "board:1:1:accept-draw")
            assert "There is no draw offer from your opponent" in await replied(discord, own)
            agreed = await discord.invoke(bo, board, "draw", OFFER)
            assert await replied(discord, agreed) == (
                "Your opponent had already offered a draw on board 1, so yours agrees it: "
                "board 1 is drawn (1/2-1/2)."
            )
            await until(discord, board, "Board 1 is over: 1/2-1/2 (agreement).")

    offline(scenario)


def test_the_player_offered_a_draw_accepts_or_declines_it_with_the_buttons_under_the_offer(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            board = discord.channel_named(guild, "board-2")
            await replied(discord, await discord.invoke(ana, board, "draw", OFFER))
            first = await until(discord, board, "offers a draw on board 2")
            declined = await discord.click(bo, first.id, "board:1:2:decline-draw")
            assert "You declined the draw on board 2." in await replied(discord, declined)
            assert discord.message(first.id)["components"] == []  # type: ignore[index]
            await until(discord, board, "Black declines the draw.")
            await replied(discord, await discord.invoke(bo, board, "draw", OFFER))
            second = await until(discord, board, "Black offers a draw on board 2")
            accepted = await discord.click(ana, second.id, "board:1:2:accept-draw")
            assert "You accepted the draw: board 2 is drawn" in await replied(discord, accepted)
            await until(discord, board, "Board 2 is over: 1/2-1/2 (agreement).")

    offline(scenario)
