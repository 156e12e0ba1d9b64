"""A sharded bot against the offline Discord: each shard its own servers, DMs with shard 0."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from pathlib import Path

import aiohttp
import pytest

from bot.bot import IDENTIFY_WINDOW
from tests.bot.exts.games.test_dm_games import dm_until
from tests.bot.exts.test_matches import create, move, posted, replied
from tests.bot.test_main import bot_environment, offline, running_bot, start_bot
from tests.fakediscord.gateway import INVALID_SHARD, MAX_GUILDS_PER_SHARD
from tests.fakediscord.server import FakeDiscord


def two_servers(discord: FakeDiscord) -> tuple[int, int, int, int]:
    """Make Ana and Bo, members of a server on shard 0 of 2 and one on shard 1; return them."""
    ana, bo = discord.add_user("ana"), discord.add_user("bo")
    zero = discord.add_guild("Zero Club", owner=ana, shard=(0, 2))
    one = discord.add_guild("One Club", owner=bo, shard=(1, 2))
    discord.add_member(zero, bo)
    discord.add_member(one, ana)
    return ana, bo, zero, one


async def start_match(discord: FakeDiscord, host: int, other: int, guild: int) -> int:
    """Open a lobby in a server's #general, fill and start it; return its board 1 channel."""
    lobby = (await create(discord, host, discord.channel_named(guild, "general"))).original
    assert lobby is not None
    buttons = {
        button["custom_id"].rsplit(":", 1)[-1]: button["custom_id"]
        for row in lobby["components"]
        for button in row["components"]
    }
    await discord.click(host, int(lobby["id"]), buttons["join-white"])
    await discord.click(other, int(lobby["id"]), buttons["join-black"])
    begun = await discord.click(host, int(lobby["id"]), buttons["start"])
    assert "has started" in await replied(discord, begun)
    return discord.channel_named(guild, "board-1")


async def every_shard_ready(discord: FakeDiscord, count: int) -> None:
    """Wait until a session of each of count shards has had its READY."""
    waits = [discord.gateway.shard_ready[shard].wait() for shard in range(count)]
    await asyncio.wait_for(asyncio.gather(*waits), 60)


def heard_by_shard(discord: FakeDiscord) -> dict[int, set[int | None]]:
    """Return, by shard, the servers (None: DMs) whose events its session was sent."""
    return {s.shard: set(s.heard) for s in discord.gateway.sessions}


def nonces_posted_twice(discord: FakeDiscord) -> list[tuple[int, str]]:
    """Return each (channel, nonce) that more than one message was posted with."""
    seen = Counter(
        (channel, str(message["nonce"]))
        for channel, messages in discord.messages.items()
        for message in messages
        if message.get("nonce") is not None
    )
    return [key for key, times in seen.items() if times > 1]


async def play_in_both_servers_and_dms(
    discord: FakeDiscord, ana: int, bo: int, zero: int, one: int
) -> None:
    """Start a match in each server and a DM game, play in each, and see each answered."""
    boards = [await start_match(discord, ana, bo, zero), await start_match(discord, bo, ana, one)]
    for board in boards:
        first = (await posted(discord, board))[0].content  # "Board 1: <@id> (White) ..."
        white = int(first.split("<@", 1)[1].split(">", 1)[0])
        assert "Played e4 on board 1" in await move(discord, white, board, "e4")
        assert "White played e4" in (await posted(discord, board, 2))[1].content
    options = [
        {"type": 6, "name": "opponent", "value": str(bo)},
        {"type": 3, "name": "game", "value": "chess"},
    ]
    sent = await discord.invoke(ana, discord.channel_named(one, "general"), "challenge", options)
    assert "Challenge sent" in await replied(discord, sent)
    await dm_until(discord, bo, "challenges you")
    (invitation,) = discord.messages[discord.dms[bo]]
    accept = next(
        button["custom_id"]
        for row in invitation["components"]
        for button in row["components"]
        if button["custom_id"].endswith(":accept")
    )
    await discord.click(bo, int(invitation["id"]), accept)
    game = int((await dm_until(discord, ana, "Your move on board 1.")).split(":")[0].split()[-1])
    options = [
        {"type": 3, "name": "move", "value": "e4"},
        {"type": 4, "name": "game", "value": game},
    ]
    moved = await discord.invoke(ana, discord.dms[ana], "move", options)
    assert "Played e4" in await replied(discord, moved)
    await dm_until(discord, bo, "Your move on board 1.")


