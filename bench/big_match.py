"""Benchmark a 1,000-board match in the offline Discord, beside a 2-board one, in one run.

Run: python -m bench.big_match [--moves N] [--boards B] [--speed S]

The real bot (`python -m bot`, a process of its own on a temporary SQLite file) runs against
tests/fakediscord, which answers at once but keeps Discord's rate limits (50 requests a
second, and the buckets of routes whose numbers are known: docs/offline-discord.md), in real
time unless --speed makes them pass faster: what is timed is the least a real server would
see, less Discord's network (routes of unknown buckets may be paced more there). For each
match, a 2-board one and then a B-board one (1,000 by default; board 2 is a channel in the
first and a thread in the second), it times the start: from the host's click to the bot's
"has started", the places made per second, and until every board's first image is posted,
with the bot's CPU time over that start (its processes, from /proc: what it used of the
cores, whatever else shares them) and the part of it spent drawing the images (which the bot
counts in its metrics; goal for 1,000 boards: 3 s); then N moves on board 2 (a
seeded random game), one a second at most (a channel takes 5 posts in 5 s, and a move posts
its image), each from the /move to the new board image arriving in board 2's place: p50 and
p99.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import chess

from bench.timing import cpu_seconds, percentile
from tests.bot.test_main import free_port, running_bot
from tests.bot.test_metrics import sample, scrape
from tests.fakediscord.server import FakeDiscord

PACE = 1.0  # seconds between two moves on board 2: a channel's 5 posts in 5 s allow no more
START_CPU = 3.0  # the bot's CPU seconds for a 1,000-board start's first images, at most


async def drawing_cpu(port: int) -> float:
    """Return the CPU seconds the bot serving metrics on port has spent drawing board images."""
    return sample(await asyncio.to_thread(scrape, port), "elevator_image_draw_cpu_seconds_total")


async def filled(discord: FakeDiscord, white: int, black: int, channel: int, boards: int) -> int:
    """Open a match of boards in channel, white and black seated; return its lobby's id."""
    options = [{"type": 4, "name": "boards", "value": boards}]
    made = await discord.invoke(white, channel, "match", options, subcommand="create")
    assert made.original is not None, "the lobby did not open"
    lobby = int(made.original["id"])
    await discord.click(white, lobby, "lobby:1:join-white")
    await discord.click(black, lobby, "lobby:1:join-black")
    return lobby


def game(moves: int, seed: int = 19) -> list[str]:
    """Return a seeded random game's moves that neither ends it nor repeats a position."""
    board = chess.Board()
    played: list[str] = []
    chooser = random.Random(seed)
    while len(played) < moves:
        options = list(board.legal_moves)
        chooser.shuffle(options)
        for move in options:
            board.push(move)
            if not board.is_game_over(claim_draw=True) and not board.is_repetition(2):
                board.pop()
                played.append(board.san(move))
                board.push(move)
                break
            board.pop()
        else:
            raise ValueError(f"seed {seed} leads nowhere after {len(played)} moves")
    return played


async def _reply(discord: FakeDiscord, interaction: object, words: str) -> None:
    while not any(words in s.content for s in discord.replies(interaction)):  # type: ignore[arg-type]
        await asyncio.sleep(0.005)


async def _image(discord: FakeDiscord, channel: int, count: int) -> None:
    while sum(1 for s in discord.sent if s.channel_id == channel and s.files) < count:
        await asyncio.sleep(0.002)


async def _images(discord: FakeDiscord, count: int) -> None:
    while sum(1 for s in discord.sent if s.files and s.interaction_id is None) < count:
        await asyncio.sleep(0.05)


@dataclass(frozen=True)
class Measured:
    """A match's start and moves: seconds to start, places made, seconds to every image."""

    started: float
    places: int
    shown: float
    cpu: float  # the bot's CPU seconds from the start's click to every board's first image
    drawing: float  # of which drawing the images
    moves: list[float]  # each move's seconds, from the /move to its image


