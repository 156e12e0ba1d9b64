"""The bot's health: Prometheus metrics on a local port and a summary line in the log."""

from __future__ import annotations

import asyncio
import logging
import re
import urllib.request
from pathlib import Path

import pytest

from bot import metrics
from bot.sender import channels
from games.elevator import Match
from tests.bot.exts.games.test_dm_games import dm_game, dm_until
from tests.bot.exts.test_matches import club, move
from tests.bot.test_main import free_port, offline, running_bot
from tests.fakediscord.server import FakeDiscord
from tests.waiting import eventually
from views.model import board_view


def sample(text: str, name: str) -> float:
    """Return a sample's value from the exposition text (0 if it is not there)."""
    found = re.search(rf"^{re.escape(name)} (\S+)$", text, re.M)
    return float(found[1]) if found else 0.0


def scrape(port: int) -> str:
    """Return what the bot serves at /metrics."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as answer:
        text: str = answer.read().decode()
    return text


def test_the_summary_line_says_moves_images_replies_backlog_lag_and_memory() -> None:
    window = metrics.Window(
        moves=12, slowest_move=0.034, images=11, slowest_image=0.4, replies=3, worst_lag=0.012
    )
    line = metrics.summary(window, due=2, practice=1, rss_mb=181.4, minutes=5)
    assert line == (
        "health, last 5 min: 12 moves (slowest 34 ms), 11 board images posted (slowest 0.4 s),"
        " 3 practice replies (slowest 0.0 s), 1 practice boards waiting, 2 places with notices"
        " due, the event loop late by at most 12 ms, memory 181 MB"
    )


def test_drawing_a_board_channels_image_counts_the_cpu_time_it_took() -> None:
    name = "elevator_image_draw_cpu_seconds_total"
    before = metrics.REGISTRY.get_sample_value(name) or 0.0
    view = board_view(Match(boards=3), 2)
    png = channels._draw(view, "white", ("Ana", "Bo"), None)
    assert png.startswith(b"\x89PNG")
    assert (metrics.REGISTRY.get_sample_value(name) or 0.0) > before


def test_a_window_taken_starts_counting_afresh() -> None:
    window = metrics.Window()
    window.moves, window.kinds = 4, {"board"}
    taken = window.take()
    assert (taken.moves, taken.kinds) == (4, {"board"})
    assert window == metrics.Window()


def test_health_logs_its_summary_and_keeps_the_backlog_gauge(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def backlog() -> int:
        return 7

    async def main() -> None:
        stop = asyncio.Event()
        health = metrics.Health(backlog, lambda: 2, log_every=0.6)
        running = asyncio.create_task(health.run(stop))
        line = await eventually(
            lambda: next((r.message for r in caplog.records if "health" in r.message), None),
            "a health summary in the log",
        )
        stop.set()
        await running
        assert "2 practice boards waiting, 7 places with notices due" in line

    with caplog.at_level(logging.INFO, logger="bot.metrics"):
        asyncio.run(main())
    assert metrics.REGISTRY.get_sample_value("elevator_outbox_due") == 7
    assert metrics.REGISTRY.get_sample_value("elevator_practice_boards") == 2


def test_a_bot_given_a_metrics_port_serves_its_moves_images_and_memory(tmp_path: Path) -> None:
    port = free_port()

    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord, METRICS_PORT=str(port)):
            ana_dm, _ = await dm_game(discord, ana, bo, guild)
            before = await asyncio.to_thread(scrape, port)
            assert sample(before, "elevator_move_seconds_count") == 0
            assert "Played e4 on board 1" in await move(discord, ana, ana_dm, "e4 on board 1")
            await dm_until(discord, bo, "Your move on board")

            images = 'elevator_notice_seconds_count{kind="board"}'

            async def served() -> str | None:
                text = await asyncio.to_thread(scrape, port)
                return text if sample(text, images) > sample(before, images) else None

            text = await eventually(served, "the move's image counted in the metrics")
            assert sample(text, "elevator_move_seconds_count") == 1
            assert sample(text, "process_resident_memory_bytes") > 10 * 2**20
            assert "elevator_loop_lag_seconds_bucket" in text
            assert "elevator_outbox_due" in text

    offline(scenario)
