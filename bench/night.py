"""Benchmark a community night: human players' moves while practice games keep the bot busy.

Run: python -m bench.night [--practice N] [--pairs N] [--moves N] [--together] [--lockstep]

The real bot (`python -m bot`, a process of its own on a temporary SQLite file) runs against
the offline Discord (tests/fakediscord) twice, one run after the other: first with N pairs
of people playing chess in their DMs alone (the anchor), then with the same pairs while N
practice games (20 by default, chess at strength 3: a 2 s budget) ask the bot for a move
the moment the player has replied. Each human move is timed from the /move to its new board
image in the mover's DMs, a move every 2 s in each game (a DM takes 5 posts in 5 s); each
bot reply from the player's /move to the bot's move in the player's DMs, as the player sees
it: the bot's thinking (bench/practice_night.py times it alone) and Discord's rate limits on
the DM, which the replies share with the player's own moves' posts (a game's first replies
are printed apart too: they follow the last game's end and the new one's start). Each game
begins at a moment of its own in its first PACE seconds, as people do not move in step:
started at once (--lockstep), the 20 practice games keep moving within the same few hundred
milliseconds, and whether the people's moves fall into those bursts or between them is a
matter of the run, not of the bot (their p99 then varies 2-3 fold from run to run). Goals:
the humans' p99 at most 1.5x the anchor's; the bot's replies as players see them within its
budget plus 0.25 s.
Discord's servers are not on the bot's machine: the offline Discord and its players run on
the first core, the bot (with the thinkers and Stockfish it starts) on the others, unless
--together; and the offline Discord does not check its own answers against Discord's schema
(the tests do).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bench.big_match import game
from bench.timing import percentile
from bot.practice.opponent import MARGIN
from tests.bot.exts.games.test_dm_games import challenged, dm_until
from tests.bot.exts.games.test_practice_games import next_turn
from tests.bot.exts.test_matches import move, replied
from tests.bot.test_main import running_bot
from tests.fakediscord.ratelimits import GLOBAL_LIMIT
from tests.fakediscord.server import FakeDiscord
from tests.waiting import eventually

WARM = 3  # the bot's answers in every practice game before the people start
PACE = 2.0  # seconds between two moves of one game: a move posts twice in a DM, 5 in 5 s
STRENGTH = 3
BUDGET = 2.0  # seconds strength 3 thinks at most, with no clock
SLOWEST = 8  # the slowest human moves printed of each run


def images(discord: FakeDiscord, channel: int) -> int:
    """Return how many images the bot has posted in a channel (its messages alone are read)."""
    return sum(1 for message in discord.messages.get(channel, ()) if message["attachments"])


async def humans(
    discord: FakeDiscord, pair: int, guild: int, moves: int, offset: float, pace: float = PACE
) -> list[float]:
    """Play a seeded chess game between two people in their DMs; return each move's time.

    offset: seconds before the challenge that starts it.
    """
    await asyncio.sleep(offset)
    white, black = discord.add_user(f"white{pair}"), discord.add_user(f"black{pair}")
    for user in (white, black):
        discord.add_member(guild, user)
    await challenged(discord, white, black, guild, "chess")
    await dm_until(discord, white, "Your move on board")
    dms = discord.dms[white], discord.dms[black]
    times = []
    for index, text in enumerate(game(moves, seed=pair)):
        mover, dm = (white, dms[0]) if index % 2 == 0 else (black, dms[1])
        before = images(discord, dm)
        asked = time.perf_counter()
        said = await move(discord, mover, dm, text)
        assert "Played" in said, f"{text}: {said}"
        await eventually(
            lambda dm=dm, before=before: images(discord, dm) > before,  # type: ignore[misc]
            f"the image of {text}",
            changes=discord.changes,
            timeout=60,
        )
        times.append(time.perf_counter() - asked)
        await asyncio.sleep(max(0.0, asked + pace - time.perf_counter()))
    return times


async def practice(
    discord: FakeDiscord,
    player: int,
    guild: int,
    stop: asyncio.Event,
    started: asyncio.Event,
    pace: float,
    offset: float,
    warm: int = WARM,
) -> tuple[list[float], list[float]]:
    """Play the bot in DM games, a random move after each of its; return its answers' times.

    The times of its first answer in each game come second, apart from the others': they
    come when the DM has had the most posts (Night.openings).

    pace: the least seconds from one of the player's moves to the next (0: at once after
    the bot's answer). A game that ends is followed by a new one, so that the night keeps
    every practice game. started is set once the bot has answered warm moves: the people
    start then, in a night under way rather than in its first burst of challenges. offset:
    seconds before the first challenge.
    """
    user = discord.add_user(f"practice{player}")
    discord.add_member(guild, user)
    general = discord.channel_named(guild, "general")
    options = [
        {"type": 6, "name": "opponent", "value": str(discord.application_id)},
        {"type": 3, "name": "game", "value": "chess"},
        {"type": 4, "name": "strength", "value": STRENGTH},
        {"type": 3, "name": "side", "value": "white"},
    ]
    chooser, times, openings, seen = random.Random(player), [], [], 0
    await asyncio.sleep(offset)
    while not stop.is_set():
        said = await replied(discord, await discord.invoke(user, general, "challenge", options))
        assert "begins in your DMs" in said, said
        texts = await next_turn(discord, user, seen)
        first = True
        while not stop.is_set() and not texts[-1].endswith("The game is over."):
            dm = discord.dms[user]
            typed = [{"type": 3, "name": "move", "value": "", "focused": True}]
            offered = [c["value"] for c in await discord.autocomplete(user, dm, "move", typed)]
            played = time.perf_counter()
            await move(discord, user, dm, chooser.choice(offered))
            texts = await next_turn(discord, user, len(texts))
            (openings if first else times).append(time.perf_counter() - played)
            first = False
            if len(times) + len(openings) >= warm:
                started.set()
            await asyncio.sleep(max(0.0, played + pace - time.perf_counter()))
        seen = len(texts)
    return times, openings


def cores_apart() -> tuple[set[int], set[int]] | None:
    """Return the cores for the offline Discord and for the bot, or None if they must share.

    Discord's servers are not on the bot's machine: the offline Discord and its players get
    the first core, the bot (and the thinkers and Stockfish it starts) the others.
    """
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if len(cores) < 2:
        return None
    return {cores[0]}, set(cores[1:])


@contextlib.contextmanager
def on_first_core(apart: tuple[set[int], set[int]] | None) -> Iterator[None]:
    """Run this process (the offline Discord and its players) on its core, then on all again."""
    if apart is None:
        yield
        return
    every = os.sched_getaffinity(0)
    os.sched_setaffinity(0, apart[0])
    try:
        yield
    finally:
        os.sched_setaffinity(0, every)  # a test's process goes on with every core


@dataclass(frozen=True)
class Night:
    """What one night measured: human moves' times, the bot's replies' times, requests a second."""

    humans: list[float]
    replies: list[float]  # the bot's answers but its first in each game
    # its first answer in each game: the game's end and the next one's start post 4 messages
    # in the player's DM within a second or two, of the 5 in 5 s Discord lets a channel take
    openings: list[float]
    requests: list[int]  # requests Discord's global limit counts, each whole second of play


