"""Boards composed in palette indices have the bytes of their RGB drawing mapped to the palette."""

from __future__ import annotations

from renderer.board import draw_board
from renderer.diagram import shows_stairs
from renderer.indexed import indexed_board
from renderer.palette import encode, png_bytes
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
