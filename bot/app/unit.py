"""The unit of work: one action on one match, from its lock to its commit.

`Units` holds each match's lock and the cache of loaded matches. An action takes the lock
(`held`), reads the match as last committed, and opens a `Change`: a draft of the match's
state that its methods change in memory while recording what to write. When the action is
done, the change is written in one transaction with its notices; only once that commits
does the draft become the match the cache holds. If anything fails, nothing is installed:
the cache keeps the match as it was, or, if the rules core's match (the one live object an
action changes in place) was already changed, forgets it so that it reloads from the
database, which the failed transaction left untouched.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import AsyncExitStack, asynccontextmanager, nullcontext
from dataclasses import dataclass, field, replace
from typing import Final

from bot import storage
from bot.app import rated
from bot.app.guards import whole
from bot.app.outcomes import Moderator
from bot.errors import BusyError, DamagedError, NotFoundError, RulesError
from bot.hosted import Hosted, new_roster
from bot.loading import GAME_PLACE, Loaded, Takeback, load
from bot.lobby import Roster
from bot.news import boards_of
from bot.notices import BoardImage, Notice, posted_in
from bot.places import GAME_DMS
from bot.shown import shown_boards, shown_game
from bot.storage import Db, Storage, StorageBusy
from bot.turns import after_people, for_people, patiently
from games.core.clocks import BoardClock, Clocks, TimeControl, clock_rows
from games.core.errors import GameError, shown
from games.core.events import Event
from games.core.pieces import Side

logger = logging.getLogger(__name__)

Clock = Callable[[], float]
Write = Callable[[Db], Awaitable[None]]
OVER: Final = frozenset({"finished", "cancelled", "aborted"})  # statuses a match ends in


class Change:
    """A draft of one match's new state, and the writes that store it.

    Every change goes through a method that changes the draft and records its write in
    one place, so memory and database cannot drift apart. The rules core's match is
    changed through apply() or undo(), which note that it was touched.
    """

    def __init__(self, before: Loaded, clock: Clock) -> None:
        self.before = before
        self.id = before.id
        self.match: Hosted = before.match
        self.status = before.status
        self.paused_at = before.paused_at
        self.roster = _copy_roster(before.roster)
        self.offers: dict[int, Side] = dict(before.offers)
        self.takeback = before.takeback
        self.deadlines: dict[int, float] = dict(before.deadlines)
        self.in_dms = before.in_dms
        self.revision = before.revision
        self.practice = dict(before.practice)
        self.notices: list[Notice] = []
        self.touched = False  # the rules core's match was changed in place
        self._clock = clock
        self._clocks = before.clocks
        self._clocks_copied = False
        self._clocks_saved: set[int] = set()
        self._writes: list[Write] = []
        self._taken_back: rated.TakeBack | None = None  # its ratings' undo, computed ahead
        self._log: tuple[int, int] | None = None  # where the log ended, and ends after it

    @classmethod
    def new(
        cls,
        game: Hosted,
        host: str,
        control: TimeControl,
        clock: Clock,
        names: tuple[str, str] | None = None,
        rated_in: str | None = None,
    ) -> Change:
        """Draft a new match of a game in the lobby; its row is the first thing written."""
        fresh = Loaded(0, "lobby", host, new_roster(game), game, control=control, names=names)
        fresh = replace(fresh, rated_in=rated_in)
        change = cls(fresh, clock)
        text, at = json.dumps(game.config.to_dict()), clock()
        teams = None if names is None else json.dumps(names)

        async def insert(db: Db) -> None:
            change.id = await storage.insert_match(
                db, text, host, at, str(control), game.KIND, teams, rated_in
            )

        change._writes.append(insert)
        return change

    @property
    def clocks(self) -> Clocks | None:
        """Return the draft's clocks, a copy of the committed ones made on first use."""
        if not self._clocks_copied:
            self._clocks, self._clocks_copied = _copy_clocks(self._clocks), True
        return self._clocks

    def after(self) -> Loaded:
        """Return the match as this change leaves it."""
        return replace(
            self.before,
            id=self.id,
            status=self.status,
            paused_at=self.paused_at,
            roster=self.roster,
            offers=self.offers,
            takeback=self.takeback,
            deadlines=self.deadlines,
            clocks=self._clocks,
            in_dms=self.in_dms,
            revision=self.revision,
            practice=self.practice,
        )

    def write(self, write: Write) -> None:
        """Record a write of something beside this match's state (a challenge closed)."""
        self._writes.append(write)

    # ------------------------------------------------------------------ the game

    def apply(self, action: Callable[[], list[Event]]) -> list[Event]:
        """Run a rules-core action on the match; a refusal is a RulesError.

        A refusal changes nothing unless a multi-board action was refused part-way; any
        other failure may leave the match changed.
        """
        before, touched = len(self.match.events), self.touched
        self.touched = True
        try:
            return action()
        except GameError as error:
            self.touched = touched or len(self.match.events) != before
            raise RulesError(str(error)) from None

    def record(self, events: Sequence[Event], actor: str, at: float) -> None:
        """Store an action's events and the new states of the boards they touched."""
        seq = len(self.match.events) - len(events)
        rows = [
            (event.KIND, json.dumps(event.to_dict()), actor if event.ACTION else None)
            for event in events
        ]
        touched = sorted({board for event in events for board in boards_of(event)})
        states = {b: json.dumps(self.match.board_state(b)) for b in touched}

        async def append(db: Db) -> None:
            await storage.append_events(db, self.id, seq + 1, rows, at)
            await storage.save_states(db, self.id, seq + len(events), states)

        self._writes.append(append)
        # the log's end moves as the revision is counted (bump_revision), by all of it at once
        start = seq if self._log is None else self._log[0]
        self._log = (start, seq + len(events))

    def undo(self, count: int) -> list[Event]:
        """Take back the match's last count actions and store the log as it is left."""
        removed = self.apply(lambda: self.match.undo(count))
        kept = len(self.match.events)
        touched = sorted({b for event in self.match.events for b in boards_of(event)})
        states = {b: json.dumps(self.match.board_state(b)) for b in touched}

        self._log = None  # truncate_events sets the log's end

        async def rewind(db: Db) -> None:
            await storage.drop_clock_marks(db, self.id, kept + 1)
            await storage.truncate_events(db, self.id, kept)
            await storage.clear_states(db, self.id)
            await storage.save_states(db, self.id, kept, states)

        self._writes.append(rewind)
        return removed

    # ------------------------------------------------------------------ status and people

    def set_status(self, status: str, *, started: bool = False) -> None:
        """Move the match to a new status (dated at its start and end)."""
        self.status, at = status, self._clock()
        self._writes.append(lambda db: storage.set_status(db, self.id, status, at, started=started))

    def set_paused(self, at: float | None) -> None:
        """Note when the match was paused, or None once it goes on."""
        self.paused_at = at
        self._writes.append(lambda db: storage.set_paused(db, self.id, at))

    def enlist(self, user: str, team: str) -> None:
        """Put a player on a team (known by its key); the first of a team is its captain."""
        captain, at = not self.roster.teams[team], self._clock()
        self.roster.teams[team].append(user)
        if captain:
            self.roster.captains[team] = user
        self._writes.append(lambda db: storage.add_player(db, self.id, user, team, captain, at))

    def drop(self, user: str, team: str) -> None:
        """Take a player off a team, and their seats; a captain hands over to the next."""
        roster = self.roster
        players = roster.teams[team]
        players.remove(user)
        roster.seats = {seat: holder for seat, holder in roster.seats.items() if holder != user}
        self._writes.append(lambda db: storage.remove_player(db, self.id, user))
        if self.practice.pop(user, None) is not None:
            self._writes.append(lambda db: storage.remove_practice_player(db, self.id, user))
        if roster.captains.get(team) == user:
            del roster.captains[team]
            if players:
                successor = roster.captains[team] = players[0]
                self._writes.append(lambda db: storage.set_captain(db, self.id, team, successor))

    def practise(self, user: str, strength: int) -> None:
        """Note that the bot plays as user (enlisted as any player) at a strength."""
        self.practice[user] = strength
        self._writes.append(lambda db: storage.add_practice_player(db, self.id, user, strength))

    def seat(self, seats: Mapping[tuple[int, Side], str]) -> None:
        """Seat players: (board, side) to user."""
        self.roster.seats.update(seats)
        rows = list(seats.items())

        async def store(db: Db) -> None:
            for (board, side), user in rows:
                await storage.set_seat(db, self.id, board, side, user)

        self._writes.append(store)

    def substitute(self, old: str, new: str) -> None:
        """Give old's team place, captaincy and seats to new."""
        swap = {old: new}
        roster = self.roster
        self.roster = Roster(
            {team: [swap.get(u, u) for u in users] for team, users in roster.teams.items()},
            {team: swap.get(u, u) for team, u in roster.captains.items()},
            {seat: swap.get(u, u) for seat, u in roster.seats.items()},
            roster.lineup,
        )
        self._writes.append(lambda db: storage.replace_player(db, self.id, old, new))

    def bind(self, places: Mapping[str, str]) -> None:
        """Record where places of the match live outside the bot."""
        bound = dict(places)
        self.in_dms = self.in_dms or str(GAME_DMS) in bound
        self._writes.append(lambda db: storage.bind(db, self.id, bound))

    # ------------------------------------------------------------------ offers and deadlines

    def offer(self, board: int, side: Side) -> None:
        """Note a side's draw offer on a board."""
        self.offers[board] = side
        at = self._clock()
        self._writes.append(lambda db: storage.set_offer(db, self.id, board, side, at))

    def ask_takeback(self, asked: Takeback) -> None:
        """Note a takeback asked for, replacing none: one stands a match at most."""
        self.takeback = asked
        at = self._clock()
        self._writes.append(
            lambda db: storage.set_takeback(
                db, self.id, asked.board, asked.side, asked.count, asked.log_length, at
            )
        )

    def clear_takeback(self) -> None:
        """Forget the takeback standing, answered or lapsed."""
        if self.takeback is not None:
            self.takeback = None
            self._writes.append(lambda db: storage.clear_takeback(db, self.id))

    def withdraw(self, boards: Sequence[int]) -> None:
        """Take back the draw offers on some boards."""
        gone = [board for board in boards if board in self.offers]
        for board in gone:
            del self.offers[board]
        if gone:
            self._writes.append(lambda db: storage.clear_offers(db, self.id, gone))

    def set_deadlines(self, deadlines: Mapping[int, float]) -> None:
        """Set when boards' victory transfers lapse."""
        self.deadlines.update(deadlines)
        rows = list(deadlines.items())

        async def store(db: Db) -> None:
            for board, at in rows:
                await storage.set_deadline(db, self.id, board, at)

        if rows:
            self._writes.append(store)

    def clear_deadlines(self, boards: Sequence[int]) -> None:
        """Drop boards' transfer deadlines."""
        for board in boards:
            self.deadlines.pop(board, None)
        cleared = list(boards)
        if cleared:
            self._writes.append(lambda db: storage.clear_deadlines(db, self.id, cleared))

    def shift_deadlines(self, by: float) -> None:
        """Move every transfer deadline later by some seconds."""
        self.deadlines = {board: at + by for board, at in self.deadlines.items()}
        self._writes.append(lambda db: storage.shift_deadlines(db, self.id, by))

    # ------------------------------------------------------------------ clocks and records

    def start_clocks(self, clocks: Clocks) -> None:
        """Give the match its clocks as they start, and store them."""
        self._clocks, self._clocks_copied = clocks, True
        self.save_clocks(clocks.boards)

    def save_clocks(self, boards: Sequence[int] | Mapping[int, object]) -> None:
        """Store some boards' clocks as they stand when the change commits."""
        self._clocks_saved.update(boards)

    def save_clock_marks(self, seq: int, marks: Mapping[int, tuple[float, float, int]]) -> None:
        """Record boards' clocks as they stood before the action at log position seq."""
        kept = dict(marks)
        self._writes.append(lambda db: storage.save_clock_marks(db, self.id, seq, kept))

    def audit(
        self, moderator: Moderator, action: str, reason: str, details: Mapping[str, object]
    ) -> None:
        """Record a moderator's action with its reason."""
        text, at = json.dumps(details), self._clock()
        self._writes.append(
            lambda db: storage.add_audit(db, self.id, moderator.user, action, reason, text, at)
        )

    def announce(self, notices: Sequence[Notice]) -> None:
        """Queue notices, sent once the change has committed."""
        self.notices += notices

    async def flush(self, db: Db, action_key: str) -> None:
        """Write the change in an open transaction: its writes in order, then its notices.

        They are sent in a batch: on PostgreSQL a move's writes are one statement, its whole
        transaction.
        """
        async with db.batch():
            for write in self._writes:
                await write(db)
            if self._clocks is not None and self._clocks_saved:
                rows = clock_rows(self._clocks, sorted(self._clocks_saved))
                await storage.save_clocks(db, self.id, rows)
            if self.notices:
                await _enqueue(db, self.after(), self.notices, action_key, self._clock())
            await self._rate(db)
            self.revision = await storage.bump_revision(db, self.id, self.revision, self._log)

    async def prepare(self, store: Storage) -> None:
        """Do the slow reading and computing of the change before its transaction opens.

        An undo that takes a finished match back computes its ratings' replay now, so that
        the transaction, which holds the one writer, only writes it.
        """
        if self._takes_back:
            self._taken_back = await rated.prepare_take_back(store, self.id)

    @property
    def _takes_back(self) -> bool:
        return self.before.status == "finished" and self.status != "finished"

    async def _rate(self, db: Db) -> None:
        """Rate the match as it finishes; take that back as it leaves "finished" (an undo)."""
        if self.status == "finished" and self.before.status != "finished":
            await rated.rate(db, self.after(), self._clock())
        elif self._takes_back:
            await rated.take_back(db, self.id, self._taken_back)


