"""The load benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import load
from tests.bench.conftest import Printed


def test_the_load_benchmark_prints_its_rows_and_the_goal(printed_by: Printed) -> None:
    printed = printed_by(load, "--events", "60", "--repeats", "2")
    for row in (
        "parse the event rows",
        "cold load: parse + restore from states",
        "full replay: parse + replay the log",
    ):
        assert row in printed
    assert "goal: at most 10 ms" in printed
    assert "events: " in printed and "move" in printed


def test_the_playout_rides_and_reaches_the_length_asked_for() -> None:
    match = load.playout(300, load.SEED)
    kinds = {event.KIND for event in match.events}
    assert len(match.events) >= 300
    assert {"move", "ride", "arrive"} <= kinds
