"""A match's places: categories with an overview, the boards' channels and threads, team rooms."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final

import discord

from bot.exts.matches._layout import CATEGORY_CHANNELS, Layout
from bot.lobby import Roster, round_robin
from bot.places import OVERVIEW, BoardPlace, Category, TeamRoom

logger = logging.getLogger(__name__)

NEEDED: Final = {
    "manage_channels": "Manage Channels",
    "manage_roles": "Manage Roles",
    "view_channel": "View Channels",
    "send_messages": "Send Messages",
    "attach_files": "Attach Files",
    "embed_links": "Embed Links",
}
THREADS_NEEDED: Final = {  # and these where a match's boards are threads
    "create_public_threads": "Create Public Threads",
    "create_private_threads": "Create Private Threads",  # to deny it to everyone there
    "send_messages_in_threads": "Send Messages in Threads",
}
ARCHIVE_MINUTES: Final = 10080  # a week, the longest a thread waits before it archives itself

Overwrites = dict[discord.Role | discord.Member | discord.Object, discord.PermissionOverwrite]
Place = discord.abc.GuildChannel | discord.Thread
Progress = Callable[[int, int], Awaitable[None]]  # places made, places in all


class ChannelsError(Exception):
    """The channels could not be made; what was made is gone again, and the message says why."""


def missing_permissions(permissions: discord.Permissions, *, threads: bool = False) -> list[str]:
    """Return the names of the permissions the bot needs here but does not have."""
    needed = NEEDED | THREADS_NEEDED if threads else NEEDED
    return [name for flag, name in needed.items() if not getattr(permissions, flag)]


def _member(user: str) -> discord.Object:
    return discord.Object(int(user), type=discord.Member)


def _moderator_roles(guild: discord.Guild, extra: discord.Role | None) -> list[discord.Role]:
    """Return the roles whose members moderate: Manage Server, and the server's chosen role."""
    found = [role for role in guild.roles if role.permissions.manage_guild]
    return [*found, extra] if extra is not None and extra not in found else found


@dataclass(frozen=True)
class _Rights:
    """The overwrites of a match's board channels: spectators, players, the bot."""

    spectators: discord.PermissionOverwrite
    playing: discord.PermissionOverwrite
    bot: discord.PermissionOverwrite


# Discord lets a bot set in overwrites only what it holds itself, so the thread permissions
# appear only in a match that has threads, whose start asks for them
CHANNELS_ONLY: Final = _Rights(
    spectators=discord.PermissionOverwrite(view_channel=True, send_messages=False),
    playing=discord.PermissionOverwrite(view_channel=True, send_messages=True),
    bot=discord.PermissionOverwrite(
        view_channel=True,
        send_messages=True,
        attach_files=True,
        embed_links=True,
        manage_channels=True,
    ),
)
WITH_THREADS: Final = _Rights(  # spectators read; nobody but the bot opens threads
    spectators=discord.PermissionOverwrite(
        view_channel=True,
        send_messages=False,
        send_messages_in_threads=False,
        create_public_threads=False,
        create_private_threads=False,
    ),
    playing=discord.PermissionOverwrite(
        view_channel=True, send_messages=True, send_messages_in_threads=True
    ),
    bot=discord.PermissionOverwrite(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        create_public_threads=True,
        create_private_threads=True,
        attach_files=True,
        embed_links=True,
        manage_channels=True,
    ),
)


class _Maker:
    """Makes a match's places one by one, keeping what it made and telling how far it is."""

    def __init__(
        self,
        guild: discord.Guild,
        match_id: int,
        total: int,
        progress: Progress | None,
        rights: _Rights,
    ):
        self.guild = guild
        self.rights = rights
        self.match_id = match_id
        self.total = total
        self.made: dict[str, Place] = {}
        self._progress = progress
        self._categories: list[discord.CategoryChannel] = []
        self._in_last = 0  # channels in the newest category

    async def _made(self, place: str, made: Place) -> None:
        self.made[place] = made
        if self._progress is not None:
            await self._progress(len(self.made), self.total)

    async def channel(
        self, place: str, name: str, overwrites: Overwrites, topic: str | None = None
    ) -> None:
        """Make a text channel in the newest category, opening another when it is full."""
        if not self._categories or self._in_last >= CATEGORY_CHANNELS:
            number = len(self._categories) + 1
            category = await self.guild.create_category(
                f"Elevator match {self.match_id}" + (f" ({number})" if number > 1 else ""),
                overwrites={
                    self.guild.default_role: self.rights.spectators,
                    self.guild.me: self.rights.bot,
                },
                reason=f"Elevator Chess match {self.match_id} starts",
            )
            self._categories.append(category)
            self._in_last = 0
            await self._made(str(Category(number)), category)
        category = self._categories[-1]
        made = await (
            category.create_text_channel(name, overwrites=overwrites)
            if topic is None
            else category.create_text_channel(name, overwrites=overwrites, topic=topic)
        )
        self._in_last += 1
        await self._made(place, made)

    async def thread(self, place: str, parent: Place, name: str) -> None:
        """Make a public thread of a board channel, for a board of its ten."""
        assert isinstance(parent, discord.TextChannel)
        made = await parent.create_thread(
            name=name,
            type=discord.ChannelType.public_thread,
            auto_archive_duration=ARCHIVE_MINUTES,
            reason=f"Elevator Chess match {self.match_id} starts",
        )
        await self._made(place, made)


