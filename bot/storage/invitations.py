"""Challenges to casual games, and rematches."""

from __future__ import annotations

from bot.storage.connection import Db, Row, StorageError, rows


async def insert_invitation(
    db: Db,
    challenger: str,
    opponent: str,
    boards: int,
    layout: str,
    names: str,
    at: float,
    time_control: str = "none",
    kind: str = "elevator",
    setup: str | None = None,
    rated_in: str | None = None,
) -> int:
    """Record a challenge to a kind of game (setup: its variant's JSON) and return its id.

    rated_in: whose ratings the game counts in, carried to it once accepted (None: unrated).
    """
    found = await db.fetch(
        "INSERT INTO invitations (challenger, opponent, boards, layout, names, created_at, "
        "time_control, kind, setup, rated_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (challenger, opponent, boards, layout, names, at, time_control, kind, setup, rated_in),
    )
    if not found:
        raise StorageError("the database gave the new invitation no id")
    return int(found[0][0])


async def open_invitations(db: Db, challenger: str, opponent: str, since: float) -> list[Row]:
    """Return the challenges from one person to another still open since a time."""
    return await rows(
        db,
        "SELECT * FROM invitations WHERE challenger = ? AND opponent = ? AND status = 'open' "
        "AND created_at > ?",
        challenger,
        opponent,
        since,
    )


async def invitation_row(db: Db, invitation: int) -> Row | None:
    """Return a challenge, or None."""
    found = await rows(db, "SELECT * FROM invitations WHERE id = ?", invitation)
    return found[0] if found else None


async def close_invitation(db: Db, invitation: int, status: str, match_id: int | None) -> None:
    """Mark a challenge accepted, declined or withdrawn."""
    await db.execute(
        "UPDATE invitations SET status = ?, match_id = ? WHERE id = ?",
        (status, match_id, invitation),
    )


async def insert_rematch_invitation(
    db: Db, invitation: int, rematch_of: int, challenger_side: str
) -> None:
    """Mark a challenge as the rematch of a game, its challenger playing challenger_side."""
    await db.execute(
        "UPDATE invitations SET rematch_of = ?, challenger_side = ? WHERE id = ?",
        (rematch_of, challenger_side, invitation),
    )


async def rematch_invitations(db: Db, match_id: int) -> list[Row]:
    """Return the challenges to play a game again, newest first."""
    return await rows(
        db, "SELECT * FROM invitations WHERE rematch_of = ? ORDER BY id DESC", match_id
    )


async def rematch_row(db: Db, match_id: int) -> Row | None:
    """Return the rematch a team asked for after a match, or None."""
    found = await rows(db, "SELECT * FROM rematches WHERE match_id = ?", match_id)
    return found[0] if found else None


async def ask_rematch(db: Db, match_id: int, side: str, user: str, at: float) -> None:
    """Record that a team asks to play a match again (a declined request is asked anew)."""
    await db.execute(
        "INSERT INTO rematches (match_id, side, asked_by, created_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (match_id) DO UPDATE SET side = excluded.side, "
        "asked_by = excluded.asked_by, status = 'open', created_at = excluded.created_at",
        (match_id, side, user, at),
    )


async def close_rematch(db: Db, match_id: int, status: str, rematch: int | None) -> None:
    """Mark a team's rematch request accepted (with the new match) or declined."""
    await db.execute(
        "UPDATE rematches SET status = ?, rematch = ? WHERE match_id = ?",
        (status, rematch, match_id),
    )
