"""/matches: a server's lobbies, then its live matches, then the latest ended, with links."""

from __future__ import annotations

from pathlib import Path

from bot.app.listing import GuildMatches, Listed
from bot.exts.matches._list import FIELD, fitted, matches_embed
from tests.bot.exts.test_matches import club, move, replied
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


async def lobby(discord: FakeDiscord, host: int, channel: int, match_id: int, boards: int) -> int:
    """Open a lobby by /match create in a channel; return its message's id."""
    options = [
        {"type": 4, "name": "boards", "value": boards},
        {"type": 3, "name": "layout", "value": "line"},
        {"type": 3, "name": "white", "value": "Reds"},
        {"type": 3, "name": "black", "value": "Blues"},
    ]
    created = await discord.invoke(host, channel, "match", options, subcommand="create")
    assert created.original is not None
    assert f"match {match_id}:" in created.original["embeds"][0]["title"]
    return int(created.original["id"])


async def started(
    discord: FakeDiscord, white: int, black: int, channel: int, match_id: int, boards: int
) -> None:
    """Open a lobby, fill it and start the match in channels of its own."""
    message = await lobby(discord, white, channel, match_id, boards)
    await discord.click(white, message, f"lobby:{match_id}:join-white")
    await discord.click(black, message, f"lobby:{match_id}:join-black")
    begun = await discord.click(white, message, f"lobby:{match_id}:start")
    assert "has started" in await replied(discord, begun)


def test_matches_lists_lobbies_then_live_then_ended_with_links_for_anyone(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        cy = discord.add_user("cy")  # a spectator
        discord.add_member(guild, cy)
        general = discord.channel_named(guild, "general")
        games = discord.add_channel(guild, "games")
        async with running_bot(tmp_path, discord):
            empty = await discord.invoke(cy, general, "matches")
            assert discord.replies(empty)[0].embeds[0]["description"].startswith("No matches")
            await started(discord, ana, bo, general, 1, boards=1)
            board = discord.channel_named(guild, "board-1")
            for user, text in [(ana, "f3"), (bo, "e5"), (ana, "g4"), (bo, "Qh4#")]:
                assert "Played" in await move(discord, user, board, text)
            await started(discord, ana, bo, games, 2, boards=2)
            live = [c for c, v in discord.channels.items() if v.get("name") == "overview"][-1]
            boards = [
                c for c, v in discord.channels.items() if v.get("name", "").startswith("board-")
            ]
            await lobby(discord, bo, general, 3, boards=3)
            asked = await discord.invoke(cy, games, "matches")
            (reply,) = discord.replies(asked)
            assert reply.ephemeral
            (embed,) = reply.embeds
            assert embed["title"] == "Matches in Chess Club"
            fields = {f["name"]: f["value"] for f in embed["fields"]}
            assert list(fields) == ["Open lobbies", "Under way", "Ended lately"]
            assert fields["Open lobbies"] == (
                "**Match 3** · Elevator Chess, 3 boards · Reds against Blues · "
                f"join in <#{general}>"
            )
            assert fields["Under way"] == (
                f"**Match 2** · Elevator Chess, 2 boards · Reds 0, Blues 0 · <#{live}> · "
                f"<#{boards[1]}> <#{boards[2]}>"
            )
            assert fields["Ended lately"].startswith(
                "**Match 1** · Elevator Chess · Reds 0, Blues 1: won by Blues · <#"
            )

    offline(scenario)


def _listed(match_id: int) -> Listed:
    return Listed(match_id, "Elevator Chess", "active", 40, ("R" * 40, "B" * 40), {}, (1.0, 2.0))


def test_a_long_list_stays_within_a_field_and_says_how_many_more() -> None:
    lines = [f"line {n} " + "x" * 100 for n in range(20)]
    text = fitted(lines, more=5)
    assert len(text) <= FIELD and text.endswith(f"and {25 - text.count('line ')} more")
    assert fitted(lines[:2], more=0) == "\n".join(lines[:2])
    found = GuildMatches([], [_listed(n) for n in range(10)], [], (0, 990, 0))
    (field,) = matches_embed(found, "Club").fields
    assert field.value is not None and len(field.value) <= FIELD
    shown = field.value.count("**Match ")
    assert 0 < shown < 10 and field.value.endswith(f"\nand {1000 - shown} more")
