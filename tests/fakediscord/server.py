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
import os
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from tests.fakediscord.checks import Refusal, answer, body_of, checks, error, invalid
from tests.fakediscord.commands import may_use
from tests.fakediscord.gateway import GUILD_PRESENCES, Gateway
from tests.fakediscord.limits import is_empty, topic_errors
from tests.fakediscord.ratelimits import RateLimits
from tests.fakediscord.schema import answer_errors, spec
from tests.fakediscord.shapes import pings, shown_components, shown_embeds
from tests.fakediscord.snowflakes import Snowflakes
from tests.fakediscord.threads import SEND_MESSAGES_IN_THREADS, Threads, overwrites_refused

logger = logging.getLogger(__name__)

Json = dict[str, Any]
ALL_PERMISSIONS = str((1 << 50) - 1)
LARGE_THRESHOLD = 50  # members past which Discord calls a server large (its default)
# Discord's codes for a request's form: an invalid body, an empty message, invalid JSON
MALFORMED = frozenset({50035, 50006, 50109})
MAX_CATEGORY_CHANNELS = 50  # channels a category may hold
EVERYONE_PERMISSIONS = str(0x0000_005E_4006_4E41)  # view, send, history, attach, embed, threads
API = "/api/v10"
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
ADMINISTRATOR = 1 << 3


class CommandRefused(PermissionError):
    """Discord's app lets nobody run a slash command where they may not send messages."""


def _now() -> str:
    return datetime.now(UTC).isoformat()


