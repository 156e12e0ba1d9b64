"""Finding matches: a server's matches as /matches lists them, and a player's recent games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

import games
from bot import storage
from bot.app.summaries import summary_of
from bot.app.unit import Units
from bot.errors import NotAllowedError
from bot.hosted import scores
from bot.storage import Db, Row

LIVE: Final = ("active", "paused")


@dataclass(frozen=True)
class Listed:
    """A match as a list shows it: what is played, by whom, how far it got, and where."""

    id: int
    title: str
    status: str
    boards: int
    sides: tuple[str, ...]  # White's team (or player) and Black's; every team, if more
    places: Mapping[str, str]  # where its places live: lobby, overview, board:2, ...
    score: tuple[float, ...] | None = None  # points of each of sides, once started
    variant: str | None = None  # which of Betza's variants it plays, in words; None: the core

    def result(self) -> str:
        """Say how an ended match came out: who won, a draw, or an abort."""
        if self.status == "aborted":
            return "aborted by a moderator"
        points = self.score or (0.0,) * len(self.sides)
        best = max(points)
        top = [side for side, won in zip(self.sides, points, strict=True) if won == best]
        if len(top) == 1:
            return f"won by {top[0]}"
        return "drawn" if len(top) == len(self.sides) == 2 else f"shared by {' and '.join(top)}"


@dataclass(frozen=True)
class GuildMatches:
    """A server's open lobbies, matches under way and latest ended matches, newest first."""

    lobbies: Sequence[Listed]
    live: Sequence[Listed]
    ended: Sequence[Listed]
    more: tuple[int, int, int]  # how many of each were left out


class Listing:
    """Reads that find matches: by server, and by player."""

    def __init__(self, units: Units) -> None:
        self._units = units

    async def guild_matches(self, guild: str, *, limit: int = 10, ended: int = 5) -> GuildMatches:
        """Return a server's lobbies and live matches (up to limit each) and its latest ended."""
        async with self._units.store.read() as db:
            lobby_rows = await storage.guild_matches(db, guild, ["lobby"], limit)
            live_rows = await storage.guild_matches(db, guild, LIVE, limit)
            ended_rows = await storage.guild_ended(db, guild, ended)
            counts = [
                await storage.count_guild_matches(db, guild, statuses)
                for statuses in (["lobby"], LIVE, storage.ENDED)
            ]
            places = await _places(db, [r["id"] for r in (*lobby_rows, *live_rows, *ended_rows)])
        lobbies = [_listed(row, places) for row in lobby_rows]
        live = [await self._scored(_listed(row, places)) for row in live_rows]
        done = [await self._scored(_listed(row, places)) for row in ended_rows]
        shown = (len(lobbies), len(live), len(done))
        more = (counts[0] - shown[0], counts[1] - shown[1], counts[2] - shown[2])
        return GuildMatches(lobbies, live, done, more)

    async def recent_games(self, user: str, limit: int = 25) -> list[Listed]:
        """Return the games and matches a user played in, finished ones too, latest first."""
        async with self._units.store.read() as db:
            found = await storage.recent_games_of(db, user, limit)
            places = await _places(db, [row["id"] for row in found])
        return [_listed(row, places) for row in found]

    async def check_player(self, match_id: int, user: str, what: str) -> None:
        """Refuse someone who does not play in a match what only its players may do."""
        async with self._units.held(match_id) as held:
            if held.loaded.roster.team_of(user) is None:
                raise NotAllowedError(f"only the players of game {match_id} can {what}")

    async def _scored(self, listed: Listed) -> Listed:
        """Add the points each side or team has won (the match is loaded for it)."""
        async with self._units.held(listed.id) as held:
            won = scores(held.loaded.match, held.loaded.names)
        return replace(listed, score=tuple(won.values()))


async def _places(db: Db, match_ids: list[int]) -> dict[int, dict[str, str]]:
    """Read where each match's places live."""
    found: dict[int, dict[str, str]] = {match_id: {} for match_id in match_ids}
    if match_ids:
        for row in await storage.bindings_of(db, match_ids):
            found[row["match_id"]][row["place"]] = row["target"]
    return found


def _listed(row: Row, places: Mapping[int, dict[str, str]]) -> Listed:
    """Read a match's row as a list shows it, without loading the match."""
    summary = summary_of(row)
    return Listed(
        row["id"],
        games.game_class(row["kind"]).TITLE,
        row["status"],
        summary.boards,
        summary.teams,
        places[row["id"]],
        variant=summary.variant,
    )
