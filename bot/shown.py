"""What a notice shows, read when its action happened: board views, players and clocks.

A notice may be sent long after its action (a burst, an outage, a restart), when the match
has moved on; its image, turn line and mentions must still show the position right after
the action. So the service stores this read model with the notice, and the front draws
from it, never from the match as it is when the notice goes out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from bot.hosted import Hosted
from bot.lobby import Roster
from games.core.clocks import Clocks
from games.core.pieces import Side
from views.model import MAX_SHOWN, BoardView, MatchView, board_views, match_view
from views.records import board_from_record, board_record, match_from_record, match_record

Readings = dict[int, tuple[float, float]]  # board: White's and Black's seconds left


@dataclass(frozen=True)
class ShownBoard:
    """A board as its image shows it: the view, who sat there, and the clocks then."""

    view: BoardView
    white: str | None
    black: str | None
    clocks: tuple[float, float] | None

    def seated(self, side: Side) -> str | None:
        """Return who sat on side's seat when the view was read."""
        return self.white if side == "white" else self.black

    def record(self) -> dict[str, Any]:
        """Write it as a JSON-ready record."""
        return {
            "view": board_record(self.view),
            "white": self.white,
            "black": self.black,
            "clocks": None if self.clocks is None else list(self.clocks),
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> ShownBoard:
        """Read it back from its record."""
        clocks = record.get("clocks")
        return cls(
            board_from_record(record["view"]),
            record.get("white"),
            record.get("black"),
            None if clocks is None else (float(clocks[0]), float(clocks[1])),
        )


@dataclass(frozen=True)
class ShownGame:
    """A whole game as an overview shows it: its boards' views and clocks then."""

    view: MatchView
    clocks: Readings

    def record(self) -> dict[str, Any]:
        """Write it as a JSON-ready record."""
        return {
            "view": match_record(self.view),
            "clocks": {str(board): list(pair) for board, pair in self.clocks.items()},
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> ShownGame:
        """Read it back from its record."""
        clocks = {
            int(board): (float(pair[0]), float(pair[1]))
            for board, pair in record.get("clocks", {}).items()
        }
        return cls(match_from_record(record["view"]), clocks)

    def open_boards(self) -> list[int]:
        """Return the boards still open then."""
        return [view.number for view in self.view.views if not view.finished]


def readings(clocks: Clocks | None, boards: Sequence[int], now: float) -> Readings:
    """Return some boards' clocks at now (none for an untimed match)."""
    if clocks is None:
        return {}
    return {board: clocks.reading(board, now) for board in boards if board in clocks.boards}


def shown_boards(
    match: Hosted, roster: Roster, clocks: Clocks | None, boards: Sequence[int], now: float
) -> dict[int, ShownBoard]:
    """Read how some boards look now, with their players and clocks."""
    times = readings(clocks, boards, now)
    return {
        view.number: ShownBoard(
            view,
            roster.seated(view.number, "white"),
            roster.seated(view.number, "black"),
            times.get(view.number),
        )
        for view in board_views(match, boards, neighbours=True)
    }


def shown_game(
    match: Hosted, clocks: Clocks | None, now: float, names: tuple[str, str] | None = None
) -> ShownGame:
    """Read a whole game (its first 40 boards) as an overview shows it now."""
    boards = list(range(1, min(match.boards, MAX_SHOWN) + 1))
    return ShownGame(match_view(match, boards, names), readings(clocks, boards, now))


def board_clocks(reading: tuple[float, float] | None) -> tuple[timedelta, timedelta] | None:
    """Return a board's clocks as a board image shows them, or None if it has none."""
    return None if reading is None else _pair(*reading)


def all_clocks(
    readings: Mapping[int, tuple[float, float]],
) -> dict[int, tuple[timedelta, timedelta]]:
    """Return every board's clocks as an overview image shows them."""
    return {board: _pair(*reading) for board, reading in readings.items()}


def _pair(white: float, black: float) -> tuple[timedelta, timedelta]:
    return timedelta(seconds=white), timedelta(seconds=black)
