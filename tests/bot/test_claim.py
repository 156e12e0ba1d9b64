"""One bot per database file: a second refuses to start, a killed one leaves the file free."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from bot.claim import DatabaseClaimed, claim, lock_path
from tests.bot.test_main import (
    bot_environment,
    offline,
    running_bot,
    start_bot,
    until_connected,
)
from tests.fakediscord.server import FakeDiscord


def refusal(database: Path, pid: int) -> str:
    """Return what a second bot says when the database is another's."""
    return (
        f"error: another bot is already running on {database} (pid {pid}); stop it first, "
        "or set DATABASE_PATH to another file"
    )


def test_a_claimed_database_is_refused_with_the_holder_s_pid_and_free_once_let_go(
    tmp_path: Path,
) -> None:
    database = tmp_path / "data" / "elevator.db"
    with claim(database):
        assert lock_path(database).read_text() == f"{os.getpid()}\n"
        with pytest.raises(DatabaseClaimed) as refused, claim(database):
            pass
        assert f"error: {refused.value}" == refusal(database, os.getpid())
    with claim(database):  # let go at the end of the block
        pass
    assert not database.exists()  # the claim touches the lock file alone


async def ask_rules(discord: FakeDiscord, user: int, guild: int) -> None:
    """Run /rules and wait for the bot's answer."""
    asked = await discord.invoke(user, discord.channel_named(guild, "general"), "rules")
    for _ in range(100):
        if discord.replies(asked):
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the bot did not answer /rules")


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


def test_a_second_bot_on_the_same_database_refuses_to_start_and_the_first_keeps_answering(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana = discord.add_user("ana")
        guild = discord.add_guild("Chess Club", owner=ana)
        async with running_bot(tmp_path, discord) as first:
            second = tmp_path / "second"
            second.mkdir()  # elsewhere, with the same DATABASE_PATH
            status, said = await python_m_bot(second, bot_environment(tmp_path, discord))
            assert status == 1
            assert said.splitlines() == [refusal(tmp_path / "elevator.db", first.pid)]
            await ask_rules(discord, ana, guild)

    offline(scenario)


def test_a_killed_bot_leaves_its_database_to_the_next(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana = discord.add_user("ana")
        guild = discord.add_guild("Chess Club", owner=ana)
        log = tmp_path / "killed.log"
        with log.open("ab") as output:
            killed = await start_bot(tmp_path, bot_environment(tmp_path, discord), output)
        try:
            await until_connected(discord, killed, log)
        finally:
            killed.kill()  # SIGKILL: nothing of the bot's runs after it
            await killed.wait()
        async with running_bot(tmp_path, discord):
            await ask_rules(discord, ana, guild)

    offline(scenario)


def test_sync_while_a_bot_runs_registers_the_commands_and_leaves_the_bot_alone(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana = discord.add_user("ana")
        guild = discord.add_guild("Chess Club", owner=ana)
        async with running_bot(tmp_path, discord):
            status, said = await python_m_bot(
                tmp_path, bot_environment(tmp_path, discord), "sync", "--guild", str(guild)
            )
            assert status == 0, said
            assert discord.commands[guild]
            await ask_rules(discord, ana, guild)

    offline(scenario)
