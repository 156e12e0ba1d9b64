"""The picker benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import picker
from tests.bench.conftest import Printed


def test_the_benchmark_prints_the_taps_alone_and_beside_a_match_and_the_goal(
    printed_by: Printed,
) -> None:
    arguments = ("--boards", "2", "--rate", "4", "--taps", "3")
    lines = printed_by(picker, *arguments).splitlines()
    assert lines[0].startswith("the real bot in the offline Discord: a player taps through")
    assert lines[1].split()[-1] == "moves/s"
    assert [line.split()[0] for line in lines[2:4]] == ["alone", "beside"]
    assert lines[4].startswith("a tap's p50 beside the match: ")
    assert "goal at most 100 ms" in lines[4]
