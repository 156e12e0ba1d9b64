"""What a moderator previewing an undo reads of each event."""

from __future__ import annotations

from bot.lobby import Roster
from bot.news import News, describe
from bot.notices import BoardShown, DrawDeclined
from bot.places import BoardPlace
from games.core.events import Moved
from games.core.multiboard import Carried, PassedThrough, Rode, TeamResigned
from games.core.pieces import Side
from games.enders.game import EndersGame


def test_an_undo_preview_names_pieces_in_words_and_a_team_resigning() -> None:
    assert describe(PassedThrough(1, "black", "P", "d5", 2)) == (
        "board 1: Black's pawn passed through from d5"
    )
    assert describe(Carried(2, "white", "I", "e4", "up", 3)) == (
        "board 2: White's Fibnif was carried up from e4"
    )
    assert describe(Rode(1, "white", 3, "N", "d4", "up", 2)) == (
        "board 1: White's knight rode up from d4"
    )
    assert describe(TeamResigned("Golds")) == "Golds resigned every board it had left"


def _enders_news(game: EndersGame, withdrawn: dict[int, Side] | None = None) -> News:
    roster = Roster({"white": ["ana"], "black": ["bo"]}, seats={(1, "white"): "ana"})
    return News(roster, game, "ana", withdrawn or {}, {})


def test_an_enders_action_that_keeps_the_turn_open_shows_no_board() -> None:
    game = EndersGame()
    events = game.play(1, "B@f2 Bf2-d4")
    assert _enders_news(game).of_events(events, finished=False) == []


def test_an_enders_turn_played_in_parts_is_shown_whole_when_it_passes() -> None:
    game = EndersGame()
    game.play(1, "B@f2")
    game.play(1, "Bf2-d4")
    events = game.play(1, "end")
    (shown,) = _enders_news(game).of_events(events, finished=False)
    assert isinstance(shown, BoardShown)
    assert [e.san for e in shown.events if isinstance(e, Moved)] == ["B@f2", "Bf2-d4", "end"]


def test_a_move_onto_the_opponents_gate_passes_the_turn_and_shows_it_whole() -> None:
    game = EndersGame("1/5/7/7/7/7/7/5/1 w RRBBKKNNrrbbkknn - - 0 1")
    game.play(1, "R@f2")
    for action in ("Rf2-f4", "end", "end", "Rf4-f6", "end", "end", "Rf6-f8", "end", "end"):
        game.play(1, action)
    game.play(1, "K@f2")
    events = game.play(1, "Rf8-f10")
    (shown,) = _enders_news(game).of_events(events, finished=False)
    assert [e.san for e in shown.events if isinstance(e, Moved)] == ["K@f2", "Rf8-f10"]
    assert game.side_to_move(1) == "black"


def test_an_action_mid_turn_declines_the_opponents_draw_offer_at_once() -> None:
    game = EndersGame()
    events = game.play(1, "B@f2")
    said = _enders_news(game, {1: "black"}).of_events(events, finished=False)
    assert said == [DrawDeclined(BoardPlace(1), 1, "white")]
