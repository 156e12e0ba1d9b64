"""Where the bot shows a match, as typed values: a board, a team's room, a person's DMs, and
the match's named places (its overview, its lobby, a DM game's two players' DMs).

A place is stored and bound by its name (`board:3`, `team:white`, `user:42`, `overview`):
place_of reads a name into its type, and str() writes it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


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
class Named:
    """A place of the match known by its name alone: its overview, its lobby, and more."""

    name: str

    def __str__(self) -> str:
        return self.name


Place = BoardPlace | TeamRoom | PersonDMs | Named

OVERVIEW: Final = Named("overview")
LOBBY: Final = Named("lobby")
GAME_DMS: Final = Named("dm:white")  # bound where a game is shown in its players' DMs


def place_of(name: str) -> Place:
    """Return the place a stored or bound name stands for."""
    kind, _, rest = name.partition(":")
    if kind == "board" and rest.isdigit():
        return BoardPlace(int(rest))
    if kind == "team" and rest:
        return TeamRoom(rest)
    if kind == "user" and rest:
        return PersonDMs(rest)
    return Named(name)


def board_of(name: str) -> int | None:
    """Return the board a place's name is, or None if it is no board's."""
    place = place_of(name)
    return place.board if isinstance(place, BoardPlace) else None
