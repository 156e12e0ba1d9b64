"""The replay GIF: one frame for each event of the board it shows."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

import games
import games.core.boardgame
from games.core.geometry import CHESSBOARD
from games.elevator import Arrived, BoardEnded, Match, Moved, Rode, Transferred
from renderer import RenderError, fitted_replay, replay_gif
from renderer.cells import Perspective, fit_square
from renderer.errors import MIN_SIZE
from renderer.replay import FRAME_MS, LAST_FRAME_MS, MIN_BYTES
from renderer.rulers import PREVIEW, ruler_font, ruler_room
from tests.renderer.preview import contrast, ink, runs

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


def played(plies: int) -> games.core.boardgame.BoardGame[Any]:
    game = games.new_game("chess")
    rng = random.Random(7)
    for _ in range(plies):
        game.play(1, rng.choice(sorted(game.legal_moves(1))))
    return game


def test_a_fitted_replay_that_fits_keeps_every_frame() -> None:
    game = played(12)
    whole = replay_gif(game, 1)
    fitted = fitted_replay(game, 1, limit=max(len(whole), MIN_BYTES))
    assert (fitted.gif, fitted.frames, fitted.total, fitted.dropped) == (whole, 12, 12, 0)


def test_a_fitted_replay_too_large_drops_frames_but_keeps_the_first_and_last() -> None:
    game = played(60)
    whole = replay_gif(game, 1)
    limit = max(len(whole) // 4, MIN_BYTES)
    fitted = fitted_replay(game, 1, limit=limit)
    gif = Image.open(io.BytesIO(fitted.gif))
    assert len(fitted.gif) <= limit < len(whole)
    assert gif.n_frames == fitted.frames < fitted.total == 60
    assert fitted.size == MIN_SIZE == gif.size[0]
    assert gif.info["duration"] == FRAME_MS
    gif.seek(gif.n_frames - 1)
    assert gif.info["duration"] == LAST_FRAME_MS


def test_a_limit_too_small_for_any_replay_is_refused() -> None:
    with pytest.raises(RenderError, match="at least"):
        fitted_replay(played(2), 1, limit=MIN_BYTES - 1)


def test_an_escher_board_replays_like_any_other() -> None:
    game = games.new_game("escher")
    game.play(1, "e4")
    assert Image.open(io.BytesIO(replay_gif(game, 1))).n_frames == 1


@pytest.mark.parametrize("perspective", ["white", "black"])
def test_a_replays_frames_write_coordinates_beside_the_board_readable_at_a_preview(
    perspective: Perspective,
) -> None:
    match = Match(2)
    for san in ("e4", "e5", "Nf3"):
        match.play(1, san)
    gif = Image.open(io.BytesIO(replay_gif(match, 1, perspective, size=PREVIEW)))
    gif.seek(gif.n_frames - 1)
    frame = gif.convert("RGB")
    pad, side = 10, 376  # as _frame lays out a 400 px frame
    room = ruler_room(ruler_font(PREVIEW), 8)
    square = fit_square(CHESSBOARD, side - room, side - room)
    top = round(side * 0.2)
    strip = ink(frame, (pad, top, pad + room - 1, top + 8 * square))
    labels = runs([any(row) for row in strip])
    assert len(labels) == 8
    assert min(end - start for start, end in labels) >= 9  # a digit's height, in pixels
    foot = top + 8 * square
    letters = ink(frame, (pad + room, foot + 1, pad + room + 8 * square, foot + room))
    assert len(runs([any(row[x] for row in letters) for x in range(len(letters[0]))])) == 8
    assert contrast(frame, (pad + room, foot + 1, pad + room + 8 * square, foot + room)) >= 7
