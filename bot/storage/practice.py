"""The practice opponent's places: which matches the bot plays in, as whom, at what strength."""

from __future__ import annotations

from bot.shards import Shards
from bot.storage.connection import Db, Row, rows


async def add_practice_player(db: Db, match_id: int, user: str, strength: int) -> None:
    """Note that the bot plays in a match as user, at a strength (a second call changes it)."""
    await db.execute(
        'INSERT INTO practice_players (match_id, "user", strength) VALUES (?, ?, ?) '
        'ON CONFLICT (match_id, "user") DO UPDATE SET strength = excluded.strength',
        (match_id, user, strength),
    )


async def remove_practice_player(db: Db, match_id: int, user: str) -> None:
    """Forget that the bot plays in a match as user."""
    await db.execute(
        'DELETE FROM practice_players WHERE match_id = ? AND "user" = ?', (match_id, user)
    )


async def practice_rows(db: Db, match_id: int) -> list[Row]:
    """Return the bot's places in a match: its user and strength."""
    return await rows(
        db, 'SELECT "user", strength FROM practice_players WHERE match_id = ?', match_id
    )


async def practice_matches(db: Db, shards: Shards | None = None) -> list[int]:
    """Return the active matches the bot plays in, of these shards (None: every match)."""
    mine = "" if shards is None or shards.all else f"AND {shards.where('m.guild')} "
    found = await rows(
        db,
        "SELECT DISTINCT m.id FROM practice_players p JOIN matches m ON m.id = p.match_id "
        f"WHERE m.status = 'active' {mine}ORDER BY m.id",
    )
    return [int(row["id"]) for row in found]


async def match_guild(db: Db, match_id: int) -> str | None:
    """Return the server a match lives in, or None for a game in DMs."""
    found = await rows(db, "SELECT guild FROM matches WHERE id = ?", match_id)
    return found[0]["guild"] if found else None
