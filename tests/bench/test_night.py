"""The community night benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import night
from tests.bench.conftest import Printed


def test_the_benchmark_prints_the_human_moves_alone_and_beside_practice_and_the_replies(
    printed_by: Printed,
) -> None:
    lines = printed_by(night, "--practice", "1", "--pairs", "1", "--moves", "2").splitlines()
    assert lines[0].startswith("the real bot in the offline Discord: 1 pairs of people")
    assert [line.split()[0] for line in lines[2:4]] == ["alone", "beside"]
    assert lines[4].startswith("human p99, beside practice / alone:")
    assert lines[5].startswith("the bot's") and "Discord's posting included" in lines[5]
