"""What images show of Ender's Chess: reserves, gates, pieces moved, the turn's actions."""

from __future__ import annotations

from games.chess.game import ChessGame
from games.core.events import Moved
from games.enders.game import EndersGame
from views.model import board_view
from views.replay import replay_views
from views.turns import latest_turn, turn_caption


def test_latest_turn_is_the_actions_of_the_last_turn_finished_or_under_way() -> None:
    game = EndersGame()
    game.play(1, "B@f2 Bf2-d4 end")
    assert [a.san for a in latest_turn(game.events, 1)] == ["B@f2", "Bf2-d4", "end"]
    game.play(1, "N@f10")
    assert [a.san for a in latest_turn(game.events, 1)] == ["N@f10"]


def test_turn_caption_numbers_the_turn_and_says_when_it_is_under_way() -> None:
    game = EndersGame()
    game.play(1, "B@f2 Bf2-d4 end N@f10")
    white = [e for e in game.events if isinstance(e, Moved) and e.side == "white"]
    black = [e for e in game.events if isinstance(e, Moved) and e.side == "black"]
    assert turn_caption(white, under_way=False) == "1. B@f2 Bf2-d4 end"
    assert turn_caption(black, under_way=True) == "1... N@f10 (turn under way)"


def test_a_board_view_shows_every_action_of_the_turn_and_the_pieces_it_moved() -> None:
    game = EndersGame()
    game.play_turn(1, "K@f2 Kf2-f3")
    game.play_turn(1, "B@f10 Bf10-d8")
    game.play(1, "N@f2 Nf2-e4 Kf3-g4")
    view = board_view(game, 1)
    assert view.reserves == ("RRBBKN", "RRBKKNN")
    assert view.gates == ("f2", "f10")
    assert view.moved == ("e4", "g4")
    assert view.turn_moves == (("f2", "f2"), ("f2", "e4"), ("f3", "g4"))
    assert view.caption == "2. N@f2 Nf2-e4 Kf3-g4 (turn under way)"


def test_a_finished_turn_shows_its_actions_but_no_piece_as_moved() -> None:
    game = EndersGame()
    game.play_turn(1, "B@f2 Bf2-d4")
    view = board_view(game, 1)
    assert view.turn_moves == (("f2", "f2"), ("f2", "d4"))
    assert view.moved == ()
    assert view.caption == "1. B@f2 Bf2-d4 end"


def test_other_games_have_no_reserves_gates_or_turn_actions() -> None:
    game = ChessGame()
    game.play(1, "e4")
    view = board_view(game, 1)
    assert (view.reserves, view.gates, view.moved, view.turn_moves) == (None, (), (), ())


def test_a_replay_has_a_frame_per_action_and_its_last_says_the_result() -> None:
    game = EndersGame()
    for turn in ("R@f2 Rf2-f4", "end", "Rf4-f6", "end", "Rf6-f8", "end", "Rf8-f10"):
        game.play_turn(1, turn)
    game.play_turn(1, "end")
    views = replay_views(game, 1)
    actions = [e for e in game.events if isinstance(e, Moved)]
    assert len(views) == len(actions) + 1  # and the ending
    assert views[1].caption == "1. R@f2 Rf2-f4 (turn under way)"
    assert views[1].moved == ("f4",)
    assert views[2].caption == "1. R@f2 Rf2-f4 end"
    assert views[-1].finished
    assert views[-1].caption.startswith(f"{game.result()}: White wins")
