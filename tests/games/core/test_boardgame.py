"""What every game of boards shares (games.core.boardgame), seen through one-board chess."""

from __future__ import annotations

import pytest

from games.chess.game import ChessGame
from games.core.board import Played
from games.core.errors import IllegalMoveError, RecordError
from games.core.events import Adjudicated, BoardEnded, Moved
from games.core.oneboard import StartConfig

SCHOLARS_MATE = ("e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#")


def played(*moves: str, fen: str | None = None) -> ChessGame:
    game = ChessGame(fen=fen)
    for move in moves:
        game.play(1, move)
    return game


def test_a_change_that_fails_half_way_leaves_no_trace(monkeypatch: pytest.MonkeyPatch) -> None:
    game = played("e4")
    before = game.to_json()
    board = game._boards[0]
    push = board.push

    def push_then_fail(uci: str) -> Played:
        push(uci)
        raise RuntimeError("a defect after the board changed")

    monkeypatch.setattr(board, "push", push_then_fail)
    with pytest.raises(RuntimeError, match="a defect"):
        game.play(1, "e5")
    assert game.to_json() == before
    assert game.turn(1) == "black"
    assert game.play(1, "e5") == [Moved(1, "black", 1, "e7e5", "e5")]


def test_last_actions_shows_what_undo_would_take_back_and_changes_nothing() -> None:
    game = played(*SCHOLARS_MATE)
    last = game.last_actions()
    assert [type(event) for event in last] == [Moved, BoardEnded]
    assert game.result() == "1-0"
    assert game.undo() == last and game.result() == "*"
    with pytest.raises(IllegalMoveError, match="1 or more, not 0"):
        game.last_actions(0)


def test_history_replays_each_action_with_the_game_after_it() -> None:
    game = played("e4", "e5", "Nf3")
    fens = [replica.fen(1) for _, replica in game.history()]
    assert fens[-1] == game.fen(1) and len(fens) == 3
    assert [group[0] for group, _ in played("d4").history()] == [Moved(1, "white", 1, "d2d4", "d4")]


def test_a_game_is_restored_from_its_board_state_without_replaying() -> None:
    game = played(*SCHOLARS_MATE)
    restored = ChessGame.restore(game.config, game.events, [game.board_state(1)])
    assert restored.to_json() == game.to_json()
    assert restored.result() == "1-0" and restored.legal_moves(1) == []


def test_a_game_whose_board_was_never_saved_is_restored_from_no_state() -> None:
    fresh = ChessGame.restore(StartConfig(), (), [None])
    assert fresh.to_json() == ChessGame().to_json() and fresh.legal_moves(1)
    with pytest.raises(RecordError, match="does not fit the log"):
        ChessGame.restore(StartConfig(), played("e4").events, [None])


def test_a_board_state_that_does_not_fit_the_log_is_refused() -> None:
    game = played("e4", "e5")
    other = played("d4", "d5")
    with pytest.raises(RecordError, match="does not fit the log"):
        ChessGame.restore(game.config, game.events, [other.board_state(1)])
    with pytest.raises(RecordError, match="2 board states for a game of 1 boards"):
        ChessGame.restore(game.config, game.events, [game.board_state(1)] * 2)
    with pytest.raises(RecordError, match="it never moved"):
        ChessGame.restore(StartConfig(), (), [game.board_state(1)])


def test_a_replay_that_leads_elsewhere_than_the_log_is_refused() -> None:
    events = list(played("e4").events)
    events[0] = Moved(1, "white", 1, "e2e4", "e3")
    with pytest.raises(RecordError, match="does not replay"):
        ChessGame.replay(StartConfig(), events)


def test_adjudication_ends_a_board_with_its_result_and_reason() -> None:
    game = played("e4")
    events = game.adjudicate(1, "1/2-1/2", "  players left  ")
    assert events[0] == Adjudicated(1, "1/2-1/2", "players left", True)
    assert game.result() == "1/2-1/2"
    with pytest.raises(IllegalMoveError, match="board 1 is finished"):
        game.adjudicate(1, "1-0", "again")
    fresh = ChessGame()
    for result, reason, message in (("2-0", "x", "a result is"), ("1-0", " ", "needs a reason")):
        with pytest.raises(IllegalMoveError, match=message):
            fresh.adjudicate(1, result, reason)


def test_the_seventy_five_move_rule_ends_a_board_by_itself() -> None:
    game = played("Ra2", fen="4k3/8/8/8/8/8/8/R3K3 w - - 149 90")
    ending = game.ending(1)
    assert ending is not None and ending.ending == "seventy-five-move rule"
    assert game.result() == "1/2-1/2"


def test_a_move_that_is_not_text_is_refused() -> None:
    game = ChessGame()
    with pytest.raises(IllegalMoveError, match="a move is text such as Nf3, not 42"):
        game.play(1, 42)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="a side is 'white' or 'black'"):
        game.resign(1, "red")  # type: ignore[arg-type]
