"""The Different Armies benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

import sys

import pytest

from bench import armies


def test_the_benchmark_prints_every_board_the_pyffish_call_and_both_goals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["armies.py", "--rounds", "2"])
    armies.main()
    printed = capsys.readouterr().out
    for row in (
        "FIDE move: parse, push, has_moves",
        "Different Armies move: parse, push, has_moves",
        "10x10 move: parse, push, has_moves",
        "one pyffish call (legal moves)",
        "Different Armies move / FIDE move:",
        "10x10 move / FIDE move:",
    ):
        assert row in printed
