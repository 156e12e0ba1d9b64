"""The fake Discord's gateway, sharded as Discord's is: each session gets its own shard's events.

A bot identifies with `shard: [id, count]` (none: shard 0 of 1). Its READY lists the servers
of its shard only, one GUILD_CREATE follows for each, and afterwards a server's events go to
the session of shard `(server id >> 22) % count` and DM events to shard 0. After its servers
the gateway asks for a heartbeat (op 1, as Discord may at any time): the sequence number the
bot's answer carries says it has read every event before, its servers among them. Discord's
refusals are kept: a shard id outside its count is closed with 4010 (Invalid shard), and a
shard that would hold more than 2,500 servers with 4011 (Sharding required).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord

logger = logging.getLogger(__name__)

Json = dict[str, Any]
MAX_GUILDS_PER_SHARD: Final = 2500  # Discord closes a session that would hold more
GUILDS_PER_SHARD: Final = 1000  # /gateway/bot advises a shard per this many servers
INVALID_SHARD: Final = 4010
SHARDING_REQUIRED: Final = 4011
DISALLOWED_INTENTS: Final = 4014
GUILDS: Final = 1 << 0
GUILD_MEMBERS: Final = 1 << 1
GUILD_PRESENCES: Final = 1 << 8
GUILD_MESSAGES: Final = 1 << 9
DIRECT_MESSAGES: Final = 1 << 12
MESSAGE_CONTENT: Final = 1 << 15
PRIVILEGED: Final = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT
# the intent each event the fake sends needs; others (READY, INTERACTION_CREATE) need none
EVENT_INTENTS: Final = {
    "GUILD_CREATE": GUILDS,
    "GUILD_UPDATE": GUILDS,
    "GUILD_DELETE": GUILDS,
    "CHANNEL_CREATE": GUILDS,
    "CHANNEL_UPDATE": GUILDS,
    "CHANNEL_DELETE": GUILDS,
    "THREAD_CREATE": GUILDS,
    "THREAD_UPDATE": GUILDS,
    "THREAD_DELETE": GUILDS,
    "GUILD_MEMBER_ADD": GUILD_MEMBERS,
    "GUILD_MEMBER_UPDATE": GUILD_MEMBERS,
    "GUILD_MEMBER_REMOVE": GUILD_MEMBERS,
    "PRESENCE_UPDATE": GUILD_PRESENCES,
}
# a message's events need the intent of where it was posted: a server's channel or a DM
MESSAGE_EVENTS: Final = frozenset({"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE"})


def needed_intents(event: str, guild: object) -> int:
    """Return the intents a session needs to be sent an event about a server (None: a DM)."""
    if event in MESSAGE_EVENTS:
        return DIRECT_MESSAGES if guild is None else GUILD_MESSAGES
    return EVENT_INTENTS.get(event, 0)


def shard_of(guild_id: int | None, count: int) -> int:
    """Return the shard Discord sends a server's events to (DMs: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass
class Session:
    """One connection to the gateway, and the shard it identified as."""

    socket: web.WebSocketResponse
    shard: int = 0
    count: int = 1
    intents: int = 0
    ready: bool = False
    seq: int = 0  # each session numbers its own events
    ready_seq: int = 0  # the number of the session's last GUILD_CREATE (or its READY)
    read: int | None = None  # the last event's number the bot said, in a heartbeat, it read
    events: list[str] = field(default_factory=list)  # the events it was sent, in order
    heard: list[int | None] = field(default_factory=list)  # the server of each event routed


