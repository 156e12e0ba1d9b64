"""Time controls and the clocks of a match's boards; the time is always passed in.

Each board has two clocks, and only the side to move on a board has its clock running
there. A live control (`10+5`) gives each side a bank of minutes per board, with a Fischer
increment after each of their moves; a correspondence control (`3d`) gives each move a
number of days from the previous move on that board.
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from games.core.errors import GameError, shown
from games.core.pieces import Side, opponent

Kind = Literal["none", "live", "correspondence"]
HOUR: Final = 3600.0
DAY: Final = 86400.0
MAX_LIVE_MINUTES: Final = 180
MAX_INCREMENT: Final = 180  # seconds
MAX_DAYS: Final = 30
_LIVE: Final = re.compile(r"(\d{1,3}(?:\.\d{1,2})?)\s*\+\s*(\d{1,3})")
LIVE_RANGE: Final = f"0.25 to {MAX_LIVE_MINUTES} minutes and 0 to {MAX_INCREMENT} seconds"
DAYS_RANGE: Final = f"1 to {MAX_DAYS} days a move"
_SLACK: Final = 1e-6  # seconds: rounding between a due time and the time left then
_DAYS: Final = re.compile(r"(\d{1,2})\s*d(?:ays?)?")


class TimeControlError(GameError):
    """Refuse a time control that is not written as none, 10+5 or 3d, or is out of range."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """How much time a side has on each board: none, live or correspondence."""

    kind: Kind = "none"
    seconds: float = 0.0  # live: each side's bank per board; correspondence: time per move
    increment: float = 0.0  # live: seconds added after each of one's moves

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read a time control as players write it: none, 10+5 (minutes+seconds) or 3d."""
        written = " ".join((text if isinstance(text, str) else shown(text)).split()).lower()
        if written in ("", "none", "no", "off", "untimed"):
            return cls()
        live = _LIVE.fullmatch(written)
        if live is not None:
            minutes, increment = float(live[1]), int(live[2])
            if not 0.25 <= minutes <= MAX_LIVE_MINUTES or increment > MAX_INCREMENT:
                raise TimeControlError(
                    f"{shown(written)} is out of range: a live control is minutes+increment "
                    f"with {LIVE_RANGE}, as in 10+5"
                )
            return cls("live", minutes * 60, float(increment))
        days = _DAYS.fullmatch(written)
        if days is not None:
            count = int(days[1])
            if not 1 <= count <= MAX_DAYS:
                raise TimeControlError(
                    f"{shown(written)} is out of range: a correspondence control has "
                    f"{DAYS_RANGE}, as in 3d"
                )
            return cls("correspondence", count * DAY)
        raise TimeControlError(
            f"{shown(written)} is not a time control: write none, minutes+increment with "
            f"{LIVE_RANGE} (10+5), or {DAYS_RANGE} (3d)"
        )

    def __str__(self) -> str:
        if self.kind == "live":
            return f"{self.seconds / 60:g}+{self.increment:g}"
        if self.kind == "correspondence":
            return f"{self.seconds / DAY:g}d"
        return "none"

    @property
    def timed(self) -> bool:
        """Tell whether the boards have clocks at all."""
        return self.kind != "none"

    def describe(self) -> str:
        """Say the control in words: 10 minutes + 5 seconds a move, 3 days a move, no clock."""
        if self.kind == "live":
            minutes = self.seconds / 60
            words = f"{minutes:g} minute{'s' if minutes != 1 else ''} per board"
            return words + (f" + {self.increment:g} s a move" if self.increment else "")
        if self.kind == "correspondence":
            days = self.seconds / DAY
            return f"{days:g} day{'s' if days != 1 else ''} a move"
        return "no clock"

    def transfer_window(self, live: float) -> float:
        """Return the seconds a victory transfer waits: live's (2 minutes by default), or a day."""
        return DAY if self.kind == "correspondence" else live


