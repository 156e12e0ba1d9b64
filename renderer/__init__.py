"""Images of Elevator Chess matches: boards, match overviews and replays, drawn with Pillow."""

from __future__ import annotations

from renderer.board import board_image
from renderer.encoded import board_png, board_view_png
from renderer.errors import RenderError
from renderer.overview import overview_image, overview_png, overview_view_png
from renderer.replay import Replay, fitted_replay, replay_gif

__all__ = [
    "RenderError",
    "Replay",
    "board_image",
    "board_png",
    "board_view_png",
    "fitted_replay",
    "overview_image",
    "overview_png",
    "overview_view_png",
    "replay_gif",
]
