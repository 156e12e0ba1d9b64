"""Boards composed in palette indices have the bytes of their RGB drawing mapped to the palette."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

from renderer import indexed as indexed_module
from renderer.board import draw_board
from renderer.diagram import shows_stairs
from renderer.indexed import (
    FIXED,
    Lines,
    Palette,
    _mapped,
    _mapped_line,
    _patch,
    indexed_board,
    plain,
)
from renderer.palette import (
    ARRIVED_MARK,
    BACKGROUND,
    DEPARTED,
    DEPARTED_MARK,
    MUTED,
    TEXT,
    WHITE,
    Colour,
    encode,
    png_bytes,
)
from renderer.sprites import SPRITES
from renderer.text import draw_line
from renderer.turnmarks import shows_turns
from tests.renderer.pictures import CLOCKS, NAMES, PERSPECTIVES, board_views


def test_a_board_composed_in_indices_is_byte_for_byte_the_board_drawn_and_mapped() -> None:
    composed = 0
    for index, (label, view) in enumerate(board_views()):
        for perspective in PERSPECTIVES:
            for names, clocks in ((NAMES[index % len(NAMES)], CLOCKS), (None, None)):
                image = indexed_board(view, perspective, 640, names=names, clocks=clocks)
                if image is None:
                    continue
                composed += 1
                drawn = draw_board(view, perspective, 640, names=names, clocks=clocks)
                expected = png_bytes(drawn, stairs=shows_stairs(view), turns=shows_turns(view))
                assert encode(image) == expected, (label, perspective, names)
    assert composed >= 40


def _with_emoji() -> Palette:
    """Return the palette of an image whose header has an emoji."""
    lines = Lines()
    lines.write((0, 0), "dragon 🐉 rider", SPRITES.font(19), TEXT)
    return lines.palette()


@pytest.mark.parametrize(
    ("fill", "under"),
    [(TEXT, BACKGROUND), (MUTED, BACKGROUND), (WHITE, ARRIVED_MARK), (DEPARTED_MARK, DEPARTED[1])],
)
@pytest.mark.parametrize("emoji", [False, True])
def test_a_line_mapped_by_its_table_is_the_line_drawn_on_its_colour_and_mapped(
    fill: Colour, under: Colour, emoji: bool
) -> None:
    palette = _with_emoji() if emoji else FIXED
    for text in ["4:05", "0:09.3", "White to move · move 12", "Zoë Ångström", "Алексей", "李小龍"]:
        drawn = draw_line(text, 19, anchor="rm")
        patch, ink = _mapped_line(drawn, fill, under, palette)
        expected = _mapped(_patch(drawn, fill, under), palette)
        assert patch.size == expected.size and patch.tobytes() == expected.tobytes(), text
        assert ink.tobytes() == drawn.mask.point(lambda value: 255 if value else 0).tobytes()


def test_a_board_whose_panel_has_emoji_is_left_to_the_rgb_drawing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    label, view = next((label, view) for label, view in board_views() if plain(view))
    drawn = indexed_module.neighbour_panel

    def with_emoji(*args: Any) -> tuple[Image.Image, list[tuple[int, int, int, int]]]:
        picture, _ = drawn(*args)
        return picture, [(0, 0, 4, 4)]

    SPRITES.clear()
    monkeypatch.setattr(indexed_module, "neighbour_panel", with_emoji)
    assert indexed_board(view, "white", 640) is None, label
    SPRITES.clear()
