"""One bot per database file: a second refuses to start, a killed one leaves the file free."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.claim import DatabaseClaimed, claim
from tests.bot.test_main import (
    bot_environment,
    offline,
    python_m_bot,
    running_bot,
    start_bot,
    until_connected,
)
from tests.fakediscord.server import FakeDiscord
from tests.waiting import eventually


def refusal(database: Path, pid: int) -> str:
    """Return what a second bot says when the database is another's."""
    return (
        f"error: another bot is already running on {database} (pid {pid}); stop it first, "
        "or set DATABASE_PATH to another file"
    )


def refused(database: Path) -> str:
    """Return what claiming the database says while it is held, failing if it is not held."""
    with pytest.raises(DatabaseClaimed) as refusing, claim(database):
        pass
    return f"error: {refusing.value}"


def test_a_claimed_database_is_refused_with_the_holder_s_pid_and_free_once_let_go(
    tmp_path: Path,
) -> None:
    database = tmp_path / "data" / "elevator.db"
    with claim(database):
        assert refused(database) == refusal(database, os.getpid())
    with claim(database):  # let go at the end of the block
        pass
    assert database.read_bytes() == b""  # a new file is left empty, as SQLite takes it


def symlink(target: Path, link: Path) -> None:
    """Make link a symbolic link to target."""
    link.symlink_to(target)


@pytest.mark.parametrize("make_link", [symlink, os.link], ids=["symlink", "hard link"])
def test_a_second_claim_on_the_same_file_under_another_name_is_refused(
    tmp_path: Path, make_link: Callable[[Path, Path], None]
) -> None:
    database = tmp_path / "data" / "elevator.db"
    database.parent.mkdir()
    database.write_bytes(b"")
    (tmp_path / "elsewhere").mkdir()
    other = tmp_path / "elsewhere" / "chess.db"
    make_link(database, other)
    with claim(database):
        assert refused(other) == refusal(other, os.getpid())
    with claim(other):  # the other way round too
        assert refused(database) == refusal(database, os.getpid())


async def ask_rules(discord: FakeDiscord, user: int, guild: int) -> None:
    """Run /rules and wait for the bot's answer."""
    asked = await discord.invoke(user, discord.channel_named(guild, "general"), "rules")
    await eventually(
        lambda: discord.replies(asked), "the answer to /rules", changes=discord.changes
    )


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
