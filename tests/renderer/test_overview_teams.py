"""Overviews of a match of more than two teams name each board's teams, readably."""

from __future__ import annotations

import io

from PIL import Image

from games.elevator import Match
from renderer import overview_png
from renderer.grid import GridLayout
from renderer.palette import TEXT
from renderer.rulers import PREVIEW
from tests.renderer.preview import contrast, runs, shrink
from views.model import match_view

FOUR_TEAMS = [
    ("Team A", "Team B"),
    ("Team A", "Team C"),
    ("Team D", "Team C"),
    ("Team D", "Team B"),
]


def test_a_view_of_four_teams_names_each_boards_teams() -> None:
    match = Match(4, teams=FOUR_TEAMS)
    assert match_view(match, [2, 3]).teams == (FOUR_TEAMS[1], FOUR_TEAMS[2])


def test_a_view_of_two_teams_names_none_and_keeps_its_overview() -> None:
    match = Match(4, teams=[("Red", "Blue"), ("Blue", "Red")] * 2)
    assert match_view(match, [1, 2, 3, 4]).teams == ()
    image = Image.open(io.BytesIO(overview_png(match)))
    assert image.size == (GridLayout.for_count(4).width, GridLayout.for_count(4).height)


def test_each_boards_teams_are_written_above_it_at_the_preview() -> None:
    match = Match(4, teams=FOUR_TEAMS)
    image = Image.open(io.BytesIO(overview_png(match))).convert("RGB")
    layout = GridLayout.for_count(4, teams=True)
    assert image.size == (layout.width, layout.height)
    preview = shrink(image)
    scale = PREVIEW / layout.width
    for index in range(4):
        left, top = layout.board_origin(index)
        line_top = top - layout.head + layout.label_height
        box = (left * scale, line_top * scale, (left + layout.side) * scale, top * scale)
        written = [
            any(
                _near(preview.getpixel((x, y)), TEXT)  # type: ignore[arg-type]
                for x in range(round(box[0]), round(box[2]))
            )
            for y in range(round(box[1]), round(box[3]))
        ]
        lines = runs(written)
        assert len(lines) == 1
        first, last = lines[0]
        assert last - first >= 8  # "Team A": a capital and its letters a player reads
        assert contrast(preview, (box[0], box[1] + first, box[2], box[1] + last)) >= 4.5


def _near(colour: tuple[int, int, int], wanted: tuple[int, int, int]) -> bool:
    return sum(abs(a - b) for a, b in zip(colour, wanted, strict=True)) < 30
