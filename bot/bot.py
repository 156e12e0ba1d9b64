"""The Discord bot: its client, the services it runs, and the extensions it loads."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.delivery import DeliveryWorker
from bot.sender import DiscordSender
from bot.service import MatchService
from bot.settings import Settings
from bot.storage import Storage

logger = logging.getLogger(__name__)

STOP_WAIT: Final = 10.0  # seconds the background work gets to finish when the bot stops
RATE_LIMIT_WAIT: Final = 30.0  # seconds of a rate limit discord.py may sleep inside a send
SETTLE_EVERY: Final = 1.0  # seconds between looks for flags, reminders and lapsed transfers
EXTENSIONS: Final = (
    "bot.exts.errors",
    "bot.exts.rules",
    "bot.exts.matches",
    "bot.exts.play",
    "bot.exts.moderation",
    "bot.exts.games",
)


def intents() -> discord.Intents:
    """Return what the bot asks Discord for: guilds and their messages, no privileged intents."""
    return discord.Intents.default()


class ElevatorBot(commands.Bot):
    """The bot: slash commands over the match service, with its storage opened at set-up."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            # a longer rate limit raises instead of being slept out inside the request, so
            # that the outbox waits it out for that place alone (discord.py's least is 30 s)
            max_ratelimit_timeout=RATE_LIMIT_WAIT,
        )
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
        # what fell due while the bot was down is settled, in the order it fell, before any
        # interaction can reach a match; its notices go out once connected
        try:
            settled = await self._service.settle_due()
            logger.info("settled %d flags, reminders and transfers due while away", len(settled))
        except Exception:  # each action settles its own match first, and the loop retries
            logger.exception("settling what fell due while away failed; retrying once connected")
        for name in EXTENSIONS:
            await self.load_extension(name)
        worker = DeliveryWorker(self._store, DiscordSender(self, self._service))
        self._background.append(asyncio.create_task(self._deliver(worker)))
        self._background.append(asyncio.create_task(self._settle()))
        logger.info("set up with %s", self.settings.database_path)

    async def _deliver(self, worker: DeliveryWorker) -> None:
        """Send the outbox once connected, and keep sending (it resumes what a restart left)."""
        await self.wait_until_ready()
        await worker.run(self._stop)

    async def _settle(self) -> None:
        """Let flags fall, remind correspondence players and let transfers lapse, on time."""
        await self.wait_until_ready()
        while not self._stop.is_set():
            try:
                await self.service.settle_due()
            except Exception:
                logger.exception("settling clocks and deadlines failed; trying again shortly")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), SETTLE_EVERY)

    async def close(self) -> None:
        """Stop the background work, then close the gateway and the database."""
        self._stop.set()
        # let a delivery round under way finish and record what it sent: cancelled between
        # posting and recording, it would post again after the restart
        if self._background and self.is_ready():  # before that, nothing is being sent
            await asyncio.wait(self._background, timeout=STOP_WAIT)
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
