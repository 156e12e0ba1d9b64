"""Killed mid-stream: every answered action survives, state equals the log, notices go out."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.delivery import DeliveryWorker
from bot.service import MatchService
from bot.storage.opening import open_storage
from games.elevator import Match, MatchConfig
from games.elevator.events import event_from_dict
from tests.bot.test_delivery import Recorder

ROOT = Path(__file__).resolve().parents[2]
MATCHES = 3
OPENING = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5"]


def steps() -> list[tuple[int, int, str, str]]:
    """Return the stream of (match, board, user, move) the child plays, matches interleaved."""
    found = []
    for index, move in enumerate(OPENING):
        user = "ana" if index % 2 == 0 else "bo"
        for match_id in range(1, MATCHES + 1):
            for board in (1, 2):
                found.append((match_id, board, user, move))
    return found


async def child_main(path: str) -> None:
    """Play the stream, printing each action once it has been answered."""
    store = await open_storage(path)
    service = MatchService(store)
    for _ in range(MATCHES):
        match_id = await service.create(
            "ana", boards=2, layout="line", white_team="W", black_team="B"
        )
        await service.join(match_id, "ana", "white")
        await service.join(match_id, "bo", "black")
        await service.start(match_id, "ana")
    for match_id, board, user, move in steps():
        await service.play(match_id, user, board, move)
        print(f"{match_id} {board} {move}", flush=True)


@pytest.mark.parametrize("seed", range(3))
def test_a_killed_service_loses_nothing_it_answered(database_url: str, seed: int) -> None:
    path = database_url
    kill_after = random.Random(seed).randint(1, len(steps()) - 1)
    code = (
        "import asyncio; from tests.bot.test_crash import child_main; "
        f"asyncio.run(child_main({path!r}))"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    answered = [child.stdout.readline().split() for _ in range(kill_after)]
    os.kill(child.pid, signal.SIGKILL)
    child.wait()

    async def check() -> None:
        store = await open_storage(path)
        try:
            service = MatchService(store)
            for match_id in range(1, MATCHES + 1):
                rows = await store.fetch_all(
                    "SELECT data FROM events WHERE match_id = ? ORDER BY seq", match_id
                )
                events = [event_from_dict(json.loads(row[0])) for row in rows]
                logged = [(e.board, e.san) for e in events if e.KIND == "move"]  # type: ignore[attr-defined]
                mine = [(int(b), m) for a, b, m in answered if int(a) == match_id]
                assert logged[: len(mine)] == mine  # answered, so stored, in order
                config_row = await store.fetch_all(
                    "SELECT config FROM matches WHERE id = ?", match_id
                )
                config = MatchConfig.from_dict(json.loads(config_row[0][0]))
                replayed = Match.replay(config, events)
                loaded = await service.game(match_id)
                assert loaded.to_json() == replayed.to_json()
                for board in (1, 2):
                    assert loaded.fen(board) == replayed.fen(board)
                    assert loaded.legal_moves(board) == replayed.legal_moves(board)
            recorder = Recorder()
            worker = DeliveryWorker(store, recorder)
            while await worker.run_once():
                pass
            pending = await store.fetch_all("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL")
            assert pending[0][0] == 0
            total = await store.fetch_all("SELECT COUNT(*) FROM outbox")
            assert len(set(recorder.keys)) == total[0][0]
        finally:
            await store.close()

    asyncio.run(check())
