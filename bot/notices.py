"""Notifications: what must be announced where, as typed values the sender dispatches on.

A notice is addressed to a logical place (a board, the overview, a team's room, a person's
DMs), not to a Discord id. Each kind is a frozen dataclass; its `payload` is the JSON object
the outbox stores beside its `kind`, in the form rows have always had, and `notice_from_row`
reads any row back, old ones included.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Final

from bot import places
from bot.places import BoardPlace, PersonDMs, Place, TeamRoom, place_of
from bot.shown import ShownBoard
from games.core.events import BoardEnded, Event, Flagged, event_from_dict
from games.core.multiboard import Arrived, MatchDecided, Rode, Transferred
from games.core.pieces import Side

OVERVIEW: Final = places.OVERVIEW
ENVELOPE: Final = frozenset({"place", "game"})  # keys a DM game's rows add around a payload


def board_place(board: int) -> BoardPlace:
    """Return the place of one board: its channel, or its image in a DM game."""
    return BoardPlace(board)


def team_place(team: str) -> TeamRoom:
    """Return the private room of a team (team:white)."""
    return TeamRoom(team)


def user_place(user: str) -> PersonDMs:
    """Return a person's direct messages."""
    return PersonDMs(user)


def posted_in(notice: Notice) -> Place:
    """Return the place a server match posts a notice in, whose queue it waits in.

    A player's notice about a board (a transfer prompt, a draw offer) is posted in that
    board's channel, after what happened there before it.
    """
    board = getattr(notice, "board", None)
    if isinstance(notice.place, PersonDMs) and isinstance(board, int):
        return board_place(board)
    return notice.place


@dataclass(frozen=True, slots=True)
class Notice:
    """One thing to announce, and where; each subclass is one kind, named by KIND."""

    KIND: ClassVar[str] = ""
    place: Place

    @property
    def kind(self) -> str:
        """Return the kind the outbox stores beside the payload."""
        return self.KIND

    @property
    def payload(self) -> dict[str, Any]:
        """Return what the outbox stores: the fields but the place, as JSON-ready values."""
        return {f.name: _json(getattr(self, f.name)) for f in fields(self) if f.name != "place"}

    @classmethod
    def from_payload(cls, place: Place, payload: Mapping[str, Any]) -> Notice:
        """Read a notice of this kind back from its stored payload."""
        given = {
            f.name: _tuples(payload[f.name])
            for f in fields(cls)
            if f.name != "place" and f.name in payload
        }
        return cls(place=place, **given)


# ----------------------------------------------------------------------- boards' images


@dataclass(frozen=True, slots=True)
class BoardImage(Notice):
    """A board to draw as an action left it, with what happened there."""

    board: int
    events: tuple[Event, ...] = ()
    undone: bool = False  # the events were taken back by a moderator's undo
    offer_withdrawn: Side | None = None  # whose draw offer the action took back
    shown: ShownBoard | None = None  # the board as it stood then, added when queued
    reason: str = ""  # a moderator's reason, for an undo or a substitution shown here
    substitute: tuple[str, str] | None = None  # a moderator gave old's seat here to new
    agreed: bool = False  # the undo was a takeback both sides agreed to, no moderator's

    @property
    def payload(self) -> dict[str, Any]:
        """Return the board, its events (or those undone), and what else the front shows."""
        found = self._board_payload()
        if self.shown is not None:
            found["shown"] = self.shown.record()
        return found

    def _board_payload(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "board": self.board,
            "undone" if self.undone else "events": [e.to_dict() for e in self.events],
        }
        if self.offer_withdrawn is not None:
            found["offer_withdrawn"] = self.offer_withdrawn
        if self.reason:
            found["reason"] = self.reason
        if self.substitute is not None:
            found["substitute"] = list(self.substitute)
        if self.agreed:
            found["agreed"] = True
        return found

    @classmethod
    def from_payload(cls, place: Place, payload: Mapping[str, Any]) -> Notice:
        """Read a board's notice back, whether it says events or undone events."""
        undone = "undone" in payload
        events = payload["undone"] if undone else payload.get("events", [])
        shown, substitute = payload.get("shown"), payload.get("substitute")
        return cls(
            place=place,
            board=int(payload["board"]),
            events=tuple(event_from_dict(e) for e in events),
            undone=undone,
            offer_withdrawn=payload.get("offer_withdrawn"),
            shown=None if shown is None else ShownBoard.from_record(shown),
            reason=str(payload.get("reason", "")),
            substitute=None if substitute is None else (str(substitute[0]), str(substitute[1])),
            agreed=bool(payload.get("agreed", False)),
        )


