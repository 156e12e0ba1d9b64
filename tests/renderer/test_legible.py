"""Text a phone can read: every line an image writes, as tall as Discord's preview shows it.

Discord shows an image at most 400 px wide before it is tapped. A line's height is that of
its capitals and digits (an H, a 0: about two thirds of the font's size): a line whose
capitals stand c pixels on an image w pixels wide stands c * 400 / w tall there.
The goal (issue 33) is 9 px at least for every word and number on every kind of image: a
ride's numbers on its squares and in a replay's frames, the Good boards' levels and shafts,
every panel, label and caption.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Final

import pytest
from PIL import Image

import games
from bot.drawing import game_image
from bot.shown import ShownGame
from renderer import board_view_png, overview_view_png, replay_gif
from renderer import text as renderer_text
from renderer.chart import RatingChart, chart_png
from views.model import board_views, match_view

PREVIEW: Final = 400  # pixels: the widest Discord shows an image before it is tapped
GOAL: Final = 9.0  # pixels: the smallest text at the preview's size

Drawing = Callable[[], bytes]


def _board(kind: str, boards: int = 1, number: int = 1) -> Drawing:
    def draw() -> bytes:
        options = {"boards": boards, "layout": "line"} if boards > 1 else {}
        game = games.new_game(kind, **options)
        (view,) = board_views(game, [number], neighbours=True)
        return board_view_png(view, "white", names=("Ana", "Bo"))

    return draw


def _ridden(number: int) -> Drawing:
    def draw() -> bytes:
        game = games.new_game("elevator", boards=2, layout="line")
        for move in ("Nf3", "d6", "Nd4", "e6", "Nd4^2"):
            game.play(1, move)
        (view,) = board_views(game, [number], neighbours=True)
        return board_view_png(view, "white", names=("Ana", "Bo"))

    return draw


def _overview(boards: int) -> Drawing:
    def draw() -> bytes:
        match = games.new_game("elevator", boards=boards, layout="line")
        return overview_view_png(match_view(match, list(range(1, boards + 1))))

    return draw


def _dm_game(kind: str, boards: int = 1) -> Drawing:
    def draw() -> bytes:
        options = {"boards": boards, "layout": "line"} if boards > 1 else {}
        game = games.new_game(kind, **options)
        shown = ShownGame(match_view(game, list(range(1, boards + 1)), ("Ana", "Bo")), {})
        return game_image(shown, "white", [1])

    return draw


def _replay() -> bytes:
    game = games.new_game("elevator", boards=2, layout="line")
    for move in ("Nf3", "d6", "Nd4", "e6", "Nd4^2"):
        game.play(1, move)
    return replay_gif(game, 1)


def _replay_small() -> bytes:
    game = games.new_game("chess")
    for move in ("e4", "e5", "Nf3"):
        game.play(1, move)
    return replay_gif(game, 1, size=320)  # as a long game's is drawn to fit the upload limit


def _chart() -> bytes:
    points = tuple((86400.0 * day, 1500.0 + 20 * (day % 5)) for day in range(30))
    return chart_png(RatingChart("Ana: Chess", points))


IMAGES: Final[dict[str, Drawing]] = {
    **{f"board, {kind}": _board(kind) for kind in sorted(games.KINDS)},
    "board, elevator, the middle of 3": _board("elevator", 3, 2),
    "board, a piece left by elevator": _ridden(1),
    "board, a piece arrived by elevator": _ridden(2),
    **{f"dm game, {kind}": _dm_game(kind) for kind in ("chess", "good", "enders")},
    "dm game, elevator, 2 boards": _dm_game("elevator", 2),
    "overview, 3 boards": _overview(3),
    "overview, 16 boards": _overview(16),
    "overview, 40 boards": _overview(40),
    "rating chart": _chart,
    "replay": _replay,
    "replay, drawn small": _replay_small,
}


@pytest.fixture
def written(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, str]]]:
    """Record the font size and the text of every line the renderer draws."""
    lines: list[tuple[int, str]] = []
    draw_line = renderer_text.draw_line

    def spy(text: str, size: int, **options: object) -> renderer_text.Drawn:
        if text.strip():
            lines.append((size, text))
        return draw_line(text, size, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(renderer_text, "draw_line", spy)
    import renderer.indexed

    monkeypatch.setattr(renderer.indexed, "draw_line", spy)
    yield lines


def capitals(size: int) -> int:
    """Return how tall the text font's capitals and digits stand at a size, in pixels."""
    top, bottom = renderer_text.font(size).getbbox("H0")[1::2]
    return int(bottom - top)


def smallest(png: bytes, lines: list[tuple[int, str]]) -> float:
    """Return the height of the smallest text an image was drawn with, at the preview's size."""
    width = Image.open(io.BytesIO(png)).width
    return capitals(min(size for size, _ in lines)) * min(1.0, PREVIEW / width)


def test_every_kind_of_image_writes_its_text_as_tall_as_a_phone_can_read(
    written: list[tuple[int, str]],
) -> None:
    found = {}
    for name, draw in IMAGES.items():
        written.clear()
        png = draw()
        assert written, f"{name}: no text seen drawn"
        found[name] = round(smallest(png, written), 1)
    print(f"smallest text at Discord's {PREVIEW} px preview (goal at least {GOAL:g} px):")
    for name, size in found.items():
        print(f"  {name}: {size:.1f} px{'' if size >= GOAL else '  (below the goal)'}")
    assert {name: size for name, size in found.items() if size < GOAL} == {}


def test_a_dm_games_image_says_which_side_its_viewer_plays(
    written: list[tuple[int, str]],
) -> None:
    game = games.new_game("chess")
    shown = ShownGame(match_view(game, [1], ("Ana", "Bo")), {})
    game_image(shown, "black", [])
    assert any(line.startswith("You play Black · ") for _, line in written)
    written.clear()
    good = games.new_game("good")  # a board of levels is drawn whole, its names in the header
    game_image(ShownGame(match_view(good, [1], ("Ana", "Bo")), {}), "white", [])
    lines = [line for _, line in written]
    assert "Ana (you)" in lines and "Bo" in lines
