"""Draw offers and victory transfers' deadlines."""

from __future__ import annotations

from bot.storage.connection import Db, Row, rows


async def offer_rows(db: Db, match_id: int) -> list[Row]:
    """Return the draw offers standing in a match."""
    return await rows(db, "SELECT * FROM offers WHERE match_id = ? ORDER BY board", match_id)


async def set_offer(db: Db, match_id: int, board: int, side: str, at: float) -> None:
    """Record side's draw offer on a board."""
    await db.execute(
        "INSERT INTO offers (match_id, board, side, made_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (match_id, board) DO UPDATE SET side = excluded.side, "
        "made_at = excluded.made_at",
        (match_id, board, side, at),
    )


async def clear_offers(db: Db, match_id: int, boards: list[int]) -> None:
    """Withdraw the draw offers standing on these boards."""
    await db.executemany(
        "DELETE FROM offers WHERE match_id = ? AND board = ?",
        [(match_id, board) for board in boards],
    )


async def set_deadline(db: Db, match_id: int, board: int, deadline: float) -> None:
    """Record when a board's pending victory transfer lapses."""
    await db.execute(
        "INSERT INTO transfer_deadlines (match_id, board, deadline) VALUES (?, ?, ?) "
        "ON CONFLICT (match_id, board) DO UPDATE SET deadline = excluded.deadline",
        (match_id, board, deadline),
    )


async def clear_deadlines(db: Db, match_id: int, boards: list[int]) -> None:
    """Forget the transfer deadlines of these boards."""
    await db.executemany(
        "DELETE FROM transfer_deadlines WHERE match_id = ? AND board = ?",
        [(match_id, board) for board in boards],
    )


async def deadline_rows(db: Db, match_id: int) -> list[Row]:
    """Return a match's transfer deadlines by board."""
    return await rows(
        db, "SELECT * FROM transfer_deadlines WHERE match_id = ? ORDER BY board", match_id
    )


async def shift_deadlines(db: Db, match_id: int, by: float) -> None:
    """Move every transfer deadline of a match later by some seconds (after a pause)."""
    await db.execute(
        "UPDATE transfer_deadlines SET deadline = deadline + ? WHERE match_id = ?", (by, match_id)
    )
