"""The SQLite file behind the bot: its connection, its schema steps and its transactions.

One connection writes, behind a lock, so transactions never interleave; every write runs
in BEGIN IMMEDIATE, taking SQLite's write lock up front instead of failing half-way.
All SQL of the bot lives here and in the numbered steps under bot/migrations.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Final

import aiosqlite

logger = logging.getLogger(__name__)

DEFAULT_PATH: Final = Path("data") / "elevator.db"
WAL_RETRIES: Final = (0.01, 0.05, 0.1, 0.2, 0.5, 1.0, 1.0, 2.0, 5.0)  # seconds
_STEP_NAME: Final = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class StorageError(RuntimeError):
    """The database cannot be opened or is not one this version of the bot can use."""


def migration_steps() -> list[tuple[int, str, str]]:
    """Return the schema steps as (number, file name, SQL), in order, numbered from 1."""
    steps = []
    for entry in resources.files("bot.migrations").iterdir():
        found = _STEP_NAME.match(entry.name)
        if found:
            steps.append((int(found.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    steps.sort()
    numbers = [number for number, _, _ in steps]
    if numbers != list(range(1, len(steps) + 1)):
        raise StorageError(f"the schema steps must be numbered 1, 2, 3, ...; found {numbers}")
    return steps


class Storage:
    """An open database: one writer connection and the lock that serialises its writes."""

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        self._lock = asyncio.Lock()
        self._queued = False  # the transaction under way put notices in the outbox
        # set once a transaction that put notices in the outbox has committed (never before:
        # a worker woken early would not see them); whoever waits on it clears it
        self.notices_committed = asyncio.Event()

    @classmethod
    async def open(cls, path: Path | str = DEFAULT_PATH) -> Storage:
        """Open (creating if need be) the database at path and bring its schema up to date."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            connection.row_factory = aiosqlite.Row
            await _use_wal(connection)
            await connection.execute("PRAGMA foreign_keys = ON")
            # WAL with NORMAL survives a killed process; only a power cut may lose the last
            # commits, and it never corrupts the file.
            await connection.execute("PRAGMA synchronous = NORMAL")
            await connection.execute("PRAGMA busy_timeout = 5000")
            storage = cls(connection, path)
            await storage._migrate()
            await storage._watch_outbox()
        except BaseException:
            await connection.close()
            raise
        return storage

    async def close(self) -> None:
        """Close the connection once the writes under way are done."""
        async with self._lock:
            await self._db.close()

    async def schema_version(self) -> int:
        """Return how many schema steps the database has taken."""
        rows = await self.fetch_all("PRAGMA user_version")
        return int(rows[0][0])

    async def _watch_outbox(self) -> None:
        """Have SQLite say when a notice is put in the outbox, however it is put there."""

        def queued() -> None:  # runs on aiosqlite's thread, inside the INSERT
            self._queued = True

        await self._db.create_function("elevator_queued", 0, queued)
        await self._db.execute(
            "CREATE TEMP TRIGGER outbox_queued AFTER INSERT ON main.outbox "
            "BEGIN SELECT elevator_queued(); END"
        )

    async def _migrate(self) -> None:
        """Apply the schema steps the database has not taken yet, each in its own transaction."""
        steps = migration_steps()
        current = await self.schema_version()
        if current > len(steps):
            raise StorageError(
                f"{self.path} has schema version {current}, newer than this bot knows "
                f"({len(steps)}): update the bot before using this database"
            )
        for number, name, sql in steps[current:]:
            async with self.transaction() as db:
                # another process opening the same file may have taken the step meanwhile
                if (await rows(db, "PRAGMA user_version"))[0][0] >= number:
                    continue
                for statement in _statements(sql):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")
            logger.info("applied schema step %s to %s", name, self.path)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """Run the block as one write transaction: all of it commits, or none of it."""
        async with self._lock:
            self._queued = False
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                yield self._db
            except BaseException:
                self._queued = False
                # Statements run in order on aiosqlite's thread, so even when the task was
                # cancelled before BEGIN ran, this ROLLBACK runs after it; shielded, it runs
                # even if the task is cancelled again.
                with contextlib.suppress(sqlite3.OperationalError):
                    await asyncio.shield(self._db.execute("ROLLBACK"))
                raise
            # Shielded too: a caller cancelled now may not know whether the commit happened,
            # but the connection is never left inside a transaction.
            try:
                await asyncio.shield(self._db.execute("COMMIT"))
            except sqlite3.Error:
                self._queued = False
                with contextlib.suppress(sqlite3.OperationalError):
                    await asyncio.shield(self._db.execute("ROLLBACK"))
                raise
            if self._queued:
                self._queued = False
                self.notices_committed.set()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """Read between transactions, never seeing one half-done."""
        async with self._lock:
            yield self._db

    async def fetch_all(self, sql: str, *parameters: object) -> list[aiosqlite.Row]:
        """Run one query between transactions and return its rows."""
        async with self.read() as db:
            return await rows(db, sql, *parameters)


