"""The colours of every image, and the one fixed palette every image is written in.

Images are drawn in RGB, then mapped onto a fixed palette built from these colours and
the blends that anti-aliasing makes between them. A fixed palette maps in about a
millisecond, where choosing one per image takes ten, and it makes PNGs small and GIF
frames share one palette.
"""

from __future__ import annotations

import functools
import hashlib
import io
from typing import Final

from PIL import Image

from renderer.sprites import SPRITES

Colour = tuple[int, int, int]
Tint = tuple[Colour, Colour]  # on a light square, on a dark square


def snap(colour: Colour) -> Colour:
    """Return the colour with every channel a multiple of 4.

    Pillow maps a pixel to the palette entry nearest to it with its channels cut to
    multiples of 4; a palette of such colours is therefore matched exactly.
    """
    r, g, b = (min(252, (channel + 2) // 4 * 4) for channel in colour)
    return (r, g, b)


BLACK: Final[Colour] = (0, 0, 0)
WHITE: Final[Colour] = (255, 255, 255)

BACKGROUND: Final[Colour] = snap((0x2B, 0x2D, 0x31))
PANEL: Final[Colour] = snap((0x35, 0x38, 0x3E))
TEXT: Final[Colour] = snap((0xF2, 0xF3, 0xF5))
MUTED: Final[Colour] = snap((0xA3, 0xA8, 0xB0))

PLAIN: Final[Tint] = (snap((0xE9, 0xE4, 0xD4)), snap((0x8F, 0xA6, 0xB2)))
ELEVATOR: Final[Tint] = (snap((0xF5, 0xE4, 0xB8)), snap((0xC8, 0xB4, 0x84)))
LAST_MOVE: Final[Tint] = (snap((0xE6, 0xE3, 0x8F)), snap((0xAE, 0xB5, 0x6B)))
DEPARTED: Final[Tint] = (snap((0xDD, 0xCC, 0xEC)), snap((0xA4, 0x92, 0xC4)))
ARRIVED: Final[Tint] = (snap((0xBC, 0xE4, 0xE6)), snap((0x72, 0xB4, 0xBD)))
CHECK: Final[Tint] = (snap((0xEF, 0x85, 0x72)), snap((0xD4, 0x5E, 0x4D)))
CAPTURABLE: Final[Tint] = (snap((0xF2, 0x6A, 0x4F)), snap((0xD0, 0x42, 0x2E)))

ELEVATOR_MARK: Final[Colour] = snap((0xD9, 0x8B, 0x12))
CLOSED_MARK: Final[Colour] = snap((0x6B, 0x6F, 0x76))
DEPARTED_MARK: Final[Colour] = snap((0x5B, 0x34, 0x8E))
ARRIVED_MARK: Final[Colour] = snap((0x0E, 0x66, 0x72))
CAPTURE_MARK: Final[Colour] = snap((0xA3, 0x17, 0x0D))
# a side file lines bounce off (a billiards table's cushion): the teal of a table's felt,
# one of the marks already, so that no image's palette changes for it
CUSHION: Final[Colour] = ARRIVED_MARK

# a staircase of an Escher board: a band over its squares, its chevrons and ends in the mark
STAIR: Final[Tint] = (snap((0xF0, 0xB4, 0xD2)), snap((0xD2, 0x84, 0xB0)))
STAIR_MARK: Final[Colour] = snap((0x86, 0x1A, 0x58))

# a game whose turns are many actions (Ender's Chess): the turn's earlier actions, paler than
# the latest, the tick on a piece moved this turn and the frame of a gate
EARLIER_MOVE: Final[Tint] = (snap((0xF0, 0xE8, 0xA8)), snap((0xC0, 0xC4, 0x8C)))
MOVED_MARK: Final[Colour] = snap((0x2E, 0x6B, 0x2A))
GATE_MARK: Final[Colour] = snap((0x7B, 0x2F, 0xBE))

DIM_SHARE: Final = 0.45  # how far a finished board fades towards the background

# the key, in an image's info, of the boxes where colour glyphs (emoji) were drawn on it
COLOUR_GLYPHS: Final = "elevator colour glyphs"


def mix(first: Colour, second: Colour, share: float) -> Colour:
    """Return first blended with share of second (not snapped)."""
    r, g, b = (round(a + (z - a) * share) for a, z in zip(first, second, strict=True))
    return (r, g, b)


def dim(colour: Colour) -> Colour:
    """Return a colour as it shows on a finished board."""
    return mix(colour, BACKGROUND, DIM_SHARE)


def _ramp(start: Colour, end: Colour, steps: int) -> list[Colour]:
    return [snap(mix(start, end, i / (steps + 1))) for i in range(1, steps + 1)]


def colours(*, stairs: bool = False, turns: bool = False) -> list[Colour]:
    """Return the colours of the fixed palette: the theme and the blends between them.

    stairs adds the staircases' colours, turns those of turns of many actions, for the
    boards that have them: the palette of every other image stays as it was, and so do
    their bytes.
    """
    return list(_colours(stairs, turns))


@functools.cache
def _colours(stairs: bool, turns: bool) -> tuple[Colour, ...]:
    """Work out the palette's colours once for each of the four kinds of image."""
    squares = [c for tint in (PLAIN, ELEVATOR, LAST_MOVE, DEPARTED, ARRIVED) for c in tint]
    alarms = [c for tint in (CHECK, CAPTURABLE) for c in tint]
    marks = [ELEVATOR_MARK, CLOSED_MARK, DEPARTED_MARK, ARRIVED_MARK, CAPTURE_MARK]
    found: list[Colour] = [BLACK, WHITE, BACKGROUND, PANEL, TEXT, MUTED]
    found += _ramp(BLACK, WHITE, 22)
    for text in (TEXT, MUTED):
        found += _ramp(BACKGROUND, text, 5) + _ramp(PANEL, text, 3)
    for base in squares + alarms:
        # piece outlines are black, white pieces white: their edges blend with the square
        found += [base, *_ramp(base, BLACK, 5), *_ramp(base, WHITE, 1)]
    for base in squares:
        faded = snap(dim(base))
        found += [faded, *_ramp(faded, dim(BLACK), 3), *_ramp(faded, dim(WHITE), 1)]
    for base in marks:
        found += [base, *_ramp(base, WHITE, 2)]
    if stairs:
        found += [*STAIR, STAIR_MARK, *_ramp(STAIR_MARK, WHITE, 2)]
        for base in STAIR:
            found += [*_ramp(base, BLACK, 5), *_ramp(base, WHITE, 1), *_ramp(base, STAIR_MARK, 1)]
            faded = snap(dim(base))
            found += [faded, *_ramp(faded, dim(BLACK), 3), *_ramp(faded, dim(WHITE), 1)]
        found.append(snap(dim(STAIR_MARK)))
    if turns:
        for base in EARLIER_MOVE:
            found += [base, *_ramp(base, BLACK, 5), *_ramp(base, WHITE, 1)]
            faded = snap(dim(base))
            found += [faded, *_ramp(faded, dim(BLACK), 3), *_ramp(faded, dim(WHITE), 1)]
        for mark in (MOVED_MARK, GATE_MARK):
            found += [mark, *_ramp(mark, WHITE, 2), snap(dim(mark))]
    unique = tuple(dict.fromkeys(found))  # black and white stay exact: the ends of every ramp
    if len(unique) > 256:
        raise AssertionError(f"the palette has {len(unique)} colours, more than 256")
    return unique


@functools.cache
def _palette_image(*, stairs: bool, turns: bool) -> Image.Image:
    entries = colours(stairs=stairs, turns=turns)
    entries += [BLACK] * (256 - len(entries))
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in entries for channel in colour])
    return image


