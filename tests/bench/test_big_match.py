"""The big-match benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

import sys

import pytest

from bench import big_match


def test_the_big_match_benchmark_prints_both_matches_side_by_side(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    given = ["--moves", "2", "--boards", "50", "--speed", "20"]  # limits passing 20x faster
    monkeypatch.setattr(sys, "argv", ["big_match.py", *given])
    big_match.main()
    printed = capsys.readouterr().out
    for row in ("2 boards", "50 boards", "50 boards / 2 boards, a move's p50"):
        assert row in printed
