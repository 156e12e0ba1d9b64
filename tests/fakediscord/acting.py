"""Acting as a user in the offline Discord: commands, autocomplete, buttons, menus and modals.

Each act arrives at the bot over the gateway as Discord's INTERACTION_CREATE would, of its own
type (2 a command, 3 a component, 4 an autocomplete, 5 a modal's submission), and returns once
the bot has answered. Discord's app refuses, as it does for a person, a command where they may
not type, one they may not use, and a value an option does not offer (CommandRefused).
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tests.fakediscord.commands import may_use
from tests.fakediscord.threads import SEND_MESSAGES_IN_THREADS
from tests.fakediscord.world import (
    ALL_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    Json,
    Sent,
    World,
)
from tests.waiting import eventually

if TYPE_CHECKING:
    from tests.fakediscord.gateway import Gateway

RESPONSE_WINDOW = 3.0  # seconds Discord gives a bot to answer an interaction


class CommandRefused(PermissionError):
    """Discord's app lets nobody run a slash command where they may not send messages."""


class NothingSent(RuntimeError):
    """Discord's app sends nothing for an option chosen again in a menu that still shows it."""


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


class Acting(World):
    """A test's means to act as a member or a DM user, and what the bot answered."""

    gateway: Gateway
    upload_limit: int

    def __init__(self) -> None:
        super().__init__()
        self.commands: dict[int | None, list[Json]] = {}  # guild id (None: global): commands
        self.command_leave: dict[tuple[int, str], set[int]] = {}  # (guild, command): allowed

    async def dispatch(self, event: str, data: Json) -> None:
        """Send an event to the bot's session of the shard Discord would send it to."""
        await self.gateway.dispatch(event, data)

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
            # the app keeps showing a choice until the message changes: the same one again
            # is no change, and nothing is sent
            shown = (user_id, message_id, custom_id)
            if self.chosen.get(shown) == values:
                raise NothingSent(f"{values} is still shown chosen in {custom_id} to {user_id}")
            self.chosen[shown] = list(values)
        channel_id = int(message["channel_id"])
        return await self._interact(user_id, channel_id, 3, data, message, timeout)

    async def press(self, user_id: int, interaction: Interaction) -> Interaction:
        """Press the first button of the bot's reply to an interaction (a confirmation, say)."""
        reply = await self.reply_to(interaction)
        if reply is None or not reply.get("components"):
            raise KeyError("the bot's reply has no button")
        button = reply["components"][0]["components"][0]["custom_id"]
        return await self.click(user_id, int(reply["id"]), button)

    async def reply_to(self, interaction: Interaction, timeout: float = 20.0) -> Json | None:
        """Return the message the bot answered an interaction with, once it is there.

        Its reply; or, where the bot updated the message clicked first (a menu set back, say),
        the follow-up it sent after.
        """
        first = interaction.responses[0]["type"] if interaction.responses else None
        if first != 7 or interaction.original is None or interaction.original.get("flags", 0) & 64:
            return interaction.original

        def following() -> Json | None:
            replies = self.replies(interaction)
            return self.message(replies[0].id) if replies else None

        return await eventually(
            following, "a follow-up to the update", changes=self.changes, timeout=timeout
        )

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
        self.tokens[interaction.token] = interaction
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

    def replies(self, interaction: Interaction) -> list[Sent]:
        """Return the messages the bot sent in answer to an interaction."""
        return list(self.replied.get(interaction.id, ()))

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
