"""The event log of each match and its per-board snapshots."""

from __future__ import annotations

import hashlib

from bot.storage.connection import Db, Row, rows


async def append_events(
    db: Db,
    match_id: int,
    first: int,
    events: list[tuple[str, str, str | None]],
    at: float,
) -> None:
    """Append (kind, JSON, actor) events to a match's log from position first on.

    The match's row says where its log ends once bump_revision moves it, in the same
    transaction: it refuses unless the log ended at position first - 1.
    """
    await db.executemany(
        "INSERT INTO events (match_id, seq, kind, data, actor, at) VALUES (?, ?, ?, ?, ?, ?)",
        [
            (match_id, first + index, kind, data, actor, at)
            for index, (kind, data, actor) in enumerate(events)
        ],
    )


async def truncate_events(db: Db, match_id: int, keep: int) -> None:
    """Drop every event of a match's log after the first keep (an undo)."""
    await db.execute("DELETE FROM events WHERE match_id = ? AND seq > ?", (match_id, keep))
    await db.execute("UPDATE matches SET seq = ? WHERE id = ?", (keep, match_id))


async def event_rows(db: Db, match_id: int) -> list[Row]:
    """Return a match's log in order."""
    return await rows(db, "SELECT * FROM events WHERE match_id = ? ORDER BY seq", match_id)


def snapshot_checksum(match_id: int, board: int, seq: int, data: str) -> str:
    """Return the checksum stored with a board snapshot: it covers whose it is and its content."""
    text = f"{match_id}:{board}:{seq}:{data}".encode()
    return hashlib.blake2b(text, digest_size=16).hexdigest()


async def save_states(db: Db, match_id: int, seq: int, states: dict[int, str]) -> None:
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


async def clear_states(db: Db, match_id: int) -> None:
    """Forget every board snapshot of a match (before writing them afresh)."""
    await db.execute("DELETE FROM snapshots WHERE match_id = ?", (match_id,))


async def state_rows(db: Db, match_id: int) -> list[Row]:
    """Return a match's board snapshots by board."""
    return await rows(db, "SELECT * FROM snapshots WHERE match_id = ? ORDER BY board", match_id)
