"""The outbox benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import outbox
from tests.bench.conftest import Printed


def test_the_outbox_benchmark_prints_every_case_beside_the_empty_one(printed_by: Printed) -> None:
    arguments = ["--matches", "4", "--per-match", "5", "--delivered", "30", "--moves", "5"]
    printed = printed_by(outbox, *arguments)
    for row in (
        "a move, the outbox empty",
        "a move, 20 notices pending",
        "a move, 20 pending, pruning 30",
        "the worker's look for due notices",
        "a player's games (matches_of)",
        "the prune: 30 rows",
    ):
        assert row in printed
