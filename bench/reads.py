"""Benchmark what the Discord front reads from a 1,000-board match, on the event loop.

Run: python bench/reads.py [--boards N] [--repeats N]

Images, autocomplete keystrokes, menus and /games read a match through the service. Each
read below is timed as the event loop spends it (the match already in memory, as it is
after its first action), and the overview once more as the first read after a restart makes
it: the match loaded from the database first (a cold load), and again once every board has
been played (each board's state restored). Beside them, the whole copy of the match the
front used to make for each of them on the loop (every board restored). Each row gives the
read's median time, the longest it held the event loop at once in a typical read (the
median of the reads) and in the worst, beside the goal. Goal (issues 13 and 32): no read
holds the loop for more than 5 ms, the first after a restart included. On a machine shared
with other work the worst includes the times the system gave the process no core, and a
collection of the whole heap's garbage (tens of ms with a few 1,000-board matches in
memory) falls in whichever read runs into it.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.storage.opening import open_storage

# Measure the bot beside this script (a worktree, an old checkout), not the one installed:
# run as python bench/reads.py, the script's own folder would come first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import MatchService
from games.elevator import Match

GOAL_MS = 5.0
TICK = 0.0005  # seconds the ticker sleeps between turns


async def timed(
    read: Callable[[], Awaitable[object]], repeats: int, *, fresh: bool = False
) -> tuple[float, float, float]:
    """Return a read's median milliseconds, and the longest it held the event loop at once
    in the median read and in the worst.

    A ticker task wakes every TICK beside the reads and notes how late it woke during each
    read: the time the loop could serve nothing else (a read made in a thread holds it only
    briefly). It sleeps between turns rather than spinning, as a loop waiting for work
    does, so that it leaves the GIL to the database's thread. fresh: collect the garbage
    of the reads before each one, untimed, so that a read building a whole match pays for
    its own garbage, not for theirs.
    """
    samples: list[float] = []
    holds: list[float] = []
    held = 0.0
    reading = True

    async def ticker() -> None:
        nonlocal held
        last = time.perf_counter()
        while reading:
            await asyncio.sleep(TICK)
            now = time.perf_counter()
            held = max(held, now - last - TICK)
            last = now

    await read()  # once untimed: the first use of the thread pool starts its threads
    ticking = asyncio.create_task(ticker())
    for _ in range(repeats):
        if fresh:
            gc.collect()
        await asyncio.sleep(2 * TICK)  # the ticker's turn: one read's hold is measured alone
        held = 0.0  # what held the loop before (the collection) is not this read's
        start = time.perf_counter()
        await read()
        samples.append((time.perf_counter() - start) * 1000)
        await asyncio.sleep(2 * TICK)  # the ticker's turn: it notes the read's last stretch
        holds.append(held)
    reading = False
    await ticking
    return statistics.median(samples), statistics.median(holds) * 1000, max(holds) * 1000


def old_copy(match: Match) -> Match:
    """Copy a match as service.game() did on the event loop before: every board restored."""
    states = [match.board_state(board) for board in range(1, match.boards + 1)]
    return Match.restore(match.config, match.events, states)


async def measure(folder: Path, boards: int, repeats: int) -> list[tuple[str, float, float, float]]:
    """Build a match of boards boards with a few moves played, and time each read of it."""
    store = await open_storage(folder / "reads.db")
    try:
        service = MatchService(store)
        match_id = await service.create(
            "ana", boards=boards, layout="ring", white_team="Reds", black_team="Blues"
        )
        await service.join(match_id, "ana", "white")
        await service.join(match_id, "bo", "black")
        await service.start(match_id, "ana")
        middle = boards // 2
        for board in (1, middle, boards):
            await service.play(match_id, "ana", board, "e4")
            await service.play(match_id, "bo", board, "d5")
        loaded = await service.game(match_id)
        reads: dict[str, Callable[[], Awaitable[object]]] = {
            "a board's view (/board, its image)": lambda: service.shown_board(match_id, middle),
            "the overview's 40 boards (/match status)": lambda: service.shown_game(match_id),
            "a player's moves (/move autocomplete)": lambda: service.move_options(
                match_id, "ana", middle
            ),
            "the Legal moves button": lambda: service.legal_moves(match_id, middle, "ana"),
            "a player's turns (board autocomplete)": lambda: service.turns(match_id, "bo"),
            "the match's shape (lobby, /games)": lambda: service.shape(match_id),
            "the clocks' readings": lambda: service.clock_readings(match_id),
            "a moderator's undo preview": lambda: service.undo_preview(match_id, 2),
            "a board's PGN (/match export)": lambda: service.export(match_id, middle),
            "the match's JSON (/match export)": lambda: service.export(match_id),
        }
        rows = [(name, *await timed(read, repeats)) for name, read in reads.items()]

        async def after_restart() -> None:
            await MatchService(store).shown_game(match_id)  # nothing of the match in memory

        cold = await timed(after_restart, repeats, fresh=True)
        rows.append(("the overview after a restart (a cold load)", *cold))
        for board in range(1, boards + 1):  # as a match in play: every board's state saved
            if board not in (1, middle, boards):
                await service.play(match_id, "ana", board, "e4")
                await service.play(match_id, "bo", board, "d5")
        played = await timed(after_restart, repeats, fresh=True)
        rows.append(("the same, every board played", *played))

        async def before() -> None:
            old_copy(loaded)

        rows.append(("before: the whole copy on the loop", *await timed(before, 3)))
        return rows
    finally:
        await store.close()


def main() -> None:
    """Print each read's median and worst time against the goal."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=50)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        rows = asyncio.run(measure(Path(folder), arguments.boards, arguments.repeats))
    print(f"Reads of a {arguments.boards}-board match, as the front makes them (ms)")
    print(f"{'':<44}{'':>10}{'loop held at once':>20}")
    print(f"{'read':<44}{'median':>10}{'typical':>10}{'worst':>10}{'goal':>7}{'x goal':>9}")
    for name, median, typical, worst in rows:
        print(
            f"{name:<44}{median:>10.3f}{typical:>10.3f}{worst:>10.3f}{GOAL_MS:>7g}"
            f"{typical / GOAL_MS:>9.2f}"
        )
    print(f"goal: no read holds the event loop for more than {GOAL_MS:g} ms at once")


if __name__ == "__main__":
    main()