class Gateway:
    """Sessions of a bot, by shard; events routed to the shard Discord would send them to."""

    def __init__(self, discord: FakeDiscord) -> None:
        self._discord = discord
        self.sessions: list[Session] = []
        self.max_concurrency = 1  # shards that may identify at once, as /gateway/bot says
        self.closed: list[tuple[int, int]] = []  # (shard, close code) of each session refused
        # a shard's session has read its servers (its heartbeat said so)
        self.shard_ready: defaultdict[int, asyncio.Event] = defaultdict(asyncio.Event)
        self.identified_at: dict[int, float] = {}  # shard: when it last identified (loop time)
        self.privileged = 0  # the privileged intents the app is allowed in its settings

    def recommended_shards(self) -> int:
        """Return the shard count /gateway/bot advises: one per 1,000 servers or so."""
        return max(1, math.ceil(len(self._discord.guilds) / GUILDS_PER_SHARD))

    def guilds_of(self, shard: int, count: int) -> list[int]:
        """Return the servers whose events go to shard of count."""
        return [g for g in self._discord.guilds if shard_of(g, count) == shard]

    async def serve(self, request: web.Request) -> web.WebSocketResponse:
        """Hold one gateway connection: hello, heartbeats, identify, then events."""
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        session = Session(socket)
        self.sessions.append(session)
        await _send(socket, {"op": 10, "d": {"heartbeat_interval": 41250}})
        try:
            async for frame in socket:
                if frame.type != WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                if message["op"] == 1:
                    await _send(socket, {"op": 11})
                    self._heard(session, message.get("d"))
                elif message["op"] == 2:
                    await self._identify(session, message["d"])
        finally:
            self.sessions.remove(session)
            if session.ready and not self._serving(session.shard):
                self.shard_ready[session.shard].clear()
        return socket

    def _heard(self, session: Session, read: int | None) -> None:
        """Note a heartbeat's number: the first that covers the session's servers readies it."""
        before, session.read = session.read, read
        if session.ready and (read or 0) >= session.ready_seq > (before or 0):
            self.shard_ready[session.shard].set()
            self._discord.identified.set()
        self._discord.changes.notify()

    def _serving(self, shard: int) -> bool:
        return any(s.ready and s.shard == shard for s in self.sessions)

    async def _identify(self, session: Session, identify: Json) -> None:
        shard, count = identify.get("shard") or (0, 1)
        intents = int(identify.get("intents", 0))
        if intents & PRIVILEGED & ~self.privileged:
            await self._refuse(session, shard, DISALLOWED_INTENTS, "Disallowed intent(s).")
            return
        if count < 1 or not 0 <= shard < count:
            await self._refuse(session, shard, INVALID_SHARD, "Invalid shard.")
            return
        guilds = self.guilds_of(shard, count)
        if len(guilds) > MAX_GUILDS_PER_SHARD:
            await self._refuse(session, shard, SHARDING_REQUIRED, "Sharding required.")
            return
        session.shard, session.count, session.intents = shard, count, intents
        self.identified_at[shard] = asyncio.get_running_loop().time()
        discord = self._discord
        await self._dispatch_to(
            session,
            "READY",
            {
                "v": 10,
                "user": discord.bot_user,
                "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                "session_id": secrets.token_hex(16),
                "resume_gateway_url": discord.gateway_url,
                "shard": [shard, count],
                "application": {"id": str(discord.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
            },
        )
        for guild_id in guilds:
            payload = discord._guild_payload(guild_id, intents)
            await self._dispatch_to(session, "GUILD_CREATE", payload)
        session.ready, session.ready_seq = True, session.seq
        await _send(session.socket, {"op": 1, "d": None})  # a heartbeat, now: what have you read?

    async def _refuse(self, session: Session, shard: int, code: int, reason: str) -> None:
        logger.info("closing shard %s: %d %s", shard, code, reason)
        self.closed.append((shard, code))
        await session.socket.close(code=code, message=reason.encode())

    async def _dispatch_to(self, session: Session, event: str, data: Json) -> None:
        session.seq += 1
        session.events.append(event)
        await _send(session.socket, {"op": 0, "t": event, "s": session.seq, "d": data})

    async def dispatch(self, event: str, data: Json) -> int:
        """Send an event to the sessions of the shard it belongs to; return how many got it."""
        guild = data.get("guild_id")
        sent, listening = 0, 0
        needed = needed_intents(event, guild)
        for session in list(self.sessions):
            if session.ready and session.shard == shard_of(
                None if guild is None else int(guild), session.count
            ):
                listening += 1
                if session.intents & needed != needed:
                    continue  # Discord sends no event the session did not ask for
                with contextlib.suppress(ConnectionResetError):
                    session.heard.append(None if guild is None else int(guild))
                    await self._dispatch_to(session, event, data)
                    sent += 1
        if not listening and event not in MESSAGE_EVENTS:  # a test may post with no session
            logger.warning("no session of the shard of guild %s took %s", guild, event)
        return sent

    async def close(self) -> None:
        """Close every connection."""
        for session in list(self.sessions):
            await session.socket.close()


async def _send(socket: web.WebSocketResponse, message: Json) -> None:
    await socket.send_str(json.dumps(message))
