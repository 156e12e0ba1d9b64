"""Stockfish, through python-chess's engine module: one long-lived process, one turn at a time.

The only module of bot/ that imports python-chess (tests/test_quality.py): speaking UCI to
an engine process is that library's job, as the issue asks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import chess
import chess.engine

from bot.giving_way import make_give_way
from games.core.pieces import Side

logger = logging.getLogger(__name__)

DEBIAN_PATH: Final = "/usr/games/stockfish"  # where Debian's package puts it, off PATH
INSTALL_HELP: Final = "install it (apt-get install stockfish) or set STOCKFISH_PATH"
SKILL_LEVELS: Final = {1: 0, 2: 5, 3: 10, 4: 15, 5: 20}  # Stockfish's "Skill Level" (0-20)
MATE: Final = 1_000_000  # a mate's score in centipawns, as bot/practice/search.py's WIN
RIDE_COST: Final = 20  # a ride must beat the best move by this to be played: a tie moves
MAIN_SHARE: Final = 0.6  # of the engine's time, for the best move when rides are weighed too
SHORTEST: Final = 0.01  # seconds: the least time any one question to the engine gets
STARTING: Final = 10.0  # seconds the engine may take to start and answer its handshake


@dataclass(frozen=True, slots=True)
class RideOption:
    """A ride the engine weighs against its best move, as the worker saw it."""

    text: str  # the ride, as play() takes it
    fen: str | None  # the board it leaves, the opponent to move; None if Stockfish cannot take it
    left: int  # the material left on that board, for side, when fen is None
    arrival: int  # what the piece is worth where it lands, with its bonus or penalty


@dataclass(frozen=True, slots=True)
class EngineAsk:
    """A FIDE board for Stockfish: its position with side to move, and the rides to weigh."""

    fen: str
    side: Side
    rides: tuple[RideOption, ...]
    fallback: str  # the own search's quick answer, played if the engine fails


class EngineFailed(Exception):
    """The engine could not answer: it died, hung or would not start."""


def can_take(fen: str) -> bool:
    """Tell whether Stockfish may be given a position (else it may crash on it)."""
    try:
        return chess.Board(fen).is_valid()
    except ValueError:
        return False


def find_stockfish(configured: str) -> tuple[str | None, str]:
    """Return Stockfish's path (or None), and why none was found."""
    if configured.strip():
        path = Path(configured.strip()).expanduser()
        if path.is_file():
            return str(path), ""
        return None, f"STOCKFISH_PATH is {configured.strip()}, which is not a file"
    found = shutil.which("stockfish") or (DEBIAN_PATH if Path(DEBIAN_PATH).is_file() else None)
    if found is None:
        return None, f"Stockfish is not on PATH nor at {DEBIAN_PATH}"
    return found, ""


class Stockfish:
    """One Stockfish process, started on first use and again if it dies; one turn at a time."""

    def __init__(self, path: str, *, idle: bool = True) -> None:
        """path: the engine's program; idle: its threads run only when the CPU is idle."""
        self.path = path
        self.idle = idle
        self._transport: asyncio.SubprocessTransport | None = None
        self._protocol: chess.engine.UciProtocol | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock: asyncio.Lock | None = None
        self._skill: int | None = None

    @property
    def pid(self) -> int | None:
        """Return the running engine's process id, or None before it starts."""
        return None if self._transport is None else self._transport.get_pid()

    @property
    def protocol(self) -> chess.engine.UciProtocol | None:
        """Return the running engine's protocol, or None before it starts."""
        return self._protocol

    async def start(self) -> None:
        """Start the engine now if it is not running, so that a turn finds it ready."""
        async with self._lock_for_loop():
            try:
                await self._running()
            except (chess.engine.EngineError, TimeoutError, OSError) as error:
                await self._stop()
                logger.warning("Stockfish (%s) would not start: %r", self.path, error)

    async def choose(self, ask: EngineAsk, strength: int, seconds: float, limit: float) -> str:
        """Return the best move or ride on ask's board, thinking for seconds.

        Raise EngineFailed if the engine fails or has not answered after limit seconds.
        """
        async with self._lock_for_loop():
            try:
                return await asyncio.wait_for(self._choose(ask, strength, seconds), limit)
            except (chess.engine.EngineError, TimeoutError, OSError) as error:
                # Its state is unknown now: the next turn starts a fresh one.
                await self._stop()
                raise EngineFailed(f"Stockfish failed: {error!r}") from error

    async def _choose(self, ask: EngineAsk, strength: int, seconds: float) -> str:
        engine = await self._running()
        skill = SKILL_LEVELS[strength]
        if skill != self._skill:
            await engine.configure({"Skill Level": skill})
            self._skill = skill
        color = chess.WHITE if ask.side == "white" else chess.BLACK
        board = chess.Board(ask.fen)
        main = seconds * MAIN_SHARE if ask.rides else seconds
        played = await engine.play(
            board, chess.engine.Limit(time=max(main, SHORTEST)), info=chess.engine.INFO_SCORE
        )
        if played.move is None:
            raise chess.engine.EngineError("Stockfish gave no move")
        best_text, best = board.san(played.move), _score(played.info, color)
        each = max((seconds - main) / max(len(ask.rides), 1), SHORTEST)
        for ride in ask.rides:
            left = ride.left
            if ride.fen is not None:
                info = await engine.analyse(chess.Board(ride.fen), chess.engine.Limit(time=each))
                left = _score(info, color)
            value = left + ride.arrival - RIDE_COST
            if value > best:
                best_text, best = ride.text, value
        return best_text

    async def _running(self) -> chess.engine.UciProtocol:
        """Return the engine, starting it if it is not running (or died)."""
        loop = asyncio.get_running_loop()
        if self._protocol is not None and (
            self._loop is not loop or self._protocol.returncode.done()
        ):
            logger.warning("Stockfish (pid %s) is gone; starting it again", self.pid)
            await self._stop()
        if self._protocol is not None:
            return self._protocol
        self._transport, protocol = await asyncio.wait_for(
            chess.engine.popen_uci(self.path), STARTING
        )
        self._protocol, self._loop, self._skill = protocol, loop, None
        if self.pid is not None:
            make_give_way(self.pid, idle=self.idle)
        logger.info("Stockfish started: %s (pid %s)", self.path, self.pid)
        return protocol

    def _lock_for_loop(self) -> asyncio.Lock:
        """Return the lock that lets one turn at a time use the engine, for this event loop."""
        if self._lock is None or self._loop is not asyncio.get_running_loop():
            self._lock = asyncio.Lock()
        return self._lock

    async def close(self) -> None:
        """Stop the engine, cleanly if it still answers."""
        if self._protocol is not None and self._loop is asyncio.get_running_loop():
            try:
                await asyncio.wait_for(self._protocol.quit(), 2.0)
            except (chess.engine.EngineError, TimeoutError, OSError):
                logger.warning("Stockfish did not quit cleanly; killing it")
        await self._stop()

    async def _stop(self) -> None:
        """Forget the engine process, killing it if it still runs."""
        transport, self._transport, self._protocol = self._transport, None, None
        if transport is None:
            return
        if transport.get_returncode() is None:
            transport.kill()
        # A process started by an event loop that has since closed cannot be closed by it.
        with contextlib.suppress(RuntimeError):
            transport.close()


def _score(info: chess.engine.InfoDict, color: chess.Color) -> int:
    """Return the engine's score for color in centipawns (a mate as nearly MATE)."""
    score = info.get("score")
    if score is None:
        return 0
    return score.pov(color).score(mate_score=MATE)
