"""The sprite cache: made once, shared by threads, kept within its budget."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageDraw

from games.elevator import Match
from renderer import board_png
from renderer.sprites import ENTRY, SPRITES, SpriteCache, draw_text


def test_pieces_are_rasterised_once_per_size() -> None:
    first = SPRITES.pieces(37)
    assert SPRITES.pieces(37) is first
    assert sorted(first) == sorted("PNBRQKpnbrqk")
    assert all(sprite.size == (37, 37) and sprite.mode == "RGBA" for sprite in first.values())
    # a sprite is transparent in its corner and opaque in its middle
    king = first["K"]
    assert king.getpixel((0, 0))[3] == 0  # type: ignore[index]
    assert king.getpixel((18, 18))[3] == 255  # type: ignore[index]


def test_threads_rendering_at_once_draw_the_same_image() -> None:
    match = Match(3)
    for move in ["e4", "d5", "exd5", "Nf6"]:
        match.play(2, move)
    expected = board_png(match, 2, size=333)
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda _: board_png(match, 2, size=333), range(16)))
    assert all(result == expected for result in results)


def _three_made() -> tuple[SpriteCache, list[str], Callable[[str], Image.Image]]:
    """Return a cache with room for three images, a, b and c made in turn, and the maker."""
    cache = SpriteCache(budget=3 * (100 * 100 * 3 + ENTRY))
    made: list[str] = []

    def image(name: str) -> Image.Image:
        made.append(name)
        return Image.new("RGB", (100, 100))

    for name in ["a", "b", "c"]:
        cache.get(name, lambda name=name: image(name))  # type: ignore[misc]
    return cache, made, image


def test_the_cache_drops_the_least_recently_used_past_its_budget() -> None:
    cache, made, image = _three_made()
    cache.get("a", lambda: image("a again"))  # still there: a is now the most recent
    cache.get("d", lambda: image("d"))  # over budget: b goes
    cache.get("b", lambda: image("b again"))
    assert made == ["a", "b", "c", "d", "b again"]


def test_a_smaller_budget_drops_the_least_recently_used_at_once() -> None:
    cache, made, image = _three_made()
    cache.resize(100 * 100 * 3 + ENTRY)  # room for one: a and b go, c stays
    for name in ["c", "b"]:
        cache.get(name, lambda name=name: image(f"{name} again"))  # type: ignore[misc]
    assert made == ["a", "b", "c", "b again"]


def test_each_entry_counts_what_it_holds_beyond_its_pixels() -> None:
    cache = SpriteCache(budget=100 * 1024)  # a small mask holds about 1 KB beyond its pixels
    made: list[int] = []

    def mask(number: int) -> Image.Image:
        made.append(number)
        return Image.new("L", (10, 10))  # 100 bytes of pixels

    for number in range(200):
        cache.get(number, lambda number=number: mask(number))  # type: ignore[misc]
    cache.get(0, lambda: mask(0))  # the first of 200 masks went: they hold over 100 KB
    assert made == [*range(200), 0]


@pytest.mark.parametrize("anchor", ["la", "lt", "lm", "rm", "mb"])
@pytest.mark.parametrize("bold", [False, True])
def test_a_line_of_text_is_the_mask_pillow_draws_for_it(anchor: str, bold: bool) -> None:
    lines = ["4:05", "0:09.3", "1:02:03", "White to move · move 12", "Zoë Ångström", "", " "]
    typeface = SPRITES.font(19, bold=bold)
    for text in lines:
        left, top, right, bottom = typeface.getbbox(text, anchor=anchor)
        expected = Image.new("L", (max(1, right - left), max(1, bottom - top)))
        ImageDraw.Draw(expected).text((-left, -top), text, font=typeface, fill=255, anchor=anchor)
        mask, x, y = draw_text(typeface, text, anchor)
        assert (x, y) == (left, top), text
        assert mask.size == expected.size and mask.tobytes() == expected.tobytes(), text
