"""What board posts and /move's answer say of a turn of many actions (Ender's Chess)."""

from __future__ import annotations

from bot.lobby import Roster
from bot.news import News
from bot.notices import BoardShown
from bot.places import BoardPlace
from bot.shown import shown_boards
from bot.ui.turns import turn_reply, turn_words
from bot.ui.words import board_words
from games.core.events import BoardEnded, Event, Moved
from games.enders.game import EndersGame

GATES = ("f2", "f10")
ROSTER = Roster({"white": ["ana"], "black": ["bo"]})


def _moves(game: EndersGame, text: str) -> list[Moved]:
    return [e for e in game.play(1, text) if isinstance(e, Moved)]


def _posted(game: EndersGame, events: list[Event]) -> list[str]:
    """Return the lines the board's post says, as the outbox would store it."""
    (notice,) = News(ROSTER, game, "ana", {}, {}).of_events(events, finished=False)
    assert isinstance(notice, BoardShown)
    shown = shown_boards(game, ROSTER, None, [1], 0.0)[1]
    return board_words(BoardShown(notice.place, 1, notice.events, shown=shown))


def test_a_whole_turn_is_one_line_and_an_empty_turn_says_so() -> None:
    game = EndersGame()
    assert turn_words(_moves(game, "B@f2 Bf2-d4 end"), GATES) == (
        "White played B@f2, Bf2-d4 and ended the turn."
    )
    assert turn_words(_moves(game, "end"), GATES) == "Black ended the turn without moving."


def test_a_turn_played_in_parts_is_posted_in_one_line_when_it_passes() -> None:
    game = EndersGame()
    game.play(1, "B@f2")
    game.play(1, "Bf2-d4")
    assert _posted(game, game.play(1, "end")) == ["White played B@f2, Bf2-d4 and ended the turn."]


def test_a_turn_ended_on_the_opponents_gate_names_the_gate() -> None:
    game = EndersGame()
    game.play_turn(1, "R@f2 Rf2-f4")
    game.play_turn(1, "end")
    game.play_turn(1, "Rf4-f6")
    game.play_turn(1, "end")
    game.play_turn(1, "Rf6-f8")
    game.play_turn(1, "end")
    events = game.play(1, "K@f2 Rf8-f10")
    assert _posted(game, events) == [
        "White played K@f2 and Rf8-f10, reaching Black's gate f10: Black draws by taking "
        "White's gate f2 in this turn; otherwise White wins when it ends."
    ]


def test_the_answer_to_a_move_says_whether_the_turn_goes_on_and_what_ended_it() -> None:
    game = EndersGame()
    played = _moves(game, "B@f2 Bf2-d4")
    assert turn_reply(played, 1, goes_on=True, gates=GATES) == (
        "Played B@f2 Bf2-d4 on board 1: your turn goes on; /move end finishes it."
    )
    assert turn_reply(_moves(game, "end"), 1, goes_on=False, gates=GATES) == (
        "You ended your turn on board 1."
    )
    whole = _moves(game, "N@f10 Nf10-e8 end")
    assert turn_reply(whole, 1, goes_on=False, gates=GATES) == (
        "Played N@f10 Nf10-e8 on board 1 and ended your turn."
    )
    onto = [Moved(1, "white", 4, "f8f10", "Rf8-f10")]
    assert turn_reply(onto, 1, goes_on=False, gates=GATES) == (
        "Played Rf8-f10 on board 1, reaching Black's gate f10, which ends your turn: Black "
        "draws by taking your gate f2 in its turn; otherwise you win when it ends."
    )
    won = BoardEnded(1, "0-1", "gate reached", "", False)
    last = [Moved(1, "black", 5, "f4f2", "Rf4-f2")]
    assert turn_reply(last, 1, goes_on=False, gates=GATES, ended=won) == (
        "Played Rf4-f2 on board 1: it is over, 0-1 (gate reached)."
    )


def test_an_undone_end_of_a_turn_reads_as_ending_the_turn_not_as_a_move() -> None:
    game = EndersGame()
    events = tuple(game.play(1, "N@f2 Nf2-g4 end"))
    undone = BoardShown(BoardPlace(1), 1, events[1:], undone=True, reason="a slip")
    assert board_words(undone) == [
        "A moderator took back what happened here (a slip): White played Nf2-g4. "
        "White ended the turn."
    ]
