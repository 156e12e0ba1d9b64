"""The records of a game's event log, the kinds every game shares, and their JSON form.

Action events (a move, a resignation, a draw, an adjudication, a flag falling) are what
players and moderators did; the events that follow an action in the log (a board ending,
and a game's own consequences) are what it caused, which a replay recomputes and checks.
A game with kinds of its own registers them with register().
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from itertools import product
from operator import itemgetter
from typing import Any, ClassVar, Literal, get_args, get_origin, get_type_hints

from games.core.errors import RecordError, shown
from games.core.pieces import Side


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a match's event log."""

    KIND: ClassVar[str] = ""
    ACTION: ClassVar[bool] = False

    def to_dict(self) -> dict[str, Any]:
        """Return the event as a JSON-ready dict with its kind first."""
        data: dict[str, Any] = {"kind": self.KIND}
        for field in fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A normal move on a board."""

    KIND: ClassVar[str] = "move"
    ACTION: ClassVar[bool] = True
    board: int
    side: Side
    fullmove: int
    uci: str
    san: str


@dataclass(frozen=True, slots=True)
class Resigned(Event):
    """A side resigned a board."""

    KIND: ClassVar[str] = "resign"
    ACTION: ClassVar[bool] = True
    board: int
    side: Side


@dataclass(frozen=True, slots=True)
class DrawAgreed(Event):
    """Both sides agreed to draw a board."""

    KIND: ClassVar[str] = "agree-draw"
    ACTION: ClassVar[bool] = True
    board: int


@dataclass(frozen=True, slots=True)
class DrawClaimed(Event):
    """The side to move claimed a draw by threefold repetition or the fifty-move rule."""

    KIND: ClassVar[str] = "claim-draw"
    ACTION: ClassVar[bool] = True
    board: int
    side: Side
    reason: str


@dataclass(frozen=True, slots=True)
class Adjudicated(Event):
    """A moderator ended a board with a given result."""

    KIND: ClassVar[str] = "adjudicate"
    ACTION: ClassVar[bool] = True
    board: int
    result: str
    reason: str
    transfer: bool


@dataclass(frozen=True, slots=True)
class Flagged(Event):
    """A side's time ran out on a board, where it was their move."""

    KIND: ClassVar[str] = "flag"
    ACTION: ClassVar[bool] = True
    board: int
    side: Side


@dataclass(frozen=True, slots=True)
class BoardEnded(Event):
    """A board ended; fen is its final position, kept after the board is cleared."""

    KIND: ClassVar[str] = "board-end"
    board: int
    result: str
    ending: str
    fen: str
    transfer_pending: bool


EVENT_TYPES: dict[str, type[Event]] = {}


def register(*kinds: type[Event]) -> None:
    """Let event_from_dict rebuild events of these classes, each by its KIND."""
    for cls in kinds:
        known = EVENT_TYPES.setdefault(cls.KIND, cls)
        if known is not cls:
            raise ValueError(f"two event classes share the kind {cls.KIND!r}")


register(Moved, Resigned, DrawAgreed, DrawClaimed, Adjudicated, Flagged, BoardEnded)


_Check = Callable[[Any], bool]
_Reader = Callable[[dict[str, Any]], "Event | None"]


@dataclass(frozen=True, slots=True)
class _Schema:
    """How an event class's JSON form is read, worked out once per class."""

    keys: frozenset[str]  # the form's keys, its kind's included
    checks: tuple[tuple[str, _Check], ...]  # each field and the test its value must pass
    quick: _Reader | None  # reads a well-formed form at once, else None; None: no quick path


_SCHEMAS: dict[type[Event], _Schema] = {}
_QUICK: dict[str, _Reader] = {}  # each kind's quick reader, once its schema is worked out


def _check(hint: Any) -> _Check:
    """Return the test a JSON value (lists made tuples) must pass to fill a field of type hint."""
    origin = get_origin(hint)
    if origin is Literal:
        allowed = get_args(hint)
        return lambda value: value in allowed
    if origin is tuple:
        return lambda value: isinstance(value, tuple) and all(isinstance(i, str) for i in value)
    if hint is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    return lambda value: isinstance(value, hint)


def _json_type(hint: Any) -> type | None:
    """Return the one type JSON gives a field of type hint, or None if there is no single one."""
    if get_origin(hint) is Literal:
        kinds = {type(choice) for choice in get_args(hint)}
        return kinds.pop() if len(kinds) == 1 else None
    return hint if hint in (int, str, bool) else None


