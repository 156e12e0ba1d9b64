from __future__ import annotations

import json
from typing import Any

import pytest

from games.core import events as events_module
from games.core.errors import RecordError
from games.elevator.events import (
    EVENT_TYPES,
    Adjudicated,
    Arrived,
    BoardCleared,
    BoardEnded,
    Carried,
    DrawAgreed,
    DrawClaimed,
    Event,
    Flagged,
    Held,
    MatchDecided,
    MatchResigned,
    Moved,
    PassedThrough,
    Resigned,
    Rode,
    TeamResigned,
    TransferDeclined,
    Transferred,
    TurnMoved,
    event_from_dict,
    events_from_json,
)

ONE_OF_EACH: tuple[Event, ...] = (
    Moved(1, "white", 1, "e2e4", "e4"),
    Rode(1, "white", 3, "N", "e4", "up", 2),
    Transferred(2, "black", "Q", "d5", "down", 1),
    TransferDeclined(2, "black"),
    Resigned(3, "white"),
    MatchResigned("black"),
    TeamResigned("Reds"),
    DrawAgreed(1),
    DrawClaimed(1, "black", "fifty-move rule"),
    Adjudicated(2, "1-0", "abandoned", True),
    Flagged(3, "black"),
    Arrived(2, "white", "N", "e4", 1, check=True, king_capturable=False),
    BoardEnded(2, "0-1", "checkmate", "k7/8/8/8/8/8/8/7K w - - 0 1", False),
    BoardCleared(2),
    MatchDecided(("A", "B")),
    PassedThrough(1, "white", "N", "f3", 2),
    Held(2, "black", 4, "g8f6", "Nf6"),
    TurnMoved(2, "black", 4, "g8f6", "Nf6"),
    Carried(3, "black", "B", "d5", "down", 2),
)


def test_every_event_survives_its_json_form() -> None:
    for event in (
        Rode(1, "white", 3, "N", "e4", "up", 2),
        Arrived(2, "white", "N", "e4", 1, check=True, king_capturable=False),
        MatchDecided(("A", "B")),
    ):
        assert event_from_dict(event.to_dict()) == event


def test_the_kinds_are_distinct() -> None:
    assert len(EVENT_TYPES) == 19


def test_every_kind_of_event_round_trips_its_stored_json_byte_for_byte() -> None:
    assert {type(event) for event in ONE_OF_EACH} == set(EVENT_TYPES.values())
    for event in ONE_OF_EACH:
        row = json.dumps(event.to_dict())  # as the service stores it
        again = event_from_dict(json.loads(row))
        assert again == event
        assert json.dumps(again.to_dict()) == row


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        (
            '{"kind": "ride", "board": 1, "side": "white", "fullmove": 3, "piece": "N", '
            '"square": "e4", "direction": "up", "to_board": 2}',
            Rode(1, "white", 3, "N", "e4", "up", 2),
        ),
        (
            '{"kind": "arrive", "board": 2, "side": "white", "piece": "N", "square": "e4", '
            '"from_board": 1, "check": true, "king_capturable": false}',
            Arrived(2, "white", "N", "e4", 1, check=True, king_capturable=False),
        ),
        ('{"kind": "match-decided", "winners": ["A", "B"]}', MatchDecided(("A", "B"))),
        # Key order is not part of the form: a row written in another order still loads.
        (
            '{"board": 1, "san": "e4", "uci": "e2e4", "fullmove": 1, "side": "white", '
            '"kind": "move"}',
            Moved(1, "white", 1, "e2e4", "e4"),
        ),
    ],
)
def test_rows_stored_by_earlier_versions_still_load(row: str, expected: Event) -> None:
    assert event_from_dict(json.loads(row)) == expected


def test_a_log_is_read_resolving_each_event_class_once(monkeypatch: pytest.MonkeyPatch) -> None:
    resolved: list[type[Any]] = []

    def counting(cls: type[Any]) -> dict[str, Any]:
        resolved.append(cls)
        return get_type_hints(cls)

    get_type_hints = events_module.get_type_hints
    monkeypatch.setattr(events_module, "_SCHEMAS", {})
    monkeypatch.setattr(events_module, "_QUICK", {})
    monkeypatch.setattr(events_module, "get_type_hints", counting)
    rows = [event.to_dict() for event in ONE_OF_EACH] * 50
    assert [event_from_dict(row) for row in rows] == list(ONE_OF_EACH) * 50
    assert sorted(cls.__name__ for cls in resolved) == sorted(
        cls.__name__ for cls in EVENT_TYPES.values()
    )


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
        {**Moved(1, "white", 1, "e2e4", "e4").to_dict(), "extra": 1},
        {"kind": "move", "board": 1, "side": "white", "fullmove": 1, "uci": "e2e4"},
        {
            **Arrived(2, "white", "N", "e4", 1, check=True, king_capturable=False).to_dict(),
            "check": 1,
        },
        {**MatchResigned("black").to_dict(), "side": "red"},
        {**TeamResigned("Reds").to_dict(), "team": ["Reds"]},
    ],
)
def test_malformed_events_are_refused(data: object) -> None:
    with pytest.raises(RecordError):
        event_from_dict(data)


def test_a_missing_field_is_named_with_the_fields_an_event_needs() -> None:
    data = Moved(1, "white", 1, "e2e4", "e4").to_dict()
    del data["san"]
    with pytest.raises(RecordError, match="exactly the fields board, side, fullmove, uci, san"):
        event_from_dict(data)


def test_a_ride_writes_itself_canonically() -> None:
    assert Rode(1, "black", 3, "P", "d5", "down", 4).notation == "Pd5v4"


def test_a_log_read_from_its_rows_at_once_gives_each_row_s_event_in_order() -> None:
    rows = [json.dumps(event.to_dict()) for event in ONE_OF_EACH]
    assert events_from_json(rows) == list(ONE_OF_EACH)
    assert events_from_json([]) == []


def test_a_damaged_row_of_a_log_is_refused_by_its_place_in_the_log() -> None:
    rows = [json.dumps(event.to_dict()) for event in ONE_OF_EACH[:4]]
    rows[2] = rows[2][:-5]
    with pytest.raises(RecordError, match="event 3 of the log is not valid JSON"):
        events_from_json(rows)


def test_a_part_of_a_log_read_alone_names_a_damaged_row_by_its_place_in_the_whole_log() -> None:
    rows = [json.dumps(event.to_dict()) for event in ONE_OF_EACH[:4]]
    rows[2] = rows[2][:-5]
    assert events_from_json(rows[:2], 1) == list(ONE_OF_EACH[:2])
    with pytest.raises(RecordError, match="event 3 of the log is not valid JSON"):
        events_from_json(rows[2:], 3)


def test_a_row_holding_two_events_is_refused_though_the_log_reads_as_an_array() -> None:
    first, second, third = (json.dumps(event.to_dict()) for event in ONE_OF_EACH[:3])
    with pytest.raises(RecordError, match="event 1 of the log is not valid JSON"):
        events_from_json([f"{first}, {second}", third])


def test_a_row_that_is_no_event_is_refused_in_a_log_read_at_once() -> None:
    rows = [json.dumps(ONE_OF_EACH[0].to_dict()), "[1, 2]"]
    with pytest.raises(RecordError, match="an event must be an object"):
        events_from_json(rows)
