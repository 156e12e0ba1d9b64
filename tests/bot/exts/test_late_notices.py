"""Notices sent late still show the position right after their action, in channels and DMs."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.bot.exts.games.test_dm_games import dm_texts
from tests.bot.exts.test_matches import club, move, posted, replied, started
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord
from tests.waiting import eventually

OPENING = ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6")


async def game_posts(discord: FakeDiscord, user: int, count: int) -> list[str]:
    """Wait until a player's DMs hold count posts of game 1 (not answers); return their texts."""

    def found() -> list[str]:
        channel = discord.dms.get(user)
        return [
            str(m["content"])
            for m in (discord.messages.get(channel, []) if channel is not None else [])
            if str(m["content"]).startswith("Game 1:")
        ]

    return await eventually(
        lambda: found() if len(found()) >= count else None,
        f"{count} posts of game 1 in the DMs of {user}",
        changes=discord.changes,
        seen=found,
    )


def test_board_images_held_up_by_a_slow_channel_show_each_move_and_whose_turn_it_was(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            board = discord.channel_named(guild, "board-1")
            await posted(discord, board)
            discord.held[board] = asyncio.Event()  # the channel answers slowly from now on
            for index, san in enumerate(OPENING):
                player = ana if index % 2 == 0 else bo
                assert f"Played {san} on board 1" in await move(discord, player, board, san)
            discord.held.pop(board).set()
            posts = (await posted(discord, board, 1 + len(OPENING)))[1:]
            images = [post.files[0][1] for post in posts]
            assert len(set(images)) == len(OPENING), "two posts show the same position"
            for index, (post, san) in enumerate(zip(posts, OPENING, strict=True)):
                mover, to_move, who = (
                    ("White", "Black", bo) if index % 2 == 0 else ("Black", "White", ana)
                )
                assert f"{mover} played {san}." in post.content
                assert f"{to_move} to move: <@{who}>." in post.content

    offline(scenario)


def test_a_dm_game_shown_late_shows_each_action_as_it_left_the_game(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            options = [
                {"type": 6, "name": "opponent", "value": str(bo)},
                {"type": 4, "name": "boards", "value": 1},
            ]
            sent = await discord.invoke(ana, general, "challenge", options)
            assert "Challenge sent" in await replied(discord, sent)
            (invitation,) = discord.messages[discord.dms[bo]]
            await discord.click(bo, int(invitation["id"]), "invite:1:accept")
            await dm_texts(discord, ana, 2)  # the challenge's answer, then the game
            ana_dm, bo_dm = discord.dms[ana], discord.dms[bo]
            discord.held[ana_dm] = asyncio.Event()
            for index, san in enumerate(OPENING[:4]):
                player, dm = (ana, ana_dm) if index % 2 == 0 else (bo, bo_dm)
                assert f"Played {san} on board 1" in await move(discord, player, dm, san)
            discord.held.pop(ana_dm).set()
            texts = (await game_posts(discord, ana, 1 + 4))[1:]
            for index, (text, san) in enumerate(zip(texts, OPENING[:4], strict=True)):
                mover = "White" if index % 2 == 0 else "Black"
                assert f"Board 1: {mover} played {san}." in text
                turn = "Your opponent's move." if index % 2 == 0 else "Your move on board 1."
                assert text.endswith(turn), text
            images = [s.files[0][1] for s in discord.sent if s.channel_id == ana_dm and s.files]
            assert len(set(images[1:])) == 4, "two DM images show the same position"

    offline(scenario)
