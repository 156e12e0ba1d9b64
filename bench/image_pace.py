"""Benchmark moves at Discord's pace, each with its image: the bot's CPU and each image's delay.

Run: python -m bench.image_pace [--pace P] [--boards B] [--seconds S]

The real bot (`python -m bot`, a process of its own on a temporary SQLite file) runs against
tests/fakediscord with a B-board match (100 by default: boards 1, 11, 21, ... are channels,
the others their threads) and two players, who play /move on every board in turn so that P
moves a second arrive in all (50 by default, the requests a second Discord lets one bot make),
a board's next move coming B/P seconds after its last (2 s: a channel takes 5 posts in 5 s,
so no board's limit binds). Each move is timed from the bot's answer to the /move ("Played
e4 on board 2.") to its image's upload arriving at the offline Discord, p50 and p99 (below
zero where the image arrived first), and from the /move itself. The bot's
CPU time (its process and any it started, from /proc: what it used of the machine's cores,
whatever else runs beside it) over the moves' wall time gives the share of one core it needs
at that pace. Goals (issue "A community night"): at most half a core, and 50 ms p50.

The offline Discord keeps each channel's buckets in real time, but not Discord's global 50
requests a second (the bot's own pace follows it, so is lifted too): a move makes more than
one request that counts there (its image, and the edit that takes the buttons off the image
before it), so at 50 moves a second the bot asks for more than Discord gives; the benchmark
says how many it asked for and what pace a real server would see. There the bot paces itself
at DISCORD_REQUESTS_PER_SECOND (45), posts first, and the edits wait for spare room: about 45
moves a second with images, the older images keeping their buttons at that pace.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from bench.big_match import drawing_cpu, filled, game
from bench.timing import cpu_seconds, percentile
from bot.settings import Settings
from tests.bot.test_main import free_port, running_bot
from tests.fakediscord.ratelimits import GLOBAL_LIMIT, RateLimits, Verdict, counts_globally
from tests.fakediscord.server import FakeDiscord, Sent
from tests.waiting import Changes, eventually

GOAL_CORE = 0.5  # the bot's share of one core at 50 moves a second
GOAL_P50 = 50.0  # ms from a move's answer to its image arriving at Discord
PACE = 50.0  # moves a second: Discord's global limit of requests
PACED: Final = Settings.model_fields["discord_requests_per_second"].default  # the bot's own pace
REACHED = 0.9  # a pace reached below this share of the one asked for is said to be missed


class Counted(RateLimits):
    """Discord's buckets without its global limit, counting the requests that limit counts."""

    def __init__(self) -> None:
        super().__init__(global_limit=1_000_000)
        self.counted = 0  # requests Discord's global limit counts

    def take(
        self,
        method: str,
        template: str,
        params: dict[str, str],
        body: object = None,
        *,
        at: float | None = None,
    ) -> Verdict:
        """Count a request the global limit counts, then judge it by its bucket."""
        if counts_globally(method, template):
            self.counted += 1
        return super().take(method, template, params, body, at=at)


@dataclass
class Arrivals:
    """What the bot has sent, indexed as the fake receives it: images by place, replies by ask."""

    discord: FakeDiscord
    images: defaultdict[int, list[Sent]] = field(default_factory=lambda: defaultdict(list))
    replies: dict[int, Sent] = field(default_factory=dict)  # the "Played" of each interaction
    changes: Changes = field(default_factory=Changes)
    _seen: int = 0

    async def follow(self) -> None:
        """Index what the fake receives, waking the players on each arrival (until cancelled)."""
        while True:
            coming = self.discord.changes.next()
            for sent in self.discord.sent[self._seen :]:
                if sent.interaction_id is not None:
                    if sent.content.startswith("Played"):
                        self.replies[sent.interaction_id] = sent
                elif sent.files and sent.channel_id is not None:
                    self.images[sent.channel_id].append(sent)
            self._seen = len(self.discord.sent)
            self.changes.notify()
            await coming.wait()

    async def answer(self, interaction: int, move: str) -> Sent:
        """Wait for the bot's "Played" in answer to an interaction; return it."""
        return await eventually(
            lambda: self.replies.get(interaction),
            f"the answer to {move}",
            changes=self.changes,
            timeout=60,
        )

    async def image(self, place: int, before: int, move: str) -> Sent:
        """Wait for an image in a place beyond the ones it had before; return it."""
        return await eventually(
            lambda: self.images[place][before] if len(self.images[place]) > before else None,
            f"the image of {move}",
            changes=self.changes,
            timeout=60,
        )


def place_of(discord: FakeDiscord, guild: int, board: int) -> int:
    """Return a board's channel or thread: board-N, or boards-N-M holding it and its threads."""
    try:
        return discord.channel_named(guild, f"board-{board}")
    except KeyError:
        return next(
            int(channel["id"])
            for channel in discord.channels.values()
            if channel.get("guild_id") == str(guild)
            and channel.get("name", "").startswith(f"boards-{board}-")
        )


@dataclass(frozen=True)
class Moved:
    """One move's times on the fake's clock: asked, answered, its image received."""

    asked: float
    answered: float
    shown: float


async def play(
    discord: FakeDiscord,
    arrivals: Arrivals,
    players: tuple[int, int],
    place: int,
    moves: list[str],
    due: list[float],
) -> list[Moved]:
    """Play a board's moves, each at its time; return each one's times."""
    played = []
    for index, (text, when) in enumerate(zip(moves, due, strict=True)):
        await asyncio.sleep(max(0.0, when - time.perf_counter()))
        before = len(arrivals.images[place])
        asked = time.perf_counter()
        options = [{"type": 3, "name": "move", "value": text}]
        moved = await discord.invoke(players[index % 2], place, "move", options, timeout=60)
        answer = await arrivals.answer(moved.id, text)
        image = await arrivals.image(place, before, text)
        played.append(Moved(asked, answer.at, image.at))
    return played


