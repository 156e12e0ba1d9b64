"""The Escher benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import escher
from tests.bench.conftest import Printed


def test_the_benchmark_prints_both_boards_and_the_goal(printed_by: Printed) -> None:
    printed = printed_by(escher, "--rounds", "2")
    assert "Escher move / FIDE move:" in printed
    assert "Escher board image / FIDE board image:" in printed
    for row in ("FIDE move: parse, push, has_moves", "Escher board image, 640 px"):
        assert row in printed


def test_the_escher_game_follows_the_sample_opening_then_plays_on() -> None:
    game = escher.escher_game(30)
    assert game[: len(escher.SAMPLE)] == list(escher.SAMPLE)
    assert len(game) == 30
