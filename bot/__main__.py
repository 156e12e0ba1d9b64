"""Start the bot (`python -m bot`), register its slash commands (`python -m bot sync`), or copy
its SQLite file into PostgreSQL (`python -m bot migrate`)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import Final

import discord
import discord.http
import discord.utils
import yarl
from discord.gateway import DiscordWebSocket

from bot.allocator import map_large_blocks_apart
from bot.bot import DiscordUnreachable, ElevatorBot, unreachable
from bot.claim import DatabaseClaimed, claim
from bot.collector import freeze_what_the_start_made
from bot.settings import Settings, SettingsError, load_settings
from bot.shards import Shards, ShardsError
from bot.storage import StorageError, is_postgres
from bot.storage.copying import check_source, copy_database
from bot.storage.postgres import hidden

logger = logging.getLogger("bot")

SHARD_REFUSALS: Final = {  # the gateway's close codes that no reconnect can cure
    4010: "no such shard (4010 Invalid shard): --shards must be below --shard-count",
    4011: (
        "the bot is in too many servers for so few shards (4011 Sharding required): "
        "raise --shard-count, a shard per 1,000 servers or so"
    ),
}


def parse(argv: list[str]) -> argparse.Namespace:
    """Read the command line."""
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument(
        "--shards",
        metavar="IDS",
        help="run these shards only (0-3, 5 or 0,2,4-6; overrides SHARDS); needs --shard-count",
    )
    parser.add_argument(
        "--shard-count",
        type=int,
        metavar="N",
        help="how many shards the bot has in all, across its processes (overrides SHARD_COUNT)",
    )
    commands = parser.add_subparsers(dest="command")
    sync = commands.add_parser("sync", help="register the slash commands with Discord, then exit")
    sync.add_argument("--guild", type=int, help="register in this guild only (instant)")
    migrate = commands.add_parser(
        "migrate", help="copy the SQLite file into an empty PostgreSQL database, then exit"
    )
    migrate.add_argument(
        "--from", dest="source", type=Path, help="the SQLite file (default: DATABASE_PATH)"
    )
    migrate.add_argument(
        "--to", dest="target", help="the PostgreSQL database's URL (default: DATABASE_URL)"
    )
    return parser.parse_args(argv)


def chosen_shards(arguments: argparse.Namespace, settings: Settings) -> Shards | None:
    """Return the shards asked for, the command line's over the settings' (None: every one)."""
    text = arguments.shards if arguments.shards is not None else settings.shards
    count = arguments.shard_count if arguments.shard_count is not None else settings.shard_count
    return Shards.chosen(text, count)


async def run(settings: Settings, token: str, shards: Shards | None = None) -> None:
    """Run the bot until it is stopped; SIGTERM (a service manager's stop) closes it cleanly."""
    async with ElevatorBot(settings, shards=shards) as bot:
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


def migrate(settings: Settings, source: Path | None, target: str | None) -> int:
    """Copy a SQLite file into an empty PostgreSQL database while no bot runs on the file."""
    source = source or settings.database_path
    target = target or settings.database_url
    if target is None or not is_postgres(target):
        print(
            "error: name the PostgreSQL database to copy into: set DATABASE_URL to "
            "postgresql://user:password@host/db, or pass --to",
            file=sys.stderr,
        )
        return 2
    try:
        check_source(source)  # before the claim, which would make an empty file to hold
        with claim(source):
            copied = asyncio.run(copy_database(source, target))
    except (DatabaseClaimed, StorageError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(
        f"Copied {source} into {hidden(target)}: {copied}; every table counted and every "
        "event compared. Set DATABASE_URL to it and start the bot."
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    """Start the bot or sync its commands; return the exit status."""
    arguments = parse(sys.argv[1:] if argv is None else argv)
    try:
        settings = load_settings()
        if arguments.command == "migrate":
            discord.utils.setup_logging(level=logging.getLevelName(settings.log_level), root=True)
            return migrate(settings, arguments.source, arguments.target)
        token = settings.token()
        shards = chosen_shards(arguments, settings)
    except (SettingsError, ShardsError) as error:
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
            with claim(settings.claimed_file) if settings.claimed_file else nullcontext():
                map_large_blocks_apart()  # before any image: bot/allocator.py says why
                freeze_what_the_start_made()  # bot/collector.py says why
                asyncio.run(run(settings, token, shards))
    except (DatabaseClaimed, StorageError) as error:  # StorageBusy: a shard runs elsewhere
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
    except discord.ConnectionClosed as error:
        refusal = SHARD_REFUSALS.get(error.code)
        if refusal is None:
            raise
        print(f"error: Discord closed shard {error.shard_id}: {refusal}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        logger.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
