"""Start the bot (`python -m bot`) or register its slash commands (`python -m bot sync`)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys

import discord
import discord.http
import discord.utils
import yarl
from discord.gateway import DiscordWebSocket

from bot.bot import DiscordUnreachable, ElevatorBot, unreachable
from bot.claim import DatabaseClaimed, claim
from bot.settings import Settings, SettingsError, load_settings

logger = logging.getLogger("bot")


def parse(argv: list[str]) -> argparse.Namespace:
    """Read the command line."""
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    commands = parser.add_subparsers(dest="command")
    sync = commands.add_parser("sync", help="register the slash commands with Discord, then exit")
    sync.add_argument("--guild", type=int, help="register in this guild only (instant)")
    return parser.parse_args(argv)


async def run(settings: Settings, token: str) -> None:
    """Run the bot until it is stopped; SIGTERM (a service manager's stop) closes it cleanly."""
    async with ElevatorBot(settings) as bot:
        loop = asyncio.get_running_loop()
        with contextlib.suppress(NotImplementedError):  # signal handlers: not on Windows
            loop.add_signal_handler(signal.SIGTERM, lambda: loop.create_task(bot.close()))
        await bot.start(token)  # waits out a Discord that cannot be reached yet
        await bot.close()  # once stopped, wait until the database is closed too


async def sync(settings: Settings, token: str, guild_id: int | None) -> None:
    """Log in, register the slash commands, and log out, without opening the database."""
    async with ElevatorBot(settings, commands_only=True) as bot:
        try:
            await bot.login(token)  # runs setup_hook, which loads the commands
        except Exception as error:  # a one-off command: said once, not retried
            problem = unreachable(error)
            if problem is None:
                raise
            raise problem from None
        synced = await bot.sync_commands(guild_id)
        where = f"guild {guild_id}" if guild_id is not None else "every guild (may take an hour)"
        logger.info("registered %d slash commands in %s", len(synced), where)


def main(argv: list[str] | None = None) -> int:
    """Start the bot or sync its commands; return the exit status."""
    arguments = parse(sys.argv[1:] if argv is None else argv)
    try:
        settings = load_settings()
        token = settings.token()
    except SettingsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=logging.getLevelName(settings.log_level), root=True)
    if settings.discord_api_base:  # the offline test Discord
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)
    try:
        if arguments.command == "sync":
            asyncio.run(sync(settings, token, arguments.guild or settings.dev_guild_id))
        else:
            with claim(settings.database_path):
                asyncio.run(run(settings, token))
    except DatabaseClaimed as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print(
            "error: Discord refused DISCORD_TOKEN: reset it on your application's Bot page at "
            "https://discord.com/developers/applications and put the new one in .env or the "
            "environment",
            file=sys.stderr,
        )
        return 2
    except DiscordUnreachable as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        logger.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
