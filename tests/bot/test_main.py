"""`python -m bot` as a process against the offline Discord: start, commands, refusals."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

from tests.fakediscord.server import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "offline-token-4f9c2a"


def bot_environment(tmp_path: Path, discord: FakeDiscord | None, **extra: str) -> dict[str, str]:
    """Return the environment the bot process runs with: a fresh database, no real Discord."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("DISCORD_")}
    env["DATABASE_PATH"] = str(tmp_path / "elevator.db")
    env["PYTHONPATH"] = str(ROOT)
    if discord is not None:
        env["DISCORD_TOKEN"] = TOKEN
        env["DISCORD_API_BASE"] = discord.api_base
        env["DISCORD_GATEWAY_URL"] = discord.gateway_url
    env.update(extra)
    return env


@contextlib.asynccontextmanager
async def running_bot(tmp_path: Path, discord: FakeDiscord) -> AsyncIterator[None]:
    """Run `python -m bot` until the block ends, once it has connected to the gateway.

    What it logs goes to bot.log beside its database (a pipe nobody read could fill and
    stall it); the token must never appear there.
    """
    discord.identified.clear()
    log = tmp_path / "bot.log"
    with log.open("ab") as output:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=tmp_path,  # no .env there: the settings come from the environment alone
            env=bot_environment(tmp_path, discord),
            stdout=output,
            stderr=asyncio.subprocess.STDOUT,
        )
    try:
        waiting = asyncio.ensure_future(discord.identified.wait())
        ended = asyncio.ensure_future(process.wait())
        await asyncio.wait({waiting, ended}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
        if not discord.identified.is_set():
            waiting.cancel()
            raise AssertionError(f"the bot did not connect:\n{log.read_text()[-4000:]}")
        await asyncio.sleep(0.3)  # let it take in the guilds it was sent
        yield
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


def test_the_bot_connects_and_explains_the_rules_with_a_drawn_example(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana = discord.add_user("ana")
        guild = discord.add_guild("Chess Club", owner=ana)
        async with running_bot(tmp_path, discord):
            asked = await discord.invoke(ana, discord.channel_named(guild, "general"), "rules")
            for _ in range(100):
                if discord.replies(asked):
                    break
                await asyncio.sleep(0.1)
            (reply,) = discord.replies(asked)
            assert asked.responses[0]["type"] == 5  # deferred while the example is drawn
            assert reply.embeds[0]["title"] == "Elevator Chess"
            assert "elevator" in reply.embeds[0]["description"].lower()
            name, image = reply.files[0]
            assert name == "elevator-example.png" and image.startswith(b"\x89PNG")

    offline(scenario)


def test_sync_registers_the_slash_commands_in_a_guild_and_exits(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        guild = discord.add_guild("Chess Club", owner=discord.add_user("ana"))
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "sync",
            "--guild",
            str(guild),
            cwd=tmp_path,
            env=bot_environment(tmp_path, discord),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        output, _ = await asyncio.wait_for(process.communicate(), 60)
        assert process.returncode == 0, output.decode()
        contexts = {c["name"]: c.get("contexts") for c in discord.commands[guild]}
        assert sorted(contexts) == [
            "board",
            "challenge",
            "config",
            "draw",
            "games",
            "match",
            "mod",
            "move",
            "resign",
            "rules",
        ]
        # team matches and moderation belong to servers; games go wherever Discord allows
        assert contexts["match"] == contexts["mod"] == contexts["config"] == [0]
        assert sorted(contexts["challenge"]) == sorted(contexts["move"]) == [0, 1, 2]
        assert TOKEN not in output.decode()

    offline(scenario)
