"""The clocks benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

import sys

import pytest

from bench import clocks


def test_the_clocks_benchmark_prints_its_rows_side_by_side(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["clocks.py", "--matches", "2", "--idle", "5"])
    clocks.main()
    printed = capsys.readouterr().out
    for row in ("untimed match (baseline)", "live-clock match", "nothing due", "one flag"):
        assert row in printed
    assert "MB more per 1,000" in printed
