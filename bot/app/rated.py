"""Rating a match as it finishes, and taking that back, inside the transaction of its result.

A finished match counts in its pool (matches.rated_in: a server's id, '' for DMs, NULL when
unrated) and its category. Each subject's games of the match are one rating period. Taking
a match back restores each of its subjects' ratings before it and replays every later change
of that pool and category in order, so that the ratings end as if the match never was.

The replay of a take-back is computed before its transaction (prepare_take_back), from the
pools as read, in slices between which other tasks run; the transaction only writes it, in
a few statements, if the pools' versions (rating_pools.changes) show no rating changed
since the read; else it computes the replay again itself. Either way all of it commits
with the undo, or none of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass

from bot.hosted import scores
from bot.loading import Loaded
from bot.names import name_key
from bot.ratings.categories import category_of
from bot.ratings.glicko import NEW, Rating, rated
from bot.ratings.played import Board, Game, periods, player_games, team_games
from bot.storage import Db, Row, Storage
from bot.storage import ratings as stored

logger = logging.getLogger(__name__)

PLAYER = "player"
TEAM = "team"
READ_ROWS = 500  # rating changes a take-back reads at a time between transactions
# Matches replayed between two turns of the event loop (well under 1 ms): on the loop, in
# slices, rather than on a thread, whose holding of the GIL would slow every other task's
# wake-up by up to the switch interval (5 ms) each.
REPLAY_SLICE = 10
PREPARE_TRIES = 3  # computations of a take-back outside the transaction before it is left to it


Reading = Callable[[], AbstractAsyncContextManager[Db]]  # opens a read, or a transaction's


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


@dataclass(frozen=True)
class _Read:
    """What a take-back replays: one pool's category as read, and its version then."""

    version: int
    mine: list[Row]  # the taken-back match's changes
    later: list[Row]  # every change of other matches after its first, in order
    held: dict[tuple[str, str], Row]  # (kind, subject): the rating held, for the replayed


@dataclass(frozen=True)
class _Replayed:
    """One pool's category as a take-back leaves it: the rows to write."""

    rewrites: list[tuple[float, ...]]  # a later change's before and after, and its id
    saves: list[tuple[object, ...]]  # a rating's key, name, values, games and time
    drops: list[tuple[str, str, str, str]]  # the key of a rating left with no game


@dataclass(frozen=True)
class TakeBack:
    """A match's take-back: the rows to write, and the pools' versions it was computed from."""

    versions: dict[tuple[str, str], int]  # each pool's category's version it was read at
    replayed: dict[tuple[str, str], _Replayed]


async def prepare_take_back(store: Storage, match_id: int) -> TakeBack | None:
    """Compute a match's take-back between transactions, in slices on the event loop.

    None when the match changed no rating, or other changes kept coming while computing
    (then take_back computes it inside its transaction).
    """
    for _ in range(PREPARE_TRIES):
        found = await _read(store.read, match_id)
        if not found:
            return None
        prepared = await _take_back(found)
        async with store.read() as db:
            if await stored.pool_versions(db, list(found)) == prepared.versions:
                return prepared
    return None


async def take_back(db: Db, match_id: int, prepared: TakeBack | None = None) -> None:
    """Take back what a match did to ratings, replaying every later change of its categories.

    prepared (from prepare_take_back) is written as it is if no rating of its pools changed
    since it was read; else the replay is computed afresh here, inside the transaction.
    """
    changes = await stored.match_changes(db, match_id)
    if not changes:
        return
    pools = list(dict.fromkeys((row["pool"], row["category"]) for row in changes))
    for pool, category in pools:  # held from here: nothing changes them until the commit
        await stored.hold_pool(db, pool, category)
    versions = {
        where: version - 1 for where, version in (await stored.pool_versions(db, pools)).items()
    }
    if prepared is None or prepared.versions != versions:
        if prepared is not None:
            logger.info("match %d: ratings changed while its undo was computed", match_id)
        found = await _read(lambda: contextlib.nullcontext(db), match_id)
        prepared = await _take_back(found)
    for replayed in prepared.replayed.values():
        await stored.rewrite_changes(db, replayed.rewrites)
        await stored.save_ratings(db, replayed.saves)
        await stored.drop_ratings(db, replayed.drops)
    await stored.drop_changes(db, match_id)


