"""The Escher benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

import sys

import pytest

from bench import escher


def test_the_benchmark_prints_both_boards_and_the_goal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["escher.py", "--rounds", "2"])
    escher.main()
    printed = capsys.readouterr().out
    assert "Escher move / FIDE move:" in printed
    assert "Escher board image / FIDE board image:" in printed
    for row in ("FIDE move: parse, push, has_moves", "Escher board image, 640 px"):
        assert row in printed


def test_the_escher_game_follows_the_sample_opening_then_plays_on() -> None:
    game = escher.escher_game(30)
    assert game[: len(escher.SAMPLE)] == list(escher.SAMPLE)
    assert len(game) == 30
