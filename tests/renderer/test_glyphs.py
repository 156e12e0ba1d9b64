"""Clocks composed of glyphs drawn once are the lines Pillow draws whole, pixel for pixel."""

from __future__ import annotations

from datetime import timedelta
from itertools import product

import pytest

from games.elevator import Match
from renderer import board_png
from renderer.board import format_clock
from renderer.glyphs import SIGNS, Glyphs
from renderer.sprites import SPRITES, draw_text
from renderer.text import _measure

SECONDS = (0, 0.3, 5.5, 9.9, 10, 59, 61, 125, 599.9, 600, 3599, 3600, 3725, 86399, 90000, 200000)
CLOCKS = [format_clock(timedelta(seconds=seconds)) for seconds in SECONDS] + [
    f"{minutes}:{seconds:02d}" for minutes in range(0, 60, 3) for seconds in range(0, 60, 7)
]
ANCHORS = ("la", "lt", "lm", "rm", "mb", "ls", "rd")
SIZES = (9, 10, 11, 12, 13, 15, 18, 19, 21, 24, 28, 31, 36, 40)  # where the fonts' pixels differ


@pytest.mark.parametrize("bold", [False, True])
def test_a_clock_composed_of_glyphs_is_the_line_pillow_draws_whole(bold: bool) -> None:
    composed = tried = 0
    for size in SIZES:
        typeface = SPRITES.font(size, bold=bold)
        signs = Glyphs(size, bold)
        for text in CLOCKS:
            length = signs.length(text)
            assert length is None or length == typeface.getlength(text), (size, text)
            for anchor in ANCHORS:
                tried += 1
                line = signs.compose(text, anchor)
                if line is None:
                    continue
                composed += 1
                mask, left, top = draw_text(typeface, text, anchor)
                assert (line.left, line.top) == (left, top), (size, text, anchor)
                assert line.mask.size == mask.size, (size, text, anchor)
                assert line.mask.tobytes() == mask.tobytes(), (size, text, anchor)
    assert composed > 0.9 * tried


def test_words_and_lines_without_ink_are_left_to_pillow() -> None:
    signs = Glyphs(19, False)
    assert signs.compose("Board 3", "la") is None and signs.length("Board 3") is None
    assert signs.compose("  ", "lm") is None
    assert signs.compose("", "lm") is None and signs.length("") is None


def test_a_pair_pillow_sets_apart_from_its_glyphs_advances_is_left_to_pillow() -> None:
    kerned = 0
    for size in range(9, 41):
        typeface = SPRITES.font(size)
        signs = Glyphs(size, False)
        advance = {sign: round(typeface.getlength(sign) * 64) for sign in SIGNS}
        for first, second in product(sorted(SIGNS), repeat=2):
            pair = first + second
            if typeface.getlength(pair) * 64 != advance[first] + advance[second]:
                kerned += 1
                assert signs.length(f"1{pair}1") is None, (size, pair)
                assert signs.compose(f"1{pair}1", "lm") is None, (size, pair)
    assert kerned > 0  # Source Sans Pro kerns "d " at some sizes: the test checks something


def test_a_board_image_is_the_same_with_its_clocks_composed_or_drawn_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = Match(3)
    for move in ["e4", "d5", "exd5", "Nf6"]:
        match.play(2, move)
    clocks = [
        (timedelta(seconds=600 - 7.3 * ply), timedelta(seconds=9.3 + ply)) for ply in range(8)
    ]
    clocks.append((timedelta(hours=1, seconds=5), timedelta(days=2, hours=5)))

    def images() -> list[bytes]:
        SPRITES.clear()
        _measure.cache_clear()
        return [
            board_png(match, 2, perspective, size, names=("Zoë", "bob"), clocks=pair)
            for pair in clocks
            for perspective in ("white", "black")
            for size in (400, 640, 850)
        ]

    composed = images()
    monkeypatch.setattr(Glyphs, "compose", lambda self, text, anchor: None)
    monkeypatch.setattr(Glyphs, "length", lambda self, text: None)
    assert images() == composed
