"""The names people were last seen under."""

from __future__ import annotations

from bot.storage.connection import Db, rows


async def set_name(db: Db, user: str, name: str, at: float) -> None:
    """Keep the name a person was last seen under."""
    await db.execute(
        'INSERT INTO people ("user", name, updated) VALUES (?, ?, ?) '
        'ON CONFLICT ("user") DO UPDATE SET name = excluded.name, updated = excluded.updated',
        (user, name, at),
    )


async def names_of(db: Db, users: list[str]) -> dict[str, str]:
    """Return the names kept for some people (those the bot has never seen are left out)."""
    if not users:
        return {}
    marks = ", ".join("?" * len(users))
    found = await rows(db, f'SELECT "user", name FROM people WHERE "user" IN ({marks})', *users)
    return {row["user"]: row["name"] for row in found}