async def measure(
    practising: int,
    pairs: int,
    moves: int,
    folder: Path,
    apart: tuple[set[int], set[int]] | None,
    pace: float = PACE,
    lockstep: bool = False,
    human_pace: float = PACE,
    warm: int = WARM,
) -> Night:
    """Run the night: the human moves' times, the bot's replies' times, its requests a second.

    apart: the cores of the offline Discord and of the bot (None: all share every core).
    lockstep: every game starts at once, rather than each at a seeded moment of its own.
    """
    spread = 0.0 if lockstep else PACE
    discord = FakeDiscord()
    # the tests check each of the fake's answers against Discord's schema; here that would
    # be Discord's time, charged to the bot's moves
    discord.check_answers = False
    await discord.start()
    try:
        owner = discord.add_user("host")
        guild = discord.add_guild("Chess Club", owner=owner)
        async with running_bot(folder, discord) as bot:
            if apart is not None:
                os.sched_setaffinity(bot.pid, apart[1])  # before it starts any thinker
            stop = asyncio.Event()
            begun = [asyncio.Event() for _ in range(practising)]
            bots = [
                asyncio.create_task(
                    practice(
                        discord, n, guild, stop, begun[n], pace, _offset(spread, 1000 + n), warm
                    )
                )
                for n in range(practising)
            ]
            await asyncio.gather(*(event.wait() for event in begun))
            clock = discord.rate_limits.clock
            first = int(clock()) + 1
            played = await asyncio.gather(
                *(
                    humans(discord, n, guild, moves, _offset(spread, n), human_pace)
                    for n in range(pairs)
                )
            )
            seconds = [discord.rate_limits.per_second[s] for s in range(first, int(clock()))]
            stop.set()
            replies = await asyncio.gather(*bots)
        return Night(
            [t for each in played for t in each],
            [t for later, _ in replies for t in later],
            [t for _, first in replies for t in first],
            seconds,
        )
    finally:
        await discord.stop()


def _offset(spread: float, seed: int) -> float:
    """Return a game's seeded delay before it starts, within spread seconds."""
    return random.Random(seed).uniform(0.0, spread)


