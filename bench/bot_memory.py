"""Benchmark the real bot's memory over an hour of play: its RSS, printed every few minutes.

Run: python -m bench.bot_memory [--minutes M] [--every S] [--pairs N] [--plies P] [--speed X]

The real bot (`python -m bot`, a process of its own on a temporary SQLite file) runs against
the offline Discord (tests/fakediscord) while people play without a pause: N pairs (4 by
default) play chess in their DMs (/challenge, then a seeded random game of P plies, 80 as the
issue counts memory, then /resign and a new challenge), and two more play a 2-board match in
a server (/match create, P plies on each board chosen among the moves /move offers, then
/resign on each board, /match archive and a new match). Each move waits for its board image.
Discord's rate limits pass X times faster (10) than in real time, so that an hour holds tens
of thousands of moves. Every S seconds (300) it prints the moves so far, the bot process's
resident memory (VmRSS) then, and its floor: the lowest of the readings taken each second
over the interval's second half, which leaves out what a moment's work (a finished board's
replay) holds and frees; its ratio to the first line's floor, after a warm-up of S seconds
(the anchor), says whether memory is kept: the goal is a flat floor, at most 1.05x the anchor.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import math
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any, Final

from bench.big_match import game
from tests.bot.exts.test_matches import replied
from tests.bot.test_main import running_bot
from tests.fakediscord.server import FakeDiscord, Interaction
from tests.waiting import eventually

FLAT: Final = 1.05  # the most a reading may be of the anchor's and still be called flat
KEPT: Final = 50  # messages the fake keeps per channel, and thousands of sent and interactions


def rss_mb(pid: int) -> float:
    """Return a process's resident memory in MB, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise ValueError(f"no VmRSS for process {pid}")


def forget(discord: FakeDiscord) -> None:
    """Drop what the fake remembers beyond what play still needs, for it keeps every image."""
    del discord.sent[: -KEPT * 20]
    for messages in discord.messages.values():
        del messages[:-KEPT]
    for old in list(discord.interactions)[: -KEPT * 20]:
        discord.tokens.pop(discord.interactions.pop(old).token, None)
        discord.replied.pop(old, None)
    del discord.edits[: -KEPT * 20]


async def image(discord: FakeDiscord, channel: int, after: int) -> None:
    """Wait for a board image in a channel in a message newer than id after."""

    def shown() -> bool:
        for message in reversed(discord.messages.get(channel, [])):
            if int(message["id"]) <= after:
                return False
            if message["attachments"]:
                return True
        return False

    await eventually(shown, f"an image in {channel}", changes=discord.changes, timeout=120)


def newest(discord: FakeDiscord, channel: int) -> int:
    """Return the id of a channel's newest message, or 0."""
    messages = discord.messages.get(channel)
    return int(messages[-1]["id"]) if messages else 0


async def answer(discord: FakeDiscord, interaction: Interaction) -> str:
    """Wait for the bot's words in answer to an interaction, as the tests do."""
    return await replied(discord, interaction)


async def resign(discord: FakeDiscord, user: int, channel: int, board: int | None) -> None:
    """Resign a board by /resign and its confirmation, unless it has just ended."""
    named = [] if board is None else [{"type": 4, "name": "board", "value": board}]
    asked = await discord.invoke(user, channel, "resign", named)
    said = await answer(discord, asked)
    if "take it back" not in said:  # a random move ended the board meanwhile
        return
    done = await discord.press(user, asked)
    assert "resigned" in str(done.responses[-1]["data"].get("content")), done.responses


async def dm_pair(
    discord: FakeDiscord, guild: int, pair: str, seed: int, plies: int, counted: list[int]
) -> None:
    """Play chess games in two people's DMs one after another: plies moves, then a resignation."""
    white, black = discord.add_user(f"white{pair}"), discord.add_user(f"black{pair}")
    for user in (white, black):
        discord.add_member(guild, user)
    general = discord.channel_named(guild, "general")
    options = [
        {"type": 6, "name": "opponent", "value": str(black)},
        {"type": 3, "name": "game", "value": "chess"},
    ]
    for round_ in range(1_000_000):
        invited = newest(discord, discord.dms[black]) if black in discord.dms else 0
        said = await answer(discord, await discord.invoke(white, general, "challenge", options))
        assert "Challenge sent" in said, said
        invitation = await eventually(
            lambda invited=invited: invitation_after(discord, black, invited),  # type: ignore[misc]
            "the invitation",
            changes=discord.changes,
        )
        accept = invitation["components"][0]["components"][0]["custom_id"]
        await discord.click(black, int(invitation["id"]), accept)
        await eventually(lambda: white in discord.dms, "White's DMs", changes=discord.changes)
        dms = discord.dms[white], discord.dms[black]
        for index, text in enumerate(game(plies, seed=seed * 1000 + round_)):
            mover, dm = (white, dms[0]) if index % 2 == 0 else (black, dms[1])
            before = newest(discord, dm)
            moved = await discord.invoke(mover, dm, "move", [move_option(text)])
            said = await answer(discord, moved)
            assert "Played" in said, f"{text}: {said}"
            await image(discord, dm, before)
            counted[0] += 1
        await resign(discord, white, dms[0], 1)


