"""Lines of text fitted to the room they have."""

from __future__ import annotations

from PIL import Image

from renderer.palette import Colour
from renderer.sprites import SPRITES, Font

ELLIPSIS = "…"


def font(size: float) -> Font:
    """Return the regular text font at about size pixels."""
    return SPRITES.font(max(9, round(size)))


def printable(text: str) -> str:
    """Return text on one line: line breaks and other control characters become spaces."""
    return "".join(char if char.isprintable() else " " for char in text)


def fit(text: str, typeface: Font, width: float) -> str:
    """Return text on one line, cut with an ellipsis so that it fits in width pixels."""
    text = printable(text)
    if typeface.getlength(text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if typeface.getlength(text[:middle].rstrip() + ELLIPSIS) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def wrap(text: str, typeface: Font, width: float, lines: int) -> list[str]:
    """Break text into at most lines lines of width pixels, the last one cut if need be."""
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and typeface.getlength(f"{line} {words[0]}") <= width:
            line = f"{line} {words.pop(0)}"
        out.append(line)
    if words:
        out[-1] = fit(f"{out[-1]} {' '.join(words)}", typeface, width)
    return [fit(line, typeface, width) for line in out]


def write(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    typeface: Font,
    fill: Colour,
    *,
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """Draw one line of text in typeface's size, regular or bold."""
    mask, left, top = SPRITES.text(printable(text), round(typeface.size), bold, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    image.paste(fill, (x, y, x + mask.width, y + mask.height), mask)
