"""Reading ratings: a pool's leaderboard, and a player's ratings, last rated games and history.

A pool is a server's id, or '' for the games challenged from DMs (bot.app.rated writes them).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final

from bot.app.rated import PLAYER, TEAM, rating_of
from bot.app.unit import Units
from bot.errors import RulesError
from bot.ratings.categories import categories, category_name
from bot.ratings.glicko import PROVISIONAL, Rating
from bot.storage import Row
from bot.storage import ratings as stored

PAGE: Final = 10  # places on a leaderboard's page
RECENT: Final = 10  # rated games /rating lists


@dataclass(frozen=True)
class Standing:
    """One place on a leaderboard: who (a user id, or a team's name) and their rating."""

    place: int
    subject: str
    name: str
    rating: Rating
    games: int


@dataclass(frozen=True)
class Leaderboard:
    """A page of a pool's category's leaderboard, and the asker's own place if they have one."""

    category: str
    teams: bool
    page: int
    pages: int
    standings: tuple[Standing, ...]
    own: Standing | None

    @property
    def title(self) -> str:
        """Return the category's name as players read it."""
        return category_name(self.category)


@dataclass(frozen=True)
class CategoryRating:
    """A subject's rating in one category, and how many rated games made it."""

    category: str
    rating: Rating
    games: int


@dataclass(frozen=True)
class RatedMatch:
    """What one rated match did to a rating: the games in it and the rating before and after."""

    match_id: int
    at: float
    category: str
    games: tuple[tuple[str, float], ...]  # (opponent, score)
    before: Rating
    after: Rating


@dataclass(frozen=True)
class PlayerRatings:
    """A player's ratings in a pool, their last rated matches, and one category's history."""

    ratings: tuple[CategoryRating, ...]  # most games first
    recent: tuple[RatedMatch, ...]  # newest first
    charted: str | None  # the category of history
    history: tuple[tuple[float, float], ...]  # (when, rating after), oldest first


def check_category(category: str) -> str:
    """Return a category known to the ratings, or refuse it naming the known ones."""
    if category not in categories():
        names = ", ".join(category_name(known) for known in categories())
        raise RulesError(f"there are no ratings of {category!r}: choose one of {names}")
    return category


class Ratings:
    """Leaderboards and players' ratings, as the matches rated so far left them."""

    def __init__(self, units: Units) -> None:
        self._units = units

    async def leaderboard(
        self, pool: str, category: str, *, teams: bool = False, page: int = 1, asker: str = ""
    ) -> Leaderboard:
        """Return a page of a pool's leaderboard (players', or teams'), with the asker's place."""
        check_category(category)
        if page < 1:
            raise RulesError("pages are numbered from 1")
        kind = TEAM if teams else PLAYER
        async with self._units.store.read() as db:
            total = await stored.rated_count(db, pool, category, kind)
            pages = max(1, -(-total // PAGE))
            if page > pages:
                raise RulesError(f"page {page} is past the last one ({pages})")
            found = await stored.leaderboard(
                db, pool, category, kind, PROVISIONAL, PAGE, (page - 1) * PAGE
            )
            own = None
            if asker and not teams:  # a person has a place among players alone
                mine = (await stored.ratings_of(db, pool, category, kind, [asker])).get(asker)
                if mine is not None:
                    own = _standing(await stored.place_of(db, mine, PROVISIONAL), mine)
        first = (page - 1) * PAGE + 1
        standings = tuple(_standing(first + i, row) for i, row in enumerate(found))
        return Leaderboard(category, teams, page, pages, standings, own)

    async def rated_pools(self, user: str, category: str | None = None) -> list[str]:
        """Return the pools a player is rated in (of a category, or any): most games first."""
        if category is not None:
            check_category(category)
        async with self._units.store.read() as db:
            return await stored.subject_pools(db, PLAYER, user, category)

    async def player_ratings(
        self, pool: str, user: str, category: str | None = None
    ) -> PlayerRatings:
        """Return a player's ratings in a pool, last rated matches and a category's history.

        The history is of category when given, else of the category with most games.
        """
        if category is not None:
            check_category(category)
        async with self._units.store.read() as db:
            held = await stored.subject_ratings(db, pool, PLAYER, user)
            ratings = tuple(
                CategoryRating(row["category"], rating_of(row), row["games"])
                for row in held
                if category is None or row["category"] == category
            )
            recent = await stored.subject_changes(db, pool, PLAYER, user, category, RECENT)
            charted = category if category is not None else (held[0]["category"] if held else None)
            history: list[Row] = []
            if charted is not None:
                history = await stored.subject_changes(db, pool, PLAYER, user, charted, None)
        return PlayerRatings(
            ratings,
            tuple(_rated_match(row) for row in recent),
            charted,
            tuple((row["at"], row["rating_after"]) for row in reversed(history)),
        )


def _standing(place: int, row: Row) -> Standing:
    return Standing(place, row["subject"], row["name"], rating_of(row), row["games"])


def _rated_match(row: Row) -> RatedMatch:
    games = tuple((str(opponent), float(score)) for opponent, score in json.loads(row["games"]))
    before, after = rating_of(row, "_before"), rating_of(row, "_after")
    return RatedMatch(row["match_id"], row["at"], row["category"], games, before, after)
