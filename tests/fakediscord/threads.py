"""Threads in the fake Discord, and a server's limits: channels per server, active threads.

As Discord does: a thread is a channel (type 11 public, 12 private) under a text channel,
ruled by its parent's permissions with Send Messages in Threads in place of Send Messages;
it archives itself after a while, and a post to it while it is archived (and not locked)
opens it again. A server holds at most 500 channels (categories count, threads do not) and
1,000 active threads.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Final

from aiohttp import web

from tests.fakediscord.checks import answer, body_of, error

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord

Json = dict[str, Any]
API: Final = "/api/v10"
MAX_GUILD_CHANNELS: Final = 500
MAX_ACTIVE_THREADS: Final = 1000
PUBLIC_THREAD: Final = 11
PRIVATE_THREAD: Final = 12
THREAD_KINDS: Final = (PUBLIC_THREAD, PRIVATE_THREAD)
ARCHIVE_MINUTES: Final = (60, 1440, 4320, 10080)  # the durations Discord accepts
MANAGE_THREADS: Final = 1 << 34
CREATE_PUBLIC_THREADS: Final = 1 << 35
CREATE_PRIVATE_THREADS: Final = 1 << 36
SEND_MESSAGES_IN_THREADS: Final = 1 << 38
ADMINISTRATOR: Final = 1 << 3


def _now() -> str:
    return datetime.now(UTC).isoformat()


def overwrites_refused(held: int, overwrites: list[Json]) -> web.Response | None:
    """Refuse overwrites that allow or deny what the bot does not hold, as Discord does.

    Since 2021 a bot may set in a channel's overwrites only permissions it has itself.
    """
    if held & ADMINISTRATOR:
        return None
    for entry in overwrites:
        if (int(entry.get("allow", 0)) | int(entry.get("deny", 0))) & ~held:
            return error(403, 50013, "Missing Permissions")
    return None


class Threads:
    """The fake's threads: made, listed, archived, opened again by a post, counted."""

    def __init__(self, fake: FakeDiscord) -> None:
        self._fake = fake
        self.created = 0  # threads made since the start, for benchmarks and tests

    def routes(self) -> list[web.RouteDef]:
        """Return the REST routes of threads."""
        return [
            web.post(f"{API}/channels/{{channel}}/threads", self._create),
            web.get(f"{API}/guilds/{{guild}}/threads/active", self._active),
        ]

    # ------------------------------------------------------------------ reading

    def is_thread(self, channel_id: int) -> bool:
        """Say whether a channel is a thread."""
        channel = self._fake.channels.get(channel_id)
        return channel is not None and channel.get("type") in THREAD_KINDS

    def ruling(self, channel_id: int) -> int:
        """Return the channel whose permissions rule here: a thread's parent, or itself."""
        if self.is_thread(channel_id):
            return int(self._fake.channels[channel_id]["parent_id"])
        return channel_id

    def of_guild(self, guild_id: int) -> list[Json]:
        """Return a server's threads, archived or not."""
        return [
            channel
            for channel in self._fake.channels.values()
            if channel.get("type") in THREAD_KINDS and channel.get("guild_id") == str(guild_id)
        ]

    def active(self, guild_id: int) -> list[Json]:
        """Return a server's threads that are not archived."""
        return [t for t in self.of_guild(guild_id) if not t["thread_metadata"]["archived"]]

    def channel_count(self, guild_id: int) -> int:
        """Return how many channels a server holds towards its 500: categories, not threads."""
        return sum(
            1
            for channel in self._fake.channels.values()
            if channel.get("guild_id") == str(guild_id) and channel.get("type") not in THREAD_KINDS
        )

    def server_full(self, guild_id: int) -> web.Response | None:
        """Return Discord's refusal of one more channel in a full server, or None."""
        if self.channel_count(guild_id) >= MAX_GUILD_CHANNELS:
            return error(400, 30013, "Maximum number of guild channels reached (500)")
        return None

    # ------------------------------------------------------------------ changing

    def add(self, parent_id: int, name: str) -> int:
        """Make an active public thread as a member would, unseen by the bot; return its id."""
        parent = self._fake.channels[parent_id]
        thread_id = self._fake.new_id()
        self._fake.channels[thread_id] = self._thread(thread_id, parent, name, PUBLIC_THREAD, 1440)
        self._fake.messages[thread_id] = []
        return thread_id

    async def archive(self, thread_id: int, *, locked: bool = False) -> None:
        """Archive a thread as Discord does once it has been quiet for its duration."""
        await self._set(thread_id, archived=True, locked=locked)

    async def posted(self, channel_id: int) -> web.Response | None:
        """Open an archived thread a message is posted in; return Discord's refusal, if any."""
        if not self.is_thread(channel_id):
            return None
        state = self._fake.channels[channel_id]["thread_metadata"]
        if not state["archived"]:
            return None
        if state["locked"]:
            return error(400, 50083, "Thread is archived")
        if len(self.active(int(self._fake.channels[channel_id]["guild_id"]))) >= (
            MAX_ACTIVE_THREADS
        ):
            return error(400, 160006, "Maximum number of active threads reached")
        await self._set(channel_id, archived=False, locked=False)
        return None

    async def edited(self, channel_id: int, body: Json) -> web.Response | None:
        """Apply an edit of a thread's archived and locked flags; None if it is no thread.

        Locking or unlocking a thread takes Manage Threads, as on Discord.
        """
        if not self.is_thread(channel_id):
            return None
        thread = self._fake.channels[channel_id]
        state = thread["thread_metadata"]
        parent = self._fake.channels[int(thread["parent_id"])]
        if "locked" in body and not self._bot_may(int(thread["guild_id"]), parent, MANAGE_THREADS):
            return error(403, 50013, "Missing Permissions")
        await self._set(
            channel_id,
            archived=bool(body.get("archived", state["archived"])),
            locked=bool(body.get("locked", state["locked"])),
        )
        return answer(thread)

    def drop_children(self, channel_id: int) -> None:
        """Forget the threads of a deleted channel: Discord deletes them with it."""
        for thread in [
            c for c in self._fake.channels.values() if c.get("parent_id") == str(channel_id)
        ]:
            if thread.get("type") in THREAD_KINDS:
                self._fake.channels.pop(int(thread["id"]), None)
                self._fake.messages.pop(int(thread["id"]), None)

    async def _set(self, thread_id: int, *, archived: bool, locked: bool) -> None:
        thread = self._fake.channels[thread_id]
        thread["thread_metadata"] |= {
            "archived": archived,
            "locked": locked,
            "archive_timestamp": _now(),
        }
        await self._fake.dispatch("THREAD_UPDATE", thread)

    # ------------------------------------------------------------------ REST

    async def _create(self, request: web.Request) -> web.Response:
        """Start a thread without a message, as POST /channels/{id}/threads does."""
        fake = self._fake
        parent_id = int(request.match_info["channel"])
        parent = fake.channels.get(parent_id)
        if parent is None:
            return error(404, 10003, "Unknown Channel")
        if parent.get("type") not in (0, 5):
            return error(400, 50024, "Cannot execute action on this channel type")
        body, _ = await body_of(request)
        kind = body.get("type", PRIVATE_THREAD)
        minutes = body.get("auto_archive_duration", 1440)
        name = str(body.get("name", ""))
        if kind not in THREAD_KINDS or minutes not in ARCHIVE_MINUTES or not 1 <= len(name) <= 100:
            return error(400, 50035, "Invalid Form Body")
        guild_id = int(parent["guild_id"])
        needed = CREATE_PUBLIC_THREADS if kind == PUBLIC_THREAD else CREATE_PRIVATE_THREADS
        if not self._bot_may(guild_id, parent, needed):
            return error(403, 50013, "Missing Permissions")
        await asyncio.sleep(fake.channel_delay)
        if fake.refuse_channels_after is not None:
            if fake.refuse_channels_after <= 0:
                return error(403, 50013, "Missing Permissions")
            fake.refuse_channels_after -= 1
        if len(self.active(guild_id)) >= MAX_ACTIVE_THREADS:
            return error(400, 160006, "Maximum number of active threads reached")
        thread_id = fake.new_id()
        thread = self._thread(thread_id, parent, name, kind, minutes, body.get("invitable", True))
        fake.channels[thread_id] = thread
        fake.messages[thread_id] = []
        self.created += 1
        member = {"id": str(thread_id), "user_id": str(fake.application_id), "flags": 0}
        joined = thread | {"member": member | {"join_timestamp": _now()}}
        await fake.dispatch("THREAD_CREATE", joined | {"newly_created": True})
        return answer(joined, status=201)

    def _thread(
        self,
        thread_id: int,
        parent: Json,
        name: str,
        kind: int,
        minutes: int,
        invitable: bool = True,
    ) -> Json:
        return {
            "id": str(thread_id),
            "type": kind,
            "guild_id": parent["guild_id"],
            "parent_id": parent["id"],
            "owner_id": str(self._fake.application_id),
            "name": name,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": minutes,
                "archive_timestamp": _now(),
                "locked": False,
                "invitable": bool(invitable),
                "create_timestamp": _now(),
            },
        }

    async def _active(self, request: web.Request) -> web.Response:
        """List a server's active threads, as GET /guilds/{id}/threads/active does."""
        guild_id = int(request.match_info["guild"])
        if guild_id not in self._fake.guilds:
            return error(404, 10004, "Unknown Guild")
        return answer({"threads": self.active(guild_id), "members": [], "has_more": False})

    def _bot_may(self, guild_id: int, parent: Json, bits: int) -> bool:
        """Say whether the bot holds permissions in a channel: its own, then the overwrites."""
        held = self._fake.bot_permissions.get(guild_id, (1 << 50) - 1)
        if held & ADMINISTRATOR:
            return True
        overwrites = {entry["id"]: entry for entry in parent["permission_overwrites"]}
        for target in (str(guild_id), str(self._fake.application_id)):
            entry = overwrites.get(target)
            if entry is not None:
                held = (held & ~int(entry["deny"])) | int(entry["allow"])
        return held & bits == bits
