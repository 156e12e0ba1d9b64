"""Elevator Chess for many teams through the offline Discord: lobby, rooms, seats, scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bot.exts.test_matches import move, replied, resign, sent_files, until
from tests.bot.test_commands import sync
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import CommandRefused, FakeDiscord, Interaction

VIEW_CHANNEL = 1 << 10
TEAMS = ("Reds", "Blues", "Greens", "Golds")  # Reds, Blues play White; Greens, Golds Black


def test_four_teams_on_four_boards_join_start_play_and_score_by_team(tmp_path: Path) -> None:
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
                {"type": 3, "name": "names", "value": ", ".join(TEAMS)},
            ]
            created = await discord.invoke(ana, general, "match", options, subcommand="create")
            lobby = created.original
            assert lobby is not None
            buttons = [b["custom_id"] for row in lobby["components"] for b in row["components"]]
            joins = [f"lobby:1:join-{n}" for n in (1, 2, 3, 4)]
            assert buttons == [*joins, "lobby:1:leave", "lobby:1:start", "lobby:1:cancel"]
            labels = [b["label"] for row in lobby["components"] for b in row["components"]]
            assert labels[:4] == [f"Join {team}" for team in TEAMS]
            for user, join in zip((ana, bo, cy), joins, strict=False):
                await discord.click(user, int(lobby["id"]), join)
            typed = [{"type": 3, "name": "team", "value": "gol", "focused": True}]
            join = [{"type": 1, "name": "join", "options": typed}]
            offered = await discord.autocomplete(di, general, "match", join)
            assert offered == [{"name": "Golds", "value": "Golds"}]
            joined = await discord.invoke(
                di,
                general,
                "match",
                [{"type": 3, "name": "team", "value": "Golds"}],
                subcommand="join",
            )
            assert "You joined Golds as its captain." in await replied(discord, joined)
            typed = [
                {"type": 4, "name": "board", "value": 2},
                {"type": 3, "name": "team", "value": "", "focused": True},
            ]
            seat = [{"type": 1, "name": "seat", "options": typed}]
            assert await discord.autocomplete(ana, general, "match", seat) == [
                {"name": "Reds (White)", "value": "white"},
                {"name": "Greens (Black)", "value": "black"},
            ]
            fields = discord.message(int(lobby["id"]))["embeds"][0]["fields"]  # type: ignore[index]
            assert [f["name"] for f in fields] == [
                "Reds (White on boards 1, 2)",
                "Blues (White on boards 3, 4)",
                "Greens (Black on boards 2, 3)",
                "Golds (Black on boards 1, 4)",
            ]
            started = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            assert "has started" in await replied(discord, started)

            rooms = {team: discord.channel_named(guild, f"team-{team.lower()}") for team in TEAMS}
            reds = rooms["Reds"]
            assert (discord.overwrite(reds, ana) or (0, 0))[0] & VIEW_CHANNEL
            assert all(discord.overwrite(reds, user) is None for user in (bo, cy, di))
            two = discord.channel_named(guild, "board-2")
            three = discord.channel_named(guild, "board-3")
            overview = discord.channel_named(guild, "overview")
            assert "you are not seated on board 2" in (await move(discord, bo, two, "e4")).lower()
            assert "Played" in await move(discord, ana, two, "e4")
            assert "Played" in await move(discord, cy, two, "e5")

            await resign(discord, bo, three)  # Blues lose board 3 to Greens
            ended = await until(discord, overview, "Board 3 ends 0-1")
            assert "Score: Reds 0, Blues 0, Greens 1, Golds 0." in ended.content

            asked = await discord.invoke(di, overview, "match", subcommand="resign")
            assert "only a moderator can take it back" in await replied(discord, asked)
            await discord.press(di, asked)  # Golds resign boards 1 and 4, nothing else
            await until(discord, overview, f"<@{di}> resigned the match for their team.")
            await until(discord, overview, "Board 4 ends 1-0")
            status = await discord.invoke(cy, overview, "match", subcommand="status")
            assert "Reds 1, Blues 1, Greens 1, Golds 0" in await replied(discord, status)
            assert "Played" in await move(discord, ana, two, "Nf3")  # board 2 goes on

            pgn = await discord.invoke(ana, two, "match", subcommand="export")
            text = (await _attached(discord, pgn)).decode()
            assert '[White "ana"]' in text and '[Black "cy"]' in text  # board 2's players
            assert '[WhiteTeam "Reds"]' in text and '[BlackTeam "Greens"]' in text
            record = await discord.invoke(ana, overview, "match", subcommand="export")
            config = json.loads(await _attached(discord, record))["config"]
            assert config["teams"] == [
                ["Reds", "Golds"],
                ["Reds", "Greens"],
                ["Blues", "Greens"],
                ["Blues", "Golds"],
            ]

    offline(scenario)


async def _attached(discord: FakeDiscord, interaction: Interaction) -> bytes:
    """Return the one file the bot attached in answer to an interaction."""
    files = await sent_files(discord, interaction)
    assert len(files) == 1
    return files[0][1]


def four_players(discord: FakeDiscord) -> tuple[list[int], int]:
    """Make ana (the server's owner), bo, cy and di, members of the Chess Club server.

    Return them and the server.
    """
    players = [discord.add_user(name) for name in ("ana", "bo", "cy", "di")]
    guild = discord.add_guild("Chess Club", owner=players[0])
    for user in players[1:]:
        discord.add_member(guild, user)
    return players, guild


async def four_teams(discord: FakeDiscord, players: list[int], guild: int) -> None:
    """Start a match of four teams on four boards in a ring, one player a team, ana hosting.

    The players join Reds, Blues, Greens and Golds in turn.
    """
    options = [
        {"type": 4, "name": "boards", "value": 4},
        {"type": 3, "name": "layout", "value": "ring"},
        {"type": 4, "name": "teams", "value": 4},
        {"type": 3, "name": "names", "value": ", ".join(TEAMS)},
    ]
    general = discord.channel_named(guild, "general")
    created = await discord.invoke(players[0], general, "match", options, subcommand="create")
    assert created.original is not None
    lobby = int(created.original["id"])
    for number, user in enumerate(players, start=1):
        await discord.click(user, lobby, f"lobby:1:join-{number}")
    started = await discord.click(players[0], lobby, "lobby:1:start")
    assert "has started" in await replied(discord, started)


def test_games_lists_a_match_of_many_teams_for_each_of_its_players(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        players, guild = four_players(discord)
        async with running_bot(tmp_path, discord):
            await four_teams(discord, players, guild)
            general = discord.channel_named(guild, "general")
            said = [
                await replied(discord, await discord.invoke(user, general, "games"))
                for user in players
            ]
            teams = "Reds, Blues, Greens and Golds"
            assert said == [
                f"Game 1 (Elevator Chess): {teams}, your move on boards 1 and 2",
                f"Game 1 (Elevator Chess): {teams}, your move on boards 3 and 4",
                f"Game 1 (Elevator Chess): {teams}, the other side's move",
                f"Game 1 (Elevator Chess): {teams}, the other side's move",
            ]
            typed = [
                {"type": 3, "name": "move", "value": "e4"},
                {"type": 4, "name": "game", "value": "", "focused": True},
            ]
            offered = await discord.autocomplete(players[2], general, "move", typed)
            assert offered == [{"name": f"game 1: {teams}", "value": 1}]

    offline(scenario)


def test_a_team_count_the_options_do_not_offer_cannot_be_sent(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana = discord.add_user("ana")
        guild = discord.add_guild("Chess Club", owner=ana)
        general = discord.channel_named(guild, "general")
        await sync(tmp_path, discord, guild)  # registered, the options carry their choices
        async with running_bot(tmp_path, discord):
            options = [
                {"type": 4, "name": "boards", "value": 3},
                {"type": 3, "name": "layout", "value": "line"},
                {"type": 4, "name": "teams", "value": 3},
            ]
            with pytest.raises(CommandRefused, match="offers only its choices, not 3"):
                await discord.invoke(ana, general, "match", options, subcommand="create")

    offline(scenario)


def test_the_many_teams_variant_opens_four_teams_and_is_refused_to_a_challenge(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo = discord.add_user("ana"), discord.add_user("bo")
        guild = discord.add_guild("Chess Club", owner=ana)
        discord.add_member(guild, bo)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            options = [
                {"type": 4, "name": "boards", "value": 4},
                {"type": 3, "name": "layout", "value": "line"},
                {"type": 3, "name": "variant", "value": "teams"},
            ]
            created = await discord.invoke(ana, general, "match", options, subcommand="create")
            lobby = created.original
            assert lobby is not None
            labels = [b["label"] for row in lobby["components"] for b in row["components"]]
            assert labels[:4] == ["Join Team A", "Join Team B", "Join Team C", "Join Team D"]
            challenge = [
                {"type": 6, "name": "opponent", "value": str(bo)},
                {"type": 3, "name": "variant", "value": "teams"},
            ]
            refused = await discord.invoke(ana, general, "challenge", challenge)
            assert "is played by teams in a server: start it there with /match create" in (
                await replied(discord, refused)
            )

    offline(scenario)
