"""Matches of up to 1,000 boards: boards beyond 40 are threads, and a full server is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.exts.test_matches import club, create, filled, move, posted, replied, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import CommandRefused, FakeDiscord, Interaction
from tests.fakediscord.threads import (
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    SEND_MESSAGES_IN_THREADS,
)
from tests.waiting import eventually

CREATE_THREADS = CREATE_PUBLIC_THREADS | CREATE_PRIVATE_THREADS
# a big match's start is paced by Discord's rate limits (a 1,000-board one for minutes:
# bench.big_match times it in real time); here the same limits pass 20 times faster
LIMITS_SPEED = 20.0


async def answered(discord: FakeDiscord, interaction: Interaction, words: str) -> str:
    """Wait for a reply to an interaction containing words; return all its replies' words."""

    def texts() -> str:
        return " ".join(sent.content for sent in discord.replies(interaction))

    await eventually(
        lambda: words in texts(),
        f"a reply with {words!r}",
        changes=discord.changes,
        seen=texts,
        timeout=60,  # a big match's start is paced by Discord's rate limits
    )
    return texts()


def guild_channels(discord: FakeDiscord, guild: int) -> list[dict[str, object]]:
    return [c for c in discord.channels.values() if c.get("guild_id") == str(guild)]


def test_a_thousand_board_match_starts_in_threads_and_plays_on_a_board_that_is_a_thread(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        discord.rate_limits.speed = LIMITS_SPEED
        ana, bo, guild = club(discord)
        cy = discord.add_user("cy")  # a spectator
        discord.add_member(guild, cy)
        discord.channel_delay = 0.004  # slow enough that the host sees the places counted
        async with running_bot(tmp_path, discord):
            lobby = await filled(discord, ana, bo, guild, 1000)
            general = discord.channel_named(guild, "general")
            seat = await discord.invoke(
                ana,
                general,
                "match",
                [
                    {"type": 4, "name": "board", "value": 1000},
                    {"type": 3, "name": "team", "value": "white"},
                    {"type": 6, "name": "player", "value": str(ana)},
                ],
                subcommand="seat",
            )
            assert "will play White on board 1000" in await replied(discord, seat)
            begun = await discord.click(ana, lobby, "lobby:1:start")
            await answered(discord, begun, "has started")
            # the count was shown while the places were made, then said they all were
            assert begun.original is not None
            assert begun.original["content"] == "Made the match's 1,006 places."
            made = guild_channels(discord, guild)
            kinds = [c["type"] for c in made]
            assert kinds.count(4) == 3 and kinds.count(11) == 900
            assert kinds.count(0) == 1 + 1 + 100 + 2  # general, overview, boards, team rooms
            hall = discord.channel_named(guild, "boards-1-10")
            two, three = (discord.channel_named(guild, f"board-{n}") for n in (2, 3))
            assert discord.channels[two]["parent_id"] == str(hall)
            assert discord.channels[two]["thread_metadata"]["auto_archive_duration"] == 10080
            assert discord.permissions(two, cy) & SEND_MESSAGES_IN_THREADS == 0
            assert discord.permissions(two, ana) & SEND_MESSAGES_IN_THREADS
            for user in (bo, cy):  # only the bot (and the owner, Ana) opens threads there
                assert discord.permissions(hall, user) & CREATE_THREADS == 0
            with pytest.raises(CommandRefused):  # a spectator may not post in a board thread
                await discord.invoke(cy, two, "move", [{"type": 3, "name": "move", "value": "e4"}])
            (first,) = await posted(discord, two)
            assert f"Board 2: <@{ana}> (White) against <@{bo}> (Black)." in first.content
            assert first.files[0][1].startswith(b"\x89PNG")
            for user, text in [(ana, "Nf3"), (bo, "a6"), (ana, "Ne5"), (bo, "a5")]:
                assert "Played" in await move(discord, user, two, text), text
            await discord.threads.archive(three)  # a week passed quietly on board 3
            assert "Played" in await move(discord, ana, two, "Ne5^3")
            arrival = await until(discord, three, "arrives on e5 from board 2")
            assert arrival.files and not discord.channels[three]["thread_metadata"]["archived"]
            overview = discord.channel_named(guild, "overview")
            status = await discord.invoke(cy, overview, "match", subcommand="status")
            assert "The image shows boards 1 to 40 of 1,000" in await replied(discord, status)

    offline(scenario)


def test_a_server_without_room_for_the_match_is_refused_saying_what_is_full_and_nothing_made(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        discord.rate_limits.speed = LIMITS_SPEED
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        fillers = [discord.add_channel(guild, f"old-{n}") for n in range(494)]
        async with running_bot(tmp_path, discord):
            lobby = await filled(discord, ana, bo, guild, 50)
            before = len(guild_channels(discord, guild))
            refused = await discord.click(ana, lobby, "lobby:1:start")
            text = await replied(discord, refused)
            assert "needs 9 (categories count) and 5 of the server's 500 are free" in text
            assert "Nothing was created" in text and "play 1 board (the most it can" in text
            assert len(guild_channels(discord, guild)) == before
            for channel in fillers:
                await discord.delete_channel(channel)
            for n in range(980):
                discord.threads.add(general, f"chat-{n}")
            refused = await discord.click(ana, lobby, "lobby:1:start")
            text = await replied(discord, refused)
            assert "needs 45 active threads and 20 of the server's 1,000 are free" in text
            assert "Archive or delete threads" in text
            assert len(guild_channels(discord, guild)) == 1 + 980  # #general and the threads
            for thread in discord.threads.active(guild)[:30]:
                await discord.threads.archive(int(thread["id"]))
            begun = await discord.click(ana, lobby, "lobby:1:start")
            assert "has started" in await answered(discord, begun, "has started")

    offline(scenario)


def test_a_refusal_half_way_through_the_threads_removes_every_place_made(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        discord.rate_limits.speed = LIMITS_SPEED
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            lobby = await filled(discord, ana, bo, guild, 60)
            discord.refuse_channels_after = 30  # a category, the overview, boards 1-10, 11-...
            failed = await discord.click(ana, lobby, "lobby:1:start")
            assert "refused to create" in await answered(discord, failed, "refused")
            assert [c["name"] for c in guild_channels(discord, guild)] == ["general"]
            assert discord.threads.created > 0
            discord.refuse_channels_after = None
            again = await discord.click(ana, lobby, "lobby:1:start")
            assert "has started" in await answered(discord, again, "has started")
            assert len(discord.threads.of_guild(guild)) == 54

    offline(scenario)


def test_a_bot_without_thread_permissions_starts_small_matches_and_names_them_for_big_ones(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        discord.rate_limits.speed = LIMITS_SPEED
        ana, bo, guild = club(discord)
        discord.bot_permissions[guild] = sum(
            1 << bit for bit in (4, 10, 11, 14, 15, 28)
        )  # Manage Channels, View, Send, Embed, Attach, Manage Roles: no thread permissions
        async with running_bot(tmp_path, discord):
            lobby = await filled(discord, ana, bo, guild, 41)
            refused = await discord.click(ana, lobby, "lobby:1:start")
            text = await replied(discord, refused)
            assert "Create Public Threads" in text and "Send Messages in Threads" in text
            assert len(guild_channels(discord, guild)) == 1
            await discord.click(ana, lobby, "lobby:1:cancel")
            general = discord.channel_named(guild, "general")
            small = (await create(discord, ana, general, 2)).original
            assert small is not None
            await discord.click(ana, int(small["id"]), "lobby:2:join-white")
            await discord.click(bo, int(small["id"]), "lobby:2:join-black")
            begun = await discord.click(ana, int(small["id"]), "lobby:2:start")
            # no thread, so no thread permission in its overwrites: Discord takes them
            assert "has started" in await answered(discord, begun, "has started")

    offline(scenario)


def test_at_the_end_players_may_no_longer_post_in_a_board_channel_or_its_threads(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        discord.rate_limits.speed = LIMITS_SPEED
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            lobby = await filled(discord, ana, bo, guild, 50)
            begun = await discord.click(ana, lobby, "lobby:1:start")
            await answered(discord, begun, "has started")
            hall = discord.channel_named(guild, "boards-1-10")
            assert (discord.overwrite(hall, bo) or (0, 0))[0] & SEND_MESSAGES_IN_THREADS
            overview = discord.channel_named(guild, "overview")
            asked = await discord.invoke(bo, overview, "match", subcommand="resign")
            await answered(discord, asked, "take it back")
            await discord.press(bo, asked)
            await until(discord, overview, "Final result")
            await eventually(  # the channels follow the result just after it is posted
                lambda: (discord.overwrite(hall, bo) or (0, 0))[1] & SEND_MESSAGES_IN_THREADS,
                "the hall of boards to close to Bo",
                changes=discord.changes,
            )
            allow, deny = discord.overwrite(hall, bo) or (0, 0)
            assert deny & SEND_MESSAGES_IN_THREADS and not allow & SEND_MESSAGES_IN_THREADS
            with pytest.raises(CommandRefused):  # Bo, who played there, may no longer post
                await discord.invoke(bo, discord.channel_named(guild, "board-2"), "board")

    offline(scenario)


def test_a_sixty_board_start_posts_its_boards_without_meeting_discords_global_limit(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)  # Discord's limits in real time: 50 requests a second
        async with running_bot(tmp_path, discord):
            lobby = await filled(discord, ana, bo, guild, 60)
            begun = await discord.click(ana, lobby, "lobby:1:start")
            await answered(discord, begun, "has started")
            boards = {f"board-{n}.png" for n in range(1, 61)}
            await eventually(
                lambda: boards <= {name for sent in discord.sent for name, _ in sent.files},
                "every board's first image",
                changes=discord.changes,
                timeout=60,
            )
        # sixty images at once, more than Discord takes in a second: the bot paced them
        assert [r.path for r in discord.refusals if r.answer.get("global")] == []

    offline(scenario)
