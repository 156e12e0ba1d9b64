"""Benchmark how much drawing board images in threads holds up the event loop's Python.

Run: python -m bench.drawing_threads [--pace P] [--seconds S] [--rounds R]

An event loop does what the bot's does for a move, in the small: every 1/P seconds (50 moves
a second by default) a burst of pure Python about as long as the bot's own work for a move
on its loop (the loop's share of bench/image_pace.py's CPU a move), and a board image (of a
100-board match, with names, as a board channel shows it) handed to be drawn: in threads
(asyncio.to_thread, as the bot draws), in a pool of worker processes, or not at all (the
anchor). Python runs one thread at a time (the GIL): a thread that draws holds the loop's
bursts up while it runs Python, where a process does not. Each burst is timed from start to
end, p50 and p99, and the loop's CPU beside it; the three ways take turns, R rounds of S
seconds each, so that a busy machine slows them alike.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial

import games
from bench.timing import percentile
from renderer import board_view_png
from views.model import BoardView, board_view

BURST = 0.004  # seconds of the bot's own loop work for a move (bench/image_pace.py, main thread)
BOARDS = 100


def views() -> list[BoardView]:
    """Return the boards of a 100-board match, as the images after a move are drawn from."""
    match = games.new_game("elevator", boards=BOARDS)
    return [board_view(match, board) for board in range(1, BOARDS + 1)]


def draw(view: BoardView) -> bytes:
    """Draw a board channel's image of a view."""
    return board_view_png(view, "white", size=640, names=("Ana", "Bo"))


def burst(seconds: float) -> float:
    """Run pure Python for about so many seconds of this thread's CPU; return its wall time."""
    began, cpu = time.perf_counter(), time.thread_time()
    while time.thread_time() - cpu < seconds:
        sum(range(200))
    return time.perf_counter() - began


async def loop_with(
    hand: Callable[[BoardView], asyncio.Future[bytes]] | None,
    drawn: list[BoardView],
    pace: float,
    seconds: float,
) -> tuple[list[float], float]:
    """Run moves' bursts at the pace, each handing an image over; return bursts' s, loop CPU."""
    times, pending = [], []
    cpu = time.thread_time()
    ends = time.perf_counter() + seconds
    index = 0
    while time.perf_counter() < ends:
        due = time.perf_counter() + 1 / pace
        if hand is not None:
            pending.append(hand(drawn[index % len(drawn)]))
        times.append(burst(BURST))
        index += 1
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
    await asyncio.gather(*pending)
    return times, time.thread_time() - cpu


async def run(pace: float, seconds: float, rounds: int) -> None:
    """Take turns between the three ways and print them side by side."""
    drawn = views()
    loop = asyncio.get_running_loop()
    with ProcessPoolExecutor(2) as pool:
        for view in drawn:  # every worker's caches warm, as the bot's after its first moves
            await asyncio.gather(*(loop.run_in_executor(pool, draw, view) for _ in range(2)))
            draw(view)
        ways: dict[str, Callable[[BoardView], asyncio.Future[bytes]] | None] = {
            "nothing drawn (anchor)": None,
            "drawn in threads": lambda view: asyncio.ensure_future(asyncio.to_thread(draw, view)),
            "drawn in 2 processes": partial(loop.run_in_executor, pool, draw),
        }
        found: dict[str, tuple[list[float], float]] = {name: ([], 0.0) for name in ways}
        for _ in range(rounds):
            for name, hand in ways.items():
                times, cpu = await loop_with(hand, drawn, pace, seconds)
                found[name] = (found[name][0] + times, found[name][1] + cpu)
    print(
        f"an event loop's bursts of {BURST * 1000:g} ms of Python at {pace:g} a second, each"
        f" handing a board image to draw; {rounds} rounds of {seconds:g} s each way"
    )
    print(f"{'':<24}{'bursts':>8}{'p50 ms':>9}{'p99 ms':>9}{'loop CPU s':>12}")
    anchor = statistics.median(found["nothing drawn (anchor)"][0])
    for name, (times, cpu) in found.items():
        ms = [t * 1000 for t in times]
        print(
            f"{name:<24}{len(ms):>8}{statistics.median(ms):>9.2f}{percentile(ms, 0.99):>9.2f}"
            f"{cpu:>12.2f}"
        )
    threads = statistics.median(found["drawn in threads"][0])
    print(f"a burst's p50, threads / nothing drawn: {threads / anchor:.2f}x")


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pace", type=float, default=50.0, help="moves a second (50)")
    parser.add_argument("--seconds", type=float, default=4.0, help="seconds a turn (4)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of turns (3)")
    arguments = parser.parse_args()
    asyncio.run(run(arguments.pace, arguments.seconds, arguments.rounds))


if __name__ == "__main__":
    main()
