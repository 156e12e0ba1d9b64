"""Rating a match as it finishes, and taking that back, inside the transaction of its result.

A finished match counts in its pool (matches.rated_in: a server's id, '' for DMs, NULL when
unrated) and its category. Each subject's games of the match are one rating period. Taking
a match back restores each of its subjects' ratings before it and replays every later change
of that pool and category in order, so that the ratings end as if the match never was.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.hosted import scores
from bot.loading import Loaded
from bot.names import name_key
from bot.ratings.categories import category_of
from bot.ratings.glicko import NEW, Rating, rated
from bot.ratings.played import Board, Game, periods, player_games, team_games
from bot.storage import Db, Row
from bot.storage import ratings as stored

PLAYER = "player"
TEAM = "team"


@dataclass(frozen=True)
class _Side:
    """One kind of subject's games in a match, and the names they are shown by."""

    kind: str
    games: list[Game]
    names: Mapping[str, str]


async def rate(db: Db, loaded: Loaded, at: float) -> None:
    """Rate a match that has just finished, if its players chose a rated game."""
    pool = loaded.rated_in
    if pool is None:
        return
    match = loaded.match
    category = category_of(match.KIND, match.boards)
    boards = [
        Board(
            loaded.roster.seated(board, "white"),
            loaded.roster.seated(board, "black"),
            match.board_result(board),
        )
        for board in range(1, match.boards + 1)
    ]
    sides = [_Side(PLAYER, player_games(boards, loaded.practice), {})]
    if pool and not loaded.in_dms:  # a team match in a server: its teams are rated too
        points = scores(match, loaded.names)
        keys = {name: name_key(name) for name in points}
        games = team_games({keys[name]: won for name, won in points.items()})
        sides.append(_Side(TEAM, games, {key: name for name, key in keys.items()}))
    if not any(side.games for side in sides):
        return
    await stored.hold_pool(db, pool, category)
    for side in sides:
        await _rate_period(db, loaded.id, (pool, category, side.kind), side, at)


async def _rate_period(
    db: Db, match_id: int, where: tuple[str, str, str], side: _Side, at: float
) -> None:
    """Rate each subject's games of one match, all from the ratings before it."""
    period = periods(side.games)
    if not period:
        return
    found = await stored.ratings_of(db, *where, list(period))
    before = {subject: _rating(found.get(subject)) for subject in period}
    for subject, games in period.items():
        after = rated(before[subject], [(before[opponent], score) for opponent, score in games])
        key = (*where, subject)
        played = found[subject]["games"] if subject in found else 0
        name = side.names.get(subject, subject)
        await stored.save_rating(db, key, name, _values(after), played + len(games), at)
        text = json.dumps([[opponent, score] for opponent, score in games])
        old = _values(before[subject])
        await stored.add_change(db, match_id, key, text, old, _values(after), at)


async def take_back(db: Db, match_id: int) -> None:
    """Take back what a match did to ratings, replaying every later change of its categories."""
    changes = await stored.match_changes(db, match_id)
    if not changes:
        return
    for pool, category in dict.fromkeys((row["pool"], row["category"]) for row in changes):
        await stored.hold_pool(db, pool, category)
        mine = [row for row in changes if (row["pool"], row["category"]) == (pool, category)]
        await _replay(db, match_id, pool, category, mine)
    await stored.drop_changes(db, match_id)


async def _replay(db: Db, match_id: int, pool: str, category: str, mine: Sequence[Row]) -> None:
    """Restore a pool's category to before a match's changes, then replay those after them."""
    now: dict[tuple[str, str], Rating] = {}  # (kind, subject): the rating as the replay leaves it
    played: dict[tuple[str, str], int] = {}  # games taken back, by subject
    for row in mine:
        taken = (row["kind"], row["subject"])
        now[taken] = _before(row)
        played[taken] = played.get(taken, 0) + len(json.loads(row["games"]))
    later = [
        row
        for row in await stored.changes_after(db, pool, category, mine[0]["id"])
        if row["match_id"] != match_id
    ]
    for rows in _by_match(later):
        before = {(r["kind"], r["subject"]): _before(r) for r in rows}
        before |= {subject: now[subject] for subject in before if subject in now}
        for row in rows:
            replayed = (row["kind"], row["subject"])
            games = [
                (before.get((row["kind"], opponent), NEW), float(score))
                for opponent, score in json.loads(row["games"])
            ]
            after = rated(before[replayed], games)
            await stored.rewrite_change(db, row["id"], _values(before[replayed]), _values(after))
            now[replayed] = after
    held: dict[str, dict[str, Row]] = {}
    for kind in dict.fromkeys(kind for kind, _ in now):
        subjects = [subject for k, subject in now if k == kind]
        held[kind] = await stored.ratings_of(db, pool, category, kind, subjects)
    for (kind, subject), rating in now.items():
        key = (pool, category, kind, subject)
        found = held[kind].get(subject)
        if found is None:
            continue
        games = found["games"] - played.get((kind, subject), 0)
        if games <= 0:
            await stored.drop_rating(db, key)
        else:
            at = found["updated_at"]
            await stored.save_rating(db, key, found["name"], _values(rating), games, at)


def _by_match(changes: Sequence[Row]) -> list[list[Row]]:
    """Group changes by match, in the order each match's first change was made."""
    groups: dict[int, list[Row]] = {}
    for row in changes:
        groups.setdefault(row["match_id"], []).append(row)
    return list(groups.values())


def _rating(row: Row | None) -> Rating:
    return NEW if row is None else rating_of(row)


def rating_of(row: Row, when: str = "") -> Rating:
    """Return the rating a row of ratings holds, or of rating_changes (when: _before, _after)."""
    return Rating(row[f"rating{when}"], row[f"deviation{when}"], row[f"volatility{when}"])


def _before(row: Row) -> Rating:
    return rating_of(row, "_before")


def _values(rating: Rating) -> tuple[float, float, float]:
    return rating.rating, rating.deviation, rating.volatility