def test_one_process_runs_both_shards_each_given_its_own_servers_and_dms_on_shard_0(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        discord.gateway.max_concurrency = 2  # shards 0 and 1 may identify at once
        ana, bo, zero, one = two_servers(discord)
        async with running_bot(tmp_path, discord, "--shards", "0-1", "--shard-count", "2"):
            await every_shard_ready(discord, 2)
            sessions = {session.shard: session for session in discord.gateway.sessions}
            assert sorted(sessions) == [0, 1]
            assert all(session.count == 2 for session in sessions.values())
            assert discord.gateway.guilds_of(0, 2) == [zero]
            assert discord.gateway.guilds_of(1, 2) == [one]
            for session in sessions.values():  # each was sent its own server alone
                assert session.events[:2] == ["READY", "GUILD_CREATE"]
                assert session.events.count("GUILD_CREATE") == 1
            times = discord.gateway.identified_at
            assert abs(times[0] - times[1]) < IDENTIFY_WINDOW  # not one shard per 5 seconds
            await play_in_both_servers_and_dms(discord, ana, bo, zero, one)
            assert heard_by_shard(discord) == {0: {zero, None}, 1: {one}}
            assert nonces_posted_twice(discord) == []

    offline(scenario)


def test_without_shards_the_bot_runs_as_many_as_discord_advises(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        discord.gateway.max_concurrency = 2
        owner = discord.add_user("ana")
        for number in range(1001):  # Discord advises a shard per 1,000 servers
            discord.add_guild(f"Club {number}", owner=owner)
        async with running_bot(tmp_path, discord):
            await every_shard_ready(discord, 2)
            assert sorted(s.shard for s in discord.gateway.sessions) == [0, 1]

    offline(scenario)


async def _refused(
    tmp_path: Path, discord: FakeDiscord | None, *args: str, **settings: str
) -> tuple[int, str]:
    """Run `python -m bot args` until it exits; return its status and what it printed."""
    log = tmp_path / "bot.log"
    extra = {"DISCORD_TOKEN": "offline-token"} if discord is None else {}
    extra |= settings
    with log.open("wb") as output:
        process = await start_bot(
            tmp_path, bot_environment(tmp_path, discord, **extra), output, *args
        )
    status = await asyncio.wait_for(process.wait(), 60)
    return status, log.read_text()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--shards", "0-3"), "error: --shards 0-3 needs --shard-count (or SHARD_COUNT)"),
        (("--shards", "8", "--shard-count", "8"), "error: shard 8 does not exist"),
        (("--shards", "2-1", "--shard-count", "8"), "error: the range 2-1 runs backwards"),
        (("--shard-count", "0"), "error: the shard count must be 1 to 16384, not 0"),
    ],
)
def test_shards_that_cannot_be_run_stop_the_bot_with_a_reason_and_status_2(
    tmp_path: Path, args: tuple[str, ...], says: str
) -> None:
    status, printed = asyncio.run(_refused(tmp_path, None, *args))
    assert status == 2, printed
    assert says in printed


def test_the_command_line_overrides_the_shard_settings(tmp_path: Path) -> None:
    async def main() -> tuple[int, str]:
        log = tmp_path / "bot.log"
        env = bot_environment(tmp_path, None, DISCORD_TOKEN="t", SHARDS="0-3", SHARD_COUNT="8")
        with log.open("wb") as output:
            process = await start_bot(tmp_path, env, output, "--shards", "9")
        return await asyncio.wait_for(process.wait(), 60), log.read_text()

    status, printed = asyncio.run(main())
    assert status == 2 and "shard 9 does not exist: with 8 shards" in printed


def test_a_bot_in_too_many_servers_for_its_shards_is_told_to_raise_the_count(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        owner = discord.add_user("ana")
        for number in range(MAX_GUILDS_PER_SHARD + 1):
            discord.add_guild(f"Club {number}", owner=owner)
        status, printed = await _refused(tmp_path, discord, "--shard-count", "1")
        assert status == 2, printed
        assert "4011 Sharding required" in printed and "raise --shard-count" in printed
        assert "Traceback" not in printed

    offline(scenario)


def test_the_gateway_closes_a_shard_outside_its_count_as_discord_does() -> None:
    async def scenario(discord: FakeDiscord) -> None:
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(discord.gateway_url) as socket,
        ):
            hello = await socket.receive_json()
            assert hello["op"] == 10
            identify = {"token": "t", "intents": 0, "properties": {}, "shard": [2, 2]}
            await socket.send_str(json.dumps({"op": 2, "d": identify}))
            await socket.receive()
            assert socket.close_code == INVALID_SHARD
        assert discord.gateway.closed == [(2, INVALID_SHARD)]

    offline(scenario)


def test_two_processes_on_one_postgresql_database_each_serve_their_own_shard(
    tmp_path: Path, postgres_url: str
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        discord.gateway.max_concurrency = 2
        ana, bo, zero, one = two_servers(discord)
        first, second = tmp_path / "zero", tmp_path / "one"
        first.mkdir()
        second.mkdir()
        async with (
            running_bot(
                first, discord, "--shards", "0", "--shard-count", "2", DATABASE_URL=postgres_url
            ),
            running_bot(
                second, discord, "--shards", "1", "--shard-count", "2", DATABASE_URL=postgres_url
            ),
        ):
            await every_shard_ready(discord, 2)
            assert len(discord.gateway.sessions) == 2
            await play_in_both_servers_and_dms(discord, ana, bo, zero, one)
            # each process was sent (and answered) its own server's commands, shard 0 the DMs'
            assert heard_by_shard(discord) == {0: {zero, None}, 1: {one}}
            assert nonces_posted_twice(discord) == []
        for folder, shard in ((first, "shards 0 of 2"), (second, "shards 1 of 2")):
            assert f"running {shard}" in (folder / "bot.log").read_text()

    offline(scenario)


def test_a_second_process_for_a_shard_already_running_is_refused_and_exits(
    tmp_path: Path, postgres_url: str
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        two_servers(discord)
        first, second = tmp_path / "first", tmp_path / "second"
        first.mkdir()
        second.mkdir()
        args = ("--shards", "0-1", "--shard-count", "4")
        async with running_bot(first, discord, *args, DATABASE_URL=postgres_url):
            status, printed = await _refused(
                second, discord, "--shards", "1-2", "--shard-count", "4", DATABASE_URL=postgres_url
            )
            assert status == 1, printed
            assert "shard 1 is already run by another process" in printed
            assert "Traceback" not in printed

    offline(scenario)
