"""The fonts' character maps, read from their files, against what Pillow draws with them."""

from __future__ import annotations

from itertools import pairwise

from PIL import Image, ImageDraw

from renderer.fonts import Fonts, read_cmap
from tests.renderer.names import MISSING


def test_source_sans_has_exactly_the_characters_it_draws_as_more_than_its_box() -> None:
    face = Fonts([]).primary(bold=False)
    typeface = face.font(24)

    def drawn(char: str) -> bytes:
        image = Image.new("L", (60, 60))
        ImageDraw.Draw(image).text((10, 10), char, font=typeface, fill=255)
        return image.tobytes()

    box = drawn(MISSING)
    for point in range(0x21, 0x530):
        char = chr(point)
        if char.isprintable() and face.has(char):
            assert drawn(char) != box, f"U+{point:04X}"
    assert face.has("A") and face.has("ë") and face.has("Ж")
    assert not face.has("李") and not face.has("ש")


def test_a_character_map_is_read_as_sorted_ranges_that_do_not_touch() -> None:
    ranges = read_cmap(Fonts([]).primary(bold=True).path)
    assert ranges == sorted(ranges)
    assert all(last + 1 < first for (_, last), (first, _) in pairwise(ranges))
