from __future__ import annotations

import pytest

from elevator.errors import RecordError
from elevator.events import EVENT_TYPES, Arrived, MatchDecided, Rode, event_from_dict


def test_every_event_survives_its_json_form() -> None:
    for event in (
        Rode(1, "white", 3, "N", "e4", "up", 2),
        Arrived(2, "white", "N", "e4", 1, check=True, king_capturable=False),
        MatchDecided(("A", "B")),
    ):
        assert event_from_dict(event.to_dict()) == event


def test_the_kinds_are_distinct() -> None:
    assert len(EVENT_TYPES) == 14


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"kind": "teleport"},
        {"kind": "ride", "board": 1},
        {**Rode(1, "white", 3, "N", "e4", "up", 2).to_dict(), "direction": "sideways"},
        {**Rode(1, "white", 3, "N", "e4", "up", 2).to_dict(), "board": "1"},
        {**Rode(1, "white", 3, "N", "e4", "up", 2).to_dict(), "board": True},
        {**Rode(1, "white", 3, "N", "e4", "up", 2).to_dict(), "side": "red"},
        {"kind": "match-decided", "winners": [1]},
    ],
)
def test_malformed_events_are_refused(data: object) -> None:
    with pytest.raises(RecordError):
        event_from_dict(data)


def test_a_ride_writes_itself_canonically() -> None:
    assert Rode(1, "black", 3, "P", "d5", "down", 4).notation == "Pd5v4"
