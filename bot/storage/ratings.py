"""Ratings as they stand, what each rated match changed, and the reads of leaderboards."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.connection import Db, Row, rows

# established ratings first, then by rating; ties by subject, so that the order is total
_ORDER = "CASE WHEN deviation > ? THEN 1 ELSE 0 END, rating DESC, subject"


async def hold_pool(db: Db, pool: str, category: str) -> None:
    """Take a pool's category for this transaction: its ratings change one match at a time."""
    await db.execute(
        "INSERT INTO rating_pools (pool, category, changes) VALUES (?, ?, 1) "
        "ON CONFLICT (pool, category) DO UPDATE SET changes = rating_pools.changes + 1",
        (pool, category),
    )


async def pool_versions(db: Db, pools: Sequence[tuple[str, str]]) -> dict[tuple[str, str], int]:
    """Return how many times each of some pools' categories had its ratings changed so far."""
    found: dict[tuple[str, str], int] = {}
    for pool, category in pools:
        got = await rows(
            db,
            "SELECT changes FROM rating_pools WHERE pool = ? AND category = ?",
            pool,
            category,
        )
        found[(pool, category)] = int(got[0][0]) if got else 0
    return found


async def ratings_of(
    db: Db, pool: str, category: str, kind: str, subjects: Sequence[str]
) -> dict[str, Row]:
    """Return the ratings some subjects hold in a pool's category (the unrated are left out)."""
    if not subjects:
        return {}
    marks = ", ".join("?" * len(subjects))
    found = await rows(
        db,
        "SELECT * FROM ratings WHERE pool = ? AND category = ? AND kind = ? "
        f"AND subject IN ({marks})",
        pool,
        category,
        kind,
        *subjects,
    )
    return {row["subject"]: row for row in found}


async def save_rating(
    db: Db,
    key: tuple[str, str, str, str],
    name: str,
    rating: tuple[float, float, float],
    games: int,
    at: float,
) -> None:
    """Store a subject's rating as it stands; key: pool, category, kind, subject."""
    await db.execute(
        "INSERT INTO ratings (pool, category, kind, subject, name, rating, deviation, "
        "volatility, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (pool, category, kind, subject) DO UPDATE SET name = excluded.name, "
        "rating = excluded.rating, deviation = excluded.deviation, "
        "volatility = excluded.volatility, games = excluded.games, "
        "updated_at = excluded.updated_at",
        (*key, name, *rating, games, at),
    )


async def save_ratings(db: Db, saved: Sequence[tuple[object, ...]]) -> None:
    """Store ratings held already: each (pool, category, kind, subject, name, rating, ...)."""
    await db.executemany(
        "UPDATE ratings SET name = ?, rating = ?, deviation = ?, volatility = ?, games = ?, "
        "updated_at = ? WHERE pool = ? AND category = ? AND kind = ? AND subject = ?",
        [(*row[4:], *row[:4]) for row in saved],
    )


async def drop_ratings(db: Db, keys: Sequence[tuple[str, str, str, str]]) -> None:
    """Forget many subjects' ratings at once."""
    await db.executemany(
        "DELETE FROM ratings WHERE pool = ? AND category = ? AND kind = ? AND subject = ?", keys
    )


async def add_change(
    db: Db,
    match_id: int,
    key: tuple[str, str, str, str],
    games: str,
    before: tuple[float, float, float],
    after: tuple[float, float, float],
    at: float,
) -> None:
    """Record what a match did to a subject's rating; games: JSON [[opponent, score], ...]."""
    await db.execute(
        "INSERT INTO rating_changes (match_id, pool, category, kind, subject, games, "
        "rating_before, deviation_before, volatility_before, rating_after, deviation_after, "
        "volatility_after, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (match_id, *key, games, *before, *after, at),
    )


async def match_changes(db: Db, match_id: int) -> list[Row]:
    """Return what a match did to ratings, in the order it was recorded."""
    return await rows(db, "SELECT * FROM rating_changes WHERE match_id = ? ORDER BY id", match_id)


