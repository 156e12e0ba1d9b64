"""The practice opponent's choice of a turn, made off the event loop.

The rules work (rebuilding the game, the own search, weighing rides) runs in a worker
process (plan.py); on FIDE boards Stockfish (stockfish.py) then chooses, spoken to
asynchronously from the event loop. Whatever fails, an answer comes within the turn's
budget plus MARGIN: a timed-out or broken worker gives way to a random legal turn, and a
failed engine to the worker's quick answer.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from concurrent.futures.process import BrokenProcessPool
from typing import Final

from bot.errors import ServiceError
from bot.practice.plan import Answer, prepare
from bot.practice.stockfish import INSTALL_HELP, EngineFailed, Stockfish, find_stockfish
from bot.practice.turn import Turn
from bot.practice.worker import Worker
from bot.settings import SettingsError, load_settings

logger = logging.getLogger(__name__)

MARGIN: Final = 0.25  # seconds past the budget an answer may come, at the very worst
WORKER_SHARE: Final = 0.8  # of the budget, for the worker's search: the rest carries the turn
# of the budget, Stockfish's time by strength: a stronger opponent thinks longer
THINK_SHARES: Final = {1: 0.3, 2: 0.45, 3: 0.6, 4: 0.7, 5: 0.8}
RESERVE: Final = 0.02  # seconds kept back from the engine's time for what follows it


class Opponent:
    """The practice opponent: a worker process and Stockfish, each started on first use."""

    def __init__(self) -> None:
        self._worker = Worker()
        self._engine: Stockfish | None = None
        self._looked = False

    @property
    def engine(self) -> Stockfish | None:
        """Return the Stockfish FIDE boards are played with, or None (none, or not looked for)."""
        return self._engine

    async def think(self, turn: Turn) -> str:
        """Return the whole turn to play on turn.board as turn.side, within turn.budget."""
        started = time.monotonic()
        engine = self._find_engine()
        until = time.time() + turn.budget * WORKER_SHARE
        job = self._worker.run(
            turn.budget + MARGIN - RESERVE, prepare, turn, until, engine is not None
        )
        try:
            if engine is None:
                found = await job
            else:  # the engine starts (if it must) while the worker thinks
                found, _ = await asyncio.gather(job, engine.start())
        except ServiceError:
            raise
        except (TimeoutError, BrokenProcessPool) as error:
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
        left = turn.budget - (time.monotonic() - started) - RESERVE
        seconds = min(turn.budget * THINK_SHARES[turn.strength], left)
        if seconds <= 0:
            return found.fallback
        try:
            return await engine.choose(found, turn.strength, seconds, left + MARGIN)
        except EngineFailed:
            logger.exception("Stockfish failed: the practice opponent plays its own choice")
            return found.fallback

    def _find_engine(self) -> Stockfish | None:
        """Return Stockfish, looking for it once: its absence is logged, saying how to fix it."""
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
            else:
                self._engine = Stockfish(path)
        return self._engine

    @property
    def worker(self) -> Worker:
        """Return the worker process the CPU work runs in."""
        return self._worker

    def warm(self) -> None:
        """Start the worker process ahead of the first turn, which would otherwise wait for it."""
        self._worker.warm()  # a start that fails is met again by the first turn

    async def close(self) -> None:
        """Stop the engine and the worker process; the next turn starts them again."""
        engine, self._engine, self._looked = self._engine, None, False
        if engine is not None:
            await engine.close()
        await self._worker.close()


def _configured_path() -> str:
    """Return the STOCKFISH_PATH setting, or '' (look for it) if the settings are unreadable."""
    try:
        return load_settings().stockfish_path
    except SettingsError as error:
        logger.warning("the settings cannot be read (%s): looking for Stockfish", error)
        return ""


def random_turn(turn: Turn) -> str:
    """Return a legal turn chosen at random: the answer when nothing better came in time."""
    game = turn.game()
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
