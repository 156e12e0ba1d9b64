"""Benchmark the move picker: a tap's answer, the next menu, while moves are played elsewhere.

Run: python -m bench.picker [--boards N] [--rate N] [--taps N]

The real bot (`python -m bot`, a process of its own on a temporary SQLite file) runs against
the offline Discord (tests/fakediscord) twice: first alone (the anchor), then while one player
moves on each board of a server match at a steady pace, --rate moves a second in all (100 by
default). Each time, a player in a DM game of chess taps through the picker without playing: a
piece in the menu under the image, Another piece, a piece again, and so on; each tap is timed
from the click to the bot's answer, the next menu. Goal: the tap's p50 at most 100 ms under the
load. Discord's servers are not on the bot's machine: the offline Discord and its players run
on the first core, the bot on the others; the offline Discord's rate limits run 10 times faster
than Discord's (its global 50 requests a second would hold the moves under 50 a second), and it
does not check its own answers against Discord's schema (the tests do).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.big_match import filled, game
from bench.night import cores_apart, on_first_core
from bench.timing import percentile
from tests.bot.exts.games.test_dm_games import challenged, dm_until
from tests.bot.exts.test_matches import replied
from tests.bot.test_main import running_bot
from tests.fakediscord.server import FakeDiscord, Json

SPEED = 10.0  # the offline Discord's rate limits, this many times faster than Discord's
TAP_PACE = 0.25  # seconds from one tap to the next, as a quick thumb
GOAL = 0.100  # seconds: a tap's p50 under the load, at most


@dataclass(frozen=True)
class Measured:
    """What one run measured: each tap's seconds, and the moves played elsewhere a second."""

    taps: list[float]
    rate: float


async def _timed_click(
    discord: FakeDiscord, user: int, message: int, custom_id: str, values: list[str] | None
) -> tuple[Json, float]:
    """Tap, and time it to the private message the bot answers with (a follow-up, from under
    an image); return that message."""
    await asyncio.sleep(TAP_PACE)
    asked = time.perf_counter()
    answer = await discord.click(user, message, custom_id, values=values)
    shown = await discord.reply_to(answer)
    assert shown is not None, answer.responses
    return shown, time.perf_counter() - asked


async def taps(discord: FakeDiscord, guild: int, count: int) -> list[float]:
    """Open a DM game of chess and tap through its picker count times; return each tap's time."""
    ana, bo = discord.add_user("ana"), discord.add_user("bo")
    for user in (ana, bo):
        discord.add_member(guild, user)
    await challenged(discord, ana, bo, guild, "chess")
    await dm_until(discord, ana, "Your move on board 1")
    dm = discord.dms[ana]
    image = next(int(m["id"]) for m in reversed(discord.messages[dm]) if m["components"])
    match_id = next(
        c["custom_id"].split(":")[1]
        for row in discord.message(image)["components"]  # type: ignore[index]
        for c in row["components"]
    )
    pieces = next(  # the pieces' menu under the image
        c["custom_id"]
        for row in discord.message(image)["components"]  # type: ignore[index]
        for c in row["components"]
        if c["custom_id"].startswith(f"pick:{match_id}:1:")
    )
    found: list[float] = []
    while len(found) < count:
        reply, took = await _timed_click(discord, ana, image, pieces, ["g1"])
        found.append(took)
        assert reply["content"].endswith("Knight g1 to…"), reply
        back = reply["components"][1]["components"][0]["custom_id"]
        shown, took = await _timed_click(discord, ana, int(reply["id"]), back, None)
        found.append(took)
        assert "pick a piece" in shown["content"], shown
        menu = shown["components"][0]["components"][0]["custom_id"]
        _, took = await _timed_click(discord, ana, int(reply["id"]), menu, ["g1"])
        found.append(took)
    return found[:count]