async def _use_wal(connection: aiosqlite.Connection) -> None:
    """Switch the file to WAL, waiting for another opener that holds it for a moment.

    The switch needs the file to itself, and SQLite refuses it at once rather than wait.
    """
    for wait in (*WAL_RETRIES, None):
        try:
            await connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or wait is None:
                raise
            await asyncio.sleep(wait)


async def rows(db: aiosqlite.Connection, sql: str, *parameters: object) -> list[aiosqlite.Row]:
    """Run a query and return its rows."""
    async with db.execute(sql, parameters) as cursor:
        return list(await cursor.fetchall())


# ------------------------------------------------------------------------ matches and people


async def insert_match(
    db: aiosqlite.Connection,
    config: str,
    host: str,
    at: float,
    time_control: str = "none",
    kind: str = "elevator",
    teams: str | None = None,
) -> int:
    """Create a match of a kind of game in its lobby and return its id."""
    cursor = await db.execute(
        "INSERT INTO matches (status, config, host, created_at, time_control, kind, teams) "
        "VALUES ('lobby', ?, ?, ?, ?, ?, ?)",
        (config, host, at, time_control, kind, teams),
    )
    if cursor.lastrowid is None:
        raise StorageError("SQLite gave the new match no id")
    return cursor.lastrowid


async def match_row(db: aiosqlite.Connection, match_id: int) -> aiosqlite.Row | None:
    """Return a match's row, or None."""
    found = await rows(db, "SELECT * FROM matches WHERE id = ?", match_id)
    return found[0] if found else None


async def set_status(
    db: aiosqlite.Connection, match_id: int, status: str, at: float, *, started: bool = False
) -> None:
    """Move a match to a new status; the start and the end are dated."""
    column = "started_at" if started else "ended_at"
    ended = status in ("finished", "cancelled", "aborted")
    if started or ended:
        await db.execute(
            f"UPDATE matches SET status = ?, {column} = ? WHERE id = ?", (status, at, match_id)
        )
    else:
        await db.execute("UPDATE matches SET status = ? WHERE id = ?", (status, match_id))


async def set_paused(db: aiosqlite.Connection, match_id: int, at: float | None) -> None:
    """Record when a match was paused, or None once it resumes."""
    await db.execute("UPDATE matches SET paused_at = ? WHERE id = ?", (at, match_id))


async def player_rows(db: aiosqlite.Connection, match_id: int) -> list[aiosqlite.Row]:
    """Return a match's players in the order they joined."""
    return await rows(
        db, "SELECT * FROM players WHERE match_id = ? ORDER BY joined_at, rowid", match_id
    )


async def add_player(
    db: aiosqlite.Connection, match_id: int, user: str, team: str, captain: bool, at: float
) -> None:
    """Put a player on a team."""
    await db.execute(
        "INSERT INTO players (match_id, user, team, captain, joined_at) VALUES (?, ?, ?, ?, ?)",
        (match_id, user, team, int(captain), at),
    )


async def remove_player(db: aiosqlite.Connection, match_id: int, user: str) -> None:
    """Take a player off their team and out of any seat."""
    await db.execute("DELETE FROM players WHERE match_id = ? AND user = ?", (match_id, user))
    await db.execute("DELETE FROM seats WHERE match_id = ? AND user = ?", (match_id, user))


