"""A small chart of a rating over time, drawn from plain points (never from the games)."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from renderer.palette import BACKGROUND, ELEVATOR_MARK, MUTED, PANEL, TEXT, png_bytes
from renderer.text import fit, font, write

STEP: Final = 50  # rating between gridlines, at the least


@dataclass(frozen=True)
class RatingChart:
    """What a rating chart shows: a title, and (when, rating) points, oldest first."""

    title: str
    points: tuple[tuple[float, float], ...]


def _dated(at: float) -> str:
    return time.strftime("%d %b %Y", time.gmtime(at)).lstrip("0")


def _grid(low: float, high: float) -> tuple[int, int, int]:
    """Return the gridlines' lowest, highest and step: round numbers around low and high."""
    step = STEP
    while (high - low) / step > 4:
        step *= 2
    bottom = math.floor(low / step) * step
    top = max(math.ceil(high / step) * step, bottom + step)
    return bottom, top, step


def chart_image(chart: RatingChart, width: int = 400) -> Image.Image:
    """Draw the rating after each rated match as a line over round-numbered gridlines."""
    height = width // 2
    pad = width // 25
    title, label = font(width * 0.045), font(width * 0.032)
    image = Image.new("RGB", (width, height), BACKGROUND)
    heading = fit(chart.title, title, width - 2 * pad, bold=True)
    write(image, (pad, pad), heading, title, TEXT, bold=True)
    ratings = [rating for _, rating in chart.points] or [1500.0]
    bottom, top, step = _grid(min(ratings), max(ratings))
    left = pad + round(label.getlength(f"{top:,}")) + pad // 2
    right, upper = width - pad, pad + round(title.size * 1.8)
    lower = height - pad - round(label.size * 1.6)
    draw = ImageDraw.Draw(image)
    draw.rectangle((left, upper, right, lower), fill=PANEL)

    def y_of(rating: float) -> float:
        return lower - (rating - bottom) / (top - bottom) * (lower - upper)

    for line in range(bottom, top + 1, step):
        y = round(y_of(line))
        draw.line((left, y, right, y), fill=BACKGROUND, width=1)
        write(image, (left - pad // 3, y), f"{line:,}", label, MUTED, anchor="rm")
    count = len(ratings)
    xs = [left + (right - left) * (i + 0.5) / count for i in range(count)]
    spots = [(round(x), round(y_of(r))) for x, r in zip(xs, ratings, strict=True)]
    if len(spots) > 1:
        draw.line(spots, fill=ELEVATOR_MARK, width=max(2, width // 130), joint="curve")
    dot = max(2, width // 100)
    for x, y in spots:
        draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=ELEVATOR_MARK)
    if chart.points:
        base = lower + label.size * 0.4
        games = f"{count} rated game{'s' if count != 1 else ''}"
        write(image, (left, base), _dated(chart.points[0][0]), label, MUTED, anchor="lt")
        write(image, ((left + right) / 2, base), games, label, MUTED, anchor="mt")
        if count > 1:
            write(image, (right, base), _dated(chart.points[-1][0]), label, MUTED, anchor="rt")
    return image


def chart_png(chart: RatingChart, width: int = 400) -> bytes:
    """Return the rating chart as a PNG; see chart_image."""
    return png_bytes(chart_image(chart, width))