async def load(
    discord: FakeDiscord,
    guild: int,
    boards: int,
    rate: float,
    stop: asyncio.Event,
    played: list[int],
) -> None:
    """Play a match's boards at rate moves a second in all until stop, counting in played."""
    white, black = discord.add_user("white"), discord.add_user("black")
    for user in (white, black):
        discord.add_member(guild, user)
    general = discord.channel_named(guild, "general")
    lobby = await filled(discord, white, black, general, boards)
    begun = await discord.click(white, lobby, "lobby:1:start")
    assert "has started" in await replied(discord, begun)
    pace = boards / rate  # seconds between two moves of one board

    async def board(number: int) -> None:
        channel = discord.channel_named(guild, f"board-{number}")
        await asyncio.sleep(pace * number / boards)  # the boards' moves spread over the pace
        for index, text in enumerate(game(150, seed=number)):
            if stop.is_set():
                return
            asked = time.perf_counter()
            mover = white if index % 2 == 0 else black
            option = [{"type": 3, "name": "move", "value": text}]
            moved = await discord.invoke(mover, channel, "move", option, timeout=60)
            assert "Played" in await replied(discord, moved), text
            played[0] += 1
            await asyncio.sleep(max(0.0, asked + pace - time.perf_counter()))

    tasks = [asyncio.create_task(board(n)) for n in range(1, boards + 1)]
    await stop.wait()
    await asyncio.gather(*tasks)


async def measure(
    boards: int, rate: float, count: int, folder: Path, apart: tuple[set[int], set[int]] | None
) -> Measured:
    """Time count taps with the bot alone (rate 0) or beside a match played at rate."""
    discord = FakeDiscord()
    discord.rate_limits.speed = SPEED
    discord.check_answers = False  # Discord's time, not the bot's
    await discord.start()
    try:
        owner = discord.add_user("host")
        guild = discord.add_guild("Chess Club", owner=owner)
        async with running_bot(folder, discord) as bot:
            if apart is not None:
                os.sched_setaffinity(bot.pid, apart[1])
            stop = asyncio.Event()
            played = [0]
            loading = None
            if rate:
                loading = asyncio.create_task(load(discord, guild, boards, rate, stop, played))
                await asyncio.sleep(min(3.0, 2 * boards / rate))  # every board moving
            started, before = time.perf_counter(), played[0]
            found = await taps(discord, guild, count)
            seconds, moves = time.perf_counter() - started, played[0] - before
            stop.set()
            if loading is not None:
                await loading
        return Measured(found, moves / seconds)
    finally:
        await discord.stop()


async def run(args: argparse.Namespace) -> None:
    """Print the taps' times alone and beside the match's moves."""
    apart = cores_apart()
    with on_first_core(apart):
        with tempfile.TemporaryDirectory() as folder:
            alone = await measure(args.boards, 0, args.taps, Path(folder), apart)
        with tempfile.TemporaryDirectory() as folder:
            busy = await measure(args.boards, args.rate, args.taps, Path(folder), apart)
    print(
        f"the real bot in the offline Discord: a player taps through the move picker in a DM"
        f" game of chess (a piece under the image, Another piece, a piece), alone, then while a"
        f" {args.boards}-board server match is played at {args.rate:g} moves a second; the"
        f" offline Discord's rate limits {SPEED:g}x faster than Discord's"
        + (
            ", and on a core of its own"
            if apart is not None
            else ", sharing every core with the bot (harder than in play)"
        )
    )
    print(f"{'taps, to the next menu':<30}{'taps':>6}{'p50 ms':>9}{'p99 ms':>9}{'moves/s':>9}")
    for name, measured in (("alone (anchor)", alone), ("beside the match", busy)):
        ms = [t * 1000 for t in measured.taps]
        print(
            f"{name:<30}{len(ms):>6}{statistics.median(ms):>9.0f}"
            f"{percentile(ms, 0.99):>9.0f}{measured.rate:>9.1f}"
        )
    p50 = statistics.median(busy.taps)
    ratio = p50 / statistics.median(alone.taps)
    verdict = "within" if p50 <= GOAL else "over"
    print(
        f"a tap's p50 beside the match: {p50 * 1000:.0f} ms, {ratio:.2f}x alone; goal at most"
        f" {GOAL * 1000:.0f} ms: {verdict}"
    )
    if busy.rate < args.rate * 0.9:
        print(
            f"the match was played at {busy.rate:.1f} moves a second, not the {args.rate:g}"
            " asked: an easier case than the goal's"
        )


def main() -> None:
    """Read the options and run both."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=30, help="the match's boards (30)")
    parser.add_argument("--rate", type=float, default=100.0, help="moves a second in all (100)")
    parser.add_argument("--taps", type=int, default=60, help="taps timed in each run (60)")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
