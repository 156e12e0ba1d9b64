"""The offline Discord's world: its users, servers, roles, members and channels.

Everything a server holds is kept here in Discord's own shapes (a user, a member, a role, a
channel as Discord's answers carry them), with the permissions Discord works out from them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from tests.fakediscord.gateway import GUILD_PRESENCES
from tests.fakediscord.snowflakes import Snowflakes
from tests.waiting import Changes

if TYPE_CHECKING:
    from tests.fakediscord.threads import Threads

Json = dict[str, Any]
ALL_PERMISSIONS = str((1 << 50) - 1)
LARGE_THRESHOLD = 50  # members past which Discord calls a server large (its default)
EVERYONE_PERMISSIONS = str(0x0000_005E_4006_4E41)  # view, send, history, attach, embed, threads
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
ADMINISTRATOR = 1 << 3


def now() -> str:
    """Return the time as Discord writes it in its objects."""
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


EPHEMERAL = 1 << 6  # a message's flag: only the person who acted sees it


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
    at: float = field(default_factory=time.perf_counter)  # when the fake received it
    alt: tuple[str | None, ...] = ()  # each file's description (alt text), None if it has none

    @property
    def ephemeral(self) -> bool:
        """Say whether only the person who acted sees it."""
        return bool(self.flags & EPHEMERAL)


class World:
    """Users, servers and channels, made by a test as people would make them."""

    threads: Threads  # the fake's threads, which rule some channels' permissions

    def __init__(self) -> None:
        self._ids = Snowflakes()
        self.application_id = self.new_id()
        self.bot_user = self._user(self.application_id, "Elevator", bot=True)
        self.users: dict[int, Json] = {self.application_id: self.bot_user}
        self.guilds: dict[int, Json] = {}
        self.channels: dict[int, Json] = {}
        self.messages: dict[int, list[Json]] = {}
        self.dms: dict[int, int] = {}  # user: their DM channel with the bot
        self.bot_permissions: dict[int, int] = {}  # guild: the bot's permissions, if not all
        self.sent: list[Sent] = []
        self.replied: dict[int, list[Sent]] = {}  # interaction id: what was sent in answer
        self.private: dict[int, Json] = {}  # private follow-ups, by id: a person sees them
        # what each person's app shows chosen in a message's menu: (user, message, custom id)
        self.chosen: dict[tuple[int, int, str], list[str]] = {}
        self.interactions: dict[int, Any] = {}  # id: an Interaction (tests.fakediscord.acting)
        self.tokens: dict[str, Any] = {}  # an interaction's token: that Interaction
        # told of each request answered, message recorded and heartbeat heard: what a test
        # waits for through eventually() is looked at again then, and only then
        self.changes = Changes()

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
            "joined_at": now(),
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
            "joined_at": now(),
        }

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

    def overwrite(self, channel_id: int, target: int) -> tuple[int, int] | None:
        """Return the (allow, deny) bits a channel sets for a role or member, if any."""
        for entry in self.channels[channel_id]["permission_overwrites"]:
            if int(entry["id"]) == target:
                return int(entry["allow"]), int(entry["deny"])
        return None

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

    def message(self, message_id: int) -> Json | None:
        """Return a message still in a channel, or a private reply to an interaction, by id."""
        for messages in self.messages.values():
            for message in messages:
                if int(message["id"]) == message_id:
                    return message
        for interaction in self.interactions.values():
            if interaction.original is not None and int(interaction.original["id"]) == message_id:
                return interaction.original
        return self.private.get(message_id)
