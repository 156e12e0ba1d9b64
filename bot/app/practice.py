"""The practice opponent at work: it plays its seats' turns as they come, as the bot's user.

After every committed change (a watcher of bot.app.unit.Units) and when the service starts,
each board of an active match where a practice player is to move gets one task: it asks
bot.practice for a turn within the time the clock allows, then plays it through the service
exactly as a player's /move, unless the board changed meanwhile (then it asks again). A draw
offered to the practice opponent is declined at once, and a victory transfer it won is let go.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Final, Literal

from bot import metrics, storage
from bot.app.outcomes import Outcome
from bot.app.unit import Units
from bot.errors import DamagedError, NotFoundError, ServiceError, StaleError
from bot.hosted import pending_transfer
from bot.loading import Loaded
from bot.practice.opponent import think, warm
from bot.practice.turn import Turn
from bot.shards import Shards
from bot.turns import PATIENT
from games.core.pieces import Side, opponent

logger = logging.getLogger(__name__)

THINK: Final = {1: 0.5, 2: 1.0, 3: 2.0, 4: 4.0, 5: 8.0}  # seconds each strength may think at most
CLOCK_SHARE: Final = 30  # on a live clock: at most a thirtieth of the time left ...
INCREMENT_SHARE: Final = 0.8  # ... plus most of the increment
LEAST: Final = 0.05  # seconds it still thinks with its flag about to fall
RETRY_WAITS: Final = (1.0, 2.0, 5.0, 10.0, 30.0)  # seconds between tries after a failure

Key = tuple[int, int]  # a match and one of its boards
PlayMove = Callable[..., Awaitable[Outcome]]
Answer = Callable[[int, str, int], Awaitable[Outcome]]


@dataclass(frozen=True)
class Job:
    """What the practice opponent has to do on a board: a move, a draw to decline, a transfer."""

    kind: Literal["move", "decline", "skip"]
    user: str
    side: Side


def job_of(loaded: Loaded, board: int) -> Job | None:
    """Return what a practice player has to do on a board now, or None."""
    if loaded.status != "active" or not loaded.practice:
        return None
    match, roster = loaded.match, loaded.roster
    offered = loaded.offers.get(board)
    if offered is not None and match.is_open(board):
        asked = roster.seated(board, opponent(offered))
        if asked is not None and asked in loaded.practice:
            return Job("decline", asked, opponent(offered))
    winner = pending_transfer(match, board)
    if winner is not None:
        user = roster.seated(board, winner)
        if user is not None and user in loaded.practice:
            return Job("skip", user, winner)
    if not match.is_open(board):
        return None
    side = match.side_to_move(board)
    user = roster.seated(board, side)
    if user is None or user not in loaded.practice:
        return None
    return Job("move", user, side)


def turn_of(loaded: Loaded, board: int, job: Job, now: float) -> Turn:
    """Return the question a move job puts to bot.practice: the game, within the clock's time."""
    strength = loaded.practice[job.user]
    budget = thinking_time(loaded, board, job.side, strength, now)
    return Turn.of(loaded.match, board, job.side, strength, budget)


def thinking_time(loaded: Loaded, board: int, side: Side, strength: int, now: float) -> float:
    """Return how long a strength may think on a board: its own time, or less on a live clock."""
    most = THINK[strength]
    if loaded.clocks is None or loaded.control.kind != "live":
        return most
    left = loaded.clocks.boards[board].left(side, now)
    allowed = left / CLOCK_SHARE + INCREMENT_SHARE * loaded.control.increment
    return max(LEAST, min(most, allowed))


def position(loaded: Loaded, board: int) -> str:
    """Return what a chosen move depends on: the board's state and who is to move there."""
    match = loaded.match
    return json.dumps([match.board_state(board), match.side_to_move(board)], sort_keys=True)


