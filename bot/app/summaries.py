"""A match in a line, read from its row alone: what a menu of a server's matches names."""

from __future__ import annotations

import json
from dataclasses import dataclass

import games
from bot.storage import Row
from games.core.pieces import side_name

STATES = {"active": "live", "paused": "paused", "finished": "finished", "aborted": "aborted"}


@dataclass(frozen=True)
class MatchSummary:
    """A match as a menu names it: its number, sides, boards and state."""

    id: int
    status: str
    boards: int
    teams: tuple[str, ...]  # White's and Black's; every team, White's first, if more
    variant: str | None = None  # which variant it plays, in words; None: the core

    def label(self) -> str:
        """Say it in a line: "match 12: Reds against Blues, 3 boards, live"."""
        boards = "1 board" if self.boards == 1 else f"{self.boards:,} boards"
        state = STATES.get(self.status, self.status)
        if len(self.teams) == 2:
            teams = " against ".join(self.teams)
        else:
            teams = ", ".join(self.teams[:-1]) + f" and {self.teams[-1]}"
        return f"match {self.id}: {teams}, {boards}, {state}"


def summary_of(row: Row) -> MatchSummary:
    """Read a match's summary from its row, without loading its games."""
    made = games.game_class(row["kind"])
    config = made.read_config(json.loads(row["config"]))
    teams = made.team_order(config) or _sides(row)
    return MatchSummary(row["id"], row["status"], config.boards, teams, made.variant_of(config))


def _sides(row: Row) -> tuple[str, str]:
    """Return the names of a game's two sides, as its row keeps them, or White and Black."""
    if row["teams"] is None:
        return side_name("white"), side_name("black")
    white, black = json.loads(row["teams"])
    return str(white), str(black)