def _role(role_id: int, name: str, permissions: str, position: int, **extra: Any) -> Json:
    """Return a role as Discord sends one, with every field it always sends."""
    return {
        "id": str(role_id),
        "name": name,
        "description": None,
        "permissions": permissions,
        "position": position,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "managed": False,
        "mentionable": True,
        "flags": 0,
    } | extra


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
    kind: int = 2  # APPLICATION_COMMAND; 3 a component, 4 autocomplete, 5 a modal's submission
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
        self.upload_delay = 0.0  # seconds a post with files takes to arrive (images are big)
        self.muted: set[int] = set()  # channels where the bot has lost Send Messages
        self.closed_dms: set[int] = set()  # users who take no direct messages from the bot
        self.held: dict[int, asyncio.Event] = {}  # slow channels: a post waits for the event
        self.refused_tokens: set[str] = set()  # tokens answered 401, as a reset token is
        self.faults: dict[int, float | None] = {}  # channel: 429's retry-after, or None: 500
        self.stalled: set[int] = set()  # channels whose posts are made but not yet answered
        self._nonces: dict[tuple[int, str], tuple[float, Json]] = {}  # enforced nonces
        self.nonce_window = 300.0  # seconds Discord keeps an enforced nonce ("a few minutes")
        self.refused: list[tuple[int, int]] = []  # (channel, status) of each request refused
        self.refusals: list[Refusal] = []  # every request refused, with Discord's answer
        self.rate_limits = RateLimits()
        self.requests = 0  # requests received since the start
        self.check_answers = True  # check each answer against the schema Discord publishes
        self.misshapen: list[str] = []  # answers of the fake's that Discord's schema refuses
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
        """Return a user as Discord sends one: every field it always sends, set or null."""
        return {
            "id": str(user_id),
            "username": name,
            "discriminator": "0",
            "global_name": None if bot else name,
            "avatar": None,
            "avatar_decoration_data": None,
            "collectibles": None,
            "primary_guild": None,
            "bot": bot,
            "public_flags": 0,
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
        everyone = _role(guild_id, "@everyone", EVERYONE_PERMISSIONS, 0, mentionable=False)
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
        guild["roles"].append(_role(role_id, name, str(permissions), len(guild["roles"])))
        for member in members:
            guild["members"][member]["roles"].append(str(role_id))
        return role_id

    def add_member(self, guild_id: int, user_id: int) -> None:
        """Put a user in a guild."""
        self.guilds[guild_id]["members"][user_id] = {
            "user": self.users[user_id],
            "nick": None,
            "avatar": None,
            "banner": None,
            "roles": [],
            "joined_at": _now(),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
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

    def _guild_payload(self, guild_id: int, intents: int) -> Json:
        """Return a server as GUILD_CREATE sends it to a session that asked for these intents.

        Without the presences intent Discord lists only the bot itself among the members
        (and whoever is in a voice channel: nobody here); member_count counts them all.
        """
        guild = self.guilds[guild_id]
        channels = [
            c
            for c in self.channels.values()
            if c.get("guild_id") == str(guild_id) and not self.threads.is_thread(int(c["id"]))
        ]
        every = guild["members"]
        members = list(every.values())
        if not intents & GUILD_PRESENCES:
            members = [m for user, m in every.items() if user == self.application_id]
        return {
            **{key: value for key, value in guild.items() if key != "members"},
            "channels": channels,
            "members": members,
            "member_count": len(every),
            "threads": self.threads.active(guild_id),
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "unavailable": False,
            "large": len(every) > LARGE_THRESHOLD,
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
        app = web.Application(client_max_size=64 * 1024 * 1024, middlewares=[checks(self)])
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
                web.get(f"{API}/channels/{{channel}}/messages", self._list_messages),
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
        """Close every connection and stop serving; tally what it served where asked to."""
        tally = os.environ.get("FAKEDISCORD_TALLY")
        if tally:  # a line per fake: how many requests, which refused for their form
            with open(tally, "a") as out:
                refused = [str(r) for r in self.malformed]
                limited = [f"{r.method} {r.path}" for r in self.refusals if r.status == 429]
                line = {"requests": self.requests, "malformed": refused, "limited": limited}
                out.write(json.dumps(line) + "\n")
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
        return answer(self.bot_user | {"mfa_enabled": False, "locale": "en-US", "verified": True})

    async def _application(self, request: web.Request) -> web.Response:
        owner = next(iter(self.users.values()))
        return answer(
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
                "flags_new": "0",
                "summary": "",
                "type": None,
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "role_connections_verification_url": None,
                "approximate_guild_count": len(self.guilds),
                "approximate_user_install_count": 0,
                "approximate_user_authorization_count": 0,
                "explicit_content_filter": 0,
                "eligible_oauth2_scopes": ["bot", "applications.commands"],
            }
        )

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        return answer(
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
        guild = request.match_info.get("guild")
        given, _ = await body_of(request)
        stored = []
        for command in given:
            permissions = command.get("default_member_permissions")
            # what Discord answers: nulls it fills in or leaves out, its defaults set
            kept = {k: v for k, v in command.items() if v is not None or k in NULLABLE_COMMAND}
            stored.append(
                {
                    **kept,
                    "integration_types": command.get("integration_types") or [0],
                    "nsfw": bool(command.get("nsfw")),
                    # Discord takes the bit set as a number or a string and keeps a string
                    "default_member_permissions": None if permissions is None else str(permissions),
                    "id": str(self.new_id()),
                    "application_id": str(self.application_id),
                    "version": str(self.new_id()),
                    **({"guild_id": guild} if guild else {}),
                }
            )
        self.commands[int(guild) if guild else None] = stored
        return answer(stored)

    async def _callback(self, request: web.Request) -> web.Response:
        interaction = self.interactions[int(request.match_info["id"])]
        if request.match_info["token"] != interaction.token:
            return error(401, 50027, "Invalid Webhook Token")
        if asyncio.get_running_loop().time() - interaction.created > RESPONSE_WINDOW:
            self.late.append(interaction.id)
            return error(404, 10062, "Unknown interaction")
        if interaction.responses:
            return error(400, 40060, "Interaction has already been acknowledged.")
        body, files = await body_of(request)
        if body["type"] not in CALLBACKS[interaction.kind]:
            return invalid([(("type",), *callback_refused(interaction.kind))])
        if body["type"] == 4 and is_empty(body.get("data") or {}, files=len(files)):
            return error(400, 50006, "Cannot send an empty message")
        if self._too_large(interaction.channel_id, files):
            return error(413, 40005, "Request entity too large")
        data = body.get("data") or {}
        if body["type"] == 7 and interaction.original is not None:  # the clicked message
            refusal = self._edit_refused(interaction.original, data)
            if refusal is not None:
                return refusal
        interaction.responses.append(body)
        resource: Json = {"type": body["type"]}
        if body["type"] == 4:  # a message in reply
            sent = self._record(interaction.channel_id, data, files, interaction.id)
            interaction.original = self._message_payload(sent)
            if not sent.ephemeral:
                self.messages[interaction.channel_id].append(interaction.original)
            resource["message"] = interaction.original
        elif body["type"] == 7 and interaction.original is not None:
            self._apply_edit(interaction.original, data)
            resource["message"] = interaction.original
        interaction.answered.set()
        told: Json = {
            "id": str(interaction.id),
            "type": interaction.kind,
            "activity_instance_id": None,
            "response_message_loading": body["type"] == 5,
            "response_message_ephemeral": bool(data.get("flags", 0) & 64),
            "channel_id": str(interaction.channel_id),
        }
        guild = self.channels.get(interaction.channel_id, {}).get("guild_id")
        if guild is not None:
            told["guild_id"] = guild
        if "message" not in resource:  # a deferral or a modal: nothing shown yet
            return answer({"interaction": told})
        told["response_message_id"] = resource["message"]["id"]
        return answer({"interaction": told, "resource": resource})

    async def _followup(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        interaction = next((i for i in self.interactions.values() if i.token == token), None)
        if interaction is None:
            return error(404, 10015, "Unknown Webhook")
        if asyncio.get_running_loop().time() - interaction.created > TOKEN_LIFETIME:
            return error(401, 50027, "Invalid Webhook Token")
        body, files = await body_of(request)
        if self._too_large(interaction.channel_id, files):
            return error(413, 40005, "Request entity too large")
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
        return answer(payload)

    async def _create_message(self, request: web.Request) -> web.Response:
        channel_id = int(request.match_info["channel"])
        if channel_id in self.faults:
            return self._fault(channel_id)
        if channel_id not in self.channels:
            return error(404, 10003, "Unknown Channel")
        if channel_id in self.muted:
            return error(403, 50013, "Missing Permissions")
        refusal = await self.threads.posted(channel_id)  # an archived thread opens again
        if refusal is not None:
            return refusal
        if any(self.dms.get(user) == channel_id for user in self.closed_dms):
            return error(403, 50007, "Cannot send messages to this user")
        body, files = await body_of(request)
        if self._too_large(channel_id, files):
            return error(413, 40005, "Request entity too large")
        if files:
            await asyncio.sleep(self.upload_delay)
        gate = self.held.get(channel_id)
        if gate is not None:
            await gate.wait()
        nonce = body.get("nonce")
        if body.get("enforce_nonce") and nonce is not None:
            earlier = self._nonces.get((channel_id, str(nonce)))
            if earlier is not None and time.monotonic() - earlier[0] < self.nonce_window:
                return answer(earlier[1])  # the message already made with this nonce
        sent = self._record(channel_id, body, files, None)
        payload = self._message_payload(sent) | ({} if nonce is None else {"nonce": nonce})
        self.messages[channel_id].append(payload)
        if nonce is not None:
            self._nonces[(channel_id, str(nonce))] = (time.monotonic(), payload)
        while channel_id in self.stalled:  # made, but no answer until the channel is let go
            await asyncio.sleep(0.05)
        return answer(payload)

    async def _list_messages(self, request: web.Request) -> web.Response:
        """List a channel's messages as Discord does: newest first, without their nonces.

        after (or before) a message id, at most limit (1 to 100, 50 by default) of those
        nearest to it; Discord keeps no nonce beyond the answer to the post that gave it.
        """
        channel_id = int(request.match_info["channel"])
        if channel_id not in self.channels:
            return error(404, 10003, "Unknown Channel")
        query = request.query
        try:
            limit = int(query.get("limit", 50))
        except ValueError:
            return invalid([(("limit",), "NUMBER_TYPE_COERCE", "Value is not int.")])
        if not 1 <= limit <= 100:
            return invalid(
                [(("limit",), "NUMBER_TYPE_MAX", "int value should be less than or equal to 100.")]
            )
        found = sorted(self.messages[channel_id], key=lambda m: int(m["id"]))
        if "after" in query:
            found = [m for m in found if int(m["id"]) > int(query["after"])][:limit]
        else:
            if "before" in query:
                found = [m for m in found if int(m["id"]) < int(query["before"])]
            found = found[-limit:]
        shown = [{k: v for k, v in m.items() if k != "nonce"} for m in reversed(found)]
        return answer(shown)

    async def _original(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        interaction = next((i for i in self.interactions.values() if i.token == token), None)
        if interaction is None or interaction.original is None:
            return error(404, 10008, "Unknown Message")
        return answer(interaction.original)

    async def _edit_original(self, request: web.Request) -> web.Response:
        """Edit the first reply to an interaction: a deferred one gets its words here."""
        token = request.match_info["token"]
        interaction = next((i for i in self.interactions.values() if i.token == token), None)
        if interaction is None:
            return error(404, 10015, "Unknown Webhook")
        if not interaction.responses:
            return error(404, 10008, "Unknown Message")
        body, files = await body_of(request)
        if interaction.original is None and is_empty(body, files=len(files)):
            return error(400, 50006, "Cannot send an empty message")
        if interaction.original is not None:
            refusal = self._edit_refused(interaction.original, body)
            if refusal is not None:
                return refusal
        if interaction.original is None:  # the "thinking" message, in its visibility
            deferred = (interaction.responses[0].get("data") or {}).get("flags", 0) & 64
            sent = self._record(interaction.channel_id, {**body, "flags": deferred}, files, None)
            sent.interaction_id = interaction.id
            interaction.original = self._message_payload(sent)
            if not sent.ephemeral and interaction.channel_id in self.messages:
                self.messages[interaction.channel_id].append(interaction.original)
        else:
            self._apply_edit(interaction.original, body)
        return answer(interaction.original)

    async def _edit_message(self, request: web.Request) -> web.Response:
        if int(request.match_info["channel"]) in self.faults:
            return self._fault(int(request.match_info["channel"]))
        message = self.message(int(request.match_info["message"]))
        if message is None or int(message["channel_id"]) != int(request.match_info["channel"]):
            return error(404, 10008, "Unknown Message")
        body, _ = await body_of(request)
        refusal = self._edit_refused(message, body)
        if refusal is not None:
            return refusal
        self._apply_edit(message, body)
        return answer(message)

    def _edit_refused(self, message: Json, body: Json) -> web.Response | None:
        """Refuse an edit that would leave a message showing nothing, as Discord does."""
        kept = ("content", "embeds", "components", "attachments")
        after = {key: body[key] if key in body else message.get(key) for key in kept}
        if is_empty(after):
            return error(400, 50006, "Cannot send an empty message")
        return None

    def _apply_edit(self, message: Json, body: Json) -> None:
        shown = {"embeds": shown_embeds, "components": shown_components}
        for key in ("content", "embeds", "components"):
            if key in body:
                given = body[key] if body[key] is not None else ([] if key != "content" else "")
                message[key] = shown[key](given) if key in shown else given
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
        guild_id = int(request.match_info["guild"])
        await asyncio.sleep(self.channel_delay)
        if self.refuse_channels_after is not None:
            if self.refuse_channels_after <= 0:
                return error(403, 50013, "Missing Permissions")
            self.refuse_channels_after -= 1
        body, _ = await body_of(request)
        topic = topic_errors(body.get("type") or 0, body)
        if topic:
            return invalid(topic)
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
            return invalid(
                [
                    (
                        ("parent_id",),
                        "CHANNEL_PARENT_MAX_CHANNELS",
                        f"Maximum number of channels in category reached ({MAX_CATEGORY_CHANNELS})",
                    )
                ]
            )
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
        return answer(channel, status=201)

    async def _delete_channel(self, request: web.Request) -> web.Response:
        channel = self.channels.pop(int(request.match_info["channel"]), None)
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        self.messages.pop(int(channel["id"]), None)
        self.threads.drop_children(int(channel["id"]))
        await self.dispatch("CHANNEL_DELETE", channel)
        return answer(channel)

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.users.get(int(request.match_info["user"]))
        return answer(user) if user is not None else error(404, 10013, "Unknown User")

    async def _open_dm(self, request: web.Request) -> web.Response:
        user_id = int((await body_of(request))[0]["recipient_id"])
        return answer(self.channels[self.dm_of(user_id)])

    async def _get_channel(self, request: web.Request) -> web.Response:
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        return answer(channel)

    async def _edit_channel(self, request: web.Request) -> web.Response:
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        body, _ = await body_of(request)
        topic = topic_errors(channel.get("type", 0), body)
        if topic:
            return invalid(topic)
        edited = await self.threads.edited(int(channel["id"]), body)
        if edited is not None:
            return edited
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
        return answer(channel)

    async def _set_permissions(self, request: web.Request) -> web.Response:
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        body, _ = await body_of(request)
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
            return error(500, 0, "500: Internal Server Error")
        self.refused.append((channel_id, 429))
        reset = datetime.now(UTC).timestamp() + retry_after
        response = answer(
            {
                "message": "You are being rate limited.",
                "retry_after": retry_after,
                "global": False,
                "code": 0,
            },
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
        # Discord's own answer; the warning says which route the fake still lacks
        logger.warning("the fake Discord has no route %s %s", request.method, request.path)
        return error(404, 0, "404: Not Found")

    def _too_large(self, channel_id: int | None, files: list[tuple[str, bytes]]) -> bool:
        """Say whether a file is over the upload limit, noting the refusal as Discord's 413."""
        if all(len(data) <= self.upload_limit for _, data in files):
            return False
        self.refused.append((channel_id or 0, 413))
        return True

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
            pings(body.get("content") or "", body.get("allowed_mentions")),
        )
        self.sent.append(sent)
        return sent

    def note_refusal(self, request: web.Request, response: web.Response) -> None:
        """Record a refusal the fake answered, with Discord's body and who asked."""
        try:
            body = json.loads(response.body) if isinstance(response.body, bytes) else {}
        except ValueError:
            body = {"message": str(response.body)}
        by_bot = request.headers.get("User-Agent", "").startswith("DiscordBot")
        self.refusals.append(Refusal(request.method, request.path, response.status, body, by_bot))

    @property
    def malformed(self) -> list[Refusal]:
        """Return the bot's requests refused for their form: what Discord would refuse too.

        discord.py names itself in its User-Agent (DiscordBot ...), as Discord asks; what a
        test sends by hand to see a refusal is not the bot's.
        """
        return [r for r in self.refusals if r.code in MALFORMED and r.by_bot]

    def check_answer(self, method: str, template: str, response: web.Response) -> None:
        """Note where an answer of the fake's differs from what Discord's schema says."""
        operation = spec().operation(method, template)
        if operation is None or not isinstance(response.body, bytes) or not response.body:
            return
        for problem in answer_errors(operation, response.status, json.loads(response.body)):
            self.misshapen.append(f"{method} {template} {response.status}: {problem}")

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
            "embeds": shown_embeds(sent.embeds),
            "components": shown_components(sent.components),
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
        interaction, payload = self.open_interaction(user_id, channel_id, kind, data, message)
        await self.dispatch("INTERACTION_CREATE", payload)
        await asyncio.wait_for(interaction.answered.wait(), timeout)
        return interaction

    def open_interaction(
        self, user_id: int, channel_id: int, kind: int, data: Json, message: Json | None = None
    ) -> tuple[Interaction, Json]:
        """Make an interaction of a kind as a user; return it and INTERACTION_CREATE's payload."""
        channel = self.channels[channel_id]
        interaction = Interaction(self.new_id(), secrets.token_urlsafe(24), channel_id, kind)
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
            held = str(self.permissions(channel_id, user_id))  # theirs here, overwrites and all
            payload |= {
                "guild_id": str(guild_id),
                "guild": {"id": str(guild_id), "locale": "en-US", "features": []},
                "member": {**member, "permissions": held},
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
                "authorizing_integration_owners": {"0": "0"},  # the bot's own DM
                "context": 1,
            }
        if message is not None:
            payload["message"] = message
        return interaction, payload

    async def submit(
        self, user_id: int, opened: Interaction, values: dict[str, str], *, timeout: float = 20.0
    ) -> Interaction:
        """Fill in and submit the modal the bot opened in answer to an interaction.

        values: each text input's custom_id and what the user typed. The submission comes
        as Discord sends it to a bot on discord.py: each input in an action row.
        """
        modal = next((r["data"] for r in opened.responses if r.get("type") == 9), None)
        if modal is None:
            raise KeyError("the bot opened no modal in answer to that interaction")
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
            for key, value in values.items()
        ]
        data = {"custom_id": modal["custom_id"], "components": rows}
        return await self._interact(
            user_id,
            opened.channel_id,
            5,
            data,
            opened.original if opened.kind == 3 else None,
            timeout,
        )

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


RESPONSE_WINDOW = 3.0  # seconds Discord gives a bot to answer an interaction
# a registered command's fields that Discord answers as null rather than leave out
NULLABLE_COMMAND = frozenset(
    {"default_member_permissions", "contexts", "name_localizations", "description_localizations"}
)
TOKEN_LIFETIME = 15 * 60.0  # seconds an interaction's token takes follow-ups and edits
# the callbacks Discord takes for each kind of interaction: a command may answer with a
# message, a deferral, a modal (or the retired 10, or an activity); a component may also update
# its message; an autocomplete only with its choices; a modal's submission with anything but
# another modal. Discord refuses another with the set it takes, at `type`.
CALLBACKS: dict[int, frozenset[int]] = {
    2: frozenset({4, 5, 9, 10, 12}),
    3: frozenset({4, 5, 6, 7, 9, 10, 12}),
    4: frozenset({8}),
    5: frozenset({4, 5, 6, 7, 10, 12}),
}


def callback_refused(kind: int) -> tuple[str, str]:
    """Return Discord's code and message for a callback that does not fit its interaction."""
    taken = ", ".join(map(str, sorted(CALLBACKS[kind])))
    return "BASE_TYPE_CHOICES", f"Value must be one of {{{taken}}}."


def _flat(options: list[Json]) -> list[Json]:
    """Return the options of a command, those inside subcommands included."""
    found = []
    for option in options:
        found.append(option)
        found += _flat(option.get("options") or [])
    return found


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
