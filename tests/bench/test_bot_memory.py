"""The bot's memory benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import bot_memory
from tests.bench.conftest import Printed


def test_the_benchmark_prints_the_bots_memory_at_each_reading_against_the_anchor(
    printed_by: Printed,
) -> None:
    arguments = ["--minutes", "0.05", "--every", "1", "--pairs", "1", "--plies", "4"]
    lines = printed_by(bot_memory, *arguments).splitlines()
    assert lines[0].startswith("the real bot in the offline Discord: 1 pairs playing chess")
    assert lines[1].split() == [
        "minutes",
        "moves",
        "RSS",
        "MB",
        "floor",
        "MB",
        "x",
        "anchor",
        "verdict",
    ]
    assert lines[2].split()[-1] == "anchor"
    assert len(lines) >= 5 and lines[-1].startswith("the bot's RSS floor at most")
