"""A varied set of pictures, to check that the renderer's caches leave every image as it was.

Every game of the registry (the rules' examples), both perspectives, names in several scripts,
clocks, three widths, and the displaced, armies, Escher, Good's, Ender's, cylinder, 10x10 and
team views, boards closed, blocked and at a line's end, and overviews.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Final

from bot.exts.rules import RULES
from games.elevator import Match
from renderer import board_png, board_view_png, overview_png
from renderer.cells import Perspective
from scripts import samples
from views.model import BoardView, board_view

NAMES: Final = (
    ("Zoë Ångström", "Алексей Петров"),
    ("Νίκος", "李小龍"),
    ("محمد الأمين", "dragon 🐉 rider"),
    ("Maximiliane von Hohenzollern-Sigmaringen", "שלום"),
    ("👩\u200d👩\u200d👧 team", "🇯🇵 👍🏽 ok"),
)
CLOCKS: Final = (timedelta(minutes=7, seconds=42), timedelta(seconds=9.3))
PERSPECTIVES: Final[tuple[Perspective, Perspective]] = ("white", "black")


def board_views() -> Iterator[tuple[str, BoardView]]:
    """Yield the views of every board of the sample matches and the rules' examples."""
    for kind, explained in RULES.items():
        yield f"{kind} example", board_view(explained.example(), explained.board)
    for label, match in _matches().items():
        for board in range(1, match.boards + 1):
            yield f"{label} board {board}", board_view(match, board)
    yield "escher", samples.escher_view()
    yield "good", samples.good_view()
    yield "ten", samples.ten_view()


def _matches() -> dict[str, Match]:
    sample = samples.sample_match()
    line = Match(3, "line")
    for move in ("e4", "e5"):
        line.play(2, move)
    return {
        "sample": sample,
        "displaced": samples.displaced_match(),
        "teams": samples.teams_match(),
        "line": line,
    }


def pictures() -> Iterator[tuple[str, Callable[[], bytes]]]:
    """Yield each picture's label and how to draw it as a PNG."""
    for kind, explained in RULES.items():
        view = board_view(explained.example(), explained.board)
        for perspective in PERSPECTIVES:
            for size in (explained.width, 640):
                yield (
                    f"{kind} example, {perspective}, {size} px",
                    lambda view=view, p=perspective, s=size: board_view_png(view, p, s),
                )
    for label, match in _matches().items():
        for board in range(1, match.boards + 1):
            for index, perspective in enumerate(PERSPECTIVES):
                names = NAMES[(board + index) % len(NAMES)]
                for size in (400, 640, 850):
                    yield (
                        f"{label} board {board}, {perspective}, {size} px, {names}",
                        lambda m=match, b=board, p=perspective, s=size, n=names: board_png(
                            m, b, p, s, names=n, clocks=CLOCKS
                        ),
                    )
                yield (
                    f"{label} board {board}, {perspective}, no names",
                    lambda m=match, b=board, p=perspective: board_png(m, b, p),
                )
        yield f"{label} overview", lambda m=match: overview_png(m)
    views = {
        "escher": samples.escher_view(),
        "good": samples.good_view(),
        "ten": samples.ten_view(),
    }
    for label, view in views.items():
        for perspective in PERSPECTIVES:
            yield (
                f"{label} view, {perspective}",
                lambda v=view, p=perspective: board_view_png(
                    v, p, 640, names=NAMES[2], clocks=CLOCKS
                ),
            )
