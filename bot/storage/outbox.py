"""The outbox of notices and the moderators' audit."""

from __future__ import annotations

from bot.shards import Shards
from bot.storage.connection import Db, Row, rows


async def enqueue(
    db: Db,
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


async def due_notices(db: Db, now: float, limit: int, shards: Shards | None = None) -> list[Row]:
    """Return the oldest unsent notification of each place, if it is due, longest due first.

    One per place keeps each place in order: the next waits until this one is sent. The
    places' heads are kept apart (outbox_heads) by when they are due, so this reads only the
    rows it returns, however many notices wait behind them or in their backoff. Given shards,
    only the notices of their matches (and, with shard 0, those of no match) are returned.
    """
    mine = "" if shards is None or shards.all else f"AND {shards.where('m.guild')} "
    return await rows(
        db,
        "SELECT o.* FROM outbox_heads h JOIN outbox o ON o.id = h.id "
        "LEFT JOIN matches m ON m.id = o.match_id "
        f"WHERE h.due <= ? {mine}ORDER BY h.due, h.id LIMIT ?",
        now,
        limit,
    )


async def due_places(db: Db, now: float) -> int:
    """Return how many places have a notice due and not yet sent: the delivery's backlog."""
    found = await rows(db, "SELECT COUNT(*) AS due FROM outbox_heads WHERE due <= ?", now)
    return int(found[0]["due"])


async def action_notices(db: Db, action_key: str) -> list[Row]:
    """Return every notice one action queued (their keys share its prefix), in order."""
    return await rows(
        db,
        "SELECT * FROM outbox WHERE idempotency_key >= ? AND idempotency_key < ? ORDER BY id",
        action_key + ":",
        action_key + ";",  # ';' follows ':' in ASCII: the range is exactly the prefix
    )


async def next_action_key(
    db: Db, match_id: int, place: str, notice_id: int, action_key: str
) -> str | None:
    """Return the key of the next action queued in a place after a notice of action_key's."""
    found = await rows(
        db,
        "SELECT idempotency_key FROM outbox WHERE match_id = ? AND place = ? AND id > ? "
        "AND NOT (idempotency_key >= ? AND idempotency_key < ?) ORDER BY id LIMIT 1",
        match_id,
        place,
        notice_id,
        action_key + ":",
        action_key + ";",
    )
    return str(found[0]["idempotency_key"]).rsplit(":", 1)[0] if found else None


async def last_sent_before(
    db: Db, match_id: int | None, place: str, notice_id: int
) -> float | None:
    """Return when the last notice sent to a place before this one was recorded as sent."""
    if match_id is None:
        return None
    found = await rows(
        db,
        "SELECT done_at FROM outbox WHERE match_id = ? AND place = ? AND id < ? "
        "AND done_at IS NOT NULL ORDER BY id DESC LIMIT 1",
        match_id,
        place,
        notice_id,
    )
    return float(found[0]["done_at"]) if found else None


async def mark_sent(db: Db, notice_id: int, at: float) -> None:
    """Record that a notification was delivered."""
    await db.execute(
        "UPDATE outbox SET done_at = ?, attempts = attempts + 1 WHERE id = ?", (at, notice_id)
    )


async def mark_failed(db: Db, notice_id: int, error: str, retry_at: float) -> None:
    """Record a failed delivery and when to try again."""
    await db.execute(
        "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? "
        "WHERE id = ?",
        (error[:500], retry_at, notice_id),
    )


async def postpone(db: Db, notice_id: int, why: str, retry_at: float) -> None:
    """Put off a delivery the receiver asked to wait for, without counting it as an attempt."""
    await db.execute(
        "UPDATE outbox SET last_error = ?, next_attempt_at = ? WHERE id = ?",
        (why[:500], retry_at, notice_id),
    )


async def give_up(db: Db, notice_id: int, error: str, at: float) -> None:
    """Stop trying to deliver a notification, keeping it and the reason for a moderator."""
    await db.execute(
        "UPDATE outbox SET attempts = attempts + 1, last_error = ?, done_at = ?, gave_up = 1 "
        "WHERE id = ?",
        (error[:500], at, notice_id),
    )


async def given_up(db: Db, limit: int) -> list[Row]:
    """Return the notifications the worker gave up on, newest first."""
    return await rows(
        db,
        "SELECT * FROM outbox WHERE gave_up = 1 AND done_at IS NOT NULL "
        "ORDER BY done_at DESC, id DESC LIMIT ?",
        limit,
    )


async def prune_outbox(
    db: Db, sent_before: float, given_up_before: float, limit: int = 2**62
) -> int:
    """Delete delivered notifications done before one time and given-up ones before another.

    limit: delete at most this many (by default all), so that a long prune can be done in short
    transactions that let other work in between.
    """
    return await db.execute(
        "DELETE FROM outbox WHERE id IN ("
        " SELECT id FROM outbox WHERE gave_up = 0 AND done_at IS NOT NULL AND done_at < ?"
        " UNION ALL"
        " SELECT id FROM outbox WHERE gave_up = 1 AND done_at IS NOT NULL AND done_at < ?"
        " LIMIT ?)",
        (sent_before, given_up_before, limit),
    )


async def add_audit(
    db: Db,
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


async def audit_rows(db: Db, match_id: int) -> list[Row]:
    """Return a match's moderator actions, oldest first."""
    return await rows(db, "SELECT * FROM audit WHERE match_id = ? ORDER BY id", match_id)
