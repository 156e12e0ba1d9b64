"""A channel's one open lobby, and what switching teams does to a captaincy."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.test_matches import club, create, replied
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


def test_a_second_lobby_in_a_channel_whose_lobby_is_open_is_refused_naming_it(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        chat = discord.add_channel(guild, "chat")
        async with running_bot(tmp_path, discord):
            first = (await create(discord, ana, general)).original
            assert first is not None
            refused = await create(discord, bo, general)
            text = await replied(discord, refused)
            assert text == (
                "This channel already has an open lobby: match 1 (Reds against Blues). Its host "
                "can cancel it with its Cancel button or /match cancel, or open your lobby in "
                "another channel"
            )
            assert refused.original is not None and refused.original["flags"] & 64
            elsewhere = (await create(discord, bo, chat)).original
            assert elsewhere is not None
            assert elsewhere["embeds"][0]["title"].startswith("Elevator Chess match 2")
            await discord.click(ana, int(first["id"]), "lobby:1:cancel")
            again = (await create(discord, bo, general)).original
            assert again is not None
            assert again["embeds"][0]["title"].startswith("Elevator Chess match 3")

    offline(scenario)


def test_switching_teams_says_what_became_of_the_captaincy_by_command_and_by_button(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, cy, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            lobby = (await create(discord, ana, general)).original
            assert lobby is not None
            lobby_id = int(lobby["id"])
            await discord.click(ana, lobby_id, "lobby:1:join-white")
            joined = await discord.click(cy, lobby_id, "lobby:1:join-white")
            assert discord.replies(joined) == []  # the lobby itself shows a plain join
            black = [{"type": 3, "name": "team", "value": "black"}]
            switched = await discord.invoke(ana, general, "match", black, subcommand="join")
            assert await replied(discord, switched) == (
                f"You left Reds, where you were captain (<@{cy}> is captain now), "
                "and joined Blues as its captain."
            )
            clicked = await discord.click(cy, lobby_id, "lobby:1:join-black")
            assert await replied(discord, clicked) == (
                "You left Reds, where you were captain (Reds has no captain now), and joined Blues."
            )
            assert all(sent.ephemeral for sent in discord.replies(clicked))
            fields = discord.message(lobby_id)["embeds"][0]["fields"]  # type: ignore[index]
            assert [f["value"] for f in fields] == ["nobody yet", f"<@{ana}> (captain)\n<@{cy}>"]
            left = await discord.invoke(ana, general, "match", [], subcommand="leave")
            assert await replied(discord, left) == (
                f"You left Blues, where you were captain (<@{cy}> is captain now)."
            )

    offline(scenario)
