"""The image pace benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import image_pace
from tests.bench.conftest import Printed


def test_the_image_pace_benchmark_prints_the_cpu_and_the_delays_against_their_goals(
    printed_by: Printed,
) -> None:
    printed = printed_by(image_pace, "--boards", "4", "--pace", "8", "--seconds", "1")
    assert "8 moves on a 4-board match, 8 a second asked" in printed
    assert "share of one core" in printed and "(goal at most 0.5:" in printed
    assert "a move's answer to its image at Discord: p50" in printed
    assert "requests counted by Discord's global limit" in printed
