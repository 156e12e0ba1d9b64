"""/mod and /config against the offline Discord: who may moderate, undo, the audit trail."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.test_matches import club, move, posted, replied, started, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


def test_moderators_are_found_by_role_act_with_a_reason_and_leave_an_audit_trail(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        cy = discord.add_user("cy")
        discord.add_member(guild, cy)
        referees = discord.add_role(guild, "Referees", [cy])
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            one = discord.channel_named(guild, "board-1")
            await move(discord, ana, one, "e4")
            pause = [
                {"type": 4, "name": "match", "value": 1},
                {"type": 3, "name": "reason", "value": "a dispute"},
            ]
            refused = await discord.invoke(cy, general, "mod", pause, subcommand="pause")
            assert "Only a moderator can do that" in await replied(discord, refused)
            not_owner = await discord.invoke(
                bo,
                general,
                "config",
                [{"type": 8, "name": "role", "value": str(referees)}],
                subcommand="moderator-role",
            )
            assert "Only members with Manage Server" in await replied(discord, not_owner)
            await discord.invoke(
                ana,
                general,
                "config",
                [{"type": 8, "name": "role", "value": str(referees)}],
                subcommand="moderator-role",
            )
            await discord.invoke(
                ana,
                general,
                "config",
                [{"type": 7, "name": "channel", "value": str(general)}],
                subcommand="log-channel",
            )
            paused = await discord.invoke(cy, general, "mod", pause, subcommand="pause")
            assert "Paused match 1 (a dispute)." in await replied(discord, paused)
            await until(discord, general, "paused match 1 (a dispute)")
            assert "paused by a moderator" in await move(discord, bo, one, "e5")
            resume = [
                {"type": 4, "name": "match", "value": 1},
                {"type": 3, "name": "reason", "value": "settled"},
            ]
            await discord.invoke(cy, general, "mod", resume, subcommand="resume")
            undo = [
                {"type": 4, "name": "match", "value": 1},
                {"type": 4, "name": "events", "value": 1},
                {"type": 3, "name": "reason", "value": "misclick"},
            ]
            asked = await discord.invoke(cy, general, "mod", undo, subcommand="undo")
            preview = await replied(discord, asked)
            assert "board 1: White played e4" in preview and "Confirm?" in preview
            assert asked.original is not None
            button = asked.original["components"][0]["components"][0]["custom_id"]
            discord.messages[general].append(asked.original)
            done = await discord.click(cy, int(asked.original["id"]), button)
            assert "Undid the last 1 actions of match 1" in done.responses[-1]["data"]["content"]
            assert "Played e4" in await move(discord, ana, one, "e4")  # e4 is White's again
            log = await discord.invoke(
                cy, general, "mod", [{"type": 4, "name": "match", "value": 1}], subcommand="log"
            )
            text = await replied(discord, log)
            assert [
                w in text for w in ("pause: a dispute", "resume: settled", "undo: misclick")
            ] == [True] * 3
            overview = discord.channel_named(guild, "overview")
            assert any("pause" in s.content for s in await posted(discord, overview, 2))

    offline(scenario)
