"""/mod and /config against the offline Discord: who may moderate, undo, the audit trail."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.test_matches import club, move, posted, replied, started, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord
from tests.waiting import eventually


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
            done = await discord.press(cy, asked)
            assert "Undid the last action of match 1" in done.responses[-1]["data"]["content"]
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


def test_each_moderator_command_undo_across_a_ride_and_the_audit_trail(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        cy = discord.add_user("cy")
        discord.add_member(guild, cy)
        general = discord.channel_named(guild, "general")

        async def mod(user: int, command: str, **options: object) -> str:
            kinds = {int: 4, str: 3, bool: 5}
            given = [
                {
                    "type": 6 if name in ("player", "new_player") else kinds[type(value)],
                    "name": name,
                    "value": str(value) if name in ("player", "new_player") else value,
                }
                for name, value in options.items()
            ]
            return await replied(
                discord, await discord.invoke(user, general, "mod", given, subcommand=command)
            )

        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild, boards=3)
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            for user, text in [(ana, "Nf3"), (bo, "a6"), (ana, "Nd4"), (bo, "a5"), (ana, "Nd4^2")]:
                assert "Played" in await move(discord, user, one, text)
            await until(discord, two, "arrives on d4 from board 1")
            for command, options in (
                ("adjudicate", {"board": 3, "result": "black"}),
                ("resign", {"board": 3, "side": "white"}),
                ("forfeit", {"side": "white"}),
                ("undo", {"events": 1}),
                ("substitute", {"player": ana, "new_player": cy}),
                ("pause", {}),
                ("abort", {}),
                ("log", {}),
            ):
                reason = {} if command == "log" else {"reason": "mine"}
                refused = await mod(bo, command, match=1, **options, **reason)
                assert "Only a moderator can do that" in refused, command
            asked = await discord.invoke(
                ana,
                general,
                "mod",
                [
                    {"type": 4, "name": "match", "value": 1},
                    {"type": 4, "name": "events", "value": 1},
                    {"type": 3, "name": "reason", "value": "the ride was a misclick"},
                ],
                subcommand="undo",
            )
            preview = await replied(discord, asked)
            assert "board 1: White's knight rode up from d4" in preview
            assert "board 2: White's knight arrived on d4" in preview
            await discord.press(ana, asked)
            game_two = (await posted(discord, two, 3))[-1]  # board 2 is shown without the knight
            assert game_two.files and "arrives" not in game_two.content
            assert "Played Nd4^2" in await move(discord, ana, one, "Nd4^2")  # the knight is back
            substituted = await mod(
                ana, "substitute", match=1, player=bo, new_player=cy, reason="bo left"
            )
            assert f"Substituted <@{cy}> for <@{bo}>" in substituted
            assert "You are not playing in this match" in await move(discord, bo, one, "e5")
            blues = discord.channel_named(guild, "team-blues")
            await eventually(  # the substitute takes over the team room too
                lambda: discord.overwrite(blues, cy) is not None,
                "the substitute to be let into the team room",
                changes=discord.changes,
            )
            assert (discord.overwrite(blues, cy) or (0, 0))[0] & (1 << 10)
            assert discord.overwrite(blues, bo) is None
            gone = await mod(ana, "substitute", match=1, player=bo, new_player=ana)
            assert gone == f"<@{bo}> is not in this match"
            playing = await mod(ana, "substitute", match=1, player=cy, new_player=ana)
            assert playing == f"<@{ana}> already plays in this match"
            assert "Adjudicated board 3" in await mod(
                ana, "adjudicate", match=1, board=3, result="white", reason="time"
            )
            assert "Resigned board 2" in await mod(
                ana, "resign", match=1, board=2, side="black", reason="absent"
            )
            assert "Forfeited match 1" in await mod(
                ana, "forfeit", match=1, side="black", reason="no show"
            )
            overview = discord.channel_named(guild, "overview")
            assert "(Reds 3, Blues 0)" in (await until(discord, overview, "Final result")).content
            await until(discord, overview, "A moderator's forfeit: no show.")
            swapped = f"A moderator's substitute: <@{cy}> plays in place of <@{bo}>: bo left."
            await until(discord, overview, swapped)
            await until(discord, overview, "A moderator's ruling: time.")
            log = await mod(ana, "log", match=1)
            actions = (
                "undo: the ride was a misclick",
                "substitute: bo left",
                "adjudicate: time",
                "resign: absent",
                "forfeit: no show",
            )
            assert all(action in log for action in actions), log
            assert "The match is finished" in await mod(ana, "abort", match=1, reason="late")

    offline(scenario)


def test_a_moderator_of_another_server_has_no_say_over_this_ones_matches(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        cy = discord.add_user("cy")
        elsewhere = discord.add_guild("Other Club", owner=cy)  # cy manages that server
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            pause = [
                {"type": 4, "name": "match", "value": 1},
                {"type": 3, "name": "reason", "value": "mine now"},
            ]
            there = discord.channel_named(elsewhere, "general")
            refused = await discord.invoke(cy, there, "mod", pause, subcommand="pause")
            assert "Match 1 is not played in this server" in await replied(discord, refused)
            one = discord.channel_named(guild, "board-1")
            assert "Played e4" in await move(discord, ana, one, "e4")  # nothing was paused

    offline(scenario)


def test_an_undo_confirmed_after_the_match_moved_on_is_refused(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            one = discord.channel_named(guild, "board-1")
            await move(discord, ana, one, "e4")
            asked = await discord.invoke(
                ana,
                general,
                "mod",
                [
                    {"type": 4, "name": "match", "value": 1},
                    {"type": 4, "name": "events", "value": 1},
                    {"type": 3, "name": "reason", "value": "misclick"},
                ],
                subcommand="undo",
            )
            assert "White played e4" in await replied(discord, asked)
            await move(discord, bo, one, "e5")  # the match moves on before the confirmation
            late = await discord.press(ana, asked)
            assert "moved on since you saw" in await replied(discord, late)
            assert "Played Nf3" in await move(discord, ana, one, "Nf3")  # e4 and e5 still stand

    offline(scenario)
