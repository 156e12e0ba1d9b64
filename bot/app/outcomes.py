"""What the service's actions answer, and who acts as a moderator."""

from __future__ import annotations

from dataclasses import dataclass

from bot.notices import Notice
from games.core.events import Event
from games.core.pieces import Side


@dataclass(frozen=True)
class Moderator:
    """Who is acting, and whether the front found them to be a moderator."""

    user: str
    is_moderator: bool


@dataclass(frozen=True)
class MatchShape:
    """A match's shape as the front names it: boards, layout and the teams' names."""

    boards: int
    layout: str
    teams: dict[str, str]  # each team's name by its key (bot.lobby), White's first
    kind: str = "elevator"  # the game's kind in games.KINDS
    title: str = "Elevator Chess"  # the game's name as players read it
    variant: str | None = None  # which of Betza's variants it plays, in words; None: the core


@dataclass(frozen=True)
class RematchAsked:
    """A team's rematch request: its colour and who plays it, by the teams' names."""

    side: Side  # the colour the asking team played
    team: str  # the asking team
    answering: str  # the team, or teams of the other colour ("Greens or Golds"), who answer
    white: str  # the team, or teams ("Greens and Golds"), who would play White: Black's now


@dataclass(frozen=True)
class TeamChange:
    """What joining or leaving a team did, captaincies included."""

    left: str | None = None  # the team (its key) the player was on before
    was_captain: bool = False  # of the team they left
    successor: str | None = None  # the left team's captain now, if it has one
    joined: str | None = None
    captain: bool = False  # of the team they joined


@dataclass(frozen=True)
class Outcome:
    """What an accepted action produced: its events and the notices it queued."""

    match_id: int
    events: tuple[Event, ...]
    notices: tuple[Notice, ...]
    awaiting: tuple[int, ...] = ()  # a held move's side's boards still to move (Automatic)


def who(actor: str | Moderator) -> str:
    """Return the user acting, a player or a moderator."""
    return actor.user if isinstance(actor, Moderator) else actor
