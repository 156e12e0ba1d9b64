"""A game's log read as actions: each action with the events it caused."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from games.core.errors import RecordError
from games.core.events import Event


class GameConfig(Protocol):
    """What a game is set up with, as a game's record keeps it."""

    @property
    def boards(self) -> int:
        """Return the number of boards."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """Return the configuration as a JSON-ready dict."""
        ...


def action_groups(events: Sequence[Event]) -> list[list[Event]]:
    """Split a log into actions, each with the events it caused."""
    groups: list[list[Event]] = []
    for event in events:
        if event.ACTION:
            groups.append([event])
        elif groups:
            groups[-1].append(event)
        else:
            raise RecordError(f"the log starts with {event}, which is not an action")
    return groups
