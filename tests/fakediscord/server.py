"""A small Discord on 127.0.0.1: the REST routes and the gateway the bot uses, and users to act.

The real bot and the real discord.py run unchanged against it; only the network peer is
ours. It keeps guilds, channels, members and messages, records what the bot sent, and lets
a test act as a user: invoke a slash command, which arrives over the gateway as Discord's
INTERACTION_CREATE would.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from tests.fakediscord.commands import may_use, registration_errors
from tests.fakediscord.gateway import Gateway
from tests.fakediscord.snowflakes import Snowflakes
from tests.fakediscord.threads import SEND_MESSAGES_IN_THREADS, Threads, overwrites_refused

logger = logging.getLogger(__name__)

Json = dict[str, Any]
ALL_PERMISSIONS = str((1 << 50) - 1)
MAX_CATEGORY_CHANNELS = 50  # channels a category may hold
EVERYONE_PERMISSIONS = str(0x0000_005E_4006_4E41)  # view, send, history, attach, embed, threads
API = "/api/v10"
NONCE_WINDOW = 300.0  # seconds Discord keeps an enforced nonce (a few minutes)
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
ADMINISTRATOR = 1 << 3


class CommandRefused(PermissionError):
    """Discord's app lets nobody run a slash command where they may not send messages."""


def _now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class Sent:
    """What the bot sent somewhere: a message, an interaction reply or a follow-up."""

    id: int
    channel_id: int | None
    content: str
    embeds: list[Json]
    components: list[Json]
    files: list[tuple[str, bytes]]
    flags: int = 0
    interaction_id: int | None = None
    pings: frozenset[str] = frozenset()  # who Discord notified: everyone, role:ID, user:ID

    @property
    def ephemeral(self) -> bool:
        """Say whether only the person who acted sees it."""
        return bool(self.flags & 64)


@dataclass
class Interaction:
    """One interaction a test started, and what the bot answered to it."""

    id: int
    token: str
    channel_id: int
    created: float = field(default_factory=lambda: asyncio.get_running_loop().time())
    responses: list[Json] = field(default_factory=list)  # the callbacks, in order
    original: Json | None = None  # the message the first reply made, or the one clicked
    answered: asyncio.Event = field(default_factory=asyncio.Event)


