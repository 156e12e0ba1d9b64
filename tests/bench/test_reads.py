"""The reads benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

import sys

import pytest

from bench import reads


def test_the_reads_benchmark_prints_each_read_and_the_goal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["reads.py", "--boards", "40", "--repeats", "3"])
    reads.main()
    printed = capsys.readouterr().out
    for row in ("a board's view", "the overview's 40 boards", "before: the whole copy"):
        assert row in printed
    assert "goal: no read holds the event loop for more than 5 ms" in printed