def mark_colour_glyphs(image: Image.Image, box: tuple[int, int, int, int]) -> None:
    """Note that colour glyphs (emoji) stand in a box of an image, so its palette keeps them."""
    image.info.setdefault(COLOUR_GLYPHS, []).append(box)


def to_palette(image: Image.Image, *, stairs: bool = False, turns: bool = False) -> Image.Image:
    """Map an RGB image onto the fixed palette (with stairs or turns colours), no dithering.

    An image with colour glyphs (mark_colour_glyphs) gets their colours in the palette's
    free entries, chosen from the glyphs' pixels: the fixed colours stay as they are.
    """
    boxes = image.info.get(COLOUR_GLYPHS)
    if boxes:
        palette = glyph_palette([image.crop(box) for box in boxes], stairs=stairs, turns=turns)[1]
    else:
        palette = _palette_image(stairs=stairs, turns=turns)
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def fixed_palette(*, stairs: bool = False, turns: bool = False) -> Image.Image:
    """Return the fixed palette (with stairs or turns colours) as a palette image."""
    return _palette_image(stairs=stairs, turns=turns)


def glyph_palette(
    crops: list[Image.Image], *, stairs: bool = False, turns: bool = False
) -> tuple[bytes, Image.Image]:
    """Return the palette of an image whose colour glyphs stand in crops, and its key.

    The key is a digest of the glyphs' pixels: the same names drawn in the same place give
    the same palette, chosen once.
    """
    strip = Image.new("RGB", (sum(crop.width for crop in crops), max(c.height for c in crops)))
    x = 0
    for crop in crops:
        strip.paste(crop, (x, 0))
        x += crop.width
    pixels = hashlib.blake2b(repr(strip.size).encode() + strip.tobytes(), digest_size=16).digest()
    key = ("glyph palette", pixels, stairs, turns)
    fixed = _colours(stairs, turns)
    return pixels, SPRITES.get(key, lambda: _with_glyphs(strip, fixed))


def _with_glyphs(strip: Image.Image, fixed: tuple[Colour, ...]) -> Image.Image:
    """Return the fixed palette with its free entries taken by the colours of a glyph strip.

    It is made once for each strip (the same names in the same place): choosing the colours
    costs more than drawing the rest of the image.
    """
    room = 256 - len(fixed)
    found = strip.quantize(colors=room, method=Image.Quantize.MEDIANCUT).getpalette() or []
    channels = [channel for colour in fixed for channel in colour] + found[: 3 * room]
    palette = Image.new("P", (1, 1))
    palette.putpalette(channels + [0] * (768 - len(channels)))
    return palette


def png_bytes(image: Image.Image, *, stairs: bool = False, turns: bool = False) -> bytes:
    """Encode an RGB image as a palette PNG; stairs: it shows staircases, turns: many actions."""
    return encode(to_palette(image, stairs=stairs, turns=turns))


def encode(paletted: Image.Image) -> bytes:
    """Encode a finished (palette) image as PNG, as every image of the bot is written."""
    out = io.BytesIO()
    paletted.save(out, "PNG", compress_level=3, compress_type=3)
    return out.getvalue()
