"""Images of Elevator Chess matches: boards, match overviews and replays, drawn with Pillow."""

from __future__ import annotations

from renderer.board import board_image, board_png
from renderer.errors import RenderError
from renderer.overview import overview_image, overview_png
from renderer.replay import replay_gif

__all__ = [
    "RenderError",
    "board_image",
    "board_png",
    "overview_image",
    "overview_png",
    "replay_gif",
]
