"""Reads that find matches: a server's, a player's, a moderator's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.storage.connection import Db, Row, rows

ENDED: Final = ("finished", "aborted")  # the statuses of a match that was played to its end


async def moderated_matches(db: Db, guild: str, since: float, limit: int) -> list[Row]:
    """Return a server's matches on or over since a time, newest first: what /mod acts on."""
    return await rows(
        db,
        "SELECT id, status, kind, config, teams FROM matches WHERE guild = ? "
        "AND (status IN ('active', 'paused') OR (status IN ('finished', 'aborted') "
        "AND ended_at >= ?)) ORDER BY id DESC LIMIT ?",
        guild,
        since,
        limit,
    )


async def guild_matches(db: Db, guild: str, statuses: Sequence[str], limit: int) -> list[Row]:
    """Return a server's newest matches in some statuses, at most limit of them."""
    marks = ", ".join("?" * len(statuses))
    return await rows(
        db,
        f"SELECT * FROM matches WHERE guild = ? AND status IN ({marks}) ORDER BY id DESC LIMIT ?",
        guild,
        *statuses,
        limit,
    )


async def count_guild_matches(db: Db, guild: str, statuses: Sequence[str]) -> int:
    """Count a server's matches in some statuses."""
    marks = ", ".join("?" * len(statuses))
    found = await rows(
        db,
        f"SELECT COUNT(*) FROM matches WHERE guild = ? AND status IN ({marks})",
        guild,
        *statuses,
    )
    return int(found[0][0])


async def guild_ended(db: Db, guild: str, limit: int) -> list[Row]:
    """Return a server's matches that ended most recently (finished or aborted)."""
    return await rows(
        db,
        "SELECT * FROM matches WHERE guild = ? AND status IN ('finished', 'aborted') "
        "ORDER BY ended_at DESC LIMIT ?",
        guild,
        limit,
    )


async def recent_games_of(db: Db, user: str, limit: int) -> list[Row]:
    """Return the matches a user played in, finished ones too, the latest they joined first."""
    return await rows(
        db,
        'SELECT m.* FROM players p JOIN matches m ON m.id = p.match_id WHERE p."user" = ? '
        "AND m.status NOT IN ('lobby', 'cancelled') ORDER BY p.rowid DESC LIMIT ?",
        user,
        limit,
    )


async def bindings_of(db: Db, match_ids: Sequence[int]) -> list[Row]:
    """Return where the places of several matches live."""
    marks = ", ".join("?" * len(match_ids))
    return await rows(
        db, f"SELECT * FROM bindings WHERE match_id IN ({marks}) ORDER BY match_id", *match_ids
    )
