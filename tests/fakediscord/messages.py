"""The offline Discord's messages: posts, edits, listings, and the bot's replies to interactions.

What the bot sends is recorded (`FakeDiscord.sent`) and kept in its channel as Discord shows
it. A test may make a channel misbehave as Discord's do: fail (500), rate limit (429), be
slow, answer late, lose the bot's permission, or refuse DMs.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

from aiohttp import web

from tests.fakediscord.acting import RESPONSE_WINDOW, Acting
from tests.fakediscord.checks import answer, body_of, error, invalid
from tests.fakediscord.limits import is_empty
from tests.fakediscord.shapes import pings, shown_components, shown_embeds
from tests.fakediscord.world import EPHEMERAL, Json, Sent, now

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


class Messages(Acting):
    """The routes that post, edit and list messages, and those that answer interactions."""

    def __init__(self) -> None:
        super().__init__()
        self.edits: list[tuple[int, Json]] = []  # (message id, what the edit sent)
        self.late: list[int] = []  # interactions answered after Discord's 3 seconds
        self.upload_delay = 0.0  # seconds a post with files takes to arrive (images are big)
        self.muted: set[int] = set()  # channels where the bot has lost Send Messages
        self.closed_dms: set[int] = set()  # users who take no direct messages from the bot
        self.held: dict[int, asyncio.Event] = {}  # slow channels: a post or edit waits for it
        self.faults: dict[int, float | None] = {}  # channel: 429's retry-after, or None: 500
        # channels whose posts are made, but not answered until the test sets the event
        self.stalled: dict[int, asyncio.Event] = {}
        self._nonces: dict[tuple[int, str], tuple[float, Json]] = {}  # enforced nonces
        self.nonce_window = 300.0  # seconds Discord keeps an enforced nonce ("a few minutes")
        self.refused: list[tuple[int, int]] = []  # (channel, status) of each request refused
        # bytes a file may have: 10 MiB in DMs and servers without boosts; a test may lower it,
        # and interactions report it (attachment_size_limit) as Discord's do
        self.upload_limit = 10 * 1024 * 1024

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
                await self._shown(interaction.channel_id, interaction.original)
            resource["message"] = interaction.original
        elif body["type"] == 7 and interaction.original is not None:
            self._apply_edit(interaction.original, data)
            await self._announce("MESSAGE_UPDATE", interaction.original)
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
        if request.query.get("with_response", "false").lower() not in ("true", "1"):
            return web.Response(status=204)  # Discord's answer unless asked for the callback
        if "message" not in resource:  # a deferral or a modal: nothing shown yet
            return answer({"interaction": told})
        told["response_message_id"] = resource["message"]["id"]
        return answer({"interaction": told, "resource": resource})

    async def _followup(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        interaction = self.tokens.get(token)
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
            await self._shown(interaction.channel_id, payload)
        elif sent.ephemeral:  # its person sees it, and may use its buttons and menus
            self.private[sent.id] = payload
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
        await self._shown(channel_id, payload)
        if nonce is not None:
            self._nonces[(channel_id, str(nonce))] = (time.monotonic(), payload)
        stall = self.stalled.get(channel_id)
        if stall is not None:  # made, but no answer until the channel is let go
            await stall.wait()
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
        interaction = self.tokens.get(token)
        if interaction is None or interaction.original is None:
            return error(404, 10008, "Unknown Message")
        return answer(interaction.original)

    async def _edit_original(self, request: web.Request) -> web.Response:
        """Edit the first reply to an interaction: a deferred one gets its words here."""
        token = request.match_info["token"]
        interaction = self.tokens.get(token)
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
                await self._shown(interaction.channel_id, interaction.original)
        else:
            self._apply_edit(interaction.original, body)
            await self._announce("MESSAGE_UPDATE", interaction.original)
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
        gate = self.held.get(int(message["channel_id"]))
        if gate is not None:  # a slow channel is slow to edit too
            await gate.wait()
        self._apply_edit(message, body)
        await self._announce("MESSAGE_UPDATE", message)
        return answer(message)

    async def _shown(self, channel_id: int, message: Json) -> None:
        """Keep a message posted in a channel for all to see, and tell the sessions of it."""
        self.messages[channel_id].append(message)
        await self._announce("MESSAGE_CREATE", message)

    async def _announce(self, event: str, message: Json) -> None:
        """Send a message's event to the sessions that asked for where it was posted.

        Only its own user sees an ephemeral message: no session is told of it.
        """
        if message.get("flags", 0) & EPHEMERAL:
            return
        guild = self.channels.get(int(message["channel_id"]), {}).get("guild_id")
        await self.dispatch(event, message if guild is None else message | {"guild_id": guild})

    def _edit_refused(self, message: Json, body: Json) -> web.Response | None:
        """Refuse an edit that would leave a message showing nothing, as Discord does."""
        kept = ("content", "embeds", "components", "attachments")
        after = {key: body[key] if key in body else message.get(key) for key in kept}
        if is_empty(after):
            return error(400, 50006, "Cannot send an empty message")
        return None

    def _apply_edit(self, message: Json, body: Json) -> None:
        # a changed message shows its menus afresh, their placeholders instead of a choice
        shown_id = int(message["id"])
        self.chosen = {key: v for key, v in self.chosen.items() if key[1] != shown_id}
        shown = {"embeds": shown_embeds, "components": shown_components}
        for key in ("content", "embeds", "components"):
            if key in body:
                given = body[key] if body[key] is not None else ([] if key != "content" else "")
                message[key] = shown[key](given) if key in shown else given
        message["edited_timestamp"] = now()
        self.edits.append((int(message["id"]), body))

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
            alt=descriptions(body, len(files)),
        )
        self.sent.append(sent)
        if reply is not None:
            self.replied.setdefault(reply, []).append(sent)
        self.changes.notify()  # made, though its answer may be stalled
        return sent

    def _message_payload(self, sent: Sent) -> Json:
        return {
            "id": str(sent.id),
            "channel_id": str(sent.channel_id or 0),
            "author": self.bot_user,
            "content": sent.content,
            "timestamp": now(),
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
                    **({} if alt is None else {"description": alt}),
                }
                for (name, data), alt in zip(
                    sent.files, sent.alt or (None,) * len(sent.files), strict=True
                )
            ],
            "embeds": shown_embeds(sent.embeds),
            "components": shown_components(sent.components),
            "pinned": False,
            "type": 0,
            "flags": sent.flags,
        }


def descriptions(body: Json, files: int) -> tuple[str | None, ...]:
    """Return each uploaded file's description as the body's attachments give it, by id."""
    given = body.get("attachments") if isinstance(body, dict) else None
    found: dict[int, str] = {}
    for attachment in given if isinstance(given, list) else []:
        if isinstance(attachment, dict) and isinstance(attachment.get("description"), str):
            try:
                found[int(attachment["id"])] = attachment["description"]
            except (KeyError, TypeError, ValueError):
                continue
    return tuple(found.get(index) for index in range(files))
