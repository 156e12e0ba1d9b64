"""A match as the service holds it in memory, and reading it from the database.

A match loads lazily from its per-board snapshots; a snapshot that does not fit the event
log (by checksum, log position or content) is logged and the match is replayed from the
log instead.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

import games
from bot import storage
from bot.errors import NotFoundError, RulesError
from bot.hosted import Hosted, new_roster
from bot.lobby import Roster
from bot.news import boards_of
from bot.places import GAME_DMS
from bot.storage import Db, Row
from games.core.capabilities import Teams
from games.core.clocks import Clocks, TimeControl, from_rows
from games.core.errors import GameError
from games.core.events import Event, events_from_json
from games.core.log import GameConfig
from games.core.pieces import Side, side_name

logger = logging.getLogger(__name__)

GAME_PLACE: Final = "game"  # where such a game's notices queue: one place, in order
SLICE = 0.001  # seconds a load runs on the event loop at most before it lets others in
EVENTS_READ = 250  # a log's events read at once by a load: about 0.5 ms here


@dataclass(frozen=True)
class Takeback:
    """A takeback one side asked for, of a board's last actions, until the other answers it."""

    board: int
    side: Side  # who asked
    count: int  # the log's last actions it takes back: the asker's move, and any reply
    log_length: int  # the log's length when it was asked: it lapses once the game moves on


@dataclass(frozen=True)
class Loaded:
    """A match as the service holds it in memory: status, people and the rules core's match.

    Only the unit of work (bot.app.unit) makes a new one, once a change has committed; the
    rules core's match and the clocks are the live objects an action's change works on.
    """

    id: int
    status: str
    host: str
    roster: Roster
    match: Hosted
    offers: Mapping[int, Side] = field(default_factory=dict)  # board: who offered a draw
    deadlines: Mapping[int, float] = field(default_factory=dict)  # board: when transfer lapses
    paused_at: float | None = None
    control: TimeControl = field(default_factory=TimeControl)
    clocks: Clocks | None = None  # once a timed match has started
    in_dms: bool = False  # shown in its players' DMs: each action carries the whole game
    names: tuple[str, str] | None = None  # the sides' names, in a game without teams of its own
    revision: int = 0  # how many changes were committed to it (matches.revision)
    practice: Mapping[str, int] = field(default_factory=dict)  # the bot's users: strength
    rated_in: str | None = None  # whose ratings it counts in: a server, '' for DMs, None: unrated
    takeback: Takeback | None = None  # a takeback asked for by agreement, not yet answered

    def team_name(self, team: str) -> str:
        """Return the name of a team known by its key: 'white', 'black', or its own name."""
        if self.roster.lineup:
            return team
        return self.team("black" if team == "black" else "white")

    def team(self, side: Side, board: int = 1) -> str:
        """Return the name of the team (or the player) playing a side on a board."""
        if isinstance(self.match, Teams):
            return self.match.team(board, side)
        if self.names is not None:
            return self.names[0 if side == "white" else 1]
        return side_name(side)


async def load(db: Db, match_id: int) -> tuple[Loaded, bool]:
    """Read a match: its row, people, log and board states (the log wins if they disagree).

    Also say whether the log had to be replayed because the states did not fit it.
    """
    row = await storage.match_row(db, match_id)
    if row is None:
        raise NotFoundError(f"there is no match {match_id}")
    kind = games.game_class(row["kind"])
    config = kind.read_config(json.loads(row["config"]))
    rows = [e["data"] for e in await storage.event_rows(db, match_id)]
    pace = _Pace()
    events: list[Event] = []
    for first in range(0, len(rows), EVENTS_READ):
        events += events_from_json(rows[first : first + EVENTS_READ], first + 1)
        await pace.turn()
    match, replayed = await _restore(
        match_id, kind, config, events, await storage.state_rows(db, match_id), _Pace()
    )
    roster = new_roster(match)
    for player in await storage.player_rows(db, match_id):
        roster.teams[player["team"]].append(player["user"])
        if player["captain"]:
            roster.captains[player["team"]] = player["user"]
    for seat in await storage.seat_rows(db, match_id):
        roster.seats[(seat["board"], seat["side"])] = seat["user"]
    offers = {offer["board"]: offer["side"] for offer in await storage.offer_rows(db, match_id)}
    asked = await storage.takeback_row(db, match_id)
    deadlines = {d["board"]: d["deadline"] for d in await storage.deadline_rows(db, match_id)}
    control = control_of(row["time_control"])
    clocks = [
        {key: clock[key] for key in clock.keys()}  # noqa: SIM118 (a Row is no mapping)
        for clock in await storage.clock_rows(db, match_id)
    ]
    loaded = Loaded(
        match_id,
        row["status"],
        row["host"],
        roster,
        match,
        offers,
        deadlines,
        row["paused_at"],
        control,
        from_rows(control, clocks) if control.timed and clocks else None,
        in_dms=any(b["place"] == str(GAME_DMS) for b in await storage.binding_rows(db, match_id)),
        names=_names(row["teams"]),
        revision=row["revision"],
        practice={p["user"]: p["strength"] for p in await storage.practice_rows(db, match_id)},
        rated_in=row["rated_in"],
        takeback=None
        if asked is None
        else Takeback(asked["board"], asked["side"], asked["count"], asked["log_length"]),
    )
    return loaded, replayed