async def measure(boards: int, moves: int, folder: Path, speed: float) -> Measured:
    """Start a match and play moves on board 2; return what was timed."""
    discord = FakeDiscord()
    discord.rate_limits.speed = speed
    await discord.start()
    try:
        ana, bo = discord.add_user("ana"), discord.add_user("bo")
        guild = discord.add_guild("Chess Club", owner=ana)
        discord.add_member(guild, bo)
        general = discord.channel_named(guild, "general")
        before = len(discord.channels)
        port = free_port()
        async with running_bot(folder, discord, METRICS_PORT=str(port)) as bot:
            lobby = await filled(discord, ana, bo, general, boards)
            cpu, drawing = cpu_seconds(bot.pid), await drawing_cpu(port)
            began = time.perf_counter()
            start = await discord.click(ana, lobby, "lobby:1:start", timeout=900)
            await asyncio.wait_for(_reply(discord, start, "has started"), 900)
            started = time.perf_counter() - began
            places = len(discord.channels) - before
            await asyncio.wait_for(_images(discord, boards), 900)  # every board's first image
            shown = time.perf_counter() - began
            cpu, drawing = cpu_seconds(bot.pid) - cpu, await drawing_cpu(port) - drawing
            two = discord.channel_named(guild, "board-2")
            times = []
            for index, text in enumerate(game(moves)):
                user = ana if index % 2 == 0 else bo
                asked = time.perf_counter()
                options = [{"type": 3, "name": "move", "value": text}]
                moved = await discord.invoke(user, two, "move", options, timeout=60)
                await asyncio.wait_for(_reply(discord, moved, ""), 60)
                said = " ".join(s.content for s in discord.replies(moved))
                assert "Played" in said, f"{text}: {said}"
                await asyncio.wait_for(_image(discord, two, index + 2), 60)
                times.append(time.perf_counter() - asked)
                await asyncio.sleep(max(0.0, asked + PACE / speed - time.perf_counter()))
        return Measured(started, places, shown, cpu, drawing, times)
    finally:
        await discord.stop()


async def run(moves: int, boards: int, speed: float) -> None:
    results = {}
    for count in (2, boards):
        with tempfile.TemporaryDirectory() as folder:
            results[count] = await measure(count, moves, Path(folder), speed)
    limits = "in real time" if speed == 1 else f"passing {speed:g} times faster than real time"
    print(
        f"the real bot in the offline Discord, under Discord's known rate limits {limits}; "
        f"{moves} moves on board 2 of each match, one a second at most"
    )
    print(
        f"{'match':<14}{'places':>8}{'start s':>9}{'places/s':>10}{'images s':>10}"
        f"{'bot CPU s':>11}{'move p50 ms':>13}{'move p99 ms':>13}"
    )
    for count, measured in results.items():
        ms = [t * 1000 for t in measured.moves]
        print(
            f"{f'{count:,} boards':<14}{measured.places:>8,}{measured.started:>9.2f}"
            f"{measured.places / measured.started:>10.0f}{measured.shown:>10.1f}"
            f"{measured.cpu:>11.2f}{statistics.median(ms):>13.1f}{percentile(ms, 0.99):>13.1f}"
        )
    small, big = results[2].moves, results[boards].moves
    print()
    print(
        f"{boards:,} boards / 2 boards, a move's p50: "
        f"{statistics.median(big) / statistics.median(small):.1f}x"
    )
    big = results[boards]
    goal = START_CPU * boards / 1000
    met = "met" if big.drawing <= goal else "not met"
    print(
        f"the {boards:,}-board start's first images drawn in {big.drawing:.2f} s of the bot's "
        f"CPU (goal at most {goal:g} s: {met}); the whole start, from the click to every first "
        f"image, {big.cpu:.2f} s; a real server waits {big.shown:.0f} s for them, held to "
        f"Discord's rate limits" + ("" if speed == 1 else f" passing {speed:g} times faster")
    )


def main() -> None:
    """Run the measurements and print them side by side."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=40, help="moves on board 2 (40)")
    parser.add_argument("--boards", type=int, default=1000, help="the big match's boards")
    parser.add_argument(
        "--speed", type=float, default=1.0, help="how much faster Discord's rate limits pass (1)"
    )
    arguments = parser.parse_args()
    asyncio.run(run(arguments.moves, arguments.boards, arguments.speed))


if __name__ == "__main__":
    main()