def invitation_after(discord: FakeDiscord, user: int, after: int) -> dict[str, Any] | None:
    """Return the invitation in a user's DMs newer than message id after, if it has come."""
    for message in reversed(discord.messages.get(discord.dms.get(user, 0), [])):
        if int(message["id"]) <= after:
            return None
        buttons = [b["custom_id"] for row in message["components"] for b in row["components"]]
        if any(b.startswith("invite:") for b in buttons):
            return message
    return None


def newest_channel(discord: FakeDiscord, guild: int, name: str) -> int:
    """Return the id of a server's newest channel of that name: a match broken off keeps its."""
    return max(
        number
        for number, channel in discord.channels.items()
        if channel.get("guild_id") == str(guild) and channel.get("name") == name
    )


async def again(play: Callable[[int], Awaitable[None]], broke: list[str]) -> None:
    """Play, and start anew with new people whenever play breaks off, noting why."""
    for generation in itertools.count():
        try:
            await play(generation)
        except Exception as error:  # a timeout on a loaded machine, say: the night goes on
            broke.append(f"{type(error).__name__}: {error}"[:300])


def move_option(text: str) -> dict[str, Any]:
    """Return /move's option for a move written text."""
    return {"type": 3, "name": "move", "value": text}


async def server_match(
    discord: FakeDiscord, guild: int, pair: str, plies: int, counted: list[int]
) -> None:
    """Play 2-board matches in a server one after another, archiving each when it is over."""
    host, other = discord.add_user(f"host{pair}"), discord.add_user(f"guest{pair}")
    for user in (host, other):
        discord.add_member(guild, user)
    general = discord.channel_named(guild, "general")
    chooser = random.Random(7)
    while True:
        made = await discord.invoke(
            host, general, "match", [{"type": 4, "name": "boards", "value": 2}], subcommand="create"
        )
        assert made.original is not None, "the lobby did not open"
        lobby = int(made.original["id"])
        buttons = [b["custom_id"] for row in made.original["components"] for b in row["components"]]
        number = next(b for b in buttons if b.endswith(":join-white")).split(":")[1]
        await discord.click(host, lobby, f"lobby:{number}:join-white")
        await discord.click(other, lobby, f"lobby:{number}:join-black")
        begun = await discord.click(host, lobby, f"lobby:{number}:start", timeout=120)
        assert "has started" in await answer(discord, begun)
        boards = [newest_channel(discord, guild, f"board-{n}") for n in (1, 2)]
        playing = set(boards)
        for index in range(plies * 2):
            board = boards[index % 2]
            if board not in playing:
                continue
            mover = host if index % 4 < 2 else other
            typed = [move_option("") | {"focused": True}]
            offered = [c["value"] for c in await discord.autocomplete(mover, board, "move", typed)]
            if not offered:  # the board is over
                playing.discard(board)
                continue
            before = newest(discord, board)
            said = await answer(
                discord,
                await discord.invoke(mover, board, "move", [move_option(chooser.choice(offered))]),
            )
            if "Played" not in said:
                continue
            await image(discord, board, before)
            counted[0] += 1
        for board in playing:
            await resign(discord, other, board, None)
        overview = newest_channel(discord, guild, "overview")
        await eventually(
            lambda overview=overview: any(  # type: ignore[misc]
                "Final result" in str(m["content"]) for m in discord.messages[overview]
            ),
            "the final result",
            changes=discord.changes,
        )
        await discord.invoke(host, overview, "match", subcommand="archive")
        await eventually(
            lambda boards=boards: all(b not in discord.channels for b in boards),  # type: ignore[misc]
            "the match's channels to be deleted",
            changes=discord.changes,
        )


