"""Matches, their players, captains and seats."""

from __future__ import annotations

from bot.storage.connection import Db, Row, StorageError, rows


async def insert_match(
    db: Db,
    config: str,
    host: str,
    at: float,
    time_control: str = "none",
    kind: str = "elevator",
    teams: str | None = None,
    rated_in: str | None = None,
) -> int:
    """Create a match of a kind of game in its lobby and return its id.

    rated_in: whose ratings it counts in (a server's id, '' for DMs), None for unrated.
    """
    found = await db.fetch(
        "INSERT INTO matches (status, config, host, created_at, time_control, kind, teams, "
        "rated_in) VALUES ('lobby', ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (config, host, at, time_control, kind, teams, rated_in),
    )
    if not found:
        raise StorageError("the database gave the new match no id")
    return int(found[0][0])


async def match_row(db: Db, match_id: int) -> Row | None:
    """Return a match's row, or None."""
    found = await rows(db, "SELECT * FROM matches WHERE id = ?", match_id)
    return found[0] if found else None


async def bump_revision(
    db: Db, match_id: int, revision: int, log: tuple[int, int] | None = None
) -> int:
    """Count one more change committed to a match at a revision; return its new revision.

    log: (end, new end): the change appended events (append_events), and the match's log,
    which must end at position end, now ends at new end. One UPDATE does both, which reads
    nothing back, so that on PostgreSQL it can go with the change's INSERTs in one statement
    (Db.batch). The transaction fails if the match is not at that revision.
    """
    if log is None:
        await db.update_one(
            "UPDATE matches SET revision = ? WHERE id = ? AND revision = ?",
            (revision + 1, match_id, revision),
            f"match {match_id} was changed meanwhile, or there is no such match",
        )
    else:
        end, new_end = log
        await db.update_one(
            "UPDATE matches SET revision = ?, seq = ? WHERE id = ? AND revision = ? AND seq = ?",
            (revision + 1, new_end, match_id, revision, end),
            # appending anywhere but at the end would leave a gap
            f"match {match_id}'s log does not end at position {end}, or it was changed meanwhile",
        )
    return revision + 1


async def set_status(
    db: Db, match_id: int, status: str, at: float, *, started: bool = False
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


async def set_paused(db: Db, match_id: int, at: float | None) -> None:
    """Record when a match was paused, or None once it resumes."""
    await db.execute("UPDATE matches SET paused_at = ? WHERE id = ?", (at, match_id))


async def player_rows(db: Db, match_id: int) -> list[Row]:
    """Return a match's players in the order they joined."""
    return await rows(
        db, "SELECT * FROM players WHERE match_id = ? ORDER BY joined_at, rowid", match_id
    )


async def add_player(db: Db, match_id: int, user: str, team: str, captain: bool, at: float) -> None:
    """Put a player on a team."""
    await db.execute(
        'INSERT INTO players (match_id, "user", team, captain, joined_at) VALUES (?, ?, ?, ?, ?)',
        (match_id, user, team, int(captain), at),
    )


async def remove_player(db: Db, match_id: int, user: str) -> None:
    """Take a player off their team and out of any seat."""
    await db.execute('DELETE FROM players WHERE match_id = ? AND "user" = ?', (match_id, user))
    await db.execute('DELETE FROM seats WHERE match_id = ? AND "user" = ?', (match_id, user))


async def replace_player(db: Db, match_id: int, old: str, new: str) -> None:
    """Give a player's place (team, captaincy, time of joining and seats) to someone else."""
    await db.execute(
        'UPDATE players SET "user" = ? WHERE match_id = ? AND "user" = ?', (new, match_id, old)
    )
    await db.execute(
        'UPDATE seats SET "user" = ? WHERE match_id = ? AND "user" = ?', (new, match_id, old)
    )


async def set_captain(db: Db, match_id: int, team: str, user: str) -> None:
    """Make user the only captain of team."""
    await db.execute(
        'UPDATE players SET captain = CASE WHEN "user" = ? THEN 1 ELSE 0 END '
        "WHERE match_id = ? AND team = ?",
        (user, match_id, team),
    )


async def seat_rows(db: Db, match_id: int) -> list[Row]:
    """Return a match's seats by board and side."""
    return await rows(
        db, "SELECT * FROM seats WHERE match_id = ? ORDER BY board, side DESC", match_id
    )


async def set_seat(db: Db, match_id: int, board: int, side: str, user: str) -> None:
    """Seat user on a board for a side, replacing whoever sat there."""
    await db.execute(
        'INSERT INTO seats (match_id, board, side, "user") VALUES (?, ?, ?, ?) '
        'ON CONFLICT (match_id, board, side) DO UPDATE SET "user" = excluded."user"',
        (match_id, board, side, user),
    )


async def matches_of(db: Db, user: str) -> list[Row]:
    """Return the active or paused matches a user plays in, newest first."""
    return await rows(
        db,
        "SELECT m.id, m.status FROM matches m JOIN players p ON p.match_id = m.id "
        "WHERE p.\"user\" = ? AND m.status IN ('active', 'paused') ORDER BY m.id DESC",
        user,
    )
