"""Replays through the offline Discord: a board's GIF when it ends, and /board replay."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from PIL import Image

import games
from bot import storage
from bot.service import MatchService
from bot.storage.opening import open_storage
from tests.bot.exts.games.test_dm_games import challenged, dm_until
from tests.bot.exts.test_matches import club, move, posted, replied, resign, sent_files
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Interaction, Sent
from tests.waiting import eventually


def frames(data: bytes) -> int:
    """Return how many frames a GIF has, refusing anything that is not one."""
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF"
    return int(image.n_frames)


async def gif_posted(discord: FakeDiscord, channel: int) -> Sent:
    """Wait for a GIF the bot posts in a channel outside interactions."""

    def gif(sent: Sent) -> bool:
        posted = sent.channel_id == channel and sent.interaction_id is None
        return posted and any(name.endswith(".gif") for name, _ in sent.files)

    return await eventually(
        lambda: next(filter(gif, discord.sent), None),
        f"a GIF posted in channel {channel}",
        changes=discord.changes,
        timeout=90,  # a long game's is drawn again smaller, slowly on a loaded machine
    )


async def replay(discord: FakeDiscord, user: int, channel: int, **named: int) -> Interaction:
    """Ask for /board replay in a channel, with the options named."""
    options = [{"type": 4, "name": name, "value": value} for name, value in named.items()]
    return await discord.invoke(user, channel, "board", options, subcommand="replay")


def test_a_server_board_posts_its_replay_when_it_ends_and_on_demand(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            options = [
                {"type": 3, "name": "game", "value": "chess"},
                {"type": 4, "name": "boards", "value": 1},
                {"type": 3, "name": "layout", "value": "line"},
                {"type": 3, "name": "white", "value": "Reds"},
                {"type": 3, "name": "black", "value": "Blues"},
            ]
            created = await discord.invoke(ana, general, "match", options, subcommand="create")
            lobby = created.original
            assert lobby is not None
            await discord.click(ana, int(lobby["id"]), "lobby:1:join-white")
            await discord.click(bo, int(lobby["id"]), "lobby:1:join-black")
            begun = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            assert "has started" in await replied(discord, begun)
            board = discord.channel_named(guild, "board-1")
            await posted(discord, board)
            await move(discord, ana, board, "e4")
            await move(discord, bo, board, "e5")
            asked = await replay(discord, bo, board)
            (gif,) = await sent_files(discord, asked)
            assert frames(gif[1]) == 2  # two plies, nothing ended yet
            assert "Board 1's replay so far: 2 frames" in await replied(discord, asked)
            assert await resign(discord, bo, board) == "You resigned board 1."
            ended = await gif_posted(discord, board)
            assert frames(ended.files[0][1]) == 3  # two plies and the resignation
            assert ended.content.startswith("Board 1's replay: 3 frames")
            shown = await discord.invoke(ana, board, "board", subcommand="show")
            (png,) = await sent_files(discord, shown)
            assert png[1].startswith(b"\x89PNG")

    offline(scenario)


def test_a_dm_game_sends_both_players_its_replay_and_replays_after_it_is_over(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            await challenged(discord, ana, bo, guild, "chess")
            ana_dm, bo_dm = discord.dms[ana], discord.dms[bo]
            await move(discord, ana, ana_dm, "e4")
            asked = await replay(discord, bo, bo_dm)
            (gif,) = await sent_files(discord, asked)
            assert frames(gif[1]) == 1
            await resign(discord, bo, bo_dm, back="nobody can")
            for user, channel in ((ana, ana_dm), (bo, bo_dm)):
                words = await dm_until(discord, user, "Game 1: Board 1's replay: 2 frames")
                assert words
                ended = await gif_posted(discord, channel)
                assert frames(ended.files[0][1]) == 2  # e4 and the resignation
            later = await replay(discord, ana, general, game=1, board=1)  # the game is over
            (gif,) = await sent_files(discord, later)
            assert frames(gif[1]) == 2
            stranger = discord.add_user("cy")
            discord.add_member(guild, stranger)
            refused = await replay(discord, stranger, general, game=1, board=1)
            assert "you did not play in game 1" in (await replied(discord, refused)).lower()

    offline(scenario)


async def long_game(path: Path, white: int, black: int, places: dict[str, str], plies: int) -> int:
    """Store a DM chess game of so many random plies, as if its moves had been shown already."""
    store = await open_storage(path)
    try:
        service = MatchService(store)
        match_id = await service.create_game(
            str(white), str(black), boards=1, game="chess", places=places
        )
        mirror = games.new_game("chess")
        rng = random.Random(0)  # a seed whose game is still open after 300 plies
        for ply in range(plies):
            san = rng.choice(sorted(mirror.legal_moves(1)))
            mirror.play(1, san)
            await service.play(match_id, str((white, black)[ply % 2]), 1, san)
        assert mirror.is_open(1)
        async with store.transaction() as db:
            for row in await storage.due_notices(db, 2e9, 100_000):
                await storage.mark_sent(db, row["id"], 0.0)
            await db.execute("UPDATE outbox SET done_at = 0.0")
        return match_id
    finally:
        await store.close()


def test_a_long_games_replay_stays_within_the_upload_limit_discord_enforces(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, _guild = club(discord)
        ana_dm, bo_dm = discord.dm_of(ana), discord.dm_of(bo)
        places = {"dm:white": str(ana_dm), "dm:black": str(bo_dm)}
        await long_game(tmp_path / "elevator.db", ana, bo, places, 300)
        discord.upload_limit = 200_000  # far below what 300 plies take at full size
        async with running_bot(tmp_path, discord):
            asked = await replay(discord, ana, ana_dm)
            (gif,) = await sent_files(discord, asked)
            assert len(gif[1]) <= discord.upload_limit
            assert "to fit Discord's upload limit" in await replied(discord, asked)
            await resign(discord, bo, bo_dm, back="nobody can")
            ended = await gif_posted(discord, bo_dm)
            data = ended.files[0][1]
            assert len(data) <= discord.upload_limit
            said = re.search(
                r"(\d+) of its 301 frames \(one in (\d+), and the last\)", ended.content
            )
            assert said is not None, ended.content
            kept, step = int(said[1]), int(said[2])
            assert frames(data) == kept == len({*range(0, 301, step), 300})
            assert (bo_dm, 413) in discord.refused  # Discord's refusal made it try smaller

    offline(scenario)