@dataclass(slots=True)
class BoardClock:
    """One board's two clocks: what each side had left when it last stopped, and who runs."""

    white: float
    black: float
    running: Side | None  # the side to move while the board is open; None once it ends
    since: float | None  # when the running clock started; None while the match is paused
    reminded: int = 0  # correspondence reminders sent for the move under way (1: quarter, 2: hour)

    def left(self, side: Side, now: float) -> float:
        """Return the seconds side has left at now (never below zero)."""
        stored = self.white if side == "white" else self.black
        if side == self.running and self.since is not None:
            stored -= max(0.0, now - self.since)
        return max(0.0, stored)

    def falls_at(self) -> float | None:
        """Return when the running side's time runs out, or None if no clock runs."""
        if self.running is None or self.since is None:
            return None
        return self.since + (self.white if self.running == "white" else self.black)

    def _set(self, side: Side, seconds: float) -> None:
        if side == "white":
            self.white = seconds
        else:
            self.black = seconds

    def _charge(self, now: float) -> None:
        """Take the time used since the running clock started off its side."""
        if self.running is not None and self.since is not None:
            self._set(self.running, self.left(self.running, now))
            self.since = now


class Clocks:
    """The clocks of every board of a match under one time control.

    Change them through these methods only: they keep a heap of when each board is next
    due, so that a look at what is due costs no more on 1,000 boards than on two.
    """

    def __init__(self, control: TimeControl, boards: Mapping[int, BoardClock]) -> None:
        self.control = control
        self.boards = dict(boards)
        self._heap: list[tuple[float, int]] = []  # (when, board); stale entries are skipped
        for board in self.boards:
            self._touch(board)

    def _touch(self, board: int) -> None:
        """Note when a board is next due, after a change to its clocks."""
        at = self.due_at(board)
        if at is not None:
            heapq.heappush(self._heap, (at, board))

    @classmethod
    def start(cls, control: TimeControl, turns: Mapping[int, Side], now: float) -> Clocks:
        """Set every board's clocks full and start the side to move's on each."""
        full = control.seconds
        return cls(control, {b: BoardClock(full, full, turn, now) for b, turn in turns.items()})

    def moved(self, board: int, now: float) -> None:
        """Stop the mover's clock on board (adding the increment) and start the opponent's.

        In correspondence, the opponent's move gets the whole time per move afresh.
        """
        clock = self.boards[board]
        mover = clock.running
        if mover is None:
            return
        clock._charge(now)
        if self.control.kind == "correspondence":
            clock.white = clock.black = self.control.seconds
        else:
            clock._set(mover, clock.left(mover, now) + self.control.increment)
        clock.running = opponent(mover)
        clock.since = now if clock.since is not None else None
        clock.reminded = 0
        self._touch(board)

    def stop(self, board: int, now: float) -> None:
        """Stop a board's clocks for good: it has ended."""
        clock = self.boards[board]
        clock._charge(now)
        clock.running = clock.since = None

    def halt(self, now: float) -> list[int]:
        """Stop every running clock (a pause); return the boards whose clock was running."""
        halted = []
        for board, clock in self.boards.items():
            if clock.running is not None and clock.since is not None:
                clock._charge(now)
                clock.since = None
                halted.append(board)
        return halted

    def go_on(self, now: float) -> list[int]:
        """Start again every clock a pause stopped; return those boards."""
        started = []
        for board, clock in self.boards.items():
            if clock.running is not None and clock.since is None:
                clock.since = now
                started.append(board)
                self._touch(board)
        return started

    def mark(self, board: int, now: float) -> tuple[float, float, int]:
        """Return a board's clocks at now as restore takes them: time left, reminders sent."""
        clock = self.boards[board]
        return clock.left("white", now), clock.left("black", now), clock.reminded

    def restore(
        self,
        board: int,
        mark: tuple[float, float, int],
        turn: Side | None,
        now: float,
        *,
        running: bool,
    ) -> None:
        """Set a board's clocks back to a mark, and run turn's from now (None: it has ended)."""
        clock = self.boards[board]
        clock.white, clock.black, clock.reminded = mark
        clock.running = turn
        clock.since = now if running and turn is not None else None
        self._touch(board)

    def reminded(self, board: int, level: int) -> None:
        """Record that a board's player to move has had the reminder of this level."""
        clock = self.boards[board]
        clock.reminded = max(clock.reminded, level)
        self._touch(board)

    def add(self, board: int, side: Side, seconds: float, now: float) -> None:
        """Give side more time on a board; reminders above the new time left come again."""
        clock = self.boards[board]
        clock._set(side, (clock.white if side == "white" else clock.black) + seconds)
        if side == clock.running:
            left = clock.left(side, now)
            crossed = 2 if left <= HOUR else 1 if left <= self.control.seconds / 4 else 0
            clock.reminded = min(clock.reminded, crossed)
        self._touch(board)

    def reading(self, board: int, now: float) -> tuple[float, float]:
        """Return White's and Black's seconds left on a board at now."""
        clock = self.boards[board]
        return clock.left("white", now), clock.left("black", now)

    def reminder(self, board: int, now: float) -> int | None:
        """Return the correspondence reminder due on a board at now (1: a quarter, 2: an hour)."""
        clock = self.boards[board]
        if self.control.kind != "correspondence" or clock.running is None or clock.since is None:
            return None
        left = clock.left(clock.running, now) - _SLACK  # as due_at, whose sums round otherwise
        if clock.reminded < 2 and left <= HOUR:
            return 2
        if clock.reminded < 1 and left <= self.control.seconds / 4:
            return 1
        return None

    def due_at(self, board: int) -> float | None:
        """Return when a board next needs looking at: a reminder or the flag, None if never."""
        clock = self.boards[board]
        falls = clock.falls_at()
        if falls is None or self.control.kind != "correspondence":
            return falls
        times = [falls]
        if clock.reminded < 1:
            times.append(falls - self.control.seconds / 4)
        if clock.reminded < 2:
            times.append(falls - HOUR)
        return min(times)

    def due(self, now: float) -> list[tuple[float, int]]:
        """Return (when, board) of every board needing a look by now, earliest first.

        A board whose flag has fallen by now counts from when it fell, not from a reminder
        never sent: what fell due while nobody looked is settled in the order it fell.
        """
        found: set[tuple[float, int]] = set()
        while self._heap and self._heap[0][0] <= now:
            at, board = heapq.heappop(self._heap)
            if self.due_at(board) == at:  # not stale: the board's clocks still say so
                found.add((at, board))
        for entry in found:  # still due until they are dealt with
            heapq.heappush(self._heap, entry)
        when = []
        for at, board in found:
            falls = self.boards[board].falls_at()
            when.append((falls if falls is not None and falls <= now else at, board))
        return sorted(when)


