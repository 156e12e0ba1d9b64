"""The rules benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

import sys

import pytest

from bench import rules


def test_the_benchmark_prints_every_row_and_the_goals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["rules.py", "--rounds", "2"])
    rules.main()
    printed = capsys.readouterr().out
    assert "normal move / push_san:" in printed
    for row in ("ride, 1000-board ring", "create a 1000-board ring", "legal moves with rides"):
        assert row in printed
