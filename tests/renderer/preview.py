"""Measuring images as Discord's 400 px preview shows them: ink, its runs, text contrast."""

from __future__ import annotations

from PIL import Image

from renderer.palette import BACKGROUND
from renderer.rulers import PREVIEW


def luminance(colour: tuple[int, int, int]) -> float:
    """Return a colour's relative luminance, as WCAG defines it for contrast."""
    linear = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def runs(marks: list[bool]) -> list[tuple[int, int]]:
    """Return the runs of True in a row of marks, as (first, past the last)."""
    found: list[tuple[int, int]] = []
    for index, mark in enumerate(marks):
        if mark and (not found or found[-1][1] != index):
            found.append((index, index + 1))
        elif mark:
            found[-1] = (found[-1][0], index + 1)
    return found


def shrink(image: Image.Image) -> Image.Image:
    """Scale an image to the preview's width, as Discord shows it in a chat."""
    scale = PREVIEW / image.width
    return image.resize((PREVIEW, round(image.height * scale)), Image.Resampling.LANCZOS)


def ink(image: Image.Image, box: tuple[float, float, float, float]) -> list[list[bool]]:
    """Return which pixels of a box stand out from the background, row by row."""
    threshold = (luminance(BACKGROUND) + 1.0) / 2 * 0.5
    left, top, right, bottom = (round(v) for v in box)
    return [
        [luminance(image.getpixel((x, y))) > threshold for x in range(left, right)]  # type: ignore[arg-type]
        for y in range(top, bottom)
    ]


def contrast(image: Image.Image, box: tuple[float, float, float, float]) -> float:
    """Return the contrast of a box's brightest ink against the background, as WCAG rates it."""
    left, top = round(box[0]), round(box[1])
    brightest = max(
        luminance(image.getpixel((left + x, top + y)))  # type: ignore[arg-type]
        for y, row in enumerate(ink(image, box))
        for x, on in enumerate(row)
        if on
    )
    return (brightest + 0.05) / (luminance(BACKGROUND) + 0.05)