@dataclass
class _Lock:
    """A match's lock and how many tasks hold it or wait for it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


class Held:
    """A match whose lock the caller holds: its state as last committed, and its changes."""

    def __init__(self, units: Units, loaded: Loaded) -> None:
        self.units = units
        self.loaded = loaded

    @asynccontextmanager
    async def change(self) -> AsyncIterator[Change]:
        """Draft a change to the match; commit it on leaving, then hold it as the match."""
        change = Change(self.loaded, self.units.clock)
        async with self.units.committing(change):
            yield change
        self.loaded = change.after()


def _practice_game(loaded: Loaded) -> bool:
    """Tell whether a match is one person's game against the practice opponent.

    A server match with the opponent in one seat and people in the others is not.
    """
    if not loaded.practice:
        return False
    players = {user for team in loaded.roster.teams.values() for user in team}
    return len(players - set(loaded.practice)) <= 1


class Units:
    """Each match's lock, the cache of matches as committed, and their transactions."""

    def __init__(
        self, store: Storage, *, clock: Clock, new_key: Callable[[], str], cache_size: int
    ) -> None:
        self.store = store
        self.clock = clock
        self._new_key = new_key
        self._cache_size = cache_size
        self.locks: dict[int, _Lock] = {}
        self.loaded: OrderedDict[int, Loaded] = OrderedDict()
        self.watchers: list[Callable[[Loaded], None]] = []  # told of every match committed

    @asynccontextmanager
    async def held(self, match_id: int) -> AsyncIterator[Held]:
        """Hold a match's lock and its state; an idle lock and a match over are forgotten.

        A practice game's work (one person against the practice opponent) is patient
        (bot/turns.py): it lets people's go first, as its player waits for the opponent's
        thinking anyway. Other work counts as people's while the match is held.
        """
        async with self.lock(match_id) as revision:
            loaded = await self._get(match_id, revision)
            with patiently() if _practice_game(loaded) else nullcontext():
                await after_people()
                with for_people():
                    yield Held(self, loaded)

    @asynccontextmanager
    async def lock(self, match_id: int) -> AsyncIterator[int | None]:
        """Hold a match's lock without loading it.

        Yield its revision as the lock was taken if another process may change it (a shared
        database), else None.
        """
        entry = self._enter(match_id)
        try:
            async with entry.lock, self._owning(match_id) as revision:
                yield revision
        finally:
            self._leave(match_id, entry)

    @asynccontextmanager
    async def _owning(self, match_id: int) -> AsyncIterator[int | None]:
        """Hold a match against the bot's other processes (a shared database only)."""
        async with AsyncExitStack() as stack:
            try:
                revision = await stack.enter_async_context(self.store.owning(match_id))
            except StorageBusy as error:
                raise BusyError(str(error)) from None
            yield revision

    def _enter(self, match_id: int) -> _Lock:
        """Count a task in for a match's lock, refusing an id no match can have."""
        if not whole(match_id) or not 1 <= match_id < 2**63:  # SQLite's largest integer
            raise NotFoundError(f"there is no match {shown(match_id)}")
        entry = self.locks.get(match_id)
        if entry is None:
            entry = self.locks[match_id] = _Lock()
        entry.users += 1
        return entry

    def _leave(self, match_id: int, entry: _Lock) -> None:
        """Count a task out; forget a lock nobody holds or awaits, and a match over."""
        entry.users -= 1
        if entry.users == 0:
            del self.locks[match_id]
            found = self.loaded.get(match_id)
            if found is not None and found.status in OVER:
                del self.loaded[match_id]

    @asynccontextmanager
    async def committing(self, *changes: Change) -> AsyncIterator[Db | None]:
        """Commit changes drafted in the body in one transaction, then install them.

        The body drafts; the transaction opens only when it is done, so the one writer is
        held for the writes alone.
        """
        try:
            yield None
            for change in changes:
                await change.prepare(self.store)
            async with self.store.transaction() as db:
                for change in changes:
                    await change.flush(db, self._new_key())
        except BaseException:
            for change in changes:
                if change.touched:
                    self.loaded.pop(change.id, None)
            raise
        for change in changes:
            self._install(change.after())
        self._tell(changes)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Founding]:
        """Run one transaction that may create matches; install them once it commits."""
        founding = Founding(self)
        async with self.store.transaction() as db:
            founding.db = db
            yield founding
        for change in founding.founded:
            self._install(change.after())
        self._tell(founding.founded)

    def _tell(self, changes: Sequence[Change]) -> None:
        """Tell the watchers of each match as a commit left it; a watcher's failure is logged."""
        for watcher in self.watchers:
            for change in changes:
                try:
                    watcher(change.after())
                except Exception:
                    logger.exception("match %d: a watcher failed on its commit", change.id)

    def _install(self, loaded: Loaded) -> None:
        self.loaded[loaded.id] = loaded
        self.loaded.move_to_end(loaded.id)
        while len(self.loaded) > self._cache_size:
            self.loaded.popitem(last=False)

    async def _get(self, match_id: int, revision: int | None) -> Loaded:
        """Return a match, loading it from the database the first time it is asked for.

        revision: the match's as its lock was taken, on a shared database. The least
        recently used matches beyond the cache's size are forgotten; they reload from the
        database when next asked for.
        """
        found = self.loaded.get(match_id)
        if found is not None and self.store.shared and revision != found.revision:
            # another process of the bot changed it since (held now, it cannot)
            del self.loaded[match_id]
            found = None
        if found is not None:
            self.loaded.move_to_end(match_id)
            return found
        try:
            async with self.store.read() as db:
                found, replayed = await load(db, match_id)
        except (GameError, ValueError, KeyError, TypeError) as error:
            logger.exception("match %d does not load", match_id)
            raise DamagedError(
                f"match {match_id} cannot be loaded: its record is damaged ({error}). "
                "Nothing more can be played in it; a moderator can see the log"
            ) from None
        if replayed:
            await self._save_all_states(found)
        self._install(found)
        return found

    async def _save_all_states(self, loaded: Loaded) -> None:
        """Write every board's state afresh, after a replay found the stored ones wanting."""
        match = loaded.match
        touched = sorted({board for event in match.events for board in boards_of(event)})
        states = {board: json.dumps(match.board_state(board)) for board in touched}
        try:
            async with self.store.transaction() as db:
                await storage.clear_states(db, loaded.id)
                await storage.save_states(db, loaded.id, len(match.events), states)
        except Exception:  # the match is sound in memory; the next load will replay again
            logger.exception("match %d: its board states could not be rewritten", loaded.id)


