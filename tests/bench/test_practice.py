"""The practice opponent's benchmark still runs, with or without Stockfish; its numbers are
read by people, never asserted."""

from __future__ import annotations

import sys

import pytest

import games
from bench import practice


def test_the_benchmark_prints_a_row_for_every_game_and_says_whether_stockfish_played(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    short = ["--games", "1", "--turns", "2", "--budget", "0.05", "--strength", "1"]
    monkeypatch.setattr(sys, "argv", ["practice.py", *short])
    practice.main()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Stockfish: ")
    rows = [line.split()[0] for line in lines[3:]]
    assert rows == [*games.KINDS, "elevator+escher", "elevator+armies"]