async def replace_player(db: aiosqlite.Connection, match_id: int, old: str, new: str) -> None:
    """Give a player's place (team, captaincy, time of joining and seats) to someone else."""
    await db.execute(
        "UPDATE players SET user = ? WHERE match_id = ? AND user = ?", (new, match_id, old)
    )
    await db.execute(
        "UPDATE seats SET user = ? WHERE match_id = ? AND user = ?", (new, match_id, old)
    )


async def set_captain(db: aiosqlite.Connection, match_id: int, team: str, user: str) -> None:
    """Make user the only captain of team."""
    await db.execute(
        "UPDATE players SET captain = (user = ?) WHERE match_id = ? AND team = ?",
        (user, match_id, team),
    )


async def seat_rows(db: aiosqlite.Connection, match_id: int) -> list[aiosqlite.Row]:
    """Return a match's seats by board and side."""
    return await rows(
        db, "SELECT * FROM seats WHERE match_id = ? ORDER BY board, side DESC", match_id
    )


async def set_seat(
    db: aiosqlite.Connection, match_id: int, board: int, side: str, user: str
) -> None:
    """Seat user on a board for a side, replacing whoever sat there."""
    await db.execute(
        "INSERT INTO seats (match_id, board, side, user) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (match_id, board, side) DO UPDATE SET user = excluded.user",
        (match_id, board, side, user),
    )


# ---------------------------------------------------------------- the log and the snapshots


async def append_events(
    db: aiosqlite.Connection,
    match_id: int,
    first: int,
    events: list[tuple[str, str, str | None]],
    at: float,
) -> None:
    """Append (kind, JSON, actor) events to a match's log from position first on."""
    await db.executemany(
        "INSERT INTO events (match_id, seq, kind, data, actor, at) VALUES (?, ?, ?, ?, ?, ?)",
        [
            (match_id, first + index, kind, data, actor, at)
            for index, (kind, data, actor) in enumerate(events)
        ],
    )
    cursor = await db.execute(
        "UPDATE matches SET seq = ? WHERE id = ? AND seq = ?",
        (first + len(events) - 1, match_id, first - 1),
    )
    if cursor.rowcount != 1:  # appending anywhere but at the end would leave a gap
        raise StorageError(f"match {match_id}'s log does not end at position {first - 1}")


async def truncate_events(db: aiosqlite.Connection, match_id: int, keep: int) -> None:
    """Drop every event of a match's log after the first keep (an undo)."""
    await db.execute("DELETE FROM events WHERE match_id = ? AND seq > ?", (match_id, keep))
    await db.execute("UPDATE matches SET seq = ? WHERE id = ?", (keep, match_id))


async def event_rows(db: aiosqlite.Connection, match_id: int) -> list[aiosqlite.Row]:
    """Return a match's log in order."""
    return await rows(db, "SELECT * FROM events WHERE match_id = ? ORDER BY seq", match_id)


def snapshot_checksum(match_id: int, board: int, seq: int, data: str) -> str:
    """Return the checksum stored with a board snapshot: it covers whose it is and its content."""
    text = f"{match_id}:{board}:{seq}:{data}".encode()
    return hashlib.blake2b(text, digest_size=16).hexdigest()


async def save_states(
    db: aiosqlite.Connection, match_id: int, seq: int, states: dict[int, str]
) -> None:
    """Store the state of the boards given, as of log position seq, each with its checksum."""
    await db.executemany(
        "INSERT INTO snapshots (match_id, board, seq, data, checksum) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (match_id, board) DO UPDATE SET seq = excluded.seq, data = excluded.data, "
        "checksum = excluded.checksum",
        [
            (match_id, board, seq, data, snapshot_checksum(match_id, board, seq, data))
            for board, data in states.items()
        ],
    )


async def clear_states(db: aiosqlite.Connection, match_id: int) -> None:
    """Forget every board snapshot of a match (before writing them afresh)."""
    await db.execute("DELETE FROM snapshots WHERE match_id = ?", (match_id,))


