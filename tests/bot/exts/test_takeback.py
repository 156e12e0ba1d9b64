"""Takebacks by agreement through the offline Discord: asked, answered with a button."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.games.test_dm_games import dm_game, dm_until
from tests.bot.exts.test_matches import club, move, replied, started, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord
from tests.waiting import eventually


def test_a_takeback_asked_in_a_board_channel_is_accepted_by_the_opponents_button(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            board = discord.channel_named(guild, "board-1")
            assert "Played" in await move(discord, ana, board, "e4")
            asked = await discord.invoke(ana, board, "takeback")
            assert "You asked to take back your last move on board 1" in await replied(
                discord, asked
            )
            told = await until(discord, board, "asks to take back")
            assert told.content.startswith(f"<@{bo}>, White asks to take back their last move")
            asking = next(m for m in discord.messages[board] if "asks to take back" in m["content"])
            message = int(asking["id"])
            accept = asking["components"][0]["components"][0]["custom_id"]
            assert accept.startswith("takeback:1:") and accept.endswith(":accept")
            wrong = await discord.click(ana, message, accept)
            assert "answered by Black's player" in await replied(discord, wrong)
            done = await discord.click(bo, message, accept)
            assert "You accepted the takeback." in await replied(discord, done)
            shown = await eventually(
                lambda: next(
                    (
                        s
                        for s in discord.sent
                        if s.channel_id == board
                        and s.files
                        and "White to move" in str(s.alt[0])
                        and s.id > message
                    ),
                    None,
                ),
                "the board shown again with White to move",
                changes=discord.changes,
            )
            assert shown.content.startswith("Taken back by agreement: White played e4.")
            # asked again, then left unanswered while the game goes on: it lapses
            assert "Played" in await move(discord, ana, board, "d4")
            await discord.invoke(ana, board, "takeback")
            later = await eventually(
                lambda: next(
                    (
                        m
                        for m in discord.messages[board]
                        if "asks to take back" in m["content"] and int(m["id"]) > message
                    ),
                    None,
                ),
                "the second takeback asked",
                changes=discord.changes,
            )
            assert "Played" in await move(discord, bo, board, "d5")
            stale = later["components"][0]["components"][0]["custom_id"]
            lapsed = await discord.click(bo, int(later["id"]), stale)
            assert "moved on since the takeback on board 1 was asked" in await replied(
                discord, lapsed
            )
            assert lapsed.responses[0]["type"] == 7  # its buttons go
            anew = await discord.invoke(ana, board, "takeback")  # not held up by the lapsed one
            assert "You asked to take back" in await replied(discord, anew)

    offline(scenario)


def test_a_takeback_in_a_dm_game_asks_the_opponent_in_their_dms_and_a_decline_is_said(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, bo_dm = await dm_game(discord, ana, bo, guild, "chess", "Chess")
            assert "Played" in await move(discord, ana, ana_dm, "e4")
            await dm_until(discord, bo, "Your move on board 1")
            asked = await discord.invoke(ana, ana_dm, "takeback")
            assert "your opponent answers it" in await replied(discord, asked)
            await dm_until(discord, bo, "White asks to take back their last move on board 1")
            prompt = await eventually(
                lambda: next(
                    (m for m in discord.messages[bo_dm] if "takeback:1:" in str(m["components"])),
                    None,
                ),
                "the takeback's buttons in Bo's DMs",
                changes=discord.changes,
            )
            decline = prompt["components"][0]["components"][1]["custom_id"]
            done = await discord.click(bo, int(prompt["id"]), decline)
            assert "You declined the takeback." in await replied(discord, done)
            await dm_until(discord, ana, "Black declines the takeback on board 1.")

    offline(scenario)
