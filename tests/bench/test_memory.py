"""The memory benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import memory
from tests.bench.conftest import Printed


def test_the_benchmark_prints_the_memory_at_each_reading_and_the_ratio_to_the_first(
    printed_by: Printed,
) -> None:
    arguments = ["--minutes", "0.02", "--every", "0.4", "--matches", "2", "--plies", "4"]
    lines = printed_by(memory, *arguments).splitlines()
    assert lines[0].startswith("the service alone (no discord.py, images or delivery)")
    assert lines[1].split() == ["minutes", "moves", "RSS", "MB", "objects", "cached"]
    assert len(lines) >= 4 and lines[-1].startswith("RSS at the end / at the first reading:")
