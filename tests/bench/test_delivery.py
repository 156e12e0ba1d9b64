"""The delivery benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

import sys

import pytest

from bench import delivery


def test_the_delivery_benchmark_prints_both_workers_and_the_goal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["delivery.py", "--moves", "3"])
    delivery.main()
    printed = capsys.readouterr().out
    for row in ("woken when notices commit", "polling every 0.5 s (before)", "goal: at most 50"):
        assert row in printed