async def state_rows(db: aiosqlite.Connection, match_id: int) -> list[aiosqlite.Row]:
    """Return a match's board snapshots by board."""
    return await rows(db, "SELECT * FROM snapshots WHERE match_id = ? ORDER BY board", match_id)


# ---------------------------------------------------------- draw offers and transfer deadlines


async def offer_rows(db: aiosqlite.Connection, match_id: int) -> list[aiosqlite.Row]:
    """Return the draw offers standing in a match."""
    return await rows(db, "SELECT * FROM offers WHERE match_id = ? ORDER BY board", match_id)


async def set_offer(
    db: aiosqlite.Connection, match_id: int, board: int, side: str, at: float
) -> None:
    """Record side's draw offer on a board."""
    await db.execute(
        "INSERT INTO offers (match_id, board, side, made_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (match_id, board) DO UPDATE SET side = excluded.side, "
        "made_at = excluded.made_at",
        (match_id, board, side, at),
    )


async def clear_offers(db: aiosqlite.Connection, match_id: int, boards: list[int]) -> None:
    """Withdraw the draw offers standing on these boards."""
    await db.executemany(
        "DELETE FROM offers WHERE match_id = ? AND board = ?",
        [(match_id, board) for board in boards],
    )


async def set_deadline(
    db: aiosqlite.Connection, match_id: int, board: int, deadline: float
) -> None:
    """Record when a board's pending victory transfer lapses."""
    await db.execute(
        "INSERT INTO transfer_deadlines (match_id, board, deadline) VALUES (?, ?, ?) "
        "ON CONFLICT (match_id, board) DO UPDATE SET deadline = excluded.deadline",
        (match_id, board, deadline),
    )


async def clear_deadlines(db: aiosqlite.Connection, match_id: int, boards: list[int]) -> None:
    """Forget the transfer deadlines of these boards."""
    await db.executemany(
        "DELETE FROM transfer_deadlines WHERE match_id = ? AND board = ?",
        [(match_id, board) for board in boards],
    )


async def deadline_rows(db: aiosqlite.Connection, match_id: int) -> list[aiosqlite.Row]:
    """Return a match's transfer deadlines by board."""
    return await rows(
        db, "SELECT * FROM transfer_deadlines WHERE match_id = ? ORDER BY board", match_id
    )


async def shift_deadlines(db: aiosqlite.Connection, match_id: int, by: float) -> None:
    """Move every transfer deadline of a match later by some seconds (after a pause)."""
    await db.execute(
        "UPDATE transfer_deadlines SET deadline = deadline + ? WHERE match_id = ?", (by, match_id)
    )


# --------------------------------------------------------------------------------- clocks


async def save_clocks(
    db: aiosqlite.Connection, match_id: int, clocks: Sequence[Mapping[str, object]]
) -> None:
    """Store boards' clocks (as elevator.clocks.clock_rows gives them)."""
    await db.executemany(
        "INSERT INTO clocks (match_id, board, white, black, running, since, reminded, due_at) "
        "VALUES (:match_id, :board, :white, :black, :running, :since, :reminded, :due_at) "
        "ON CONFLICT (match_id, board) DO UPDATE SET white = excluded.white, "
        "black = excluded.black, running = excluded.running, since = excluded.since, "
        "reminded = excluded.reminded, due_at = excluded.due_at",
        [{"match_id": match_id, **row} for row in clocks],
    )


async def clock_rows(db: aiosqlite.Connection, match_id: int) -> list[aiosqlite.Row]:
    """Return a match's clocks by board."""
    return await rows(db, "SELECT * FROM clocks WHERE match_id = ? ORDER BY board", match_id)


async def save_clock_marks(
    db: aiosqlite.Connection,
    match_id: int,
    seq: int,
    marks: Mapping[int, tuple[float, float, int]],
) -> None:
    """Record boards' clocks (White's and Black's time left, reminders) before an action."""
    await db.executemany(
        "INSERT INTO clock_marks (match_id, seq, board, white, black, reminded) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(match_id, seq, board, *mark) for board, mark in marks.items()],
    )


