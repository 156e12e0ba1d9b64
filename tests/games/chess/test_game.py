"""FIDE chess on one board, as games.new_game("chess") plays it."""

from __future__ import annotations

import json
import random

import chess
import pytest

from games.chess.game import ChessGame
from games.core.errors import IllegalMoveError, MatchConfigError, RecordError
from games.core.events import BoardEnded, DrawAgreed, DrawClaimed, Moved, Resigned
from games.core.pieces import Piece

FOOLS_MATE = ("f3", "e5", "g4", "Qh4#")
KNIGHT_DANCE = ("Nf3", "Nf6", "Ng1", "Ng8") * 2  # the start position occurs a third time


def refused(game: ChessGame, action: object, message: str) -> None:
    """Assert that an action is refused with message and changes nothing."""
    before = game.to_json()
    assert callable(action)
    with pytest.raises(IllegalMoveError, match=message):
        action()
    assert game.to_json() == before


def test_a_new_game_has_one_board_at_the_standard_start_with_white_to_move() -> None:
    game = ChessGame()
    assert game.boards == 1
    assert game.fen(1) == chess.STARTING_FEN
    assert game.turn(1) == "white"
    assert game.piece_at(1, "e1") == Piece("K", "white")
    queen = game.piece_at(1, "d8")
    assert queen is not None and queen.symbol == "q" and queen.side == "black"
    assert game.result() == "*"


def test_moves_in_san_or_uci_are_played_and_logged() -> None:
    game = ChessGame()
    assert game.play(1, "e4") == [Moved(1, "white", 1, "e2e4", "e4")]
    assert game.play(1, "e7e5", side="black") == [Moved(1, "black", 1, "e7e5", "e5")]
    assert game.turn(1) == "white"


def test_legal_moves_are_python_chess_moves_in_san_over_random_games() -> None:
    rng = random.Random(7)
    for _ in range(5):
        game, reference = ChessGame(), chess.Board()
        while game.is_open(1):
            expected = sorted(reference.san(m) for m in reference.legal_moves)
            assert sorted(game.legal_moves(1)) == expected
            move = rng.choice(game.legal_moves(1))
            game.play(1, move)
            reference.push_san(move)
            assert game.fen(1) == reference.fen()
        outcome = reference.outcome(claim_draw=False)
        assert outcome is not None and game.result() == outcome.result()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ke7", "Ke7 is not a legal move for Black on board 1"),
        ("Zz9", "is not a move on board 1: write a move in SAN \\(Nf3\\) or UCI \\(g1f3\\)$"),
        ("e4^", "is not a move on board 1"),
    ],
)
def test_refused_moves_say_why_and_change_nothing(text: str, message: str) -> None:
    game = ChessGame()
    game.play(1, "d4")
    refused(game, lambda: game.play(1, text), message)


def test_moving_out_of_turn_or_on_another_board_is_refused() -> None:
    game = ChessGame()
    refused(game, lambda: game.play(1, "e5", side="black"), "it is White's turn on board 1")
    refused(game, lambda: game.play(2, "e4"), "there is no board 2: this game has boards 1 to 1")


def test_checkmate_ends_the_game_and_nothing_more_may_be_played() -> None:
    game = ChessGame()
    for san in FOOLS_MATE:
        game.play(1, san)
    assert game.result() == game.board_result(1) == "0-1"
    assert game.ending(1) == BoardEnded(1, "0-1", "checkmate", game.fen(1), False)
    assert game.turn(1) is None
    assert game.legal_moves(1) == []
    refused(game, lambda: game.play(1, "e4"), "board 1 is finished")
    refused(game, lambda: game.resign(1, "white"), "board 1 is finished")


def test_stalemate_draws() -> None:
    game = ChessGame(fen="k7/8/3Q4/8/8/8/8/4K3 w - - 0 1")
    game.play(1, "Qb6")
    ending = game.ending(1)
    assert ending is not None and ending.ending == "stalemate"
    assert game.result() == "1/2-1/2"


