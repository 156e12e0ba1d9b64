"""The render benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

import sys

import pytest

from bench import render


def test_the_render_benchmark_prints_its_rows_and_goals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["render.py", "--rounds", "1"])
    render.main()
    printed = capsys.readouterr().out
    for row in ("board_png, 640 px", "chess.svg.board + resvg", "overview_png, 16 boards"):
        assert row in printed
    assert "SVG route / ours" in printed