async def clock_marks_since(
    db: aiosqlite.Connection, match_id: int, seq: int
) -> list[aiosqlite.Row]:
    """Return the clock marks of the actions from position seq on, earliest first."""
    return await rows(
        db,
        "SELECT * FROM clock_marks WHERE match_id = ? AND seq >= ? ORDER BY seq, board",
        match_id,
        seq,
    )


async def drop_clock_marks(db: aiosqlite.Connection, match_id: int, seq: int) -> None:
    """Forget the clock marks of the actions from position seq on (they were undone)."""
    await db.execute("DELETE FROM clock_marks WHERE match_id = ? AND seq >= ?", (match_id, seq))


async def due_matches(db: aiosqlite.Connection, now: float) -> list[aiosqlite.Row]:
    """Return the active matches with a clock or a transfer deadline due, earliest first."""
    return await rows(
        db,
        "SELECT match_id, MIN(at) AS at FROM ("
        " SELECT match_id, due_at AS at FROM clocks WHERE due_at <= ?"
        " UNION ALL"
        " SELECT match_id, deadline AS at FROM transfer_deadlines WHERE deadline <= ?"
        ") JOIN matches m ON m.id = match_id WHERE m.status = 'active' "
        "GROUP BY match_id ORDER BY at",
        now,
        now,
    )


# ------------------------------------------------------------------------------- bindings


async def bind(db: aiosqlite.Connection, match_id: int, places: dict[str, str]) -> None:
    """Record where places of a match live (for Discord, channel or message ids)."""
    await db.executemany(
        "INSERT INTO bindings (match_id, place, target) VALUES (?, ?, ?) "
        "ON CONFLICT (match_id, place) DO UPDATE SET target = excluded.target",
        [(match_id, place, target) for place, target in places.items()],
    )
    if "guild" in places:  # the server a match lives in, kept on its row for /matches
        await db.execute("UPDATE matches SET guild = ? WHERE id = ?", (places["guild"], match_id))


async def unbind(db: aiosqlite.Connection, match_id: int, places: list[str]) -> None:
    """Forget where places of a match live."""
    await db.executemany(
        "DELETE FROM bindings WHERE match_id = ? AND place = ?",
        [(match_id, place) for place in places],
    )


async def binding_rows(db: aiosqlite.Connection, match_id: int) -> list[aiosqlite.Row]:
    """Return where a match's places live."""
    return await rows(db, "SELECT * FROM bindings WHERE match_id = ? ORDER BY place", match_id)


async def bound_to(db: aiosqlite.Connection, target: str) -> list[aiosqlite.Row]:
    """Return the (match, place) pairs that live at a target, newest match first."""
    return await rows(db, "SELECT * FROM bindings WHERE target = ? ORDER BY match_id DESC", target)


async def moderated_matches(
    db: aiosqlite.Connection, guild: str, since: float, limit: int
) -> list[aiosqlite.Row]:
    """Return a server's matches on or over since a time, newest first: what /mod acts on."""
    return await rows(
        db,
        "SELECT m.id, m.status, m.kind, m.config, m.teams FROM matches m "
        "JOIN bindings b ON b.match_id = m.id AND b.place = 'guild' AND b.target = ? "
        "WHERE m.status IN ('active', 'paused') "
        "OR (m.status IN ('finished', 'aborted') AND m.ended_at >= ?) "
        "ORDER BY m.id DESC LIMIT ?",
        guild,
        since,
        limit,
    )


# ------------------------------------------------------------------------ server settings


async def guild_settings(db: aiosqlite.Connection, guild: str) -> aiosqlite.Row | None:
    """Return a server's settings, or None if it has set none."""
    found = await rows(db, "SELECT * FROM guild_settings WHERE guild = ?", guild)
    return found[0] if found else None


async def set_guild_setting(
    db: aiosqlite.Connection, guild: str, name: str, value: str | None
) -> None:
    """Set one of a server's settings (moderator_role or log_channel); None clears it."""
    if name not in ("moderator_role", "log_channel"):
        raise StorageError(f"there is no server setting {name}")
    await db.execute(
        f"INSERT INTO guild_settings (guild, {name}) VALUES (?, ?) "
        f"ON CONFLICT (guild) DO UPDATE SET {name} = excluded.{name}",
        (guild, value),
    )


