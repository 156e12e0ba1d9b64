"""Names in any script drawn into every image that shows them, never as boxes."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image, ImageChops

from games.elevator import Match
from renderer import board_image, board_png, overview_image
from renderer.board import BoardLayout
from renderer.cells import square_origin
from renderer.chart import RatingChart, chart_image
from renderer.fonts import Fonts
from renderer.palette import PLAIN
from renderer.text import clusters
from tests.renderer.names import MISSING, NAMES

PHONE = 400  # pixels: the width Discord shows an image at on a phone


def boxed(name: str, index: int) -> str:
    """Return name with one cluster replaced by a character that every font draws as a box."""
    parts = clusters(name)
    parts[index] = MISSING
    return "".join(parts)


def short(name: str) -> str:
    """Return a name's first four clusters: an overview's teams share its width, and these fit."""
    return "".join(clusters(name)[:4])


def assert_every_cluster_is_drawn(name: str, draw: Callable[[str], Image.Image]) -> None:
    """Check that each cluster of name is drawn as something other than a box.

    A cluster drawn as a box leaves the image unchanged when it is swapped for a box.
    """
    drawn = draw(name)
    for index, part in enumerate(clusters(name)):
        if part.isspace():
            continue
        swapped = draw(boxed(name, index))
        assert ImageChops.difference(drawn, swapped).getbbox() is not None, (name, part)


@pytest.mark.parametrize("name", NAMES)
def test_players_names_in_a_board_image_are_drawn_in_their_script(noto: Fonts, name: str) -> None:
    match = Match(3, "ring")
    layout = BoardLayout.for_width(PHONE)

    def header(white: str) -> Image.Image:
        image = board_image(match, 1, "black", PHONE, names=(white, "Ann"))
        return image.crop((0, 0, PHONE, layout.top))

    assert_every_cluster_is_drawn(name, header)


@pytest.mark.parametrize("name", NAMES)
def test_team_names_in_an_overview_are_drawn_in_their_script(noto: Fonts, name: str) -> None:
    def overview(team: str) -> Image.Image:
        teams = [(team, "Kings"), ("Kings", "Rooks"), ("Rooks", "Bees"), ("Bees", team)]
        return overview_image(Match(4, teams=teams))

    assert_every_cluster_is_drawn(short(name), overview)


@pytest.mark.parametrize("name", NAMES)
def test_the_two_teams_names_in_an_overviews_score_are_drawn_in_their_script(
    noto: Fonts, name: str
) -> None:
    def overview(team: str) -> Image.Image:
        image = overview_image(Match(1, teams=[(team, "Kings")]))
        return image.crop((0, 0, image.width, 50))

    assert_every_cluster_is_drawn(short(name), overview)


@pytest.mark.parametrize("name", NAMES)
def test_a_players_name_in_a_rating_chart_is_drawn_in_their_script(noto: Fonts, name: str) -> None:
    def chart(who: str) -> Image.Image:
        return chart_image(RatingChart(f"{who}: Chess", ((1.7e9, 1500.0), (1.8e9, 1540.0))))

    assert_every_cluster_is_drawn(name, chart)


def test_an_emoji_keeps_its_colours_in_the_png_and_the_board_keeps_its_own(noto: Fonts) -> None:
    match = Match(3, "ring")
    png = board_png(match, 1, "white", PHONE, names=("😀🇯🇵 Ann", "Bo"))
    image = Image.open(io.BytesIO(png))
    assert image.mode == "P"
    image = image.convert("RGB")
    layout = BoardLayout.for_width(PHONE)
    header = image.crop((0, 0, PHONE, layout.top))
    colours = {colour for _, colour in header.getcolors(PHONE * layout.top) or []}
    yellow = [(r, g, b) for r, g, b in colours if r > 200 and 150 < g < 230 and b < 100]
    red = [(r, g, b) for r, g, b in colours if r > 170 and g < 60 and b < 80]
    assert yellow and red
    x, y = square_origin("e3", layout.square, "white")
    middle = (layout.left + x + layout.square // 2, layout.top + y + layout.square // 2)
    assert image.getpixel(middle) == PLAIN[1]