async def run(args: argparse.Namespace) -> None:
    """Play for the minutes asked, printing the bot's memory every interval."""
    discord = FakeDiscord()
    discord.rate_limits.speed = args.speed
    discord.check_answers = False  # an hour of checking every answer against the schema is slow
    await discord.start()
    counted = [0]
    try:
        owner = discord.add_user("owner")
        guild = discord.add_guild("Chess Club", owner=owner)
        extra = dict(setting.split("=", 1) for setting in args.env)
        with tempfile.TemporaryDirectory() as folder:
            async with running_bot(Path(folder), discord, **extra) as bot:
                broke: list[str] = []
                plays = [
                    partial(pair_anew, discord, guild, n, args.plies, counted)
                    for n in range(args.pairs)
                ]
                plays.append(partial(match_anew, discord, guild, args.plies, counted))
                players = [asyncio.create_task(again(play, broke)) for play in plays]
                try:
                    await report(discord, bot.pid, args, counted)
                finally:
                    for task in players:
                        task.cancel()
                    await asyncio.wait(players, timeout=30)  # one stuck must not hold the end
                if broke:
                    print(
                        f"{len(broke)} games broke off and were started anew by new people;"
                        f" the first: {broke[0]}"
                    )
    finally:
        await discord.stop()


def pair_anew(
    discord: FakeDiscord, guild: int, pair: int, plies: int, counted: list[int], generation: int
) -> Awaitable[None]:
    """Return a DM pair's play, its people new in each generation."""
    return dm_pair(discord, guild, f"{pair}.{generation}", pair + 100 * generation, plies, counted)


def match_anew(
    discord: FakeDiscord, guild: int, plies: int, counted: list[int], generation: int
) -> Awaitable[None]:
    """Return the server match's play, its people new in each generation."""
    return server_match(discord, guild, str(generation), plies, counted)


async def report(
    discord: FakeDiscord, pid: int, args: argparse.Namespace, counted: list[int]
) -> None:
    """Print the bot's RSS every interval against the anchor, then whether it stayed flat."""
    print(
        f"the real bot in the offline Discord: {args.pairs} pairs playing chess in their DMs and"
        f" a 2-board match in a server, {args.plies} plies a board then resigned and replaced;"
        f" rate limits {args.speed:g}x faster than real time"
    )
    print(f"{'minutes':>8}{'moves':>9}{'RSS MB':>9}{'floor MB':>10}{'x anchor':>10}  verdict")
    started = time.monotonic()
    anchor: float | None = None
    floors: list[float] = []
    while (elapsed := time.monotonic() - started) < args.minutes * 60:
        wake = started + min(args.minutes * 60, (elapsed // args.every + 1) * args.every)
        floor = math.inf
        while time.monotonic() < wake:
            await asyncio.sleep(min(1.0, wake - time.monotonic()))
            forget(discord)
            if time.monotonic() >= wake - args.every / 2:
                floor = min(floor, rss_mb(pid))
        rss = rss_mb(pid)
        floor = min(floor, rss)
        anchor = floor if anchor is None else anchor
        floors.append(floor)
        ratio = floor / anchor
        verdict = "anchor" if len(floors) == 1 else "flat" if ratio <= FLAT else "grows"
        print(
            f"{(time.monotonic() - started) / 60:>8.1f}{counted[0]:>9}{rss:>9.1f}{floor:>10.1f}"
            f"{ratio:>10.3f}  {verdict}",
            flush=True,
        )
    if anchor is not None:
        worst = max(floors) / anchor
        verdict = "flat" if worst <= FLAT else "grows"
        print(
            f"the bot's RSS floor at most {worst:.3f}x its floor after warm-up ({anchor:.1f} MB),"
            f" {floors[-1] / anchor:.3f}x at the end, over {counted[0]:,} moves: {verdict}"
            f" (goal: flat, at most {FLAT:g}x)"
        )


def main() -> None:
    """Read the options and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0, help="how long to play (60)")
    parser.add_argument("--every", type=float, default=300.0, help="seconds between readings")
    parser.add_argument("--pairs", type=int, default=4, help="pairs playing in DMs (4)")
    parser.add_argument("--plies", type=int, default=80, help="plies a board (80)")
    parser.add_argument("--speed", type=float, default=10.0, help="rate limits' speed-up (10)")
    parser.add_argument(
        "--env", action="append", default=[], help="KEY=VALUE for the bot's environment"
    )
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
