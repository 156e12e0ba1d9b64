"""What each image says in words, for those who cannot see it."""

from __future__ import annotations

import games
from bot.ui.alt import MOST, board_alt, chart_alt, game_alt, hand_words
from renderer.chart import RatingChart
from views.model import board_views, match_view


def test_a_board_says_whose_move_the_last_move_a_check_and_every_piece() -> None:
    game = games.new_game("chess")
    for move in ("e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"):
        game.play(1, move)
    (view,) = board_views(game, [1])
    assert board_alt(view) == (
        "Board 1: White won by checkmate. Last move from h5 to f7. Check: the king on e8 is "
        "attacked. White: king e1, queen f7, rooks a1 h1, bishops c1 c4, knights b1 g1, "
        "pawns a2 b2 c2 d2 e4 f2 g2 h2. Black: king e8, queen d8, rooks a8 h8, bishops c8 "
        "f8, knights c6 f6, pawns a7 b7 c7 d7 e5 g7 h7."
    )


def test_a_ride_is_said_on_the_board_it_left_and_the_board_it_reached() -> None:
    match = games.new_game("elevator", boards=2, layout="line")
    for move in ("Nf3", "d6", "Nd4", "e6", "Nd4^2"):
        match.play(1, move)
    left, reached = board_views(match, [1, 2], neighbours=True)
    assert "Black to move, move 3. A piece left d4 by elevator, up to board 2." in board_alt(left)
    assert "A piece arrived on d4 from board 1." in board_alt(reached)
    assert "knights b1 d4 g1" in board_alt(reached)


def test_pieces_in_hand_and_kinds_beyond_fides_are_named_in_words() -> None:
    assert hand_words("RRBKN") == "2 rooks, a bishop, a king, a knight"
    assert hand_words("") == "nothing"
    (view,) = board_views(games.new_game("good"), [1])
    assert "oxen 1h1 2a1 3e1 4b1" in board_alt(view)
    assert "Cells are named by level, then square: 2e1 is e1 on level 2." in board_alt(view)
    (enders,) = board_views(games.new_game("enders"), [1])
    assert "In hand: White 2 rooks" in board_alt(enders)
    assert "On the board: White: no pieces." in board_alt(enders)


def test_a_description_never_passes_discords_1024_characters() -> None:
    match = games.new_game("elevator", boards=10, layout="line")
    said = game_alt(match_view(match, list(range(1, 11))), "Game 3")
    assert len(said) <= MOST and said.startswith("Game 3. Score: ")
    assert "Board 10: White to move, move 1." in said  # the boards past the pieces, in brief


def test_a_rating_chart_says_where_the_rating_went() -> None:
    chart = RatingChart("Ana: Chess", ((1.0, 1500.0), (2.0, 1420.0), (3.0, 1610.0)))
    assert chart_alt(chart) == (
        "Ana: Chess: a chart of 3 ratings, from 1500 to 1610, lowest 1420, highest 1610."
    )