@dataclass(frozen=True)
class Night:
    """What one run measured."""

    moves: list[Moved]
    wall: float  # seconds from the first move asked to the last image received
    cpu: float  # the bot's CPU seconds over that time
    drawing: float  # of which drawing the images (as the bot counts it)
    requests: int  # requests Discord's global limit counts, over that time
    ours: float  # the benchmark's own CPU seconds (the offline Discord and the players)


async def measure(boards: int, pace: float, seconds: float, folder: Path) -> Night:
    """Start a match, then play moves on all its boards at the pace; return what was seen."""
    discord = FakeDiscord()
    limits = discord.rate_limits = Counted()
    await discord.start()
    arrivals = Arrivals(discord)
    following = asyncio.create_task(arrivals.follow())
    try:
        ana, bo = discord.add_user("ana"), discord.add_user("bo")
        guild = discord.add_guild("Chess Club", owner=ana)
        discord.add_member(guild, bo)
        general = discord.channel_named(guild, "general")
        port = free_port()
        async with running_bot(folder, discord, METRICS_PORT=str(port)) as bot:
            lobby = await filled(discord, ana, bo, general, boards)
            start = await discord.click(ana, lobby, "lobby:1:start", timeout=300)
            await eventually(
                lambda: any("has started" in s.content for s in discord.replies(start)),
                "the match's start",
                changes=discord.changes,
                timeout=300,
            )
            places = [place_of(discord, guild, n) for n in range(1, boards + 1)]
            await eventually(
                lambda: all(arrivals.images[place] for place in places),
                "every board's first image",
                changes=arrivals.changes,
                timeout=300,
            )
            per_board = max(1, round(seconds * pace / boards))
            moves = game(per_board)
            began = time.perf_counter() + 0.1
            drawing = await drawing_cpu(port)
            cpu, requests, ours = cpu_seconds(bot.pid), limits.counted, _own_cpu()
            played = await asyncio.gather(
                *(
                    play(
                        discord,
                        arrivals,
                        (ana, bo),
                        place,
                        moves,
                        [began + (k * boards + n) / pace for k in range(per_board)],
                    )
                    for n, place in enumerate(places)
                )
            )
            everything = [moved for board in played for moved in board]
            ended = max(moved.shown for moved in everything)
            cpu = cpu_seconds(bot.pid) - cpu
            requests, ours = limits.counted - requests, _own_cpu() - ours
            drawing = await drawing_cpu(port) - drawing
        return Night(everything, ended - began, cpu, drawing, requests, ours)
    finally:
        following.cancel()
        await discord.stop()


def _own_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def report(night: Night, pace: float, boards: int) -> None:
    """Print a run's figures, each against its goal."""
    count = len(night.moves)
    reached = count / night.wall
    share = night.cpu / night.wall
    per_move = night.cpu / count
    delays = [(m.shown - m.answered) * 1000 for m in night.moves]
    asked = [(m.shown - m.asked) * 1000 for m in night.moves]
    p50, p99 = statistics.median(delays), percentile(delays, 0.99)
    per_request = night.requests / count
    print(
        f"the real bot in the offline Discord: {count:,} moves on a {boards:,}-board match, "
        f"{pace:g} a second asked, {reached:.1f} a second reached in {night.wall:.1f} s"
    )
    print(
        f"the bot's CPU: {night.cpu:.2f} s, {per_move * 1000:.2f} ms a move, of which drawing "
        f"its image {night.drawing / count * 1000:.2f} ms (the benchmark's own, the offline "
        f"Discord and the players: {night.ours:.2f} s)"
    )
    if reached >= REACHED * pace:
        met = "met" if share <= GOAL_CORE else "not met"
        print(f"share of one core at {reached:.1f} moves/s: {share:.2f} (goal at most 0.5: {met})")
    else:
        at = per_move * PACE
        met = "met" if at <= GOAL_CORE else "not met"
        print(f"{pace:g} moves/s not reached here ({reached:.1f}): share of one core")
        print(
            f"  extrapolated to {PACE:g} moves/s from the CPU a move: {at:.2f}"
            f" (goal at most 0.5: {met})"
        )
    met = "met" if p50 <= GOAL_P50 else "not met"
    print(
        f"a move's answer to its image at Discord: p50 {p50:.1f} ms (goal at most 50 ms: {met}), "
        f"p99 {p99:.1f} ms; from the /move: "
        f"p50 {statistics.median(asked):.1f} ms, p99 {percentile(asked, 0.99):.1f} ms"
    )
    print(
        f"requests counted by Discord's global limit ({GLOBAL_LIMIT} a second, lifted here): "
        f"{per_request:.2f} a move, {night.requests / night.wall:.0f} a second; on a real server "
        f"the bot keeps to {PACED} a second, its posts first and the edits in spare room: "
        f"{PACED} moves a second with images at most ({GLOBAL_LIMIT / per_request:.0f} with "
        "every edit made)"
    )


async def run(arguments: argparse.Namespace) -> None:
    """Measure and print."""
    with tempfile.TemporaryDirectory() as folder:
        night = await measure(arguments.boards, arguments.pace, arguments.seconds, Path(folder))
    report(night, arguments.pace, arguments.boards)


def main() -> None:
    """Run the benchmark and print its figures against the goals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pace", type=float, default=PACE, help="moves a second in all (50)")
    parser.add_argument("--boards", type=int, default=100, help="the match's boards (100)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to play (20)")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