def clock_rows(clocks: Clocks, boards: Iterable[int]) -> list[dict[str, Any]]:
    """Return the stored form of some boards' clocks, with when each is next due."""
    return [
        {
            "board": board,
            "white": clocks.boards[board].white,
            "black": clocks.boards[board].black,
            "running": clocks.boards[board].running,
            "since": clocks.boards[board].since,
            "reminded": clocks.boards[board].reminded,
            "due_at": clocks.due_at(board),
        }
        for board in boards
    ]


def from_rows(control: TimeControl, rows: Iterable[Mapping[str, Any]]) -> Clocks:
    """Rebuild a match's clocks from their stored rows."""
    return Clocks(
        control,
        {
            int(row["board"]): BoardClock(
                float(row["white"]),
                float(row["black"]),
                row["running"],
                row["since"],
                int(row["reminded"]),
            )
            for row in rows
        },
    )


def left_words(seconds: float) -> str:
    """Say a time left in words: 2 days 3 hours, 5 hours 12 minutes, 42 minutes, 30 seconds."""
    whole = max(0, math.floor(seconds))
    days, hours, minutes = whole // 86400, whole % 86400 // 3600, whole % 3600 // 60
    units = [(days, "day"), (hours, "hour"), (minutes, "minute"), (whole % 60, "second")]
    first = next((index for index, (n, _) in enumerate(units) if n), len(units) - 1)
    shown = [(n, unit) for n, unit in units[first : first + 2] if n] or [(0, "second")]
    return " ".join(f"{n} {unit}{'s' if n != 1 else ''}" for n, unit in shown)
