"""The practice opponent's choice of a turn, made off the event loop.

The rules work (rebuilding the game, the own search, weighing rides) runs in a worker
process (plan.py); on FIDE boards Stockfish (stockfish.py) then chooses, spoken to
asynchronously from the event loop. A process has several thinkers (PRACTICE_THINKERS,
by default one a core but one), each a worker process and a Stockfish of its own, and a
turn takes one. A turn's budget counts from when it is asked: one that waited for a thinker
thinks for what is left, shared with those still waiting, so that when many games wait at
once each thinks less rather than making a player wait. Whatever fails, an answer comes
within the turn's budget plus MARGIN: no thinker free in time, a timed-out or broken worker
give way to a random legal turn, and a failed engine to the worker's quick answer.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import time
from typing import Final

from bot.errors import ServiceError
from bot.practice.plan import Answer, prepare, winning_move
from bot.practice.stockfish import INSTALL_HELP, EngineFailed, Stockfish, find_stockfish
from bot.practice.turn import Turn
from bot.settings import SettingsError, load_settings
from bot.workers import Worker, WorkerDied

logger = logging.getLogger(__name__)

MARGIN: Final = 0.25  # seconds past the budget an answer may come, at the very worst
WORKER_SHARE: Final = 0.8  # of the budget, for the worker's search: the rest carries the turn
# of the budget, Stockfish's time by strength: a stronger opponent thinks longer
THINK_SHARES: Final = {1: 0.3, 2: 0.45, 3: 0.6, 4: 0.7, 5: 0.8}
RESERVE: Final = 0.02  # seconds kept back from the engine's time for what follows it
LEAST: Final = 0.05  # seconds of thought a turn that waited for a thinker must still have


class Opponent:
    """The practice opponent: thinkers, each a worker process and a Stockfish, started on use."""

    def __init__(self, thinkers: int | None = None, *, idle: bool = True) -> None:
        """thinkers: how many turns are thought over at once (None: the settings say).

        idle: the thinkers run only when the CPU has nothing else to do, as the bot's do;
        False: only nicer, for tests of what it chooses, which a CPU kept full by other tests
        would otherwise turn random.
        """
        self.thinkers = thinkers if thinkers is not None else _configured_thinkers()
        self.idle = idle
        self._worker = Worker(self.thinkers, idle=idle)
        self._path: str | None = None
        self._engines: dict[int, Stockfish] = {}  # a thinker's own, made on its first turn
        self._looked = False
        self._free: asyncio.Queue[int] | None = None  # thinkers not thinking, for one loop
        self._loop: asyncio.AbstractEventLoop | None = None
        self.waiting = 0  # turns waiting for a thinker

    @property
    def engine(self) -> Stockfish | None:
        """Return the first thinker's Stockfish, or None (none yet, or none found)."""
        return self._engines.get(0)

    async def think(self, turn: Turn) -> str:
        """Return the whole turn to play on turn.board as turn.side, within turn.budget."""
        deadline = time.monotonic() + turn.budget
        free = self._free_for_loop()
        self.waiting += 1
        try:
            thinker = await asyncio.wait_for(free.get(), deadline - LEAST - time.monotonic())
        except TimeoutError:
            logger.warning(
                "the practice opponent had no thinker free within %.1f s: a random turn",
                turn.budget,
            )
            return await asyncio.to_thread(random_turn, turn)
        finally:
            self.waiting -= 1
        try:
            left = deadline - time.monotonic()
            # the turns still waiting share what is left with this one
            share = left / (1 + self.waiting / self.thinkers)
            return await self._think(turn, thinker, min(turn.budget, share))
        finally:
            free.put_nowait(thinker)

    def _free_for_loop(self) -> asyncio.Queue[int]:
        """Return the queue of free thinkers for the running loop (tests run several loops)."""
        loop = asyncio.get_running_loop()
        if self._free is None or self._loop is not loop:
            # the thinker that last finished thinks next: its engine and process are warm
            self._free, self._loop = asyncio.LifoQueue(), loop
            for thinker in reversed(range(self.thinkers)):
                self._free.put_nowait(thinker)
        return self._free

    async def _think(self, turn: Turn, thinker: int, budget: float) -> str:
        """Return a thinker's turn, thought over for budget seconds."""
        started = time.monotonic()
        engine = self._engine_of(thinker)
        until = time.time() + budget * WORKER_SHARE
        job = self._worker.run(budget + MARGIN - RESERVE, prepare, turn, until, engine is not None)
        try:
            if engine is None:
                found = await job
            else:  # the engine starts (if it must) while the worker thinks
                found, _ = await asyncio.gather(job, engine.start())
        except ServiceError:
            raise
        except (TimeoutError, WorkerDied) as error:
            logger.warning(
                "the practice opponent's worker did not answer (%r): a random turn", error
            )
            return await asyncio.to_thread(random_turn, turn)
        except Exception:
            logger.exception("the practice opponent's worker failed: a random turn")
            return await asyncio.to_thread(random_turn, turn)
        if isinstance(found, Answer):
            return found.text
        assert engine is not None  # only asked for with an engine
        left = budget - (time.monotonic() - started) - RESERVE
        seconds = min(budget * THINK_SHARES[turn.strength], left)
        if seconds <= 0:
            return found.fallback
        try:
            return await engine.choose(found, turn.strength, seconds, left + MARGIN)
        except EngineFailed:
            logger.exception("Stockfish failed: the practice opponent plays its own choice")
            return found.fallback

    def _engine_of(self, thinker: int) -> Stockfish | None:
        """Return a thinker's Stockfish, or None where there is none (looked for once)."""
        if not self._looked:
            self._looked = True
            path, why = find_stockfish(_configured_path())
            if path is None:
                logger.warning(
                    "%s: the practice opponent plays FIDE boards with its own search, which "
                    "is much weaker; to use Stockfish, %s",
                    why,
                    INSTALL_HELP,
                )
            self._path = path
        if self._path is None:
            return None
        if thinker not in self._engines:
            self._engines[thinker] = Stockfish(self._path, idle=self.idle)
        return self._engines[thinker]

    @property
    def worker(self) -> Worker:
        """Return the worker processes the CPU work runs in."""
        return self._worker

    def warm(self) -> None:
        """Start the worker process ahead of the first turn, which would otherwise wait for it."""
        self._worker.warm()  # a start that fails is met again by the first turn

    async def close(self) -> None:
        """Stop the engines and the worker processes; the next turn starts them again."""
        engines, self._engines, self._looked, self._path = self._engines, {}, False, None
        for engine in engines.values():
            await engine.close()
        await self._worker.close()


