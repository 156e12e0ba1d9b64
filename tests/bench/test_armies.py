"""The Different Armies benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import armies
from tests.bench.conftest import Printed


def test_the_benchmark_prints_every_board_the_pyffish_call_and_both_goals(
    printed_by: Printed,
) -> None:
    printed = printed_by(armies, "--rounds", "2")
    for row in (
        "FIDE move: parse, push, has_moves",
        "Different Armies move: parse, push, has_moves",
        "10x10 move: parse, push, has_moves",
        "one pyffish call (legal moves)",
        "Different Armies move / FIDE move:",
        "10x10 move / FIDE move:",
    ):
        assert row in printed
