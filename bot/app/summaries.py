"""A match in a line, read from its row alone: what a menu of a server's matches names."""

from __future__ import annotations

import json
from dataclasses import dataclass

import games
from bot.storage import Row
from games.core.pieces import side_name
from games.elevator import MatchConfig
from games.elevator.teams import team_order
from games.elevator.variants import describe

STATES = {"active": "live", "paused": "paused", "finished": "finished", "aborted": "aborted"}


@dataclass(frozen=True)
class MatchSummary:
    """A match as a menu names it: its number, sides, boards and state."""

    id: int
    status: str
    boards: int
    teams: tuple[str, ...]  # White's and Black's; every team, White's first, if more
    variant: str | None = None  # which of Betza's variants it plays, in words; None: the core

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
    config = games.game_class(row["kind"]).read_config(json.loads(row["config"]))
    teams: tuple[str, ...]
    variant = None
    if isinstance(config, MatchConfig):
        teams = team_order([config.teams_of(n) for n in range(1, config.boards + 1)])
        variant = describe(config)
    elif row["teams"] is not None:
        white, black = json.loads(row["teams"])
        teams = (str(white), str(black))
    else:
        teams = (side_name("white"), side_name("black"))
    return MatchSummary(row["id"], row["status"], config.boards, teams, variant)