def _configured_thinkers() -> int:
    """Return the PRACTICE_THINKERS setting, or (0, or unreadable settings) one a core but one.

    The core left is the bot's own: its event loop draws every player's images.
    """
    try:
        thinkers = load_settings().practice_thinkers
    except SettingsError:
        thinkers = 0
    return thinkers or max(1, len(os.sched_getaffinity(0)) - 1)


def _configured_path() -> str:
    """Return the STOCKFISH_PATH setting, or '' (look for it) if the settings are unreadable."""
    try:
        return load_settings().stockfish_path
    except SettingsError as error:
        logger.warning("the settings cannot be read (%s): looking for Stockfish", error)
        return ""


def random_turn(turn: Turn) -> str:
    """Return a legal turn chosen at random: the answer when nothing better came in time.

    A king left to take (an arrival's check) is taken all the same.
    """
    game = turn.game()
    if not game.MANY_ACTIONS and game.king_capturable(turn.board):
        won = winning_move(game, turn.board, turn.side)
        if won is not None:
            return won
    played: list[str] = []
    while game.is_open(turn.board) and game.side_to_move(turn.board) == turn.side:
        action = random.choice(game.legal_moves(turn.board))
        game.play(turn.board, action, side=turn.side)
        played.append(action)
        if not game.MANY_ACTIONS:
            break
    return " ".join(played)


OPPONENT: Final = Opponent()


async def think(turn: Turn) -> str:
    """Return the turn the practice opponent plays on turn.board, as /move takes it.

    In a game whose turns are many actions the answer holds them all, ending the turn.
    Raises WrongStateError if it is not turn.side's turn there.
    """
    return await OPPONENT.think(turn)


def warm() -> None:
    """Start the practice opponent's worker process ahead of its first turn."""
    OPPONENT.warm()


async def close() -> None:
    """Stop the practice opponent's engine and worker (the bot calls this as it stops)."""
    await OPPONENT.close()