@dataclass(frozen=True, slots=True)
class BoardShown(BoardImage):
    """A board changed (or the match started: no events): post its image."""

    KIND: ClassVar[str] = "board"


@dataclass(frozen=True, slots=True)
class ArrivalShown(BoardImage):
    """A piece arrived on a board: post its image, naming the players there."""

    KIND: ClassVar[str] = "arrival"
    arrived: Arrived | None = None
    mention: tuple[str, ...] = ()
    transferred: bool = False  # sent by a victory transfer, not ridden

    @property
    def payload(self) -> dict[str, Any]:
        """Return the board's payload with the arrival's fields and who to mention."""
        arrival = self.arrived.to_dict() if self.arrived is not None else {}
        found = self._board_payload() | arrival | {"mention": list(self.mention)}
        if self.transferred:
            found["transferred"] = True
        if self.shown is not None:
            found["shown"] = self.shown.record()
        return found

    @classmethod
    def from_payload(cls, place: Place, payload: Mapping[str, Any]) -> Notice:
        """Read an arrival back: the board's notice, the arrival and who to mention."""
        board = BoardShown.from_payload(place, payload)
        assert isinstance(board, BoardShown)
        arrived = Arrived(
            int(payload["board"]),
            payload["side"],
            payload["piece"],
            payload["square"],
            int(payload["from_board"]),
            bool(payload.get("check")),
            bool(payload.get("king_capturable")),
        )
        return cls(
            place=place,
            board=board.board,
            events=board.events,
            offer_withdrawn=board.offer_withdrawn,
            shown=board.shown,
            arrived=arrived,
            mention=tuple(payload.get("mention", [])),
            transferred=bool(payload.get("transferred", False)),
        )


@dataclass(frozen=True, slots=True)
class ReplayShown(Notice):
    """A board ended: post its replay, drawn from the first `upto` events of the match's log."""

    KIND: ClassVar[str] = "replay"
    board: int
    upto: int


# ----------------------------------------------------------------------- the match's story


@dataclass(frozen=True, slots=True)
class Started(Notice):
    """The match has started on so many boards."""

    KIND: ClassVar[str] = "started"
    boards: int


@dataclass(frozen=True, slots=True)
class Cancelled(Notice):
    """The match was cancelled before it started, by whom and why."""

    KIND: ClassVar[str] = "cancelled"
    by: str
    reason: str


@dataclass(frozen=True, slots=True)
class RideNews(Notice):
    """A piece rode an elevator, or was sent onward by a victory transfer."""

    KIND: ClassVar[str] = "ride"
    event: Rode | Transferred

    @property
    def payload(self) -> dict[str, Any]:
        """Return the event's own JSON form."""
        return self.event.to_dict()

    @classmethod
    def from_payload(cls, place: Place, payload: Mapping[str, Any]) -> Notice:
        """Read the event back."""
        event = event_from_dict(_bare(payload))
        assert isinstance(event, (Rode, Transferred)), event
        return cls(place, event)


@dataclass(frozen=True, slots=True)
class FlagNews(Notice):
    """A side ran out of time on a board."""

    KIND: ClassVar[str] = "flag"
    event: Flagged

    @property
    def payload(self) -> dict[str, Any]:
        """Return the event's own JSON form."""
        return self.event.to_dict()

    @classmethod
    def from_payload(cls, place: Place, payload: Mapping[str, Any]) -> Notice:
        """Read the event back."""
        event = event_from_dict(_bare(payload))
        assert isinstance(event, Flagged), event
        return cls(place, event)


@dataclass(frozen=True, slots=True)
class BoardResult(Notice):
    """A board ended; the teams' scores after it."""

    KIND: ClassVar[str] = "board-result"
    event: BoardEnded
    scores: Mapping[str, float]

    @property
    def payload(self) -> dict[str, Any]:
        """Return the event's JSON form with the scores."""
        return self.event.to_dict() | {"scores": dict(self.scores)}

    @classmethod
    def from_payload(cls, place: Place, payload: Mapping[str, Any]) -> Notice:
        """Read the event and the scores back."""
        event = event_from_dict({k: v for k, v in _bare(payload).items() if k != "scores"})
        assert isinstance(event, BoardEnded), event
        return cls(place, event, dict(payload.get("scores") or {}))


