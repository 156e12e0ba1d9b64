"""`python -m bot` as a process against the offline Discord: start, commands, refusals."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sys
from asyncio.subprocess import Process
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import IO

from bot.settings import Settings
from tests.fakediscord.client import TOKEN
from tests.fakediscord.ratelimits import GLOBAL_LIMIT
from tests.fakediscord.server import FakeDiscord, Interaction
from tests.fakediscord.world import Sent
from tests.waiting import eventually

ROOT = Path(__file__).resolve().parents[2]


def bot_environment(tmp_path: Path, discord: FakeDiscord | None, **extra: str) -> dict[str, str]:
    """Return the environment the bot process runs with: a fresh database, no real Discord."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("DISCORD_")}
    env["DATABASE_PATH"] = str(tmp_path / "elevator.db")
    env["PYTHONPATH"] = str(ROOT)
    if discord is not None:
        env["DISCORD_TOKEN"] = TOKEN
        env["DISCORD_API_BASE"] = discord.api_base
        env["DISCORD_GATEWAY_URL"] = discord.gateway_url
        # the fake sends every server at once: nothing more comes after the last
        env["DISCORD_READY_WAIT"] = "0.05"
        # paced as against a Discord whose global limit, and whose second, are the fake's
        limits, paced = discord.rate_limits, Settings.model_fields["discord_requests_per_second"]
        share = limits.global_limit / GLOBAL_LIMIT * limits.speed
        env["DISCORD_REQUESTS_PER_SECOND"] = str(round(paced.default * share))
    env.update(extra)
    return env


async def start_bot(tmp_path: Path, env: dict[str, str], output: IO[bytes], *args: str) -> Process:
    """Start `python -m bot [args]` in tmp_path, what it prints going to output."""
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=tmp_path,  # no .env there: the settings come from the environment alone
        env=env,
        stdout=output,
        stderr=asyncio.subprocess.STDOUT,
    )


async def python_m_bot(tmp_path: Path, env: dict[str, str], *arguments: str) -> tuple[int, str]:
    """Run `python -m bot` to its end; return its exit status and what it printed."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *arguments,
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode is not None
    return process.returncode, output.decode()


async def until_connected(discord: FakeDiscord, process: Process, log: Path) -> None:
    """Wait until the bot has connected and read its servers, failing if it ends or takes a minute.

    The offline gateway sets `identified` once the bot's heartbeat, which it asks for after
    the servers, says the bot has read them: what a test sends next finds them known.
    """
    waiting = asyncio.ensure_future(discord.identified.wait())
    ended = asyncio.ensure_future(process.wait())
    await asyncio.wait({waiting, ended}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
    if not discord.identified.is_set():
        waiting.cancel()
        raise AssertionError(f"the bot did not connect:\n{log.read_text()[-4000:]}")
    ended.cancel()


@contextlib.asynccontextmanager
async def running_bot(
    tmp_path: Path, discord: FakeDiscord, *args: str, **extra: str
) -> AsyncIterator[Process]:
    """Run `python -m bot [args]` until the block ends, once it has connected to the gateway.

    extra: settings for its environment beyond those of bot_environment.

    What it logs goes to bot.log beside its database (a pipe nobody read could fill and
    stall it); the token must never appear there.
    """
    discord.identified.clear()
    log = tmp_path / "bot.log"
    with log.open("ab") as output:
        environment = bot_environment(tmp_path, discord, **extra)
        process = await start_bot(tmp_path, environment, output, *args)
    try:
        await until_connected(discord, process, log)
        yield process
    finally:
        if process.returncode is None:
            process.terminate()  # SIGTERM: the bot closes cleanly
            await asyncio.wait_for(process.wait(), 20)
        written = log.read_text()
        assert process.returncode == 0, (
            f"the bot exited with {process.returncode}:\n{written[-4000:]}"
        )
        assert TOKEN not in written, "the token was logged"


def offline(scenario: Callable[[FakeDiscord], Awaitable[None]]) -> None:
    """Run a scenario with the fake Discord serving."""

    async def main() -> None:
        discord = FakeDiscord()
        await discord.start()
        try:
            await scenario(discord)
            assert discord.late == [], "the bot answered interactions after Discord's 3 seconds"
            refused = "\n".join(map(str, discord.malformed))
            assert not refused, f"the bot sent what Discord refuses:\n{refused}"
            shapes = "\n".join(discord.misshapen[:20])
            assert not shapes, f"the offline Discord answered unlike Discord:\n{shapes}"
        finally:
            await discord.stop()

    asyncio.run(main())


def test_without_a_token_the_bot_says_how_to_get_one_and_exits(tmp_path: Path) -> None:
    async def main() -> tuple[int, str]:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=tmp_path,
            env=bot_environment(tmp_path, None),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        _, error = await asyncio.wait_for(process.communicate(), 30)
        return process.returncode or 0, error.decode()

    status, error = asyncio.run(main())
    assert status == 2
    assert "DISCORD_TOKEN is not set" in error
    assert "discord.com/developers/applications" in error and ".env" in error


async def rules_asked(discord: FakeDiscord) -> tuple[Interaction, Sent]:
    """Ask the running bot for /rules in a server's channel; return the question and answer."""
    ana = discord.add_user("ana")
    guild = discord.add_guild("Chess Club", owner=ana)
    asked = await discord.invoke(ana, discord.channel_named(guild, "general"), "rules")
    (reply,) = await eventually(
        lambda: discord.replies(asked), "the answer to /rules", changes=discord.changes
    )
    return asked, reply