def _names(text: str | None) -> tuple[str, str] | None:
    """Read the sides' names a game without teams was stored with."""
    if text is None:
        return None
    white, black = json.loads(text)
    return str(white), str(black)


async def _restore(
    match_id: int,
    kind: type[Hosted],
    config: GameConfig,
    events: list[Event],
    states: list[Row],
    pace: _Pace,
) -> tuple[Hosted, bool]:
    """Load a match from its board states, or replay its log if they do not fit it (True)."""
    misfit = await _misfit(match_id, config, events, states, pace)
    if misfit is None:
        loaded: list[object] = [None] * config.boards  # a board never saved is as it starts
        try:
            for row in states:  # (_misfit refused boards the match does not have)
                loaded[row["board"] - 1] = _state(row["board"], row["data"])
                await pace.turn()
            steps = kind.restoring(config, events, loaded)
            while True:
                try:
                    next(steps)
                except StopIteration as done:
                    game: Hosted = done.value
                    return game, False
                await pace.turn()
        except (GameError, ValueError) as error:
            misfit = str(error)
    logger.warning(
        "match %d: board states disagree with the log, replaying it: %s", match_id, misfit
    )
    return kind.replay(config, events), True


class _Pace:
    """Lets the event loop serve others whenever a load has held it for SLICE seconds.

    Reading and restoring a 1,000-board match takes several ms, which would hold every
    other player's action back; each of its steps (a board made, restored or checked, a
    state or some events read) takes some µs.
    """

    def __init__(self) -> None:
        self._since = time.perf_counter()

    async def turn(self) -> None:
        """Let others in if the load has held the loop for SLICE seconds since it last did."""
        if time.perf_counter() - self._since >= SLICE:
            await asyncio.sleep(0)
            self._since = time.perf_counter()


def _state(board: int, text: str) -> object:
    """Read a board's stored state; a null would read as no state at all, so it is refused."""
    state = json.loads(text)
    if state is None:
        raise ValueError(f"the state of board {board} is null")
    return state


async def _misfit(
    match_id: int, config: GameConfig, events: list[Event], states: list[Row], pace: _Pace
) -> str | None:
    """Say why the stored board states cannot stand for the log, judging by their log positions."""
    last_touch: dict[int, int] = {}
    for seq, event in enumerate(events, start=1):
        for board in boards_of(event):
            last_touch[board] = seq
    for row in states:
        board, seq = row["board"], row["seq"]
        checksum = storage.snapshot_checksum(match_id, board, seq, row["data"])
        if row["checksum"] is not None and row["checksum"] != checksum:
            return f"the state of board {board} does not match its checksum"
        if not 1 <= board <= config.boards:
            return f"a state for board {board}, which the match does not have"
        if seq > len(events):
            return f"the state of board {board} is from position {seq}, past the log's end"
        if seq < last_touch.get(board, 0):
            return f"the state of board {board} is older than the log's last event on it"
        await pace.turn()
    missing = sorted(set(last_touch) - {row["board"] for row in states})
    if missing:
        return f"no state for board {missing[0]}, though the log moves there"
    return None


def control_of(text: str) -> TimeControl:
    """Read a time control, refusing one out of shape in the service's terms."""
    if not isinstance(text, str):  # not even None, which would read as "none"
        raise RulesError("a time control is written as none, 10+5 or 3d")
    try:
        return TimeControl.parse(text)
    except GameError as error:
        raise RulesError(str(error)) from None