@dataclass(frozen=True, slots=True)
class BoardsResult(Notice):
    """Many boards one action ended (a match resigned), said at once; the scores after."""

    KIND: ClassVar[str] = "boards-result"
    ended: tuple[tuple[int, str, str], ...]  # each board's number, result and ending
    scores: Mapping[str, float]


@dataclass(frozen=True, slots=True)
class Decided(Notice):
    """The match is decided, though boards may still be played."""

    KIND: ClassVar[str] = "decided"
    event: MatchDecided
    teams: int = 2  # how many teams play: two winners of two is a draw, of four a shared win

    @property
    def payload(self) -> dict[str, Any]:
        """Return the event's own JSON form, and how many teams play."""
        return {**self.event.to_dict(), "teams": self.teams}

    @classmethod
    def from_payload(cls, place: Place, payload: Mapping[str, Any]) -> Notice:
        """Read the event back (older rows, written before many teams, have two)."""
        event = event_from_dict(_bare({k: v for k, v in payload.items() if k != "teams"}))
        assert isinstance(event, MatchDecided), event
        return cls(place, event, int(payload.get("teams", 2)))


@dataclass(frozen=True, slots=True)
class Result(Notice):
    """Every board is over: the match's final result and scores."""

    KIND: ClassVar[str] = "result"
    result: str
    scores: Mapping[str, float] = field(default_factory=dict)

    @classmethod
    def from_payload(cls, place: Place, payload: Mapping[str, Any]) -> Notice:
        """Read the result and the scores back."""
        return cls(place, payload["result"], dict(payload.get("scores") or {}))


# ----------------------------------------------------------------------- offers and transfers


@dataclass(frozen=True, slots=True)
class DrawOffered(Notice):
    """A side offers a draw on a board."""

    KIND: ClassVar[str] = "draw-offer"
    board: int
    side: Side


@dataclass(frozen=True, slots=True)
class DrawDeclined(Notice):
    """A side declines the draw offered on a board."""

    KIND: ClassVar[str] = "draw-declined"
    board: int
    side: Side


@dataclass(frozen=True, slots=True)
class TakebackAsked(Notice):
    """A side asks to take back its last move on a board (and any reply): to the other side."""

    KIND: ClassVar[str] = "takeback-asked"
    board: int
    side: Side
    count: int  # the actions it takes back: the asker's move, and the reply if any
    answerer: str  # who answers it: the opponent, or the other team's captain
    asked_at: int = 0  # the log's length when it was asked: what its buttons answer


@dataclass(frozen=True, slots=True)
class TakebackDeclined(Notice):
    """The other side declines a takeback asked for on a board: to the side that asked."""

    KIND: ClassVar[str] = "takeback-declined"
    board: int
    side: Side  # who asked


@dataclass(frozen=True, slots=True)
class TransferPrompt(Notice):
    """A board's winner may send one piece onward: where to, and until when."""

    KIND: ClassVar[str] = "transfer-prompt"
    board: int
    side: Side
    options: tuple[str, ...]
    deadline: float
    labels: tuple[str, ...] = ()  # each option in words, for its menu; () in older rows


@dataclass(frozen=True, slots=True)
class TransferGone(Notice):
    """A board's victory transfer will not happen; the subclass says why."""

    board: int
    side: Side


@dataclass(frozen=True, slots=True)
class TransferLapsed(TransferGone):
    """The winner let the time for the transfer run out."""

    KIND: ClassVar[str] = "transfer-lapsed"


@dataclass(frozen=True, slots=True)
class TransferSkipped(TransferGone):
    """The winner chose to send nothing."""

    KIND: ClassVar[str] = "transfer-skipped"


@dataclass(frozen=True, slots=True)
class TransferVoid(TransferGone):
    """Other boards closing left the transfer nowhere to go."""

    KIND: ClassVar[str] = "transfer-void"


@dataclass(frozen=True, slots=True)
class Reminder(Notice):
    """A correspondence board waits on a player's move: the time left and when it falls."""

    KIND: ClassVar[str] = "reminder"
    board: int
    side: Side
    left: float
    falls_at: float | None
    mention: tuple[str, ...] = ()


# ----------------------------------------------------------------------- moderators


@dataclass(frozen=True, slots=True)
class Ruling(Notice):
    """A moderator's action, by whom and why; the subclass says which."""

    moderator: str
    reason: str


@dataclass(frozen=True, slots=True)
class Paused(Ruling):
    """A moderator stopped all play."""

    KIND: ClassVar[str] = "pause"


