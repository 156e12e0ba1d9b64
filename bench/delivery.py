"""Benchmark how soon a move's board image is handed to Discord, woken on commit or polling.

Run: python -m bench.delivery [--moves N]

Two real MatchServices, each on a temporary SQLite file with a real DeliveryWorker running:
one woken as soon as an action's notices commit, one that only looks every 0.5 s (as
before). Their moves alternate, so that both share the machine's moments. The sender draws
each board notice's image as the Discord sender does (renderer.board_png of the match, in a
thread) and notes when it hands it over; each move is played once the previous image was
handed over and a think of up to 0.5 s (seeded), so that moves fall at any moment of the
polling worker's half second. Printed: the time from play() returning to the image being
handed over.
Goal (issue 13): at most 50 ms p50.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.timing import percentile
from bot.delivery import Delivery, DeliveryWorker
from bot.service import MatchService
from bot.storage import Storage
from bot.storage.opening import open_storage
from renderer import board_png

OPENING = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5"]
GOAL_MS = 50.0


class Drawing:
    """A sender that draws each board notice's image and notes when it hands a move's over."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.handed = asyncio.Event()
        self.handed_at = 0.0

    async def send(self, delivery: Delivery) -> None:
        if delivery.kind != "board" or delivery.match_id is None:
            return
        game = await self.service.game(delivery.match_id)
        image = await asyncio.to_thread(board_png, game, int(delivery.payload["board"]))
        assert image.startswith(b"\x89PNG")
        if delivery.payload.get("events"):  # a move's image, not the one a start shows
            self.handed_at = time.perf_counter()
            self.handed.set()


class Setup:
    """One service, its worker and its sender, on a database of their own."""

    def __init__(self, store: Storage, *, wake: bool) -> None:
        self.store = store
        self.service = MatchService(store)
        self.sender = Drawing(self.service)
        self.worker = DeliveryWorker(store, self.sender, wake=wake)
        self.stop = asyncio.Event()
        self.task = asyncio.create_task(self.worker.run(self.stop))
        self.times: list[float] = []

    async def move(self, match_id: int, user: str, text: str) -> None:
        """Play a move, wait for its image to be handed over and keep how long that took."""
        self.sender.handed.clear()
        await self.service.play(match_id, user, 1, text)
        returned = time.perf_counter()
        await asyncio.wait_for(self.sender.handed.wait(), 10)
        self.times.append(max(0.0, self.sender.handed_at - returned))

    async def close(self) -> None:
        self.stop.set()
        await self.task


async def run(moves: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        woken = Setup(await open_storage(Path(folder) / "woken.db"), wake=True)
        polling = Setup(await open_storage(Path(folder) / "polling.db"), wake=False)
        setups = (woken, polling)
        think = random.Random(11)
        try:
            played = 0
            while played < moves:
                ids = [await s.service.create_game("ana", "bo", boards=1) for s in setups]
                for index, text in enumerate(OPENING[: moves - played]):
                    user = "ana" if index % 2 == 0 else "bo"
                    for setup, match_id in zip(setups, ids, strict=True):
                        await asyncio.sleep(think.uniform(0.0, 0.5))
                        await setup.move(match_id, user, text)
                    played += 1
        finally:
            for setup in setups:
                await setup.close()
                await setup.store.close()
    print(f"{moves} moves each; the board image handed over after play() returns")
    print(f"{'worker':<40}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}")
    for name, setup in (
        ("woken when notices commit", woken),
        ("polling every 0.5 s (before)", polling),
    ):
        times = [t * 1000 for t in setup.times]
        print(
            f"{name:<40}{statistics.median(times):>9.1f}"
            f"{percentile(times, 0.95):>9.1f}{max(times):>9.1f}"
        )
    p50 = statistics.median(woken.times) * 1000
    ratio = statistics.median(polling.times) / max(statistics.median(woken.times), 1e-9)
    print()
    print(f"woken: {p50:.1f} ms p50 (goal: at most {GOAL_MS:.0f} ms)")
    print(f"polling / woken, p50: {ratio:.0f}x")


def main() -> None:
    """Run the measurements and print them with the goal."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=200, help="moves per worker (200)")
    arguments = parser.parse_args()
    asyncio.run(run(arguments.moves))


if __name__ == "__main__":
    main()