async def changes_after(
    db: Db, pool: str, category: str, first: int, limit: int | None = None
) -> list[Row]:
    """Return a pool's category's changes from the one numbered first on, in order (limit)."""
    return await rows(
        db,
        "SELECT * FROM rating_changes WHERE pool = ? AND category = ? AND id >= ? ORDER BY id"
        + ("" if limit is None else f" LIMIT {int(limit)}"),
        pool,
        category,
        first,
    )


async def drop_changes(db: Db, match_id: int) -> None:
    """Forget what a match did to ratings."""
    await db.execute("DELETE FROM rating_changes WHERE match_id = ?", (match_id,))


async def rewrite_changes(db: Db, rewritten: Sequence[tuple[float, ...]]) -> None:
    """Rewrite changes' ratings: each (rating, deviation, volatility before, after, id)."""
    await db.executemany(
        "UPDATE rating_changes SET rating_before = ?, deviation_before = ?, "
        "volatility_before = ?, rating_after = ?, deviation_after = ?, volatility_after = ? "
        "WHERE id = ?",
        rewritten,
    )


async def leaderboard(
    db: Db, pool: str, category: str, kind: str, provisional: float, limit: int, offset: int
) -> list[Row]:
    """Return a page of a pool's category's ratings, established ones first, best first."""
    return await rows(
        db,
        "SELECT * FROM ratings WHERE pool = ? AND category = ? AND kind = ? "
        f"ORDER BY {_ORDER} LIMIT ? OFFSET ?",
        pool,
        category,
        kind,
        provisional,
        limit,
        offset,
    )


async def rated_count(db: Db, pool: str, category: str, kind: str) -> int:
    """Return how many subjects of a kind hold a rating in a pool's category."""
    found = await rows(
        db,
        "SELECT COUNT(*) FROM ratings WHERE pool = ? AND category = ? AND kind = ?",
        pool,
        category,
        kind,
    )
    return int(found[0][0])


async def place_of(db: Db, row: Row, provisional: float) -> int:
    """Return the place a row of ratings holds on its pool's category's leaderboard (1 first)."""
    rank = 1 if row["deviation"] > provisional else 0
    found = await rows(
        db,
        "SELECT COUNT(*) FROM ratings WHERE pool = ? AND category = ? AND kind = ? AND ("
        "CASE WHEN deviation > ? THEN 1 ELSE 0 END < ? OR ("
        "CASE WHEN deviation > ? THEN 1 ELSE 0 END = ? AND (rating > ? OR "
        "(rating = ? AND subject < ?))))",
        row["pool"],
        row["category"],
        row["kind"],
        provisional,
        rank,
        provisional,
        rank,
        row["rating"],
        row["rating"],
        row["subject"],
    )
    return int(found[0][0]) + 1


async def subject_ratings(db: Db, pool: str, kind: str, subject: str) -> list[Row]:
    """Return a subject's ratings in every category of a pool, most games first."""
    return await rows(
        db,
        "SELECT * FROM ratings WHERE pool = ? AND kind = ? AND subject = ? "
        "ORDER BY games DESC, category",
        pool,
        kind,
        subject,
    )


async def subject_pools(db: Db, kind: str, subject: str, category: str | None) -> list[str]:
    """Return the pools a subject is rated in (of one category, or any): most games first.

    Pools of as many games come latest played first.
    """
    where = "" if category is None else " AND category = ?"
    more: tuple[object, ...] = () if category is None else (category,)
    found = await rows(
        db,
        f"SELECT pool FROM ratings WHERE kind = ? AND subject = ?{where} "
        "GROUP BY pool ORDER BY SUM(games) DESC, MAX(updated_at) DESC, pool",
        kind,
        subject,
        *more,
    )
    return [row["pool"] for row in found]


async def subject_changes(
    db: Db, pool: str, kind: str, subject: str, category: str | None, limit: int | None
) -> list[Row]:
    """Return a subject's rating changes in a pool (one category, or all), newest first."""
    where = "" if category is None else " AND category = ?"
    more: tuple[object, ...] = () if category is None else (category,)
    return await rows(
        db,
        "SELECT * FROM rating_changes WHERE pool = ? AND kind = ? AND subject = ?"
        f"{where} ORDER BY id DESC" + ("" if limit is None else f" LIMIT {int(limit)}"),
        pool,
        kind,
        subject,
        *more,
    )
