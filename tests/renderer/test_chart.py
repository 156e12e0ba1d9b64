"""The rating chart: its size, its line where the ratings are, its gridlines around them."""

from __future__ import annotations

import io

from PIL import Image

from renderer.chart import RatingChart, chart_image, chart_png
from renderer.palette import BACKGROUND, ELEVATOR_MARK, PANEL


def chart(*ratings: float) -> RatingChart:
    return RatingChart(
        "Chess", tuple((1.7e9 + day * 86400.0, rating) for day, rating in enumerate(ratings))
    )


def test_a_chart_is_a_400_pixel_wide_png_in_the_fixed_palette() -> None:
    image = Image.open(io.BytesIO(chart_png(chart(1500, 1662, 1580))))
    assert image.format == "PNG" and image.size == (400, 200) and image.mode == "P"


def test_the_line_rises_where_the_rating_rises() -> None:
    image = chart_image(chart(1500, 1800))
    marked = [
        (x, y)
        for x in range(image.width)
        for y in range(image.height)
        if image.getpixel((x, y)) == ELEVATOR_MARK
    ]
    first = [y for x, y in marked if x < image.width // 3]
    last = [y for x, y in marked if x > image.width * 2 // 3]
    assert first and last and min(last) < min(first)  # higher on the right: a rise


def test_the_plot_area_stands_on_the_background_and_a_lone_point_still_shows() -> None:
    image = chart_image(chart(1662))
    assert image.getpixel((0, 0)) == BACKGROUND
    colours = {colour for _, colour in image.getcolors(image.width * image.height) or []}
    assert PANEL in colours and ELEVATOR_MARK in colours
