"""Where the bot shows a match, as typed values: a board, a team's room, a person's DMs, a
DM game's side's DMs, a category of a server match's channels, and the match's named places
(its overview, its lobby).

A place is stored and bound by its name (`board:3`, `team:white`, `user:42`, `dm:black`,
`category:2`, `overview`): place_of reads a name into its type, and str() writes it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from games.core.pieces import SIDES, Side, opponent


@dataclass(frozen=True, slots=True)
class BoardPlace:
    """One board: its channel (or thread) in a server, its image in a DM game."""

    board: int

    def __str__(self) -> str:
        return f"board:{self.board}"


@dataclass(frozen=True, slots=True)
class TeamRoom:
    """A team's private room, known by the team's key (bot.lobby): white, black, or more."""

    team: str

    def __str__(self) -> str:
        return f"team:{self.team}"


@dataclass(frozen=True, slots=True)
class PersonDMs:
    """A person's direct messages with the bot."""

    user: str

    def __str__(self) -> str:
        return f"user:{self.user}"


@dataclass(frozen=True, slots=True)
class SideDMs:
    """Where a DM game shows a side: its player's DMs, bound by the side."""

    side: Side

    def __str__(self) -> str:
        return f"dm:{self.side}"


@dataclass(frozen=True, slots=True)
class Category:
    """A server match's category of channels: the first, or one more for every 50 channels."""

    number: int

    def __str__(self) -> str:
        return "category" if self.number == 1 else f"category:{self.number}"


@dataclass(frozen=True, slots=True)
class Named:
    """A place of the match known by its name alone: its overview, its lobby, and more."""

    name: str

    def __str__(self) -> str:
        return self.name


Place = BoardPlace | TeamRoom | PersonDMs | SideDMs | Category | Named

OVERVIEW: Final = Named("overview")
LOBBY: Final = Named("lobby")
LOBBY_MESSAGE: Final = Named("lobby-message")  # the lobby's message in its channel
GUILD: Final = Named("guild")  # the server a match lives in, bound to its id
GAME_DMS: Final = SideDMs("white")  # bound where a game is shown in its players' DMs
NO_DMS: Final = ""  # bound as the practice opponent's DMs: it has none, nothing is sent there


def place_of(name: str) -> Place:
    """Return the place a stored or bound name stands for."""
    kind, _, rest = name.partition(":")
    if kind == "board" and rest.isdigit():
        return BoardPlace(int(rest))
    if kind == "team" and rest:
        return TeamRoom(rest)
    if kind == "user" and rest:
        return PersonDMs(rest)
    if kind == "dm" and rest in SIDES:
        return SideDMs("white" if rest == "white" else "black")
    if name == "category" or (kind == "category" and rest.isdigit() and rest[0] not in "01"):
        return Category(int(rest or 1))  # the first is "category", written so alone
    return Named(name)


def board_of(name: str) -> int | None:
    """Return the board a place's name is, or None if it is no board's."""
    place = place_of(name)
    return place.board if isinstance(place, BoardPlace) else None


def channel_of_a_match(place: Place) -> bool:
    """Tell whether a server match made a channel for a place: its category, overview, rooms."""
    return isinstance(place, BoardPlace | TeamRoom | Category) or place == OVERVIEW


def shown_in_a_match(place: Place) -> bool:
    """Tell whether a channel bound to a place belongs to one match: a board, a room, lobby."""
    return isinstance(place, BoardPlace | TeamRoom) or place in (OVERVIEW, LOBBY)


def dms_of(bound: Mapping[str, str], side: Side) -> str | None:
    """Return the DMs a DM game shows a side in; None if unbound or the practice opponent's."""
    found = bound.get(str(SideDMs(side)), NO_DMS)
    return None if found == NO_DMS else found


def dms_bound(player: str, side: Side) -> dict[str, str]:
    """Return the bindings of a game against the practice opponent shown in a player's DMs."""
    return {str(SideDMs(side)): player, str(SideDMs(opponent(side))): NO_DMS}
