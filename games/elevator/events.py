"""Every kind of event Elevator Chess writes, those of games.core.multiboard (rides,
arrivals, victory transfers, a match decided) with those every game shares, in one import.
"""

from __future__ import annotations

from games.core.events import (
    EVENT_TYPES,
    Adjudicated,
    BoardEnded,
    DrawAgreed,
    DrawClaimed,
    Event,
    Flagged,
    Moved,
    Resigned,
    event_from_dict,
    events_from_json,
)
from games.core.multiboard import (
    Arrived,
    BoardCleared,
    Carried,
    Held,
    MatchDecided,
    MatchResigned,
    PassedThrough,
    Rode,
    TeamResigned,
    TransferDeclined,
    Transferred,
    TurnMoved,
)

__all__ = [
    "EVENT_TYPES",
    "Adjudicated",
    "Arrived",
    "BoardCleared",
    "BoardEnded",
    "Carried",
    "DrawAgreed",
    "DrawClaimed",
    "Event",
    "Flagged",
    "Held",
    "MatchDecided",
    "MatchResigned",
    "Moved",
    "PassedThrough",
    "Resigned",
    "Rode",
    "TeamResigned",
    "TransferDeclined",
    "Transferred",
    "TurnMoved",
    "event_from_dict",
    "events_from_json",
]
