"""The service benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

import sys

import pytest

from bench import service


def test_the_service_benchmark_prints_its_rows_and_goals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["service.py", "--matches", "3", "--memory-matches", "5"])
    service.main()
    printed = capsys.readouterr().out
    for row in ("a move through the service", "bare Match (baseline)", "moves per second"):
        assert row in printed
    assert "MB per 1,000" in printed