async def _read(reading: Reading, match_id: int) -> dict[tuple[str, str], _Read]:
    """Read what a take-back replays, each pool's version first (so a change after it shows).

    The later changes are read READ_ROWS at a time, each in a read of its own: outside a
    transaction the one writer is free between them, and a change made meanwhile shows in
    the version.
    """
    async with reading() as db:
        changes = await stored.match_changes(db, match_id)
        pools = list(dict.fromkeys((row["pool"], row["category"]) for row in changes))
        versions = await stored.pool_versions(db, pools)
    found: dict[tuple[str, str], _Read] = {}
    for pool, category in pools:
        mine = [row for row in changes if (row["pool"], row["category"]) == (pool, category)]
        later: list[Row] = []
        first = mine[0]["id"]
        while True:
            async with reading() as db:
                batch = await stored.changes_after(db, pool, category, first, READ_ROWS)
            later += [row for row in batch if row["match_id"] != match_id]
            if len(batch) < READ_ROWS:
                break
            first = batch[-1]["id"] + 1
        subjects = {(row["kind"], row["subject"]) for row in [*mine, *later]}
        held: dict[tuple[str, str], Row] = {}
        for kind in sorted({kind for kind, _ in subjects}):
            named = sorted(subject for k, subject in subjects if k == kind)
            async with reading() as db:
                rated_now = await stored.ratings_of(db, pool, category, kind, named)
            held |= {(kind, subject): row for subject, row in rated_now.items()}
        found[(pool, category)] = _Read(versions[(pool, category)], mine, later, held)
    return found


async def _take_back(found: Mapping[tuple[str, str], _Read]) -> TakeBack:
    """Compute each pool's category's replay, letting other tasks run between its slices."""
    return TakeBack(
        {where: read.version for where, read in found.items()},
        {where: await _replay(*where, read) for where, read in found.items()},
    )


async def _replay(pool: str, category: str, read: _Read) -> _Replayed:
    """Restore a pool's category to before a match's changes, then replay those after them."""
    now: dict[tuple[str, str], Rating] = {}  # (kind, subject): the rating as the replay leaves it
    played: dict[tuple[str, str], int] = {}  # games taken back, by subject
    for row in read.mine:
        taken = (row["kind"], row["subject"])
        now[taken] = _before(row)
        played[taken] = played.get(taken, 0) + len(json.loads(row["games"]))
    rewrites: list[tuple[float, ...]] = []
    for replayed_matches, rows in enumerate(_by_match(read.later), 1):
        if replayed_matches % REPLAY_SLICE == 0:
            await asyncio.sleep(0)
        before = {(r["kind"], r["subject"]): _before(r) for r in rows}
        before |= {subject: now[subject] for subject in before if subject in now}
        for row in rows:
            replayed = (row["kind"], row["subject"])
            games = [
                (before.get((row["kind"], opponent), NEW), float(score))
                for opponent, score in json.loads(row["games"])
            ]
            after = rated(before[replayed], games)
            rewrites.append((*_values(before[replayed]), *_values(after), row["id"]))
            now[replayed] = after
    saves: list[tuple[object, ...]] = []
    drops: list[tuple[str, str, str, str]] = []
    for (kind, subject), rating in now.items():
        key = (pool, category, kind, subject)
        found = read.held.get((kind, subject))
        if found is None:
            continue
        games = found["games"] - played.get((kind, subject), 0)
        if games <= 0:
            drops.append(key)
        else:
            saves.append((*key, found["name"], *_values(rating), games, found["updated_at"]))
    return _Replayed(rewrites, saves, drops)


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
