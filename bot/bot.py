"""The Discord bot: its client, the services it runs, and the extensions it loads."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import MatchService
from bot.settings import Settings
from bot.storage import Storage

logger = logging.getLogger(__name__)

EXTENSIONS: Final = ("bot.exts.errors", "bot.exts.rules", "bot.exts.matches")


def intents() -> discord.Intents:
    """Return what the bot asks Discord for: guilds and their messages, no privileged intents."""
    return discord.Intents.default()


class ElevatorBot(commands.Bot):
    """The bot: slash commands over the match service, with its storage opened at set-up."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=intents())
        self.settings = settings
        self._store: Storage | None = None
        self._service: MatchService | None = None
        self._stop = asyncio.Event()
        self._background: list[asyncio.Task[None]] = []

    @property
    def service(self) -> MatchService:
        """Return the match service (available once set-up has run)."""
        if self._service is None:
            raise RuntimeError("the bot is not set up yet")
        return self._service

    async def setup_hook(self) -> None:
        """Open the database and load every extension, before connecting to the gateway."""
        self._store = await Storage.open(self.settings.database_path)
        self._service = MatchService(self._store)
        for name in EXTENSIONS:
            await self.load_extension(name)
        logger.info("set up with %s", self.settings.database_path)

    async def close(self) -> None:
        """Stop the background work, then close the gateway and the database."""
        self._stop.set()
        for task in self._background:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await super().close()
        if self._store is not None:
            await self._store.close()
            self._store = None

    async def sync_commands(self, guild_id: int | None) -> list[app_commands.AppCommand]:
        """Register the slash commands with Discord, for one guild (instant) or everywhere."""
        if guild_id is None:
            return await self.tree.sync()
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        return await self.tree.sync(guild=guild)
