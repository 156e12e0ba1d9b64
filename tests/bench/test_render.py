"""The render benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import render
from tests.bench.conftest import Printed


def test_the_render_benchmark_prints_its_rows_and_goals(printed_by: Printed) -> None:
    printed = printed_by(render, "--rounds", "1")
    for row in (
        "board_png, 640 px",
        "chess.svg.board + resvg",
        "overview_png, 16 boards",
        "board image in play",
        "PNG encoding of the same picture",
        "of which composed in indices",
        "of which drawn in RGB, mapped",
        "board image after each move",
    ):
        assert row in printed
    assert "SVG route / ours" in printed
    assert "board image / encoding the same picture" in printed
    assert "after each move / encoding the same picture" in printed
