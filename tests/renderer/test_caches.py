"""What the renderer draws once and reuses leaves every picture as drawing it afresh does."""

from __future__ import annotations

import pytest

from games.elevator import Match
from renderer import board_png
from renderer import panel as panel_module
from renderer.sprites import SPRITES
from renderer.text import _measure
from tests.renderer.pictures import pictures


def _forget() -> None:
    SPRITES.clear()
    _measure.cache_clear()


def _count_panels(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count each neighbour panel drawn from now on: the list grows by one a panel."""
    drawn: list[int] = []
    draw = panel_module._draw_neighbours

    def counted(*args: object, **kwargs: object) -> None:
        drawn.append(1)
        draw(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(panel_module, "_draw_neighbours", counted)
    return drawn


def test_every_picture_is_the_same_drawn_from_empty_caches_and_from_full_ones() -> None:
    drawn = 0
    for label, draw in pictures():
        _forget()
        cold = draw()
        assert draw() == cold, label
        drawn += 1
    assert drawn > 100


def test_a_neighbour_panel_is_drawn_once_and_reused_while_its_boards_stay_as_they_are(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = _count_panels(monkeypatch)
    match = Match(3)
    _forget()
    board_png(match, 2, names=("Ana", "Bo"))  # whole, and without its titles to write them on
    board_png(match, 2, names=("Cy", "Di"))  # the header changes, the panel does not
    assert len(drawn) == 2
    match.play(1, "e4")  # board 1's turn changes: its part of the panel does
    board_png(match, 2)
    assert len(drawn) == 4


def test_boards_whose_neighbours_differ_only_in_number_share_one_panel_and_keep_their_pixels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = Match(12, "ring")
    _forget()
    draw = panel_module._draw_neighbours
    drawn = _count_panels(monkeypatch)
    shared = [board_png(match, board) for board in range(1, 13)]
    assert len(drawn) == 2  # the first board's panel, whole and without titles
    monkeypatch.setattr(panel_module, "_draw_neighbours", draw)
    for board, image in enumerate(shared, start=1):
        _forget()
        assert image == board_png(match, board, size=640), board
