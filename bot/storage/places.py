"""Where a match's places live in Discord, and each server's settings."""

from __future__ import annotations

from collections.abc import Collection

from bot.storage.connection import Db, Row, StorageError, rows


async def bind(db: Db, match_id: int, places: dict[str, str]) -> None:
    """Record where places of a match live (for Discord, channel or message ids)."""
    await db.executemany(
        "INSERT INTO bindings (match_id, place, target) VALUES (?, ?, ?) "
        "ON CONFLICT (match_id, place) DO UPDATE SET target = excluded.target",
        [(match_id, place, target) for place, target in places.items()],
    )
    if "guild" in places:  # the server a match lives in, kept on its row for /matches
        await db.execute("UPDATE matches SET guild = ? WHERE id = ?", (places["guild"], match_id))


async def unbind(db: Db, match_id: int, places: list[str]) -> None:
    """Forget where places of a match live."""
    await db.executemany(
        "DELETE FROM bindings WHERE match_id = ? AND place = ?",
        [(match_id, place) for place in places],
    )


async def binding_rows(db: Db, match_id: int, places: Collection[str] | None = None) -> list[Row]:
    """Return where a match's places live: all of them, or those named."""
    if places is None:
        return await rows(db, "SELECT * FROM bindings WHERE match_id = ? ORDER BY place", match_id)
    marks = ", ".join("?" for _ in places)
    sql = f"SELECT * FROM bindings WHERE match_id = ? AND place IN ({marks}) ORDER BY place"
    return await rows(db, sql, match_id, *places)


async def bound_to(db: Db, target: str) -> list[Row]:
    """Return the (match, place) pairs that live at a target, newest match first."""
    return await rows(db, "SELECT * FROM bindings WHERE target = ? ORDER BY match_id DESC", target)


async def guild_settings(db: Db, guild: str) -> Row | None:
    """Return a server's settings, or None if it has set none."""
    found = await rows(db, "SELECT * FROM guild_settings WHERE guild = ?", guild)
    return found[0] if found else None


async def set_guild_setting(db: Db, guild: str, name: str, value: str | None) -> None:
    """Set one of a server's settings (moderator_role or log_channel); None clears it."""
    if name not in ("moderator_role", "log_channel"):
        raise StorageError(f"there is no server setting {name}")
    await db.execute(
        f"INSERT INTO guild_settings (guild, {name}) VALUES (?, ?) "
        f"ON CONFLICT (guild) DO UPDATE SET {name} = excluded.{name}",
        (guild, value),
    )