async def create_channels(
    guild: discord.Guild,
    match_id: int,
    boards: int,
    teams: Mapping[str, str],
    roster: Roster,
    moderators: discord.Role | None = None,
    progress: Progress | None = None,
) -> dict[str, Place]:
    """Create a match's places and return them by place; on failure remove them all."""
    layout = Layout(boards, len(teams))
    rights = WITH_THREADS if layout.threaded else CHANNELS_ONLY
    maker = _Maker(guild, match_id, layout.places, progress, rights)
    me = guild.me
    everyone = guild.default_role
    try:
        # the overview keeps the server's own Send Messages, not the category's deny: there
        # players and spectators use /match status and the like, and Discord hides the
        # message box, commands and all, where one may not send
        watching = discord.PermissionOverwrite(view_channel=True)
        await maker.channel(str(OVERVIEW), "overview", {everyone: watching, me: rights.bot})
        for board, players in _players_by_channel(layout, roster):
            held = layout.held(board)
            overwrites: Overwrites = {everyone: rights.spectators, me: rights.bot}
            overwrites.update({_member(user): rights.playing for user in players})
            if layout.threaded and len(held) > 1:
                name = f"boards-{held.start}-{held.stop - 1}"
                others = ", ".join(str(b) for b in held[1:])
                topic = f"Board {board}; its threads are boards {others}."
                await maker.channel(str(BoardPlace(board)), name, overwrites, topic=topic)
            else:
                await maker.channel(str(BoardPlace(board)), f"board-{board}", overwrites)
            for threaded in held[1:]:
                await maker.thread(
                    str(BoardPlace(threaded)),
                    maker.made[str(BoardPlace(board))],
                    f"board-{threaded}",
                )
        for team, name in teams.items():  # a private room per team, its key in the place
            hidden: Overwrites = {
                everyone: discord.PermissionOverwrite(view_channel=False),
                me: rights.bot,
            }
            playing = rights.playing
            hidden.update({role: playing for role in _moderator_roles(guild, moderators)})
            hidden.update({_member(user): playing for user in roster.teams[team]})
            await maker.channel(str(TeamRoom(team)), f"team-{name}"[:90], hidden)
    except BaseException as error:  # a refusal, a dropped connection, a cancellation
        await asyncio.shield(remove_channels(list(maker.made.values())))
        if isinstance(error, discord.HTTPException):
            why = error.text or str(error.status)
            raise ChannelsError(
                f"Discord refused to create the match's channels ({why})."
            ) from error
        if isinstance(error, Exception):
            logger.exception("match %d: its channels could not be made", match_id)
            raise ChannelsError(f"The match's channels could not be made ({error!r}).") from error
        raise
    return maker.made


def _players_by_channel(layout: Layout, roster: Roster) -> Iterable[tuple[int, list[str]]]:
    """Return each board channel's board and who may post there.

    Up to 40 boards every player posts in every board channel, as the match always had. A
    threaded match gives a channel (and so its threads) only to the players seated on its
    boards and the captains, so that no channel carries thousands of overwrites. The seats
    are the ones the start gives.
    """
    if not layout.threaded:
        every = [user for members in roster.teams.values() for user in members]
        for board in layout.channel_boards:
            yield board, every
        return
    seats = round_robin(layout.boards, roster)
    captains = list(roster.captains.values())
    for board in layout.channel_boards:
        seated = [
            seats[(b, side)]
            for b in layout.held(board)
            for side in ("white", "black")
            if (b, side) in seats
        ]
        yield board, list(dict.fromkeys([*seated, *captains]))


async def remove_channels(channels: Iterable[object]) -> None:
    """Delete channels, threads first and the categories last; ones already gone are skipped.

    A thread goes with its channel, so only threads whose channel stays are deleted one by one.
    """
    found = [c for c in channels if isinstance(c, discord.abc.GuildChannel | discord.Thread)]
    ids = {channel.id for channel in found}
    found = [c for c in found if not (isinstance(c, discord.Thread) and c.parent_id in ids)]
    found.sort(key=lambda channel: isinstance(channel, discord.CategoryChannel))
    for channel in found:
        try:
            await channel.delete(reason="the match's channels are being removed")
        except discord.NotFound:
            continue
        except discord.HTTPException:
            logger.exception("could not delete channel %s", channel.id)