class FakeDiscord:
    """The fake: state, the REST routes, the gateway, and the means to act as a user."""

    def __init__(self) -> None:
        self._ids = Snowflakes()
        self.application_id = self.new_id()
        self.bot_user = self._user(self.application_id, "Elevator", bot=True)
        self.users: dict[int, Json] = {self.application_id: self.bot_user}
        self.guilds: dict[int, Json] = {}
        self.channels: dict[int, Json] = {}
        self.messages: dict[int, list[Json]] = {}
        self.commands: dict[int | None, list[Json]] = {}  # guild id (None: global): commands
        self.command_leave: dict[tuple[int, str], set[int]] = {}  # (guild, command): allowed
        self.sent: list[Sent] = []
        self.interactions: dict[int, Interaction] = {}
        self.edits: list[tuple[int, Json]] = []  # (message id, what the edit sent)
        self.late: list[int] = []  # interactions answered after Discord's 3 seconds
        self.dms: dict[int, int] = {}  # user: their DM channel with the bot
        self.bot_permissions: dict[int, int] = {}  # guild: the bot's permissions, if not all
        self.refuse_channels_after: int | None = None  # create this many channels, then fail
        self.channel_delay = 0.0  # seconds each channel takes to create
        self.muted: set[int] = set()  # channels where the bot has lost Send Messages
        self.closed_dms: set[int] = set()  # users who take no direct messages from the bot
        self.held: dict[int, asyncio.Event] = {}  # slow channels: a post waits for the event
        self.refused_tokens: set[str] = set()  # tokens answered 401, as a reset token is
        self.faults: dict[int, float | None] = {}  # channel: 429's retry-after, or None: 500
        self.stalled: set[int] = set()  # channels whose posts are made but not yet answered
        self._nonces: dict[tuple[int, str], tuple[float, Json]] = {}  # enforced nonces
        self.refused: list[tuple[int, int]] = []  # (channel, status) of each request refused
        # bytes a file may have: 10 MiB in DMs and servers without boosts; a test may lower it,
        # and interactions report it (attachment_size_limit) as Discord's do
        self.upload_limit = 10 * 1024 * 1024
        self.identified = asyncio.Event()  # a session of the bot got its READY
        self.gateway = Gateway(self)
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.threads = Threads(self)

    # ------------------------------------------------------------------ the world

    def new_id(self) -> int:
        """Return a fresh snowflake."""
        return self._ids.next()

    def _user(self, user_id: int, name: str, *, bot: bool = False) -> Json:
        return {
            "id": str(user_id),
            "username": name,
            "discriminator": "0",
            "global_name": name,
            "avatar": None,
            "bot": bot,
            "flags": 0,
        }

    def add_user(self, name: str) -> int:
        """Create a person who can act; return their id."""
        user_id = self.new_id()
        self.users[user_id] = self._user(user_id, name)
        return user_id

    def add_guild(self, name: str, owner: int, *, shard: tuple[int, int] | None = None) -> int:
        """Create a guild with a #general channel, owned by owner; return its id.

        shard: (id, count) to make a guild whose events Discord sends to that shard.
        """
        guild_id = self.new_id() if shard is None else self._ids.next_on(*shard)
        everyone = {
            "id": str(guild_id),
            "name": "@everyone",
            "permissions": EVERYONE_PERMISSIONS,
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        self.guilds[guild_id] = {
            "id": str(guild_id),
            "name": name,
            "icon": None,
            "owner_id": str(owner),
            "roles": [everyone],
            "members": {},
            "features": [],
            "emojis": [],
            "stickers": [],
            "preferred_locale": "en-US",
        }
        for user_id in (owner, self.application_id):
            self.add_member(guild_id, user_id)
        self.add_channel(guild_id, "general")
        return guild_id

    def add_role(
        self, guild_id: int, name: str, members: list[int], *, permissions: int = 0
    ) -> int:
        """Create a role (no permissions of its own unless given) for members; return its id."""
        role_id = self.new_id()
        guild = self.guilds[guild_id]
        guild["roles"].append(
            {
                "id": str(role_id),
                "name": name,
                "permissions": str(permissions),
                "position": len(guild["roles"]),
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": True,
                "flags": 0,
            }
        )
        for member in members:
            guild["members"][member]["roles"].append(str(role_id))
        return role_id

    def add_member(self, guild_id: int, user_id: int) -> None:
        """Put a user in a guild."""
        self.guilds[guild_id]["members"][user_id] = {
            "user": self.users[user_id],
            "roles": [],
            "joined_at": _now(),
            "deaf": False,
            "mute": False,
            "flags": 0,
        }

    def add_channel(
        self, guild_id: int, name: str, *, kind: int = 0, parent: int | None = None
    ) -> int:
        """Create a channel in a guild; return its id."""
        channel_id = self.new_id()
        self.channels[channel_id] = {
            "id": str(channel_id),
            "type": kind,
            "guild_id": str(guild_id),
            "name": name,
            "position": len(self.channels),
            "permission_overwrites": [],
            "parent_id": None if parent is None else str(parent),
            "topic": None,
            "nsfw": False,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        self.messages[channel_id] = []
        return channel_id

    def channel_named(self, guild_id: int, name: str) -> int:
        """Return the id of a guild's channel by name."""
        for channel_id, channel in self.channels.items():
            if channel.get("guild_id") == str(guild_id) and channel.get("name") == name:
                return channel_id
        raise KeyError(f"no channel {name!r}")

    def _guild_payload(self, guild_id: int) -> Json:
        guild = self.guilds[guild_id]
        channels = [
            c
            for c in self.channels.values()
            if c.get("guild_id") == str(guild_id) and not self.threads.is_thread(int(c["id"]))
        ]
        members = list(guild["members"].values())
        return {
            **{key: value for key, value in guild.items() if key != "members"},
            "channels": channels,
            "members": members,
            "member_count": len(members),
            "threads": self.threads.active(guild_id),
            "voice_states": [],
            "presences": [],
            "unavailable": False,
            "large": False,
            "premium_tier": 0,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "system_channel_flags": 0,
            "afk_timeout": 300,
            "joined_at": _now(),
        }

    # ------------------------------------------------------------------ serving

    async def start(self, port: int = 0) -> None:
        """Serve on a port of 127.0.0.1: this one, or a free one."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.add_routes(
            [
                web.get("/gateway", self.gateway.serve),
                web.get(f"{API}/users/@me", self._me),
                web.get(f"{API}/oauth2/applications/@me", self._application),
                web.get(f"{API}/gateway/bot", self._gateway_bot),
                web.put(f"{API}/applications/{{app}}/commands", self._put_commands),
                web.put(
                    f"{API}/applications/{{app}}/guilds/{{guild}}/commands", self._put_commands
                ),
                web.post(f"{API}/interactions/{{id}}/{{token}}/callback", self._callback),
                web.post(f"{API}/webhooks/{{app}}/{{token}}", self._followup),
                web.post(f"{API}/channels/{{channel}}/messages", self._create_message),
                web.patch(f"{API}/channels/{{channel}}/messages/{{message}}", self._edit_message),
                web.post(f"{API}/guilds/{{guild}}/channels", self._create_channel),
                web.post(f"{API}/users/@me/channels", self._open_dm),
                web.get(f"{API}/users/{{user}}", self._get_user),
                web.get(f"{API}/channels/{{channel}}", self._get_channel),
                web.delete(f"{API}/channels/{{channel}}", self._delete_channel),
                web.patch(f"{API}/channels/{{channel}}", self._edit_channel),
                web.put(
                    f"{API}/channels/{{channel}}/permissions/{{target}}", self._set_permissions
                ),
                web.get(f"{API}/webhooks/{{app}}/{{token}}/messages/@original", self._original),
                web.patch(
                    f"{API}/webhooks/{{app}}/{{token}}/messages/@original", self._edit_original
                ),
                *self.threads.routes(),
            ]
        )
        app.router.add_route("*", f"{API}/{{tail:.*}}", self._unknown)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        """Close every connection and stop serving."""
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        """Return the REST API's base URL, as the bot's settings take it."""
        return f"http://127.0.0.1:{self.port}{API}"

    @property
    def gateway_url(self) -> str:
        """Return the gateway's URL, as the bot's settings take it."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ------------------------------------------------------------------ REST

    async def _me(self, request: web.Request) -> web.Response:
        self._check_token(request)
        return _json(self.bot_user)

    async def _application(self, request: web.Request) -> web.Response:
        self._check_token(request)
        owner = next(iter(self.users.values()))
        return _json(
            {
                "id": str(self.application_id),
                "name": "Elevator Chess",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": owner,
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "summary": "",
            }
        )

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        self._check_token(request)
        return _json(
            {
                "url": f"ws://127.0.0.1:{self.port}/gateway",
                "shards": self.gateway.recommended_shards(),
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": self.gateway.max_concurrency,
                },
            }
        )

    async def _put_commands(self, request: web.Request) -> web.Response:
        self._check_token(request)
        guild = request.match_info.get("guild")
        given = await request.json()
        errors = registration_errors(given)
        if errors:
            body = {"message": "Invalid Form Body", "code": 50035, "errors": errors}
            return _json(body, status=400)
        stored = []
        for command in given:
            permissions = command.get("default_member_permissions")
            stored.append(
                {
                    **command,
                    # Discord takes the bit set as a number or a string and keeps a string
                    "default_member_permissions": None if permissions is None else str(permissions),
                    "id": str(self.new_id()),
                    "application_id": str(self.application_id),
                    "version": str(self.new_id()),
                    **({"guild_id": guild} if guild else {}),
                }
            )
        self.commands[int(guild) if guild else None] = stored
        return _json(stored)

    async def _callback(self, request: web.Request) -> web.Response:
        interaction = self.interactions[int(request.match_info["id"])]
        if request.match_info["token"] != interaction.token:
            return _error(401, 50027, "Invalid Webhook Token")
        if asyncio.get_running_loop().time() - interaction.created > RESPONSE_WINDOW:
            self.late.append(interaction.id)
            return _error(404, 10062, "Unknown interaction")
        if interaction.responses:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        body, files = await _body(request)
        problem = _too_long(body.get("data") or {})
        if problem:
            return _error(400, 50035, problem)
        if self._too_large(interaction.channel_id, files):
            return _error(413, 40005, "Request entity too large")
        interaction.responses.append(body)
        data = body.get("data") or {}
        if body["type"] == 4:  # a message in reply
            sent = self._record(interaction.channel_id, data, files, interaction.id)
            interaction.original = self._message_payload(sent)
            if not sent.ephemeral:
                self.messages[interaction.channel_id].append(interaction.original)
        elif body["type"] == 7 and interaction.original is not None:  # the clicked message
            self._apply_edit(interaction.original, data)
        interaction.answered.set()
        return _json(
            {
                "interaction": {
                    "id": str(interaction.id),
                    "type": 2,
                    "response_message_loading": body["type"] == 5,
                    "response_message_ephemeral": bool(data.get("flags", 0) & 64),
                }
            }
        )

    async def _followup(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        interaction = next((i for i in self.interactions.values() if i.token == token), None)
        if interaction is None:
            return _error(404, 10015, "Unknown Webhook")
        body, files = await _body(request)
        problem = _too_long(body)
        if problem:
            return _error(400, 50035, problem)
        if self._too_large(interaction.channel_id, files):
            return _error(413, 40005, "Request entity too large")
        first = interaction.responses[:1]
        if first and first[0]["type"] == 5 and not self.replies(interaction):
            # the first follow-up replaces the "thinking" message: it keeps its visibility
            deferred = (first[0].get("data") or {}).get("flags", 0) & 64
            body = {**body, "flags": (body.get("flags") or 0) & ~64 | deferred}
        sent = self._record(interaction.channel_id, body, files, interaction.id)
        payload = self._message_payload(sent)
        if not sent.ephemeral and interaction.channel_id in self.messages:
            self.messages[interaction.channel_id].append(payload)
        interaction.answered.set()
        return _json(payload)

    async def _create_message(self, request: web.Request) -> web.Response:
        self._check_token(request)
        channel_id = int(request.match_info["channel"])
        if channel_id in self.faults:
            return self._fault(channel_id)
        if channel_id not in self.channels:
            return _error(404, 10003, "Unknown Channel")
        if channel_id in self.muted:
            return _error(403, 50013, "Missing Permissions")
        refusal = await self.threads.posted(channel_id)  # an archived thread opens again
        if refusal is not None:
            return refusal
        if any(self.dms.get(user) == channel_id for user in self.closed_dms):
            return _error(403, 50007, "Cannot send messages to this user")
        body, files = await _body(request)
        problem = _too_long(body)
        if problem:
            return _error(400, 50035, problem)
        if self._too_large(channel_id, files):
            return _error(413, 40005, "Request entity too large")
        gate = self.held.get(channel_id)
        if gate is not None:
            await gate.wait()
        nonce = body.get("nonce")
        if nonce is not None and len(str(nonce)) > 25:
            return _error(400, 50035, "Invalid Form Body: nonce must be 25 or fewer in length")
        if body.get("enforce_nonce") and nonce is not None:
            earlier = self._nonces.get((channel_id, str(nonce)))
            if earlier is not None and time.monotonic() - earlier[0] < NONCE_WINDOW:
                return _json(earlier[1])  # the message already made with this nonce
        sent = self._record(channel_id, body, files, None)
        payload = self._message_payload(sent) | {"nonce": nonce}
        self.messages[channel_id].append(payload)
        if nonce is not None:
            self._nonces[(channel_id, str(nonce))] = (time.monotonic(), payload)
        while channel_id in self.stalled:  # made, but no answer until the channel is let go
            await asyncio.sleep(0.05)
        return _json(payload)

    async def _original(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        interaction = next((i for i in self.interactions.values() if i.token == token), None)
        if interaction is None or interaction.original is None:
            return _error(404, 10008, "Unknown Message")
        return _json(interaction.original)

    async def _edit_original(self, request: web.Request) -> web.Response:
        """Edit the first reply to an interaction: a deferred one gets its words here."""
        token = request.match_info["token"]
        interaction = next((i for i in self.interactions.values() if i.token == token), None)
        if interaction is None:
            return _error(404, 10015, "Unknown Webhook")
        if not interaction.responses:
            return _error(404, 10008, "Unknown Message")
        body, files = await _body(request)
        problem = _too_long(body)
        if problem:
            return _error(400, 50035, problem)
        if interaction.original is None:  # the "thinking" message, in its visibility
            deferred = (interaction.responses[0].get("data") or {}).get("flags", 0) & 64
            sent = self._record(interaction.channel_id, {**body, "flags": deferred}, files, None)
            sent.interaction_id = interaction.id
            interaction.original = self._message_payload(sent)
            if not sent.ephemeral and interaction.channel_id in self.messages:
                self.messages[interaction.channel_id].append(interaction.original)
        else:
            self._apply_edit(interaction.original, body)
        return _json(interaction.original)

    async def _edit_message(self, request: web.Request) -> web.Response:
        self._check_token(request)
        if int(request.match_info["channel"]) in self.faults:
            return self._fault(int(request.match_info["channel"]))
        message = self.message(int(request.match_info["message"]))
        if message is None or int(message["channel_id"]) != int(request.match_info["channel"]):
            return _error(404, 10008, "Unknown Message")
        body, _ = await _body(request)
        self._apply_edit(message, body)
        return _json(message)

    def _apply_edit(self, message: Json, body: Json) -> None:
        for key in ("content", "embeds", "components"):
            if key in body:
                message[key] = body[key] if body[key] is not None else []
        message["edited_timestamp"] = _now()
        self.edits.append((int(message["id"]), body))

    def message(self, message_id: int) -> Json | None:
        """Return a message still in a channel, or a private reply to an interaction, by id."""
        for messages in self.messages.values():
            for message in messages:
                if int(message["id"]) == message_id:
                    return message
        for interaction in self.interactions.values():
            if interaction.original is not None and int(interaction.original["id"]) == message_id:
                return interaction.original
        return None

    async def press(self, user_id: int, interaction: Interaction) -> Interaction:
        """Press the first button of the bot's reply to an interaction (a confirmation, say)."""
        reply = interaction.original
        if reply is None or not reply.get("components"):
            raise KeyError("the bot's reply has no button")
        button = reply["components"][0]["components"][0]["custom_id"]
        return await self.click(user_id, int(reply["id"]), button)

    async def _create_channel(self, request: web.Request) -> web.Response:
        self._check_token(request)
        guild_id = int(request.match_info["guild"])
        await asyncio.sleep(self.channel_delay)
        if self.refuse_channels_after is not None:
            if self.refuse_channels_after <= 0:
                return _error(403, 50013, "Missing Permissions")
            self.refuse_channels_after -= 1
        body = await request.json()
        full = self.threads.server_full(guild_id) or overwrites_refused(
            self.bot_permissions.get(guild_id, int(ALL_PERMISSIONS)),
            body.get("permission_overwrites") or [],
        )
        if full is not None:
            return full
        parent = body.get("parent_id")
        kind = body.get("type", 0)
        siblings = [
            c for c in self.channels.values() if parent and c.get("parent_id") == str(parent)
        ]
        if len(siblings) >= MAX_CATEGORY_CHANNELS:  # Discord's limit of a category
            return _error(400, 50035, "Maximum number of channels in category reached (50)")
        name = body["name"] if kind == 4 else body["name"].lower().replace(" ", "-")
        channel_id = self.add_channel(
            guild_id, name, kind=kind, parent=int(parent) if parent else None
        )
        channel = self.channels[channel_id]
        given = body.get("permission_overwrites") or []
        if not given and parent:  # a channel without overwrites syncs with its category
            given = self.channels[int(parent)]["permission_overwrites"]
        channel["permission_overwrites"] = [
            {
                **o,
                "id": str(o["id"]),
                "allow": str(o.get("allow", 0)),
                "deny": str(o.get("deny", 0)),
            }
            for o in given
        ]
        await self.dispatch("CHANNEL_CREATE", channel)
        return _json(channel)

    async def _delete_channel(self, request: web.Request) -> web.Response:
        self._check_token(request)
        channel = self.channels.pop(int(request.match_info["channel"]), None)
        if channel is None:
            return _error(404, 10003, "Unknown Channel")
        self.messages.pop(int(channel["id"]), None)
        self.threads.drop_children(int(channel["id"]))
        await self.dispatch("CHANNEL_DELETE", channel)
        return _json(channel)

    async def _get_user(self, request: web.Request) -> web.Response:
        self._check_token(request)
        user = self.users.get(int(request.match_info["user"]))
        return _json(user) if user is not None else _error(404, 10013, "Unknown User")

    async def _open_dm(self, request: web.Request) -> web.Response:
        self._check_token(request)
        user_id = int((await request.json())["recipient_id"])
        return _json(self.channels[self.dm_of(user_id)])

    async def _get_channel(self, request: web.Request) -> web.Response:
        self._check_token(request)
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is None:
            return _error(404, 10003, "Unknown Channel")
        return _json(channel)

    async def _edit_channel(self, request: web.Request) -> web.Response:
        self._check_token(request)
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is None:
            return _error(404, 10003, "Unknown Channel")
        body = await request.json()
        answer = await self.threads.edited(int(channel["id"]), body)
        if answer is not None:
            return answer
        if "permission_overwrites" in body:
            refused = overwrites_refused(
                self.bot_permissions.get(int(channel["guild_id"]), int(ALL_PERMISSIONS)),
                body["permission_overwrites"],
            )
            if refused is not None:
                return refused
            channel["permission_overwrites"] = [
                {
                    **o,
                    "id": str(o["id"]),
                    "allow": str(o.get("allow", 0)),
                    "deny": str(o.get("deny", 0)),
                }
                for o in body["permission_overwrites"]
            ]
        for key in ("name", "topic", "parent_id", "position"):
            if key in body:
                channel[key] = body[key]
        await self.dispatch("CHANNEL_UPDATE", channel)
        return _json(channel)

    async def _set_permissions(self, request: web.Request) -> web.Response:
        self._check_token(request)
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is None:
            return _error(404, 10003, "Unknown Channel")
        body = await request.json()
        target = request.match_info["target"]
        entry = {
            "id": target,
            "type": body.get("type", 1),
            "allow": str(body.get("allow", 0)),
            "deny": str(body.get("deny", 0)),
        }
        overwrites = [o for o in channel["permission_overwrites"] if o["id"] != target]
        channel["permission_overwrites"] = [*overwrites, entry]
        await self.dispatch("CHANNEL_UPDATE", channel)
        return web.Response(status=204)

    async def delete_channel(self, channel_id: int) -> None:
        """Delete a channel as a server admin would."""
        channel = self.channels.pop(channel_id)
        self.messages.pop(channel_id, None)
        self.threads.drop_children(channel_id)
        await self.dispatch("CHANNEL_DELETE", channel)

    def permissions(self, channel_id: int, user_id: int) -> int:
        """Return a member's permissions in a guild channel, as Discord works them out.

        The roles' permissions (with @everyone's), then the channel's overwrites: @everyone's,
        then the member's roles' together, then the member's own. The owner and
        administrators have every permission. A thread has its parent's permissions.
        """
        channel = self.channels[self.threads.ruling(channel_id)]
        guild = self.guilds[int(channel["guild_id"])]
        if guild["owner_id"] == str(user_id):
            return int(ALL_PERMISSIONS)
        held = {str(guild["id"]), *guild["members"][user_id]["roles"]}
        allowed = 0
        for role in guild["roles"]:
            if role["id"] in held:
                allowed |= int(role["permissions"])
        if allowed & ADMINISTRATOR:
            return int(ALL_PERMISSIONS)
        overwrites = {entry["id"]: entry for entry in channel["permission_overwrites"]}
        everyone = overwrites.get(str(guild["id"]))
        if everyone is not None:
            allowed = (allowed & ~int(everyone["deny"])) | int(everyone["allow"])
        denied = granted = 0
        for role_id in held - {str(guild["id"])}:
            if role_id in overwrites:
                denied |= int(overwrites[role_id]["deny"])
                granted |= int(overwrites[role_id]["allow"])
        allowed = (allowed & ~denied) | granted
        own = overwrites.get(str(user_id))
        if own is not None:
            allowed = (allowed & ~int(own["deny"])) | int(own["allow"])
        return allowed

    def _may_type(self, user_id: int, channel_id: int) -> None:
        """Refuse a command where Discord hides the message box: no Send Messages there."""
        if "guild_id" not in self.channels[channel_id]:
            return
        # in a thread Discord asks for Send Messages in Threads instead of Send Messages
        sending = SEND_MESSAGES_IN_THREADS if self.threads.is_thread(channel_id) else SEND_MESSAGES
        needed = VIEW_CHANNEL | sending
        if self.permissions(channel_id, user_id) & needed != needed:
            name = self.channels[channel_id]["name"]
            raise CommandRefused(f"user {user_id} may not send messages in #{name}")

    def allow_command(self, guild_id: int, name: str, target: int) -> None:
        """Let a role or member use a command, as an admin does in Settings -> Integrations."""
        self.command_leave.setdefault((guild_id, name), set()).add(target)

    def _may_use(self, user_id: int, channel_id: int, name: str) -> None:
        """Refuse a registered command that Discord hides from a member: its default permissions.

        A command nobody registered is let through, so that tests that skip the sync run.
        """
        guild = self.channels[channel_id].get("guild_id")
        command = self._registered(channel_id, name)
        if guild is None or command is None:
            return
        member = self.guilds[int(guild)]["members"][user_id]
        leave = self.command_leave.get((int(guild), name), set())
        allowed = bool(leave & {user_id, *map(int, member["roles"])})
        if not may_use(command, self.permissions(channel_id, user_id), allowed):
            raise CommandRefused(f"user {user_id} may not use /{name}: Discord does not show it")

    def _among_choices(self, channel_id: int, name: str, options: list[Json]) -> None:
        """Refuse a value an option with choices does not offer: Discord's app sends no other."""
        command = self._registered(channel_id, name)
        if command is not None:  # not registered: tests that skip the sync
            _check_choices(name, command.get("options") or [], options)

    def _registered(self, channel_id: int, name: str) -> Json | None:
        """Return the command of a name registered where a channel is (its guild, or global)."""
        guild = self.channels[channel_id].get("guild_id")
        scopes = (self.commands.get(int(guild)) if guild else None) or []
        every = scopes + (self.commands.get(None) or [])
        return next((command for command in every if command["name"] == name), None)

    def overwrite(self, channel_id: int, target: int) -> tuple[int, int] | None:
        """Return the (allow, deny) bits a channel sets for a role or member, if any."""
        for entry in self.channels[channel_id]["permission_overwrites"]:
            if int(entry["id"]) == target:
                return int(entry["allow"]), int(entry["deny"])
        return None

    def fail_messages(self, channel_id: int) -> None:
        """Answer 500 to every request to a channel's messages, until heal is called."""
        self.faults[channel_id] = None

    def rate_limit_messages(self, channel_id: int, retry_after: float) -> None:
        """Answer 429 to every request to a channel's messages, as Discord rate limits them."""
        self.faults[channel_id] = retry_after

    def heal(self, channel_id: int) -> None:
        """Let a channel's messages through again."""
        self.faults.pop(channel_id, None)

    def _fault(self, channel_id: int) -> web.Response:
        retry_after = self.faults[channel_id]
        if retry_after is None:
            self.refused.append((channel_id, 500))
            return _error(500, 0, "500: Internal Server Error")
        self.refused.append((channel_id, 429))
        reset = datetime.now(UTC).timestamp() + retry_after
        response = _json(
            {"message": "You are being rate limited.", "retry_after": retry_after, "global": False},
            status=429,
        )
        response.headers.update(
            {
                "Retry-After": str(int(retry_after)),
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{reset:.3f}",
                "X-RateLimit-Reset-After": f"{retry_after:.3f}",
                "X-RateLimit-Bucket": f"messages-{channel_id}",
                "X-RateLimit-Scope": "user",
                "Via": "1.1 google",  # discord.py takes a 429 without it for Cloudflare's ban
            }
        )
        return response

    async def _unknown(self, request: web.Request) -> web.Response:
        logger.warning("the fake Discord has no route %s %s", request.method, request.path)
        return _error(404, 0, f"the fake Discord has no route {request.method} {request.path}")

    def _too_large(self, channel_id: int | None, files: list[tuple[str, bytes]]) -> bool:
        """Say whether a file is over the upload limit, noting the refusal as Discord's 413."""
        if all(len(data) <= self.upload_limit for _, data in files):
            return False
        self.refused.append((channel_id or 0, 413))
        return True

    def _check_token(self, request: web.Request) -> None:
        given = request.headers.get("Authorization", "")
        if not given.startswith("Bot ") or given.removeprefix("Bot ") in self.refused_tokens:
            raise web.HTTPUnauthorized(text='{"message": "401: Unauthorized", "code": 0}')

    def _record(
        self, channel_id: int | None, body: Json, files: list[tuple[str, bytes]], reply: int | None
    ) -> Sent:
        sent = Sent(
            self.new_id(),
            channel_id,
            body.get("content") or "",
            body.get("embeds") or [],
            body.get("components") or [],
            files,
            body.get("flags") or 0,
            reply,
            _pings(body.get("content") or "", body.get("allowed_mentions")),
        )
        self.sent.append(sent)
        return sent

    def _message_payload(self, sent: Sent) -> Json:
        return {
            "id": str(sent.id),
            "channel_id": str(sent.channel_id or 0),
            "author": self.bot_user,
            "content": sent.content,
            "timestamp": _now(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": "everyone" in sent.pings,
            "mentions": [
                self.users[int(p[5:])]
                for p in sorted(sent.pings)
                if p.startswith("user:") and int(p[5:]) in self.users
            ],
            "mention_roles": [p[5:] for p in sorted(sent.pings) if p.startswith("role:")],
            "attachments": [
                {
                    "id": str(self.new_id()),
                    "filename": name,
                    "size": len(data),
                    "url": f"http://127.0.0.1:{self.port}/attachments/{name}",
                    "proxy_url": f"http://127.0.0.1:{self.port}/attachments/{name}",
                }
                for name, data in sent.files
            ],
            "embeds": sent.embeds,
            "components": sent.components,
            "pinned": False,
            "type": 0,
            "flags": sent.flags,
        }

    # ------------------------------------------------------------------ the gateway

    async def dispatch(self, event: str, data: Json) -> None:
        """Send an event to the bot's session of the shard Discord would send it to."""
        await self.gateway.dispatch(event, data)

    # ------------------------------------------------------------------ acting as a user

    async def invoke(
        self,
        user_id: int,
        channel_id: int,
        name: str,
        options: list[Json] | None = None,
        *,
        subcommand: str | None = None,
        timeout: float = 20.0,
    ) -> Interaction:
        """Run a slash command as a user in a channel; return once the bot has answered.

        Raise CommandRefused where the user may not send messages, as Discord's app does.
        """
        self._may_type(user_id, channel_id)
        self._may_use(user_id, channel_id, name)
        guild_id = int(self.channels[channel_id].get("guild_id", 0))
        if subcommand is not None:
            options = [{"type": 1, "name": subcommand, "options": options or []}]
        self._among_choices(channel_id, name, options or [])
        data: Json = {
            "id": str(self.new_id()),
            "name": name,
            "type": 1,
            "options": options or [],
            "guild_id": str(guild_id),
        }
        named = {
            kind: [int(o["value"]) for o in _flat(options or []) if o.get("type") == kind]
            for kind in (6, 7, 8)
        }
        if any(named.values()):  # Discord sends the users, channels and roles options name
            guild = self.guilds.get(guild_id, {"members": {}, "roles": []})
            members = guild["members"]
            roles = {int(r["id"]): r for r in guild["roles"]}
            data["resolved"] = {
                "users": {str(p): self.users[p] for p in named[6]},
                "members": {
                    str(p): {k: v for k, v in members[p].items() if k != "user"}
                    | {"permissions": EVERYONE_PERMISSIONS}
                    for p in named[6]
                    if p in members
                },
                "channels": {
                    str(c): {**self.channels[c], "permissions": ALL_PERMISSIONS} for c in named[7]
                },
                "roles": {str(r): roles[r] for r in named[8]},
            }
        return await self._interact(user_id, channel_id, 2, data, None, timeout)

    async def autocomplete(
        self,
        user_id: int,
        channel_id: int,
        name: str,
        options: list[Json],
        *,
        timeout: float = 20.0,
    ) -> list[Json]:
        """Ask for a command's autocomplete as a user typing it; return the choices offered.

        The option being typed carries "focused": true.
        """
        self._may_type(user_id, channel_id)
        self._may_use(user_id, channel_id, name)
        guild_id = int(self.channels[channel_id].get("guild_id", 0))
        data = {"id": str(self.new_id()), "name": name, "type": 1, "options": options}
        data["guild_id"] = str(guild_id)
        interaction = await self._interact(user_id, channel_id, 4, data, None, timeout)
        return list(interaction.responses[-1]["data"]["choices"])

    async def click(
        self,
        user_id: int,
        message_id: int,
        custom_id: str,
        *,
        values: list[str] | None = None,
        timeout: float = 20.0,
    ) -> Interaction:
        """Press a button, or choose values in a select menu, as a user; wait for the answer."""
        message = self.message(message_id)
        if message is None:
            raise KeyError(f"no message {message_id}")
        data: Json = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data = {"custom_id": custom_id, "component_type": 3, "values": values}
        channel_id = int(message["channel_id"])
        return await self._interact(user_id, channel_id, 3, data, message, timeout)

    async def _interact(
        self,
        user_id: int,
        channel_id: int,
        kind: int,
        data: Json,
        message: Json | None,
        timeout: float,
    ) -> Interaction:
        channel = self.channels[channel_id]
        interaction = Interaction(self.new_id(), secrets.token_urlsafe(24), channel_id)
        interaction.original = message
        self.interactions[interaction.id] = interaction
        payload: Json = {
            "id": str(interaction.id),
            "application_id": str(self.application_id),
            "type": kind,
            "token": interaction.token,
            "version": 1,
            "channel_id": str(channel_id),
            "channel": channel,
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": self.upload_limit,
        }
        if "guild_id" in channel:  # in a server: a member, with the bot's permissions there
            guild_id = int(channel["guild_id"])
            member = self.guilds[guild_id]["members"][user_id]
            payload |= {
                "guild_id": str(guild_id),
                "member": {**member, "permissions": EVERYONE_PERMISSIONS},
                "data": data,
                "app_permissions": str(self.bot_permissions.get(guild_id, int(ALL_PERMISSIONS))),
                "guild_locale": "en-US",
                "authorizing_integration_owners": {"0": str(guild_id)},
                "context": 0,
            }
        else:  # in a DM with the bot: a user, and no guild anywhere
            payload |= {
                "user": self.users[user_id],
                "data": {key: value for key, value in data.items() if key != "guild_id"},
                "app_permissions": ALL_PERMISSIONS,
                "authorizing_integration_owners": {"0": str(user_id)},
                "context": 1,
            }
        if message is not None:
            payload["message"] = message
        await self.dispatch("INTERACTION_CREATE", payload)
        await asyncio.wait_for(interaction.answered.wait(), timeout)
        return interaction

    def dm_of(self, user_id: int) -> int:
        """Return the DM channel between a user and the bot, opening it if need be."""
        if user_id not in self.dms:
            channel_id = self.new_id()
            self.channels[channel_id] = {
                "id": str(channel_id),
                "type": 1,
                "recipients": [self.users[user_id]],
                "last_message_id": None,
                "flags": 0,
            }
            self.messages[channel_id] = []
            self.dms[user_id] = channel_id
        return self.dms[user_id]

    def replies(self, interaction: Interaction) -> list[Sent]:
        """Return the messages the bot sent in answer to an interaction."""
        return [sent for sent in self.sent if sent.interaction_id == interaction.id]


async def _body(request: web.Request) -> tuple[Json, list[tuple[str, bytes]]]:
    """Read a JSON or multipart request: its payload and its files (name, bytes)."""
    if not request.content_type.startswith("multipart/"):
        return (await request.json() if request.can_read_body else {}), []
    form = await request.post()
    files: list[tuple[str, bytes]] = []
    body: Json = {}
    for key, value in form.items():
        if key == "payload_json":
            body = json.loads(str(value))
        elif isinstance(value, web.FileField):
            files.append((value.filename, value.file.read()))
    return body, files


RESPONSE_WINDOW = 3.0  # seconds Discord gives a bot to answer an interaction


def _pings(content: str, allowed: Json | None) -> frozenset[str]:
    """Return whom a message notifies, as Discord reads its content and allowed_mentions.

    Without allowed_mentions every mention in the content pings; with it, only the kinds
    named in parse, and the users and roles listed by id.
    """
    users = set(re.findall(r"<@!?(\d+)>", content))
    roles = set(re.findall(r"<@&(\d+)>", content))
    everyone = "@everyone" in content or "@here" in content
    if allowed is not None:
        parse = set(allowed.get("parse") or [])
        if "users" not in parse:
            users &= {str(user) for user in allowed.get("users") or []}
        if "roles" not in parse:
            roles &= {str(role) for role in allowed.get("roles") or []}
        everyone = everyone and "everyone" in parse
    found = {f"user:{user}" for user in users} | {f"role:{role}" for role in roles}
    return frozenset(found | ({"everyone"} if everyone else set()))


def _too_long(body: Json) -> str | None:
    """Say which of Discord's size limits a message breaks, if any."""
    if len(body.get("content") or "") > 2000:
        return "content: Must be 2000 or fewer in length."
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        return "embeds: Must be 10 or fewer in length."
    for embed in embeds:
        if len(embed.get("description") or "") > 4096:
            return "embeds.description: Must be 4096 or fewer in length."
        if len(embed.get("title") or "") > 256:
            return "embeds.title: Must be 256 or fewer in length."
        if len((embed.get("footer") or {}).get("text") or "") > 2048:
            return "embeds.footer.text: Must be 2048 or fewer in length."
        if len(embed.get("fields") or []) > 25:
            return "embeds.fields: Must be 25 or fewer in length."
        for field_ in embed.get("fields") or []:
            if len(field_.get("value") or "") > 1024:
                return "embeds.fields.value: Must be 1024 or fewer in length."
            if len(field_.get("name") or "") > 256:
                return "embeds.fields.name: Must be 256 or fewer in length."
    if sum(_embed_size(embed) for embed in embeds) > 6000:
        return "embeds: Embed size exceeds maximum size of 6000"
    choices = body.get("choices")
    if choices is not None and (len(choices) > 25 or any(len(c["name"]) > 100 for c in choices)):
        return "choices: at most 25, each named in at most 100 characters."
    if choices is not None and any(len(str(c["value"])) > 100 for c in choices):
        return "choices.value: a string value must be 100 or fewer in length."
    return None


def _embed_size(embed: Json) -> int:
    """Count an embed's characters as Discord does toward its 6,000 in a message."""
    texts = [embed.get("title"), embed.get("description")]
    texts += [(embed.get("footer") or {}).get("text"), (embed.get("author") or {}).get("name")]
    texts += [part for f in embed.get("fields") or [] for part in (f.get("name"), f.get("value"))]
    return sum(len(text or "") for text in texts)


def _flat(options: list[Json]) -> list[Json]:
    """Return the options of a command, those inside subcommands included."""
    found = []
    for option in options:
        found.append(option)
        found += _flat(option.get("options") or [])
    return found


def _error(status: int, code: int, message: str) -> web.Response:
    return _json({"message": message, "code": code}, status=status)


def _json(data: Any, status: int = 200) -> web.Response:
    """Answer with JSON typed exactly as Discord types it (discord.py checks the header)."""
    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


def _check_choices(path: str, registered: list[Json], given: list[Json]) -> None:
    """Refuse, as Discord's app does, a value outside the choices a command's option offers.

    The app sends no command without its required options, nor text outside its lengths.
    """
    named = {option["name"] for option in given}
    for option in registered:
        if option.get("required") and option["name"] not in named:
            raise CommandRefused(f"/{path} needs its option {option['name']}")
    for option in given:
        found = next((o for o in registered if o["name"] == option["name"]), None)
        if found is None:
            raise CommandRefused(f"/{path} has no option {option['name']}")
        if option.get("type") in (1, 2):
            _check_choices(
                f"{path} {option['name']}", found.get("options") or [], option["options"]
            )
            continue
        if option.get("type") == 3 and not option.get("focused"):
            length = len(str(option.get("value")))
            if not found.get("min_length", 0) <= length <= found.get("max_length", 6000):
                raise CommandRefused(f"/{path} {option['name']} takes no text {length} long")
        choices = found.get("choices")
        if choices and option.get("value") not in [choice["value"] for choice in choices]:
            raise CommandRefused(
                f"/{path} {option['name']} offers only its choices, not {option.get('value')!r}"
            )
