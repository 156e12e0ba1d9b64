"""Takebacks asked for by agreement: one standing a match at most, until it is answered."""

from __future__ import annotations

from bot.storage.connection import Db, Row, rows


async def takeback_row(db: Db, match_id: int) -> Row | None:
    """Return the takeback standing in a match, or None."""
    found = await rows(db, "SELECT * FROM takebacks WHERE match_id = ?", match_id)
    return found[0] if found else None


async def set_takeback(
    db: Db, match_id: int, board: int, side: str, count: int, log_length: int, at: float
) -> None:
    """Record side's takeback of a board's count last actions, asked at a log's length."""
    await db.execute(
        "INSERT INTO takebacks (match_id, board, side, count, log_length, asked_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (match_id) DO UPDATE SET board = excluded.board, "
        "side = excluded.side, count = excluded.count, log_length = excluded.log_length, "
        "asked_at = excluded.asked_at",
        (match_id, board, side, count, log_length, at),
    )


async def clear_takeback(db: Db, match_id: int) -> None:
    """Forget the takeback standing in a match, answered or lapsed."""
    await db.execute("DELETE FROM takebacks WHERE match_id = ?", (match_id,))
