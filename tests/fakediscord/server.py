"""A small Discord on 127.0.0.1: the REST routes and the gateway the bot uses, and users to act.

The real bot and the real discord.py run unchanged against it; only the network peer is
ours. Its world (users, servers, channels: world.py) and a test's means to act as a user
(acting.py) are kept apart; here are the REST routes that answer the bot, what they record
of what it sent, and the faults a test may make Discord show. docs/offline-discord.md says
what it refuses and why.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os

from aiohttp import web

from tests.fakediscord.acting import CommandRefused, Interaction, NothingSent
from tests.fakediscord.checks import Refusal, answer, body_of, checks, error, invalid
from tests.fakediscord.gateway import Gateway
from tests.fakediscord.limits import topic_errors
from tests.fakediscord.messages import Messages
from tests.fakediscord.ratelimits import RateLimits
from tests.fakediscord.schema import answer_errors, spec
from tests.fakediscord.threads import Threads, overwrites_refused
from tests.fakediscord.world import ALL_PERMISSIONS, Json, Sent

__all__ = ["CommandRefused", "FakeDiscord", "Interaction", "Json", "NothingSent", "Sent"]

logger = logging.getLogger(__name__)

# Discord's codes for a request's form: an invalid body, an empty message, invalid JSON
MALFORMED = frozenset({50035, 50006, 50109})
MAX_CATEGORY_CHANNELS = 50  # channels a category may hold
API = "/api/v10"


class FakeDiscord(Messages):
    """The fake: its world, the REST routes, the gateway, and the means to act as a user."""

    def __init__(self) -> None:
        super().__init__()
        self.refuse_channels_after: int | None = None  # create this many channels, then fail
        self.channel_delay = 0.0  # seconds each channel takes to create
        self.refused_tokens: set[str] = set()  # tokens answered 401, as a reset token is
        self.refusals: list[Refusal] = []  # every request refused, with Discord's answer
        self.rate_limits = RateLimits()
        self.requests = 0  # requests received since the start
        self.check_answers = True  # check each answer against the schema Discord publishes
        self.misshapen: list[str] = []  # answers of the fake's that Discord's schema refuses
        self.identified = asyncio.Event()  # a session of the bot got its READY and read its servers
        self.gateway = Gateway(self)
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.threads = Threads(self)

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

    async def _unknown(self, request: web.Request) -> web.Response:
        # Discord's own answer; the warning says which route the fake still lacks
        logger.warning("the fake Discord has no route %s %s", request.method, request.path)
        return error(404, 0, "404: Not Found")

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


# a registered command's fields that Discord answers as null rather than leave out
NULLABLE_COMMAND = frozenset(
    {"default_member_permissions", "contexts", "name_localizations", "description_localizations"}
)
