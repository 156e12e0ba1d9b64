"""The Discord bot: its client, the services it runs, and the extensions it loads."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import time
from typing import Any, Final

import aiohttp
import discord
import discord.http
import discord.utils
import yarl
from discord import app_commands
from discord.ext import commands

from bot import metrics, storage
from bot.allocator import release_free_memory
from bot.delivery import DeliveryWorker
from bot.drawing import DRAWER
from bot.pacing import Pace
from bot.practice import opponent as practice_opponent
from bot.sender import DiscordSender
from bot.service import MatchService
from bot.settings import Settings
from bot.shards import Shards
from bot.storage import Storage
from bot.storage.opening import open_storage
from bot.ui.mentions import NOBODY
from renderer.sprites import SPRITES

logger = logging.getLogger(__name__)

RETRY_WAITS: Final = (1.0, 2.0, 5.0, 10.0, 30.0, 60.0)  # seconds between tries to reach Discord
STOP_WAIT: Final = 10.0  # seconds the background work gets to finish when the bot stops
RATE_LIMIT_WAIT: Final = 30.0  # seconds of a rate limit discord.py may sleep inside a send
SETTLE_EVERY: Final = 1.0  # seconds between looks for flags, reminders and lapsed transfers
RELEASE_EVERY: Final = 60.0  # seconds between handing the allocator's free pages back
IDENTIFY_WINDOW: Final = 5.0  # Discord lets max_concurrency shards identify per 5 seconds
EXTENSIONS: Final = (
    "bot.exts.errors",
    "bot.exts.rules",
    "bot.exts.help",
    "bot.exts.matches",
    "bot.exts.play",
    "bot.exts.moderation",
    "bot.exts.games",
    "bot.exts.export",
    "bot.exts.ratings",
)


class DiscordUnreachable(RuntimeError):
    """Discord cannot be reached; the message says why and what to check."""


def unreachable(error: Exception) -> DiscordUnreachable | None:
    """Say why Discord could not be reached, or return None if the error is about something else."""
    if isinstance(error, discord.DiscordServerError):
        reason = f"it answered {error.status} {error.response.reason}"
    elif isinstance(error, aiohttp.ClientConnectorError):
        cause = error.os_error
        # "Connection refused" rather than asyncio's "Connect call failed ('1.2.3.4', 443)";
        # a failed name lookup has a negative errno and says it in its own words
        reason = os.strerror(cause.errno) if cause.errno and cause.errno > 0 else str(cause)
    elif isinstance(error, TimeoutError):  # before OSError, of which it is one
        reason = "no answer in time"
    elif isinstance(error, OSError):
        reason = error.strerror or str(error) or type(error).__name__
    elif isinstance(error, aiohttp.ClientError):
        reason = str(error) or type(error).__name__
    else:
        return None
    return DiscordUnreachable(
        f"cannot reach Discord at {discord.http.Route.BASE}: {reason}; "
        "check the network (or DISCORD_API_BASE)"
    )


def intents() -> discord.Intents:
    """Return what the bot asks Discord for: its servers and their channels, nothing more.

    It reads no message and no one's typing, reactions or voice: asked for, Discord would
    send it every message posted where it is (its own included), each one parsed by the
    event loop that answers players' moves.
    """
    return discord.Intents(guilds=True)


class ElevatorBot(commands.AutoShardedBot):
    """The bot: slash commands over the match service, with its storage opened at set-up.

    It runs the shards it is given, acting on their servers' matches alone (and on the DM
    games with shard 0); without shards it runs every one, as many as Discord advises.
    """

    def __init__(
        self, settings: Settings, *, shards: Shards | None = None, commands_only: bool = False
    ) -> None:
        # without shards, discord.py asks Discord how many to run
        sharding: dict[str, Any] = {}
        if shards is not None:
            sharding = {"shard_ids": sorted(shards.ids), "shard_count": shards.count}
        # under Discord's global limit, posts first: a 429 would hold every request a second
        pace = Pace(settings.discord_requests_per_second)
        super().__init__(
            **sharding,
            http_trace=pace.trace(),
            command_prefix=commands.when_mentioned,
            intents=intents(),
            allowed_mentions=NOBODY,  # each message names whom it may ping
            # a longer rate limit raises instead of being slept out inside the request, so
            # that the outbox waits it out for that place alone (discord.py's least is 30 s)
            max_ratelimit_timeout=RATE_LIMIT_WAIT,
            guild_ready_timeout=settings.discord_ready_wait,
            # no feature reads a message Discord sent to the bot: discord.py's cache of the
            # last 1,000 would hold each one's embeds, components and author for nothing
            max_messages=None,
        )
        self.settings = settings
        self.pace = pace
        self.own = shards if shards is not None else Shards.every()
        self._concurrency: int | None = None  # shards that may identify at once, from Discord
        self._identified: dict[int, float] = {}  # a bucket of shards: when one last identified
        self._commands_only = commands_only
        self._setting_up = False
        self._store: Storage | None = None
        self._service: MatchService | None = None
        self._stop = asyncio.Event()
        self._background: list[asyncio.Task[None]] = []
        self._closing: asyncio.Future[None] | None = None

    @property
    def service(self) -> MatchService:
        """Return the match service (available once set-up has run)."""
        if self._service is None:
            raise RuntimeError("the bot is not set up yet")
        return self._service

    async def start(self, token: str, *, reconnect: bool = True) -> None:
        """Log in, waiting for Discord while it cannot be reached, then serve until closed."""
        longest = self.settings.discord_retry_max
        for attempt in itertools.count():
            try:
                await self.login(token)  # its last step, setup_hook, runs in the try that gets in
                break
            except Exception as error:
                if self._stop.is_set():  # closed while trying: the close is the answer
                    return
                problem = unreachable(error)
                if problem is None or self._setting_up:  # set-up's failures are not Discord's
                    raise
                wait = min(RETRY_WAITS[min(attempt, len(RETRY_WAITS) - 1)], longest)
                logger.warning("%s; retrying in %g s", problem, wait)
            # each try opens an HTTP session, whose close takes its connector along: a new
            # try needs both new, and a session left open would be reported when collected
            await self.http.close()
            self.http.connector = discord.utils.MISSING
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), wait)
            if self._stop.is_set():
                return
        if not self.is_closed():
            await self.connect(reconnect=reconnect)

    async def setup_hook(self) -> None:
        """Open the database and load every extension, before connecting to the gateway."""
        self._setting_up = True
        if self._commands_only:
            # `sync` only builds the commands, which take a service: an empty database in
            # memory serves, and the file, which a running bot may hold, is never opened
            self._store = await open_storage(":memory:")
            self._service = MatchService(self._store)
            for name in EXTENSIONS:
                await self.load_extension(name)
            return
        SPRITES.resize(round(self.settings.image_cache_mb * 2**20))
        self._store = await open_storage(self.settings.database)
        await self._store.claim_shards(self.own)  # StorageBusy if another process has one
        self._service = MatchService(self._store, shards=self.own)
        # what fell due while the bot was down is settled, in the order it fell, before any
        # interaction can reach a match; its notices go out once connected
        try:
            settled = await self._service.settle_due()
            logger.info("settled %d flags, reminders and transfers due while away", len(settled))
        except Exception:  # each action settles its own match first, and the loop retries
            logger.exception("settling what fell due while away failed; retrying once connected")
        # the practice opponent takes up every board left waiting on it; its moves' notices
        # go out once connected
        try:
            await self._service.start_practice()
        except Exception:  # each commit to its matches still wakes it
            logger.exception("the practice opponent could not look at its matches")
        for name in EXTENSIONS:
            await self.load_extension(name)
        # a send may sleep out a rate limit of up to RATE_LIMIT_WAIT inside discord.py: give
        # it longer than that before taking it for a sender that does not answer
        sender = DiscordSender(self, self._service, answer_wait=self.settings.practice_answer_wait)
        worker = DeliveryWorker(
            self._store,
            sender,
            timeout=RATE_LIMIT_WAIT + 15,
            shards=self.own,
            # the outbox is pruned by one process, that of shard 0, not by all at once
            prune=self.own.dms,
        )
        self._background.append(asyncio.create_task(self._deliver(worker)))
        self._background.append(asyncio.create_task(self._settle()))
        self._background.append(asyncio.create_task(self._release_memory()))
        self._watch_health()
        logger.info(
            "set up with %s, running %s",
            self._store,
            self.own if self.shard_ids is not None else "every shard",
        )

    async def launch_shard(
        self, gateway: yarl.URL, shard_id: int, *, initial: bool = False
    ) -> None:
        """Connect one shard, unless the bot is closing.

        discord.py retries a shard that failed to connect every 5 s for ever, and a shard
        launched after a stop fails on the closed session: a stop (SIGTERM) that came while
        the shards were being launched would never end the process.
        """
        if self.is_closed():
            return
        await super().launch_shard(gateway, shard_id, initial=initial)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Wait until Discord lets this shard identify: max_concurrency shards per 5 seconds.

        Shards whose ids differ modulo max_concurrency identify together (discord.py's own
        hook waits 5 s before every shard but the first, which for a large bot is minutes).
        """
        if self._concurrency is None:
            try:
                self._concurrency = (await self.fetch_session_start_limits()).max_concurrency
            except discord.DiscordException as error:
                logger.warning("Discord did not say how many may identify at once: %s", error)
                self._concurrency = 1
        bucket = (shard_id or 0) % max(self._concurrency, 1)
        loop = asyncio.get_running_loop()
        last = self._identified.get(bucket)
        if last is not None:
            await asyncio.sleep(max(0.0, last + IDENTIFY_WINDOW - loop.time()))
        self._identified[bucket] = loop.time()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Keep the name of whoever acts (a command, a button, a menu), for images to show."""
        if self._service is None:
            return
        user = interaction.user
        try:
            await self._service.remember_name(str(user.id), user.display_name)
        except Exception:  # the action itself goes on: a name is not worth refusing it
            logger.exception("the name of %s was not kept", user.id)

    def _watch_health(self) -> None:
        """Serve the metrics where the settings say, and keep them and the log's summary."""
        if self.settings.metrics_port is not None:
            try:
                metrics.serve(self.settings.metrics_port, self.settings.metrics_host)
            except OSError as error:  # a port taken: the bot plays on, unwatched
                logger.error(
                    "the metrics cannot be served on %s:%d: %s",
                    self.settings.metrics_host,
                    self.settings.metrics_port,
                    error,
                )
        store, service = self._store, self.service
        assert store is not None

        async def backlog() -> int:
            async with store.read_one() as db:
                return await storage.due_places(db, time.time())

        health = metrics.Health(
            backlog,
            lambda: service.practice.boards,
            log_every=self.settings.health_log_minutes * 60,
        )
        self._background.append(asyncio.create_task(health.run(self._stop)))

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

    async def _release_memory(self) -> None:
        """Hand the pages that freed blocks leave in the C allocator back, each minute.

        bot/allocator.py says why.
        """
        while not self._stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), RELEASE_EVERY)
            if not self._stop.is_set():
                await asyncio.to_thread(release_free_memory)

    async def close(self) -> None:
        """Stop the background work, then close the gateway and the database.

        Called again (a stop signal, then leaving the client's block), it waits for the
        first call to finish rather than starting over: a stop cancelled half-way would
        leave the database's thread open and the process running.
        """
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        self._stop.set()
        # let a delivery round under way finish and record what it sent: cancelled between
        # posting and recording, it would post again after the restart
        if self._background and self.is_ready():  # before that, nothing is being sent
            await asyncio.wait(self._background, timeout=STOP_WAIT)
        for task in self._background:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._service is not None:
            await self._service.stop_practice()
        await practice_opponent.close()  # its Stockfish and worker processes
        await DRAWER.close()  # the worker processes of replays and practice games' images
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