def test_a_side_resigns_and_the_other_wins() -> None:
    game = ChessGame()
    assert game.resign(1, "white")[0] == Resigned(1, "white")
    assert game.result() == "0-1"


def test_a_draw_by_agreement_and_a_claimed_threefold_repetition() -> None:
    agreed = ChessGame()
    assert agreed.draw(1)[0] == DrawAgreed(1)
    assert agreed.result() == "1/2-1/2"
    claimed = ChessGame()
    for san in KNIGHT_DANCE[:4]:
        claimed.play(1, san)
    refused(claimed, lambda: claimed.claim_draw(1), "no draw can be claimed on board 1")
    for san in KNIGHT_DANCE[4:]:
        claimed.play(1, san)
    assert claimed.claimable_draw(1) == "threefold repetition"
    assert claimed.claim_draw(1)[0] == DrawClaimed(1, "white", "threefold repetition")
    assert claimed.result() == "1/2-1/2"


def test_a_flag_loses_unless_the_opponent_cannot_mate() -> None:
    timed_out = ChessGame()
    timed_out.play(1, "e4")
    refused(timed_out, lambda: timed_out.flag(1, "white"), "only the side to move")
    timed_out.flag(1, "black")
    assert timed_out.result() == "1-0"
    bare = ChessGame(fen="4k3/8/8/8/8/8/8/3QK3 b - - 0 1")
    bare.flag(1, "black")
    assert bare.result() == "1-0"
    lone_king = ChessGame(fen="4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
    lone_king.flag(1, "white")
    ending = lone_king.ending(1)
    assert ending is not None and ending.ending == "timeout vs insufficient material"
    assert lone_king.result() == "1/2-1/2"


def test_undo_takes_back_moves_and_the_end_they_caused() -> None:
    game = ChessGame()
    for san in FOOLS_MATE:
        game.play(1, san)
    removed = game.undo()
    assert removed[0] == Moved(1, "black", 2, "d8h4", "Qh4#")
    assert game.turn(1) == "black" and game.result() == "*"
    game.undo(3)
    assert game.fen(1) == chess.STARTING_FEN
    refused(game, game.undo, "only 0 actions can be undone")


def test_the_json_record_rebuilds_the_game_exactly() -> None:
    game = ChessGame(fen="4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    game.play(1, "e4")
    game.play(1, "Kd7")
    text = game.to_json()
    again = ChessGame.from_json(text)
    assert again.to_json() == text
    assert again.fen(1) == game.fen(1)
    assert json.loads(text)["kind"] == "chess"
    assert json.loads(text)["config"] == {"fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}


def test_a_record_of_another_game_is_refused() -> None:
    data = json.loads(ChessGame().to_json())
    data["kind"] = "elevator"
    with pytest.raises(RecordError, match="kind 'chess'"):
        ChessGame.from_json(json.dumps(data))
    data["kind"], data["config"] = "chess", {"fen": 3}
    with pytest.raises(RecordError, match="FEN text"):
        ChessGame.from_json(json.dumps(data))


def test_a_game_starts_from_a_given_fen_and_its_pgn_says_so() -> None:
    fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"
    game = ChessGame(fen=fen)
    assert game.turn(1) == "black"
    game.play(1, "Kd7")
    pgn = game.pgn(1, {"White": "Ana"})
    assert '[White "Ana"]' in pgn and '[SetUp "1"]' in pgn and f'[FEN "{fen}"]' in pgn
    assert pgn.endswith("1... Kd7 *\n")


@pytest.mark.parametrize(
    ("fen", "message"),
    [
        ("not a fen", "the FEN for board 1 is not valid"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has no king"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "already over: insufficient material"),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "the side not to move is in check"),
    ],
)
def test_an_unusable_start_position_is_refused(fen: str, message: str) -> None:
    with pytest.raises(MatchConfigError, match=message):
        ChessGame(fen=fen)
