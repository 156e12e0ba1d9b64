"""`python -m bot migrate`: a SQLite file copied into PostgreSQL, every event kept, or nothing."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import storage
from bot.claim import claim
from bot.service import MatchService
from bot.settings import SettingsError, load_settings
from bot.storage import Storage
from bot.storage.copying import Copied
from bot.storage.opening import open_storage

ROOT = Path(__file__).resolve().parents[2]


async def _played(path: Path) -> dict[int, list[tuple[object, ...]]]:
    """Fill a SQLite file: two played matches, a lobby, notices waiting; return each log."""
    store = await open_storage(path)
    try:
        service = MatchService(store, clock=lambda: 1000.0)
        played = []
        for boards in (2, 3):
            match_id = await service.create(
                "ana", boards=boards, layout="line", white_team="Reds", black_team="Blues"
            )
            await service.join(match_id, "ana", "white")
            await service.join(match_id, "bo", "black")
            await service.start(match_id, "ana")
            for board in range(1, boards + 1):
                await service.play(match_id, "ana", board, "e4")
                await service.play(match_id, "bo", board, "e5")
            played.append(match_id)
        lobby = await service.create(
            "cy", boards=1, layout="line", white_team="Cats", black_team="Dogs"
        )
        await service.join(lobby, "cy", "white")
        async with store.transaction() as db:  # one notice delivered, the rest waiting
            first = (await storage.due_notices(db, 2000.0, 1))[0]
            await storage.mark_sent(db, first["id"], 1001.0)
        return {
            match_id: [
                tuple(row)
                for row in await store.fetch_all(
                    "SELECT seq, kind, data, actor, at FROM events WHERE match_id = ? ORDER BY seq",
                    match_id,
                )
            ]
            for match_id in (*played, lobby)
        }
    finally:
        await store.close()


def _migrate(*arguments: str) -> subprocess.CompletedProcess[str]:
    """Run `python -m bot migrate` as an operator would, with no settings but the arguments."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DATABASE_", "DISCORD_"))
    }
    environment["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot", "migrate", *arguments],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


async def _rows(store: Storage, sql: str, *parameters: object) -> list[tuple[object, ...]]:
    return [tuple(row) for row in await store.fetch_all(sql, *parameters)]


def test_migrate_copies_every_match_event_and_waiting_notice_into_postgres(
    tmp_path: Path, postgres_url: str
) -> None:
    source = tmp_path / "elevator.db"
    logs = asyncio.run(_played(source))

    copied = _migrate("--from", str(source), "--to", postgres_url)

    assert copied.returncode == 0, copied.stderr
    assert "3 matches" in copied.stdout and "every event compared" in copied.stdout

    async def check() -> None:
        sqlite = await open_storage(source)
        postgres = await open_storage(postgres_url)
        try:
            for match_id, log in logs.items():
                assert (
                    await _rows(
                        postgres,
                        "SELECT seq, kind, data, actor, at FROM events WHERE match_id = ? "
                        "ORDER BY seq",
                        match_id,
                    )
                    == log
                )
            outbox = "SELECT id, place, idempotency_key, done_at FROM outbox ORDER BY id"
            assert await _rows(postgres, outbox) == await _rows(sqlite, outbox)
            heads = "SELECT id, due FROM outbox_heads ORDER BY id"
            assert await _rows(postgres, heads) == await _rows(sqlite, heads)
            players = 'SELECT match_id, "user", team, captain FROM players ORDER BY rowid'
            assert await _rows(postgres, players) == await _rows(sqlite, players)
            # the bot goes on where the file left off: the matches play, new ids follow
            service = MatchService(postgres, clock=lambda: 2000.0)
            first = min(logs)
            await service.play(first, "ana", 1, "Nf3")
            newer = await service.create(
                "ana", boards=1, layout="line", white_team="Reds", black_team="Blues"
            )
            assert newer == max(logs) + 1
        finally:
            await sqlite.close()
            await postgres.close()

    asyncio.run(check())


def test_migrate_refuses_a_database_that_is_not_empty_and_changes_nothing(
    tmp_path: Path, postgres_url: str
) -> None:
    source = tmp_path / "elevator.db"
    asyncio.run(_played(source))
    assert _migrate("--from", str(source), "--to", postgres_url).returncode == 0

    again = _migrate("--from", str(source), "--to", postgres_url)

    assert again.returncode == 1
    assert "already holds" in again.stderr and "empty database only" in again.stderr

    async def count() -> int:
        postgres = await open_storage(postgres_url)
        try:
            return int((await postgres.fetch_all("SELECT COUNT(*) FROM matches"))[0][0])
        finally:
            await postgres.close()

    assert asyncio.run(count()) == 3


def test_migrate_refuses_while_a_bot_runs_on_the_file(tmp_path: Path, postgres_url: str) -> None:
    source = tmp_path / "elevator.db"
    asyncio.run(_played(source))

    with claim(source):
        refused = _migrate("--from", str(source), "--to", postgres_url)

    assert refused.returncode == 1
    assert "another bot is already running" in refused.stderr


def test_migrate_says_what_is_missing(tmp_path: Path, postgres_url: str) -> None:
    missing = _migrate("--from", str(tmp_path / "nowhere.db"), "--to", postgres_url)
    no_target = _migrate("--from", str(tmp_path / "nowhere.db"))

    assert missing.returncode == 1 and "no SQLite database at" in missing.stderr
    assert not (tmp_path / "nowhere.db").exists()  # the refusal made no empty file
    assert no_target.returncode == 2 and "set DATABASE_URL" in no_target.stderr


def test_a_copy_says_its_counts_in_the_singular_for_one() -> None:
    one = Copied({"matches": 1, "outbox": 1, "events": 1}, events=1)
    many = Copied({"matches": 2, "outbox": 1200, "events": 0}, events=0)

    assert str(one) == "1 match, 1 event, 1 notice, 3 rows in all"
    assert str(many) == "2 matches, 0 events, 1,200 notices, 1,202 rows in all"


def test_a_url_that_cannot_be_read_is_said_in_one_line(tmp_path: Path) -> None:
    source = tmp_path / "elevator.db"
    asyncio.run(_played(source))

    refused = _migrate("--from", str(source), "--to", "postgresql://bot:s3cret@db:5432x/elevator")

    assert refused.returncode == 1, refused.stderr
    assert "Traceback" not in refused.stderr and "s3cret" not in refused.stderr
    assert "error: cannot open the PostgreSQL database postgresql://bot:***@db" in refused.stderr


@pytest.mark.parametrize("url", ["mysql://x/y", "sqlite://relative"])
def test_a_database_url_of_another_kind_is_refused_by_name(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", url)

    with pytest.raises(SettingsError, match=r"DATABASE_URL: .*postgresql://"):
        load_settings(env_file=None)
