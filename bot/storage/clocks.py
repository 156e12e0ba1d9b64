"""Board clocks, their marks in the log, and the matches with something due."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from bot.shards import Shards
from bot.storage.connection import Db, Row, rows

CLOCK_COLUMNS: Final = ("board", "white", "black", "running", "since", "reminded", "due_at")


async def save_clocks(db: Db, match_id: int, clocks: Sequence[Mapping[str, object]]) -> None:
    """Store boards' clocks (as elevator.clocks.clock_rows gives them)."""
    await db.executemany(
        "INSERT INTO clocks (match_id, board, white, black, running, since, reminded, due_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (match_id, board) DO UPDATE SET white = excluded.white, "
        "black = excluded.black, running = excluded.running, since = excluded.since, "
        "reminded = excluded.reminded, due_at = excluded.due_at",
        [
            (match_id, *(row[name] for name in CLOCK_COLUMNS))  # in the statement's order
            for row in clocks
        ],
    )


async def clock_rows(db: Db, match_id: int) -> list[Row]:
    """Return a match's clocks by board."""
    return await rows(db, "SELECT * FROM clocks WHERE match_id = ? ORDER BY board", match_id)


async def save_clock_marks(
    db: Db,
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


async def clock_marks_since(db: Db, match_id: int, seq: int) -> list[Row]:
    """Return the clock marks of the actions from position seq on, earliest first."""
    return await rows(
        db,
        "SELECT * FROM clock_marks WHERE match_id = ? AND seq >= ? ORDER BY seq, board",
        match_id,
        seq,
    )


async def drop_clock_marks(db: Db, match_id: int, seq: int) -> None:
    """Forget the clock marks of the actions from position seq on (they were undone)."""
    await db.execute("DELETE FROM clock_marks WHERE match_id = ? AND seq >= ?", (match_id, seq))


async def due_matches(db: Db, now: float, shards: Shards | None = None) -> list[Row]:
    """Return the active matches with a clock or a transfer deadline due, earliest first.

    Given shards, only their matches are returned.
    """
    mine = "" if shards is None or shards.all else f"AND {shards.where('m.guild')} "
    return await rows(
        db,
        "SELECT due.match_id, MIN(due.at) AS at FROM ("
        " SELECT match_id, due_at AS at FROM clocks WHERE due_at <= ?"
        " UNION ALL"
        " SELECT match_id, deadline AS at FROM transfer_deadlines WHERE deadline <= ?"
        ") due JOIN matches m ON m.id = due.match_id WHERE m.status = 'active' "
        f"{mine}GROUP BY due.match_id ORDER BY at",
        now,
        now,
    )