def _quick(cls: type[Event], names: list[str], hints: dict[str, Any]) -> _Reader | None:
    """Return a reader of cls's well-formed JSON forms that checks each value's exact type.

    Reading a log, every event passes: one comparison of the values' types with the
    fields' (int, str, bool: JSON's own types, so a bool is no int) and one look-up of
    the Literal fields' values among their allowed combinations replace a test per
    field. Anything else gets None, and event_from_dict's field-by-field reading, which
    says what is wrong. A class with a field of another type (a tuple) has no quick path.
    """
    types = tuple(_json_type(hints[name]) for name in names)
    if not names or None in types:
        return None
    keys = frozenset(("kind", *names))
    values: Callable[[dict[str, Any]], tuple[Any, ...]]
    if len(names) == 1:
        only = names[0]
        values = lambda data: (data[only],)  # noqa: E731 (itemgetter of one key is no tuple)
    else:
        values = itemgetter(*names)
    chosen = [i for i, name in enumerate(names) if get_origin(hints[name]) is Literal]
    choices = itemgetter(*chosen) if chosen else None  # one index gives the value, not a tuple
    options = [get_args(hints[names[i]]) for i in chosen]
    allowed = frozenset(options[0] if len(chosen) == 1 else product(*options))

    def read(data: dict[str, Any]) -> Event | None:
        if data.keys() != keys:
            return None
        found = values(data)
        if tuple(map(type, found)) != types or (
            choices is not None and choices(found) not in allowed
        ):
            return None
        return cls(*found)

    return read


def _schema(cls: type[Event]) -> _Schema:
    """Return how an event class's JSON form is read, worked out once.

    Resolving the string annotations (get_type_hints) costs about 80 µs a class: done for
    every event of a log, it was most of the time a cold load took.
    """
    found = _SCHEMAS.get(cls)
    if found is None:
        hints = get_type_hints(cls)
        names = [field.name for field in fields(cls)]
        checks = tuple((name, _check(hints[name])) for name in names)
        keys = frozenset(("kind", *names))
        found = _SCHEMAS[cls] = _Schema(keys, checks, _quick(cls, names, hints))
        if found.quick is not None:
            _QUICK[cls.KIND] = found.quick
    return found


def event_from_dict(data: Any) -> Event:
    """Rebuild an event from its JSON form, refusing anything malformed."""
    try:
        quick = _QUICK.get(data["kind"])
    except (TypeError, KeyError):  # no object, no kind, or a kind no key can be
        quick = None
    if quick is not None:
        event = quick(data)
        if event is not None:
            return event
    return _checked(data)


def _checked(data: Any) -> Event:
    """Rebuild an event from its JSON form field by field, saying what is malformed."""
    if not isinstance(data, dict):
        raise RecordError(f"an event must be an object, not {shown(data)}")
    kind = data.get("kind")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RecordError(f"unknown event kind {shown(data.get('kind'))}")
    schema = _SCHEMAS.get(cls) or _schema(cls)
    if schema.quick is not None:
        event = schema.quick(data)
        if event is not None:
            return event
    if data.keys() != schema.keys:
        names = ", ".join(name for name, _ in schema.checks)
        raise RecordError(f"a {cls.KIND} event must have exactly the fields {names}")
    values: list[Any] = []
    for name, fits in schema.checks:
        value = data[name]
        if isinstance(value, list):
            value = tuple(value)
        if not fits(value):
            raise RecordError(f"a {cls.KIND} event has a bad {name}: {shown(data[name])}")
        values.append(value)
    return cls(*values)


def events_from_json(rows: Sequence[str], first: int = 1) -> list[Event]:
    """Rebuild a log from its events' JSON texts, one an event, refusing anything malformed.

    first: the position in the log of the first text, for a part of a long log read alone.

    The texts are read as one JSON array: one call into the decoder instead of one a row
    takes a third of the time. The store wrote each text with json.dumps, one value; a
    damaged one leaves the array unreadable or of another length (only texts forged to fit
    each other could not), and the rows are then read one by one, so that the error says
    which. Every value read is still checked as an event.
    """
    try:
        found = json.loads("[" + ",".join(rows) + "]")
    except ValueError:
        found = None
    if not isinstance(found, list) or len(found) != len(rows):
        found = [_read_json(row, index) for index, row in enumerate(rows, start=first)]
    return [event_from_dict(data) for data in found]


def _read_json(text: str, index: int) -> Any:
    """Return the JSON value of a log's index-th event's text, or refuse it."""
    try:
        return json.loads(text)
    except ValueError as error:
        raise RecordError(f"event {index} of the log is not valid JSON: {error}") from None