class Practice:
    """The practice opponent's tasks: one per board where it has something to do."""

    def __init__(
        self,
        units: Units,
        *,
        play: PlayMove,
        decline_draw: Answer,
        skip_transfer: Answer,
        shards: Shards | None = None,
        choose: Callable[[Turn], Awaitable[str]] = think,
        warm: Callable[[], None] = warm,
    ) -> None:
        """Act through the service's own play, decline_draw and skip_transfer.

        choose: what thinks of a turn (bot.practice's think; a test may hold its answer back).
        """
        self.choose = choose
        self._warm = warm
        self._units = units
        self._play = play
        self._decline = decline_draw
        self._skip = skip_transfer
        self._shards = shards
        self._tasks: dict[Key, asyncio.Task[None]] = {}
        self._again: set[Key] = set()  # boards changed while their task was under way
        self._owned: dict[int, bool] = {}  # match: whether this process's shards hold it
        self._running = False

    @property
    def busy(self) -> bool:
        """Say whether a task is under way (the tests wait on this)."""
        return bool(self._tasks)

    @property
    def boards(self) -> int:
        """Return on how many boards the opponent has to act (thinking or queued)."""
        return len(self._tasks)

    async def start(self) -> int:
        """Watch every commit, and take up every board left waiting on the practice opponent.

        Returns how many matches were looked at.
        """
        if not self._running:
            self._running = True
            self._units.watchers.append(self.seen)
        async with self._units.store.read() as db:
            found = await storage.practice_matches(db, self._shards)
        for match_id in found:
            self._owned[match_id] = True
            try:
                async with self._units.held(match_id) as held:
                    self.seen(held.loaded)
            except Exception:
                logger.exception("match %d: the practice opponent could not look at it", match_id)
        logger.info("practice opponent: %d matches looked at", len(found))
        return len(found)

    async def stop(self) -> None:
        """Stop watching and cancel every task (a turn being thought over is dropped)."""
        self._running = False
        with contextlib.suppress(ValueError):
            self._units.watchers.remove(self.seen)
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def idle(self) -> None:
        """Wait until no task is under way (what a test waits on, instead of sleeping)."""
        while self._tasks:
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def players(self, match_id: int) -> dict[str, int]:
        """Return the users the bot plays as in a match, with their strengths."""
        async with self._units.held(match_id) as held:
            return dict(held.loaded.practice)

    def seen(self, loaded: Loaded) -> None:
        """Start a task for each board of a match where the practice opponent has to act."""
        if not self._running or not loaded.practice or loaded.status != "active":
            return
        self._warm()  # the bot's first turn need not wait for its worker process to start
        boards = {board for user in loaded.practice for board, _ in loaded.roster.boards_of(user)}
        for board in sorted(boards):
            if job_of(loaded, board) is None:
                continue
            key = (loaded.id, board)
            if key in self._tasks:
                self._again.add(key)  # it looks again before it ends
                continue
            self._tasks[key] = asyncio.create_task(
                self._run(key), name=f"practice {loaded.id}:{board}"
            )

    async def _run(self, key: Key) -> None:
        """Act on a board until there is nothing left to do there; retry what fails."""
        match_id, board = key
        failures = 0
        PATIENT.set(True)  # its own task's: its moves let people's go first (bot/turns.py)
        try:
            if not await self._owns(match_id):
                return
            while True:
                self._again.discard(key)
                try:
                    acted = await self._step(match_id, board)
                    failures = 0
                except StaleError as error:
                    logger.info("match %d: a stale turn was dropped: %s", match_id, error)
                    continue
                except (DamagedError, NotFoundError):
                    logger.exception("match %d: the practice opponent gives up on it", match_id)
                    return
                except Exception as error:
                    wait = RETRY_WAITS[min(failures, len(RETRY_WAITS) - 1)]
                    failures += 1
                    if isinstance(error, ServiceError):  # refused: the match moved on, say
                        logger.warning(
                            "match %d board %d: the practice opponent was refused (%s); "
                            "looking again in %g s",
                            *(match_id, board, error, wait),
                        )
                    else:
                        logger.exception(
                            "match %d board %d: the practice opponent failed; retrying in %g s",
                            *(match_id, board, wait),
                        )
                    await asyncio.sleep(wait)
                    continue
                if not acted and key not in self._again:
                    return
        finally:
            self._tasks.pop(key, None)
            self._again.discard(key)

    async def _owns(self, match_id: int) -> bool:
        """Say whether this process's shards hold a match (the others' processes play theirs)."""
        if self._shards is None or self._shards.all:
            return True
        owned = self._owned.get(match_id)
        if owned is None:
            async with self._units.store.read() as db:
                guild = await storage.match_guild(db, match_id)
            owned = self._owned[match_id] = self._shards.owns(guild)
        return owned

    async def _step(self, match_id: int, board: int) -> bool:
        """Do one thing the practice opponent has to do on a board; say whether it did any."""
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            job = job_of(loaded, board)
            if job is None:
                return False
            # the game as it stands, read while it is held: a move is chosen for this position
            stood = position(loaded, board)
            turn = turn_of(loaded, board, job, self._units.clock()) if job.kind == "move" else None
        if job.kind == "decline":
            await self._decline(match_id, job.user, board)
            logger.info("match %d: the practice opponent declined a draw on %d", match_id, board)
            return True
        if job.kind == "skip":
            await self._skip(match_id, job.user, board)
            return True
        assert turn is not None  # a move's
        started = time.monotonic()
        text = await self.choose(turn)

        def current(loaded: Loaded) -> bool:
            """Tell whether the board still waits for this very turn."""
            return (
                loaded.status == "active"
                and job.user in loaded.practice
                and loaded.match.is_open(board)
                and loaded.roster.seated(board, job.side) == job.user
                and position(loaded, board) == stood
            )

        await self._play(match_id, job.user, board, text, current=current)
        metrics.replied(time.monotonic() - started)
        return True
