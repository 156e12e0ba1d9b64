"""Fairy pieces: each reads apart from every other kind at Discord's preview, and on overviews."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops, ImageStat

from games.core.armies import ARMIES
from games.core.pieces import PIECE_KINDS
from games.good.kinds import REGISTRY_LETTERS
from renderer.art import ART, Fide, piece_sprite

GREY = (128, 128, 128)  # between the light and dark squares, so neither hides an outline
# a square's pixels where Discord previews a board image, and on an overview of 4 boards
SIZES = (37, 15)


def _on_grey(symbol: str, size: int) -> Image.Image:
    made = Image.new("RGB", (size, size), GREY)
    sprite = piece_sprite(symbol, size)
    made.paste(sprite, (0, 0), sprite)
    return made.convert("L")


def _distance(first: str, second: str, size: int) -> float:
    """Return how far apart two pieces look: the mean difference of their grey pixels."""
    difference = ImageChops.difference(_on_grey(first, size), _on_grey(second, size))
    return float(ImageStat.Stat(difference).mean[0])


@pytest.mark.parametrize("size", SIZES)
def test_no_two_kinds_look_closer_than_two_fide_pieces_do(size: int) -> None:
    fide = [letter for letter, recipe in ART.items() if isinstance(recipe, Fide)]
    closest_fide = min(
        _distance(case(a), case(b), size)
        for a, b in itertools.combinations(fide, 2)
        for case in (str.upper, str.lower)
    )
    close = {
        (case(a), case(b)): round(_distance(case(a), case(b), size), 1)
        for a, b in itertools.combinations(sorted(ART), 2)
        for case in (str.upper, str.lower)
    }
    alike = {pair: found for pair, found in close.items() if found < 0.85 * closest_fide}
    assert not alike, f"closest two FIDE pieces {closest_fide:.1f} apart; too close: {alike}"


def test_every_army_piece_has_its_own_drawing() -> None:
    for army in ARMIES.values():
        for letter in army.kinds:
            assert letter in ART, f"{army.title}' {letter} would be drawn as a lettered disc"


@pytest.mark.parametrize("letter", sorted(set("DWACSMFEGIHOLYX")))
def test_a_fairy_piece_stands_within_its_square_in_both_colours(letter: str) -> None:
    for symbol in (letter, letter.lower()):
        sprite = piece_sprite(symbol, 48)
        covered = sum(sprite.getchannel("A").histogram()[129:]) / 48**2
        assert 0.2 < covered < 0.8  # a figure, not a speck nor a filled square


def test_good_elevators_camel_prince_and_ox_have_their_own_drawings() -> None:
    named = [("C", "L", "walking camel"), ("I", "Y", "vaulting prince"), ("O", "X", "ox")]
    for good, letter, name in named:
        assert REGISTRY_LETTERS[good] == letter and PIECE_KINDS[letter].name == name
        assert not isinstance(ART[letter], Fide)
    assert set(REGISTRY_LETTERS.values()) <= set(ART)  # every kind of Good's has a drawing
