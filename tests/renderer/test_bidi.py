"""The order of text in two directions, with fribidi and on a machine without it."""

from __future__ import annotations

import pytest

from renderer import bidi
from renderer.text import clusters, isolate, levels, visual_order


@pytest.fixture(params=["fribidi", "without fribidi"])
def ordering(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test with fribidi, then as on a machine where libfribidi0 is not installed."""
    if request.param == "fribidi":
        if bidi.fribidi() is None:
            pytest.skip("libfribidi0 is not installed: apt-get install libfribidi0")
    else:
        monkeypatch.setattr(bidi, "fribidi", lambda: None)
    return str(request.param)


def test_an_isolated_name_reads_right_to_left_in_a_line_that_stays_left_to_right(
    ordering: str,
) -> None:
    title = f"{isolate('שלום')}: Chess"
    assert levels(clusters(title)) == [0, 1, 1, 1, 1, 0] + [0] * len(": Chess")
    assert isolate("a\u2069b") == "\u2068ab\u2069"


def test_a_left_to_right_line_is_drawn_in_logical_order_and_a_right_to_left_one_reversed(
    ordering: str,
) -> None:
    assert visual_order(levels(clusters("ab"))) == [0, 1]
    assert visual_order(levels(clusters("אב"))) == [1, 0]
    assert visual_order(levels(clusters("אב 12"))) == [3, 4, 2, 1, 0]
    assert visual_order(levels(clusters("שלום עולם"))) == list(range(8, -1, -1))
    assert levels([]) == visual_order([]) == []
