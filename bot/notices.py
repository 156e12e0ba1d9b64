"""Notifications: what must be announced where, addressed to logical places, not Discord ids."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

OVERVIEW: Final = "overview"


def board_place(board: int) -> str:
    """Return the place of one board: its channel, or its image in a DM game."""
    return f"board:{board}"


def team_place(side: str) -> str:
    """Return the private room of the team playing side."""
    return f"team:{side}"


def user_place(user: str) -> str:
    """Return a person's direct messages."""
    return f"user:{user}"


@dataclass(frozen=True, slots=True)
class Notice:
    """One thing to announce: where, what kind, and what the front needs to say it."""

    place: str
    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