# ---------------------------------------------------------------------------- invitations


async def insert_invitation(
    db: aiosqlite.Connection,
    challenger: str,
    opponent: str,
    boards: int,
    layout: str,
    names: str,
    at: float,
    time_control: str = "none",
    kind: str = "elevator",
) -> int:
    """Record a challenge to a kind of game and return its id."""
    cursor = await db.execute(
        "INSERT INTO invitations "
        "(challenger, opponent, boards, layout, names, created_at, time_control, kind) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (challenger, opponent, boards, layout, names, at, time_control, kind),
    )
    if cursor.lastrowid is None:
        raise StorageError("SQLite gave the new invitation no id")
    return cursor.lastrowid


async def open_invitations(
    db: aiosqlite.Connection, challenger: str, opponent: str, since: float
) -> list[aiosqlite.Row]:
    """Return the challenges from one person to another still open since a time."""
    return await rows(
        db,
        "SELECT * FROM invitations WHERE challenger = ? AND opponent = ? AND status = 'open' "
        "AND created_at > ?",
        challenger,
        opponent,
        since,
    )


async def invitation_row(db: aiosqlite.Connection, invitation: int) -> aiosqlite.Row | None:
    """Return a challenge, or None."""
    found = await rows(db, "SELECT * FROM invitations WHERE id = ?", invitation)
    return found[0] if found else None


async def close_invitation(
    db: aiosqlite.Connection, invitation: int, status: str, match_id: int | None
) -> None:
    """Mark a challenge accepted, declined or withdrawn."""
    await db.execute(
        "UPDATE invitations SET status = ?, match_id = ? WHERE id = ?",
        (status, match_id, invitation),
    )


async def insert_rematch_invitation(
    db: aiosqlite.Connection, invitation: int, rematch_of: int, challenger_side: str
) -> None:
    """Mark a challenge as the rematch of a game, its challenger playing challenger_side."""
    await db.execute(
        "UPDATE invitations SET rematch_of = ?, challenger_side = ? WHERE id = ?",
        (rematch_of, challenger_side, invitation),
    )


async def rematch_invitations(db: aiosqlite.Connection, match_id: int) -> list[aiosqlite.Row]:
    """Return the challenges to play a game again, newest first."""
    return await rows(
        db, "SELECT * FROM invitations WHERE rematch_of = ? ORDER BY id DESC", match_id
    )


async def rematch_row(db: aiosqlite.Connection, match_id: int) -> aiosqlite.Row | None:
    """Return the rematch a team asked for after a match, or None."""
    found = await rows(db, "SELECT * FROM rematches WHERE match_id = ?", match_id)
    return found[0] if found else None


async def ask_rematch(
    db: aiosqlite.Connection, match_id: int, side: str, user: str, at: float
) -> None:
    """Record that a team asks to play a match again (a declined request is asked anew)."""
    await db.execute(
        "INSERT INTO rematches (match_id, side, asked_by, created_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (match_id) DO UPDATE SET side = excluded.side, "
        "asked_by = excluded.asked_by, status = 'open', created_at = excluded.created_at",
        (match_id, side, user, at),
    )


async def close_rematch(
    db: aiosqlite.Connection, match_id: int, status: str, rematch: int | None
) -> None:
    """Mark a team's rematch request accepted (with the new match) or declined."""
    await db.execute(
        "UPDATE rematches SET status = ?, rematch = ? WHERE match_id = ?",
        (status, rematch, match_id),
    )


async def matches_of(db: aiosqlite.Connection, user: str) -> list[aiosqlite.Row]:
    """Return the active or paused matches a user plays in, newest first."""
    return await rows(
        db,
        "SELECT m.id, m.status FROM matches m JOIN players p ON p.match_id = m.id "
        "WHERE p.user = ? AND m.status IN ('active', 'paused') ORDER BY m.id DESC",
        user,
    )


# ------------------------------------------------------------------------ finding matches

ENDED: Final = ("finished", "aborted")  # the statuses of a match that was played to its end


