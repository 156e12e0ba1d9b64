"""The records of a game's event log, the kinds every game shares, and their JSON form.

Action events (a move, a resignation, a draw, an adjudication, a flag falling) are what
players and moderators did; the events that follow an action in the log (a board ending,
and a game's own consequences) are what it caused, which a replay recomputes and checks.
A game with kinds of its own registers them with register().
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
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
_Schema = tuple[frozenset[str], tuple[tuple[str, _Check], ...]]
_SCHEMAS: dict[type[Event], _Schema] = {}


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


def _schema(cls: type[Event]) -> _Schema:
    """Return the keys of an event class's JSON form and each field's test, worked out once.

    Resolving the string annotations (get_type_hints) costs about 80 µs a class: done for
    every event of a log, it was most of the time a cold load took.
    """
    found = _SCHEMAS.get(cls)
    if found is None:
        hints = get_type_hints(cls)
        names = [field.name for field in fields(cls)]
        checks = tuple((name, _check(hints[name])) for name in names)
        found = _SCHEMAS[cls] = (frozenset(("kind", *names)), checks)
    return found


def event_from_dict(data: Any) -> Event:
    """Rebuild an event from its JSON form, refusing anything malformed."""
    if not isinstance(data, dict):
        raise RecordError(f"an event must be an object, not {shown(data)}")
    kind = data.get("kind")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RecordError(f"unknown event kind {shown(data.get('kind'))}")
    keys, checks = _schema(cls)
    if data.keys() != keys:
        names = ", ".join(name for name, _ in checks)
        raise RecordError(f"a {cls.KIND} event must have exactly the fields {names}")
    values: list[Any] = []
    for name, fits in checks:
        value = data[name]
        if isinstance(value, list):
            value = tuple(value)
        if not fits(value):
            raise RecordError(f"a {cls.KIND} event has a bad {name}: {shown(data[name])}")
        values.append(value)
    return cls(*values)