async def run(args: argparse.Namespace) -> None:
    """Print the anchor's human moves beside the night's."""
    apart = None if args.together else cores_apart()
    with on_first_core(apart):
        with tempfile.TemporaryDirectory() as folder:
            quiet = await measure(
                0,
                args.pairs,
                args.moves,
                Path(folder),
                apart,
                lockstep=args.lockstep,
                human_pace=args.human_pace,
            )
        with tempfile.TemporaryDirectory() as folder:
            night = await measure(
                args.practice,
                args.pairs,
                args.moves,
                Path(folder),
                apart,
                args.practice_pace,
                args.lockstep,
                args.human_pace,
                args.warm,
            )
    print(
        f"the real bot in the offline Discord: {args.pairs} pairs of people playing chess in"
        f" their DMs, a move every {args.human_pace:g} s, {args.moves} moves a game; then the"
        " same beside"
        f" {args.practice} practice games at strength {STRENGTH} ({BUDGET:g} s budget), whose"
        + (
            f" players move at most every {args.practice_pace:g} s"
            if args.practice_pace
            else " players answer the instant the bot has (a load that grows as the bot speeds up)"
        )
        + (
            "; every game starts at once, so the practice games move in step, in bursts"
            if args.lockstep
            else f"; each game starts at a seeded moment of its first {PACE:g} s, as people do"
            " not move in step (--lockstep: all at once)"
        )
    )
    if apart is None:
        print(
            f"the bot, its thinker and Stockfish share {os.cpu_count()} cores with the offline"
            " Discord and its players (harder than in play, where Discord's servers are not on"
            " the bot's machine)"
        )
    else:
        print(
            f"the offline Discord and its players on core {min(apart[0])}, the bot with its"
            f" thinkers and Stockfish on {len(apart[1])} core{'s' * (len(apart[1]) > 1)} of"
            " its own, as Discord's servers are not on the bot's machine, and without checking"
            " its own answers against Discord's schema as the tests do"
            f" (load average {os.getloadavg()[0]:.1f}: other work shares them)"
        )
    print(
        f"{'human moves, to the image':<34}{'moves':>7}{'p50 ms':>9}{'p99 ms':>9}"
        f"{'requests/s':>12}{'most in 1 s':>13}"
    )
    for name, measured in (("alone (anchor)", quiet), (f"beside {args.practice} practice", night)):
        ms = [t * 1000 for t in measured.humans]
        rate = statistics.mean(measured.requests) if measured.requests else 0.0
        print(
            f"{name:<34}{len(ms):>7}{statistics.median(ms):>9.0f}{percentile(ms, 0.99):>9.0f}"
            f"{rate:>12.1f}{max(measured.requests, default=0):>13}"
        )
    ratio = percentile(night.humans, 0.99) / percentile(quiet.humans, 0.99)
    print(f"human p99, beside practice / alone: {ratio:.2f}x (goal at most 1.5x)")
    print(
        f"requests/s: those Discord's global limit counts ({GLOBAL_LIMIT} a second), while the"
        " people played; the bot paces itself under it, so at the limit posts wait their turn"
    )
    # a p99 of a few hundred moves rests on their slowest few: shown, to read it by
    slowest = [
        " ".join(f"{t * 1000:.0f}" for t in sorted(measured.humans)[-SLOWEST:])
        for measured in (quiet, night)
    ]
    print(f"the {SLOWEST} slowest human moves, ms: alone {slowest[0]}; beside practice", slowest[1])
    goal = BUDGET + MARGIN
    every = night.replies + night.openings
    for replies, which in (
        (every, "replies as players see them, Discord's posting included"),
        (night.openings, "first replies of a game among them"),
    ):
        if replies:
            p99 = percentile(replies, 0.99)
            print(
                f"the bot's {len(replies)} {which}: p50 {statistics.median(replies):.2f} s,"
                f" p99 {p99:.2f} s, {p99 / goal:.2f}x its budget + {MARGIN:g} s (goal at most 1x)"
            )
    print(
        "a game's first reply is the hard case of Discord's 5 posts in 5 s in a DM: the last"
        " game's end and the new one's start post 4 messages there within a second or two, and"
        " these players challenge again and move at once (the thinking alone:"
        " python bench/practice_night.py)"
    )


def main() -> None:
    """Run both nights and print them side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--practice", type=int, default=20, help="practice games (20)")
    parser.add_argument("--pairs", type=int, default=4, help="pairs of people (4)")
    parser.add_argument("--moves", type=int, default=40, help="moves a human game (40)")
    parser.add_argument(
        "--practice-pace",
        type=float,
        default=PACE,
        help=f"seconds between a practice player's moves, at least ({PACE:g}, as the people's;"
        " 0: the instant the bot has answered, a load that grows with the bot's speed)",
    )
    parser.add_argument(
        "--human-pace",
        type=float,
        default=PACE,
        help=f"seconds between two moves of a people's game ({PACE:g}: a DM takes 5 posts in 5 s)",
    )
    parser.add_argument(
        "--warm",
        type=int,
        default=WARM,
        help=f"the bot's answers in each practice game before the people start ({WARM})",
    )
    parser.add_argument(
        "--lockstep",
        action="store_true",
        help="every game starts at once: the practice games then move in step, in bursts",
    )
    parser.add_argument(
        "--together",
        action="store_true",
        help="the bot shares every core with the offline Discord (harder than in play)",
    )
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
