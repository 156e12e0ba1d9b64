"""The replay GIF: one frame for each event of the board it shows."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.elevator import Arrived, BoardEnded, Match, Moved, Rode, Transferred
from renderer import RenderError, replay_gif

KNIGHT_D5 = "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def shown_events(match: Match, board: int) -> int:
    return sum(
        1
        for event in match.events
        if isinstance(event, (Moved, Rode, Arrived, Transferred, BoardEnded))
        and event.board == board
    )


def test_a_replay_has_one_frame_per_event_shown() -> None:
    match = Match(2, start_fens=[KNIGHT_D5, START])
    match.play(2, "e4")
    match.play(1, "Nd5^2")
    for move in ["g5", "d4", "f6", "Qh5#"]:
        match.play(2, move)
    match.transfer(2, "Pd4v1")
    gif = Image.open(io.BytesIO(replay_gif(match, 2)))
    assert gif.format == "GIF"
    assert gif.n_frames == shown_events(match, 2) == 8
    assert gif.is_animated
    assert gif.size[0] == 400
    ride = Image.open(io.BytesIO(replay_gif(match, 1, "black", size=320)))
    assert ride.n_frames == shown_events(match, 1) == 2  # the ride away and the arrival


def test_a_board_with_nothing_played_has_no_replay() -> None:
    with pytest.raises(RenderError, match="nothing to replay"):
        replay_gif(Match(2), 1)