async def guild_matches(
    db: aiosqlite.Connection, guild: str, statuses: Sequence[str], limit: int
) -> list[aiosqlite.Row]:
    """Return a server's newest matches in some statuses, at most limit of them."""
    marks = ", ".join("?" * len(statuses))
    return await rows(
        db,
        f"SELECT * FROM matches WHERE guild = ? AND status IN ({marks}) ORDER BY id DESC LIMIT ?",
        guild,
        *statuses,
        limit,
    )


async def count_guild_matches(db: aiosqlite.Connection, guild: str, statuses: Sequence[str]) -> int:
    """Count a server's matches in some statuses."""
    marks = ", ".join("?" * len(statuses))
    found = await rows(
        db,
        f"SELECT COUNT(*) FROM matches WHERE guild = ? AND status IN ({marks})",
        guild,
        *statuses,
    )
    return int(found[0][0])


async def guild_ended(db: aiosqlite.Connection, guild: str, limit: int) -> list[aiosqlite.Row]:
    """Return a server's matches that ended most recently (finished or aborted)."""
    return await rows(
        db,
        "SELECT * FROM matches WHERE guild = ? AND status IN ('finished', 'aborted') "
        "ORDER BY ended_at DESC LIMIT ?",
        guild,
        limit,
    )


async def recent_games_of(db: aiosqlite.Connection, user: str, limit: int) -> list[aiosqlite.Row]:
    """Return the matches a user played in, finished ones too, the latest they joined first."""
    return await rows(
        db,
        "SELECT m.* FROM players p JOIN matches m ON m.id = p.match_id WHERE p.user = ? "
        "AND m.status NOT IN ('lobby', 'cancelled') ORDER BY p.rowid DESC LIMIT ?",
        user,
        limit,
    )


async def bindings_of(db: aiosqlite.Connection, match_ids: Sequence[int]) -> list[aiosqlite.Row]:
    """Return where the places of several matches live."""
    marks = ", ".join("?" * len(match_ids))
    return await rows(
        db, f"SELECT * FROM bindings WHERE match_id IN ({marks}) ORDER BY match_id", *match_ids
    )


# ------------------------------------------------------------------------ people


async def set_name(db: aiosqlite.Connection, user: str, name: str, at: float) -> None:
    """Keep the name a person was last seen under."""
    await db.execute(
        "INSERT INTO people (user, name, updated) VALUES (?, ?, ?) "
        "ON CONFLICT (user) DO UPDATE SET name = excluded.name, updated = excluded.updated",
        (user, name, at),
    )


async def names_of(db: aiosqlite.Connection, users: list[str]) -> dict[str, str]:
    """Return the names kept for some people (those the bot has never seen are left out)."""
    if not users:
        return {}
    marks = ", ".join("?" * len(users))
    found = await rows(db, f"SELECT user, name FROM people WHERE user IN ({marks})", *users)
    return {row["user"]: row["name"] for row in found}


# ---------------------------------------------------------------- the outbox and the audit


async def enqueue(
    db: aiosqlite.Connection,
    match_id: int | None,
    notices: list[tuple[str, str, str, str]],
    at: float,
) -> None:
    """Add (place, kind, JSON payload, idempotency key) notifications to the outbox."""
    await db.executemany(
        "INSERT INTO outbox (match_id, place, kind, payload, idempotency_key, created_at, "
        "next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(match_id, place, kind, payload, key, at, at) for place, kind, payload, key in notices],
    )


async def due_notices(db: aiosqlite.Connection, now: float, limit: int) -> list[aiosqlite.Row]:
    """Return the oldest unsent notification of each place, if it is due, longest due first.

    One per place keeps each place in order: the next waits until this one is sent. The
    places' heads are kept apart (outbox_heads) by when they are due, so this reads only the
    rows it returns, however many notices wait behind them or in their backoff.
    """
    return await rows(
        db,
        "SELECT o.* FROM outbox_heads h JOIN outbox o ON o.id = h.id "
        "WHERE h.due <= ? ORDER BY h.due, h.id LIMIT ?",
        now,
        limit,
    )


