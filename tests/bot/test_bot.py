"""What the bot says when Discord cannot be reached, and which failures count as that."""

from __future__ import annotations

import errno
import os

import discord
import pytest

from bot.bot import ElevatorBot, unreachable
from bot.settings import Settings


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (TimeoutError(), "no answer in time"),
        (OSError(errno.ENETUNREACH, os.strerror(errno.ENETUNREACH)), "Network is unreachable"),
    ],
)
def test_a_failure_to_reach_discord_is_said_with_its_reason_and_what_to_check(
    error: Exception, reason: str
) -> None:
    problem = unreachable(error)
    assert problem is not None
    assert f": {reason}; check the network (or DISCORD_API_BASE)" in str(problem)
    assert str(problem).startswith(f"cannot reach Discord at {discord.http.Route.BASE}")


@pytest.mark.parametrize(
    "error",
    [discord.LoginFailure("Improper token has been passed."), ValueError("a bug"), KeyError(1)],
)
def test_a_refused_token_or_a_bug_is_not_taken_for_an_unreachable_discord(
    error: Exception,
) -> None:
    assert unreachable(error) is None


def test_the_bot_keeps_no_cache_of_the_messages_discord_sends_it() -> None:
    bot = ElevatorBot(Settings(discord_token="unused"))
    assert bot._connection.max_messages is None  # discord.py keeps it on its connection state