class Founding:
    """One transaction that creates matches: each drafted, then written in it."""

    def __init__(self, units: Units) -> None:
        self._units = units
        self.db: Db
        self.founded: list[Change] = []

    def draft(
        self,
        game: Hosted,
        host: str,
        control: TimeControl,
        names: tuple[str, str] | None = None,
        rated_in: str | None = None,
    ) -> Change:
        """Draft a new match of a game in the lobby; rated_in: its ratings' pool, or None."""
        return Change.new(game, host, control, self._units.clock, names, rated_in)

    async def found(self, change: Change) -> int:
        """Write a drafted match in this transaction; return its id."""
        await change.flush(self.db, self._units._new_key())
        self.founded.append(change)
        return change.id


async def _enqueue(
    db: Db, loaded: Loaded, notices: Sequence[Notice], action: str, now: float
) -> None:
    """Queue an action's notices, each with a key of its own that a retry reuses.

    Each board's image notice is stored with the board as it stands now, and in a game
    shown in DMs the action's first notice with the whole game, so that they show the
    position right after the action however late they are sent. A game shown in DMs is
    one place, its players' DMs, whose posts must come in order: its notices are queued
    there, each keeping the place it names in its payload; so is a server match's notice
    posted in another place than it names (a player's, in their board's channel).
    """
    drawn = [n.board for n in notices if isinstance(n, BoardImage)]
    boards = shown_boards(loaded.match, loaded.roster, loaded.clocks, drawn, now)
    rows = []
    for index, notice in enumerate(notices):
        stored = (
            replace(notice, shown=boards[notice.board])
            if isinstance(notice, BoardImage)
            else notice
        )
        payload = stored.payload
        place = str(notice.place)
        if loaded.in_dms:
            place, payload = GAME_PLACE, payload | {"place": str(notice.place)}
            if index == 0:
                game = shown_game(loaded.match, loaded.clocks, now, loaded.names)
                payload |= {"game": game.record()}
        elif posted_in(notice) != notice.place:  # queued where posted, behind what came before
            place, payload = str(posted_in(notice)), payload | {"place": str(notice.place)}
        rows.append((place, notice.kind, json.dumps(payload), f"{loaded.id}:{action}:{index}"))
    await storage.enqueue(db, loaded.id, rows, now)


def _copy_roster(roster: Roster) -> Roster:
    return Roster(
        {team: list(users) for team, users in roster.teams.items()},
        dict(roster.captains),
        dict(roster.seats),
        roster.lineup,
    )


def _copy_clocks(clocks: Clocks | None) -> Clocks | None:
    if clocks is None:
        return None
    return Clocks(clocks.control, {b: _copy_clock(c) for b, c in clocks.boards.items()})


def _copy_clock(clock: BoardClock) -> BoardClock:
    return BoardClock(clock.white, clock.black, clock.running, clock.since, clock.reminded)