async def action_notices(db: aiosqlite.Connection, action_key: str) -> list[aiosqlite.Row]:
    """Return every notice one action queued (their keys share its prefix), in order."""
    return await rows(
        db,
        "SELECT * FROM outbox WHERE idempotency_key >= ? AND idempotency_key < ? ORDER BY id",
        action_key + ":",
        action_key + ";",  # ';' follows ':' in ASCII: the range is exactly the prefix
    )


async def mark_sent(db: aiosqlite.Connection, notice_id: int, at: float) -> None:
    """Record that a notification was delivered."""
    await db.execute(
        "UPDATE outbox SET done_at = ?, attempts = attempts + 1 WHERE id = ?", (at, notice_id)
    )


async def mark_failed(
    db: aiosqlite.Connection, notice_id: int, error: str, retry_at: float
) -> None:
    """Record a failed delivery and when to try again."""
    await db.execute(
        "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? "
        "WHERE id = ?",
        (error[:500], retry_at, notice_id),
    )


async def postpone(db: aiosqlite.Connection, notice_id: int, why: str, retry_at: float) -> None:
    """Put off a delivery the receiver asked to wait for, without counting it as an attempt."""
    await db.execute(
        "UPDATE outbox SET last_error = ?, next_attempt_at = ? WHERE id = ?",
        (why[:500], retry_at, notice_id),
    )


async def give_up(db: aiosqlite.Connection, notice_id: int, error: str, at: float) -> None:
    """Stop trying to deliver a notification, keeping it and the reason for a moderator."""
    await db.execute(
        "UPDATE outbox SET attempts = attempts + 1, last_error = ?, done_at = ?, gave_up = 1 "
        "WHERE id = ?",
        (error[:500], at, notice_id),
    )


async def given_up(db: aiosqlite.Connection, limit: int) -> list[aiosqlite.Row]:
    """Return the notifications the worker gave up on, newest first."""
    return await rows(
        db,
        "SELECT * FROM outbox WHERE gave_up = 1 AND done_at IS NOT NULL "
        "ORDER BY done_at DESC, id DESC LIMIT ?",
        limit,
    )


async def prune_outbox(
    db: aiosqlite.Connection, sent_before: float, given_up_before: float, limit: int = -1
) -> int:
    """Delete delivered notifications done before one time and given-up ones before another.

    limit: delete at most this many (-1: all), so that a long prune can be done in short
    transactions that let other work in between.
    """
    cursor = await db.execute(
        "DELETE FROM outbox WHERE id IN ("
        " SELECT id FROM outbox WHERE gave_up = 0 AND done_at IS NOT NULL AND done_at < ?"
        " UNION ALL"
        " SELECT id FROM outbox WHERE gave_up = 1 AND done_at IS NOT NULL AND done_at < ?"
        " LIMIT ?)",
        (sent_before, given_up_before, limit),
    )
    return cursor.rowcount


async def add_audit(
    db: aiosqlite.Connection,
    match_id: int,
    moderator: str,
    action: str,
    reason: str,
    details: str,
    at: float,
) -> None:
    """Record a moderator's action with its reason."""
    await db.execute(
        "INSERT INTO audit (match_id, moderator, action, reason, details, at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (match_id, moderator, action, reason, details, at),
    )


async def audit_rows(db: aiosqlite.Connection, match_id: int) -> list[aiosqlite.Row]:
    """Return a match's moderator actions, oldest first."""
    return await rows(db, "SELECT * FROM audit WHERE match_id = ? ORDER BY id", match_id)


def _statements(sql: str) -> list[str]:
    """Split a schema step into statements (steps hold no semicolons inside strings).

    A trigger's body holds statements of its own: pieces are joined until SQLite finds the
    statement complete.
    """
    lines = [line.split("--", 1)[0] for line in sql.splitlines()]
    statements: list[str] = []
    pending = ""
    for part in "\n".join(lines).split(";"):
        pending += part + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                statements.append(pending.strip().removesuffix(";"))
            pending = ""
    if pending.strip(" \n;"):
        statements.append(pending.strip().removesuffix(";"))
    return statements