@dataclass(frozen=True, slots=True)
class Aborted(Ruling):
    """A moderator ended the match without a result."""

    KIND: ClassVar[str] = "abort"


@dataclass(frozen=True, slots=True)
class Resumed(Ruling):
    """A moderator let play go on after a pause of so many seconds."""

    KIND: ClassVar[str] = "resume"
    paused_for: float


@dataclass(frozen=True, slots=True)
class Adjudication(Ruling):
    """A moderator ended a board with a result."""

    KIND: ClassVar[str] = "adjudicate"
    board: int
    result: str
    transfer: bool


@dataclass(frozen=True, slots=True)
class Forfeit(Ruling):
    """A moderator ended every open board against a side that did not show up."""

    KIND: ClassVar[str] = "forfeit"
    side: Side
    boards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ForcedResignation(Ruling):
    """A moderator resigned a board for an absent player."""

    KIND: ClassVar[str] = "resign"
    board: int
    side: Side


@dataclass(frozen=True, slots=True)
class TimeAdded(Ruling):
    """A moderator gave a side time back on a board; left is what it has now."""

    KIND: ClassVar[str] = "add-time"
    board: int
    side: Side
    seconds: float
    left: float


@dataclass(frozen=True, slots=True)
class Undone(Notice):
    """A moderator took back the last count actions, or both sides agreed to (a takeback)."""

    KIND: ClassVar[str] = "undo"
    count: int
    reason: str
    agreed: bool = False


@dataclass(frozen=True, slots=True)
class Reopened(Notice):
    """An undo brought a finished match back, active or paused."""

    KIND: ClassVar[str] = "reopened"
    status: str


@dataclass(frozen=True, slots=True)
class Substituted(Notice):
    """A moderator gave old's place to new; new's own notice lists the seats taken over."""

    KIND: ClassVar[str] = "substitute"
    old: str
    new: str
    reason: str
    seats: tuple[tuple[int, Side], ...] | None = None

    @property
    def payload(self) -> dict[str, Any]:
        """Return who was replaced by whom and why, and the seats if they are told."""
        found: dict[str, Any] = {"old": self.old, "new": self.new, "reason": self.reason}
        if self.seats is not None:
            found["seats"] = list(self.seats)  # JSON writes each seat as a list
        return found

    @classmethod
    def from_payload(cls, place: Place, payload: Mapping[str, Any]) -> Notice:
        """Read it back, with its seats if it had them."""
        seats = payload.get("seats")
        held = None if seats is None else tuple((int(b), side) for b, side in seats)
        return cls(place, payload["old"], payload["new"], payload["reason"], held)


KINDS: Final[dict[str, type[Notice]]] = {
    cls.KIND: cls
    for cls in (
        BoardShown,
        ArrivalShown,
        ReplayShown,
        BoardsResult,
        Started,
        Cancelled,
        RideNews,
        FlagNews,
        BoardResult,
        Decided,
        Result,
        DrawOffered,
        DrawDeclined,
        TakebackAsked,
        TakebackDeclined,
        TransferPrompt,
        TransferLapsed,
        TransferSkipped,
        TransferVoid,
        Reminder,
        Paused,
        Aborted,
        Resumed,
        Adjudication,
        Forfeit,
        ForcedResignation,
        TimeAdded,
        Undone,
        Reopened,
        Substituted,
    )
}


class UnknownNotice(ValueError):
    """Raised for an outbox row whose kind or payload this version cannot read."""


def notice_from_row(place: str, kind: str, payload: Mapping[str, Any]) -> Notice:
    """Read a notice from an outbox row: the place it names (in a DM game, in its payload)."""
    cls = KINDS.get(kind)
    if cls is None:
        raise UnknownNotice(f"a notice of kind {kind!r} is unknown to this version")
    named = payload.get("place", place)
    try:
        return cls.from_payload(place_of(str(named)), payload)
    except (KeyError, TypeError, ValueError, AssertionError) as error:
        raise UnknownNotice(f"a {kind} notice does not read: {error!r}") from None


def _json(value: Any) -> Any:
    """Return a field's value as JSON holds it: tuples as lists, events as their dicts."""
    if isinstance(value, Event):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_json(item) for item in value]
    return value


def _tuples(value: Any) -> Any:
    """Return a JSON value with its lists made tuples, as the dataclasses hold them."""
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    return value


def _bare(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Return a payload without what a DM game's row adds around it."""
    return {key: value for key, value in payload.items() if key not in ENVELOPE}