def test_the_bot_connects_and_explains_the_rules_with_a_drawn_example(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        async with running_bot(tmp_path, discord):
            asked, reply = await rules_asked(discord)
            assert asked.responses[0]["type"] == 5  # deferred while the example is drawn
            assert reply.embeds[0]["title"] == "Elevator Chess"
            assert "elevator" in reply.embeds[0]["description"].lower()
            name, image = reply.files[0]
            assert name == "elevator-example.png" and image.startswith(b"\x89PNG")

    offline(scenario)


def test_the_bot_is_sent_no_message_not_even_its_own_posts(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        async with running_bot(tmp_path, discord):
            _, reply = await rules_asked(discord)
            assert not reply.ephemeral  # posted for the channel: Discord tells who asks of it
            (session,) = discord.gateway.sessions
            assert "INTERACTION_CREATE" in session.events
            assert [e for e in session.events if e.startswith("MESSAGE_")] == []

    offline(scenario)


def test_sync_registers_the_slash_commands_in_a_guild_and_exits(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        guild = discord.add_guild("Chess Club", owner=discord.add_user("ana"))
        environment = bot_environment(tmp_path, discord)
        status, output = await python_m_bot(tmp_path, environment, "sync", "--guild", str(guild))
        assert status == 0, output
        contexts = {c["name"]: c.get("contexts") for c in discord.commands[guild]}
        assert sorted(contexts) == [
            "board",
            "challenge",
            "config",
            "draw",
            "export",
            "games",
            "help",
            "leaderboard",
            "match",
            "matches",
            "mod",
            "move",
            "rating",
            "resign",
            "rules",
            "takeback",
        ]
        # team matches and moderation belong to servers; games go wherever Discord allows
        assert contexts["match"] == contexts["mod"] == contexts["config"] == [0]
        assert sorted(contexts["challenge"]) == sorted(contexts["move"]) == [0, 1, 2]
        assert sorted(contexts["help"]) == sorted(contexts["export"]) == [0, 1, 2]
        assert sorted(contexts["takeback"]) == [0, 1, 2]
        assert contexts["matches"] == [0]
        assert sorted(contexts["leaderboard"]) == sorted(contexts["rating"]) == [0, 1, 2]
        assert TOKEN not in output

    offline(scenario)


def test_sync_opens_no_database(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        discord.add_guild("Chess Club", owner=discord.add_user("ana"))
        environment = bot_environment(tmp_path, discord, DATABASE_PATH="data/elevator.db")
        status, output = await python_m_bot(tmp_path, environment, "sync")
        assert status == 0, output
        assert discord.commands[None], "nothing was registered"
        assert not (tmp_path / "data").exists(), "sync created the database's folder"

    offline(scenario)


def free_port() -> int:
    """Return a port of 127.0.0.1 where nothing listens (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def nobody_at(port: int, **extra: str) -> dict[str, str]:
    """Return the settings of a bot whose Discord is at port of 127.0.0.1."""
    return {
        "DISCORD_TOKEN": TOKEN,
        "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{port}/gateway",
        **extra,
    }


async def read_until(process: Process, lines: list[str], done: Callable[[], bool]) -> None:
    """Read the process's output into lines until done() says so, failing after a minute."""

    async def reading() -> None:
        assert process.stdout is not None
        while not done():
            line = await process.stdout.readline()
            if not line:
                raise AssertionError("the bot ended:\n" + "".join(lines[-40:]))
            lines.append(line.decode())

    await asyncio.wait_for(reading(), 60)


UNREACHABLE = "cannot reach Discord at http://127.0.0.1:{port}/api/v10: Connection refused; "
UNREACHABLE += "check the network (or DISCORD_API_BASE); retrying in {wait} s"


def test_a_bot_started_while_discord_is_unreachable_says_so_in_one_line_and_connects_later(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        port = free_port()
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=tmp_path,
            env=bot_environment(tmp_path, None, **nobody_at(port, DISCORD_RETRY_MAX="0.2")),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        lines: list[str] = []
        try:
            message = UNREACHABLE.format(port=port, wait="0.2")
            await read_until(process, lines, lambda: sum(message in line for line in lines) >= 2)
            assert "Traceback" not in "".join(lines)
            database = tmp_path / "elevator.db"  # the claim holds it, still empty:
            assert not database.exists() or database.stat().st_size == 0  # set up once in
            discord = FakeDiscord()
            await discord.start(port)
            try:
                draining = asyncio.ensure_future(read_until(process, lines, lambda: False))
                identified = asyncio.ensure_future(discord.identified.wait())
                await asyncio.wait(
                    {draining, identified}, timeout=60, return_when=asyncio.FIRST_COMPLETED
                )
                assert discord.identified.is_set(), "".join(lines[-40:])
                process.terminate()
                assert await asyncio.wait_for(process.wait(), 20) == 0, "".join(lines[-40:])
                with contextlib.suppress(AssertionError):  # it read to the end
                    await draining
            finally:
                await discord.stop()
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
        written = "".join(lines)
        assert "Traceback" not in written
        assert sum("set up with" in line for line in lines) == 1, written  # once, not per try
        assert (tmp_path / "elevator.db").exists()
        assert TOKEN not in written

    asyncio.run(main())


def test_a_stop_while_waiting_for_discord_ends_the_bot_at_once(tmp_path: Path) -> None:
    async def main() -> None:
        port = free_port()
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=tmp_path,
            env=bot_environment(tmp_path, None, **nobody_at(port)),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        lines: list[str] = []
        try:
            message = UNREACHABLE.format(port=port, wait="5")  # after 1 s, then 2 s
            await read_until(process, lines, lambda: any(message in line for line in lines))
            loop = asyncio.get_running_loop()
            asked = loop.time()
            process.terminate()
            assert await asyncio.wait_for(process.wait(), 20) == 0, "".join(lines[-40:])
            assert loop.time() - asked < 4, "it waited for its next try before stopping"
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
        assert process.stdout is not None
        written = "".join(lines) + (await process.stdout.read()).decode()
        assert "Traceback" not in written

    asyncio.run(main())


def test_a_refused_token_is_said_in_one_line_and_not_retried(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        discord.refused_tokens.add("revoked-token")
        environment = bot_environment(tmp_path, discord, DISCORD_TOKEN="revoked-token")
        status, written = await python_m_bot(tmp_path, environment)
        assert status == 2, written
        assert "Traceback" not in written and "retrying" not in written
        (said,) = [line for line in written.splitlines() if line.startswith("error:")]
        assert "Discord refused DISCORD_TOKEN" in said and ".env" in said
        assert "discord.com/developers/applications" in said
        assert "revoked-token" not in written

    offline(scenario)


def test_sync_while_discord_is_unreachable_says_so_in_one_line_and_exits(tmp_path: Path) -> None:
    async def main() -> tuple[int, str]:
        port = free_port()
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "sync",
            cwd=tmp_path,
            env=bot_environment(tmp_path, None, **nobody_at(port)),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        _, error = await asyncio.wait_for(process.communicate(), 60)
        return process.returncode or 0, error.decode()

    status, error = asyncio.run(main())
    assert status == 1
    assert "Traceback" not in error
    (said,) = [line for line in error.splitlines() if line.startswith("error:")]
    assert said.startswith("error: cannot reach Discord at http://127.0.0.1:")
    assert said.endswith("Connection refused; check the network (or DISCORD_API_BASE)")


def test_a_database_that_cannot_be_opened_is_said_in_one_line_and_the_bot_exits(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        url = f"postgresql://elevator:s3cret@127.0.0.1:{free_port()}/elevator"  # nobody there
        environment = bot_environment(tmp_path, discord, DATABASE_URL=url)
        status, written = await python_m_bot(tmp_path, environment)
        assert status == 1, written
        assert "Traceback" not in written and "s3cret" not in written
        (said,) = [line for line in written.splitlines() if line.startswith("error:")]
        assert said.startswith(
            "error: cannot open the PostgreSQL database postgresql://elevator:***@"
        )
        assert said.endswith("check DATABASE_URL and that the server runs and the database exists")

    offline(scenario)
