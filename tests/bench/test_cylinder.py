"""The Cylindrical benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

import sys

import pytest

from bench import cylinder


def test_the_benchmark_prints_both_boards_and_the_goal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["cylinder.py", "--rounds", "2"])
    cylinder.main()
    printed = capsys.readouterr().out
    assert "Cylindrical move / FIDE move:" in printed
    for row in ("FIDE move: parse, push, has_moves", "Cylindrical move: parse, push, has_moves"):
        assert row in printed
