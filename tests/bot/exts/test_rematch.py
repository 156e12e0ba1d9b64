"""Rematches through the offline Discord: a DM game's and a team match's, colours swapped."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.bot.exts.games.test_dm_games import challenged, dm_until
from tests.bot.exts.test_matches import club, move, replied, resign, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Json
from tests.waiting import eventually


def carrying(discord: FakeDiscord, channel: int, custom_id: str) -> Json | None:
    """Return the last message in a channel that carries a button, or None."""
    for message in reversed(discord.messages[channel]):
        ids = [b["custom_id"] for row in message["components"] for b in row["components"]]
        if custom_id in ids:
            return message
    return None


def with_button(discord: FakeDiscord, channel: int, custom_id: str) -> Json:
    """Return the last message in a channel that carries a button."""
    message = carrying(discord, channel, custom_id)
    assert message is not None, f"no message in {channel} has {custom_id}"
    return message


async def button_shown(discord: FakeDiscord, channel: int, custom_id: str) -> Json:
    """Wait for a message with a button in a channel."""
    return await eventually(
        lambda: carrying(discord, channel, custom_id),
        f"a message with {custom_id} in channel {channel}",
        changes=discord.changes,
    )


async def finished(discord: FakeDiscord, ana: int, bo: int, guild: int) -> tuple[int, Json]:
    """Play a chess game in DMs that Bo resigns after 1. e4; return Bo's DM and Ana's last post."""
    await challenged(discord, ana, bo, guild, "chess")
    ana_dm, bo_dm = discord.dms[ana], discord.dms[bo]
    await move(discord, ana, ana_dm, "e4")
    await resign(discord, bo, bo_dm, back="nobody can")
    return bo_dm, await button_shown(discord, ana_dm, "rematch:1:ask")


def test_a_dm_rematch_is_offered_once_and_accepted_with_colours_swapped(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            bo_dm, last = await finished(discord, ana, bo, guild)
            assert "The game is over." in last["content"]
            stranger = discord.add_user("cy")
            discord.add_member(guild, stranger)
            asked = await discord.click(ana, int(last["id"]), "rematch:1:ask")
            assert "Rematch offered to" in await replied(discord, asked)
            assert "you would play Black" in await replied(discord, asked)
            again = await discord.click(ana, int(last["id"]), "rematch:1:ask")
            assert "already offered" in await replied(discord, again)
            offer = await dm_until(discord, bo, "offers a rematch of game 1")
            assert "you play White" in offer
            answer = with_button(discord, bo_dm, "invite:2:accept")
            await discord.click(bo, int(answer["id"]), "invite:2:accept")
            first = await dm_until(discord, bo, "Game 2:")
            assert "Your move on board 1." in first  # bo plays White now
            assert "Game 2: Played e4 on board 1" not in first
            assert "Played e4 on board 1" in await move(discord, bo, bo_dm, "e4")
            late = await discord.click(ana, int(last["id"]), "rematch:1:ask")
            assert "already accepted: it is game 2" in await replied(discord, late)

    offline(scenario)


def test_a_rematch_offer_held_up_in_the_other_players_dms_answers_the_asker_at_once(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            bo_dm, last = await finished(discord, ana, bo, guild)
            # Bo's DMs answer slowly (Discord's 5 posts in 5 s there), longer than the 3 s
            # an interaction waits for its first answer
            discord.held[bo_dm] = asyncio.Event()
            asked = await discord.click(ana, int(last["id"]), "rematch:1:ask")
            await eventually(lambda: asked.responses, "the click answered", changes=discord.changes)
            discord.held.pop(bo_dm).set()
            assert "Rematch offered to" in await replied(discord, asked)
            await dm_until(discord, bo, "offers a rematch of game 1")
            assert asked.id not in discord.late

    offline(scenario)


def test_a_team_match_rematch_opens_a_lobby_with_the_teams_swapped(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        cy = discord.add_user("cy")
        discord.add_member(guild, cy)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            options = [
                {"type": 4, "name": "boards", "value": 1},
                {"type": 3, "name": "layout", "value": "line"},
                {"type": 3, "name": "white", "value": "Reds"},
                {"type": 3, "name": "black", "value": "Blues"},
            ]
            created = await discord.invoke(ana, general, "match", options, subcommand="create")
            lobby = created.original
            assert lobby is not None
            for user, action in ((ana, "join-white"), (bo, "join-black"), (cy, "join-black")):
                await discord.click(user, int(lobby["id"]), f"lobby:1:{action}")
            begun = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            assert "has started" in await replied(discord, begun)
            board = discord.channel_named(guild, "board-1")
            assert await resign(discord, bo, board) == "You resigned board 1."
            overview = discord.channel_named(guild, "overview")
            await until(discord, overview, "Final result")
            result = await button_shown(discord, overview, "rematch:1:ask")
            refused = await discord.click(cy, int(result["id"]), "rematch:1:ask")
            assert "Only the Blues captain or the host" in await replied(discord, refused)
            asked = await discord.click(bo, int(result["id"]), "rematch:1:ask")
            assert "Blues ask for a rematch of match 1, colours swapped (Blues play White)" in (
                await replied(discord, asked)
            )
            twice = await discord.click(bo, int(result["id"]), "rematch:1:ask")
            assert "already asked" in await replied(discord, twice)
            request = with_button(discord, overview, "rematch:1:accept")
            wrong = await discord.click(cy, int(request["id"]), "rematch:1:accept")
            assert "Only the Reds captain" in await replied(discord, wrong)
            await discord.click(ana, int(request["id"]), "rematch:1:accept")
            opened = await until(discord, general, "Rematch of match 1")
            assert opened.embeds[0]["title"].startswith("Elevator Chess match 2")
            fields = {f["name"]: f["value"] for f in opened.embeds[0]["fields"]}
            assert list(fields.values()) == [f"<@{bo}> (captain)\n<@{cy}>", f"<@{ana}> (captain)"]
            white_team, black_team = fields
            assert "Blues" in white_team and "Reds" in black_team
            answered = discord.message(int(request["id"]))
            assert answered is not None and answered["components"] == []
            assert "Rematch accepted: match 2's lobby is open in" in answered["content"]
            late = await discord.click(bo, int(result["id"]), "rematch:1:ask")
            assert "already accepted: it is match 2" in await replied(discord, late)

    offline(scenario)


def test_a_black_teams_captain_asks_for_a_rematch_of_four_teams_and_a_white_one_accepts(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, cy, di = (discord.add_user(name) for name in ("ana", "bo", "cy", "di"))
        guild = discord.add_guild("Chess Club", owner=ana)
        for user in (bo, cy, di):
            discord.add_member(guild, user)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            options = [
                {"type": 4, "name": "boards", "value": 4},
                {"type": 3, "name": "layout", "value": "ring"},
                {"type": 4, "name": "teams", "value": 4},
                {"type": 3, "name": "names", "value": "Reds, Blues, Greens, Golds"},
            ]
            created = await discord.invoke(ana, general, "match", options, subcommand="create")
            lobby = created.original
            assert lobby is not None
            for user, team in zip((ana, bo, cy, di), (1, 2, 3, 4), strict=True):
                await discord.click(user, int(lobby["id"]), f"lobby:1:join-{team}")
            begun = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            assert "has started" in await replied(discord, begun)
            overview = discord.channel_named(guild, "overview")
            for captain in (ana, bo):  # White's teams resign: Greens and Golds share the win
                asked = await discord.invoke(captain, overview, "match", subcommand="resign")
                await replied(discord, asked)
                await discord.press(captain, asked)
            await until(discord, overview, "The match is decided: Greens and Golds share the win.")
            result = await button_shown(discord, overview, "rematch:1:ask")
            asked = await discord.click(cy, int(result["id"]), "rematch:1:ask")
            assert await replied(discord, asked) == (
                "Greens ask for a rematch of match 1, colours swapped (Greens and Golds play "
                "White): a Reds or Blues captain accepts or declines below."
            )
            request = with_button(discord, overview, "rematch:1:accept")
            await discord.click(bo, int(request["id"]), "rematch:1:accept")
            opened = await until(discord, general, "Rematch of match 1")
            fields = [field["name"] for field in opened.embeds[0]["fields"]]
            assert fields[:2] == ["Greens (White on boards 1, 2)", "Golds (White on boards 3, 4)"]

    offline(scenario)
