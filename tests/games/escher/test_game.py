"""Escher Staircase as a game of its own, through the registry and the Game protocol."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.core.errors import IllegalMoveError, MatchConfigError, RecordError
from games.core.events import BoardEnded, Moved, Resigned
from games.core.game import Game
from games.core.pieces import Piece
from games.escher import STAIRCASES
from games.escher.game import EscherGame
from tests.strength import examples

SAMPLE = ["e4", "e5", "Bc4", "c5", "Ba5+", "b6", "Bxc3", "Bxa4", "Ba6", "Nf6", "Nc3", "B4c6"]
AFTER_SIX = "brn1kq1r/p2p1ppp/1pb2n2/4p3/P3P3/R1N5/1PPP2PP/B1QK1NRB"
FIGURE_3 = "8/3k4/p7/3n4/8/8/P3K3/8 w - - 5 9"


def test_the_registry_offers_escher_staircase_as_a_one_board_game() -> None:
    assert "escher" in games.KINDS
    game = games.new_game("escher")
    assert isinstance(game, EscherGame)
    assert isinstance(game, Game)
    assert game.boards == 1
    assert game.turn(1) == "white"
    assert game.piece_at(1, "d8") == Piece("K", "black")
    assert game.piece_at(1, "e8") == Piece("Q", "black")
    assert game.staircases(1) == STAIRCASES


def test_the_sample_opening_plays_out_through_the_game() -> None:
    game = games.new_game("escher")
    for san in SAMPLE:
        (event,) = game.play(1, san)
        assert isinstance(event, Moved) and event.san == san
    assert game.fen(1).split()[0] == AFTER_SIX
    assert game.result() == "*"


def test_a_game_rebuilds_exactly_from_its_record() -> None:
    game = games.new_game("escher")
    for san in SAMPLE[:7]:
        game.play(1, san)
    copy = games.from_json(game.to_json())
    assert isinstance(copy, EscherGame)
    assert copy.to_json() == game.to_json()
    assert copy.legal_moves(1) == game.legal_moves(1)


def test_a_refused_move_says_why_and_changes_nothing() -> None:
    stuck = games.new_game("escher", fen="8/2n5/2qp4/8/1k4K1/8/8/8 b - - 0 1")  # the stuck queen
    record = stuck.to_json()
    with pytest.raises(IllegalMoveError, match="two pieces onto c6"):
        stuck.play(1, "Qb6")
    assert stuck.to_json() == record


def test_a_pawn_the_opponent_carries_is_chosen_for_without_using_the_turn() -> None:
    game = games.new_game("escher", fen=FIGURE_3)
    game.play(1, "a3")
    assert game.turn(1) == "black"
    assert game.legal_moves(1) == ["a1=Q", "a1=R", "a1=B", "a1=N"]
    (chosen,) = game.play(1, "a1=Q")
    assert isinstance(chosen, Moved) and chosen.side == "black"
    assert game.turn(1) == "black"
    assert game.piece_at(1, "a1") == Piece("Q", "black")
    assert game.undo() == [chosen]
    assert game.piece_at(1, "a1") == Piece("P", "black")


def test_resigning_ends_the_game_and_undo_takes_it_back() -> None:
    game = games.new_game("escher")
    game.play(1, "e4")
    events = game.resign(1, "black")
    assert isinstance(events[0], Resigned)
    assert isinstance(events[-1], BoardEnded) and events[-1].result == "1-0"
    assert game.result() == "1-0"
    assert game.turn(1) is None
    game.undo()
    assert game.result() == "*"
    assert game.turn(1) == "black"


def test_an_unusable_start_position_is_refused() -> None:
    with pytest.raises(MatchConfigError):
        games.new_game("escher", fen="8/8/8/8/8/8/8/8 w - - 0 1")
    with pytest.raises(MatchConfigError, match="escher has no option 'boards'"):
        games.new_game("escher", boards=2)


def snapshot(game: EscherGame) -> list[object]:
    """Return the game's board state as the bot stores it: through JSON."""
    return [json.loads(json.dumps(game.board_state(1)))]


def restored(game: EscherGame, states: list[object]) -> EscherGame:
    """Rebuild a game from its log and a board state, without replaying the moves."""
    return EscherGame.restore(game.config, game.events, states)


def assert_alike(first: EscherGame, second: EscherGame) -> None:
    """Assert that two games stand exactly alike, as far as players can tell."""
    assert second.to_json() == first.to_json()
    assert second.fen(1) == first.fen(1)
    assert second.legal_moves(1) == first.legal_moves(1)
    assert second.result() == first.result()


def test_a_game_loads_from_its_snapshot_after_a_choice_for_a_pawn_the_opponent_carried() -> None:
    game = games.new_game("escher", fen=FIGURE_3)
    assert isinstance(game, EscherGame)
    game.play(1, "a3")  # the a-file staircase carries Black's pawn to a1, its last rank
    carried = snapshot(game)
    game.play(1, "a1=Q")  # Black's choice, which keeps Black's turn
    assert_alike(game, restored(game, snapshot(game)))
    with pytest.raises(RecordError, match="does not show the choice a1a1q"):
        restored(game, carried)  # the pawn still waiting: a snapshot one action old
    game.play(1, "Qc3")
    assert_alike(game, restored(game, snapshot(game)))


@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_load_from_their_snapshots_and_refuse_one_an_action_old(seed: int) -> None:
    chooser = random.Random(seed)
    game = games.new_game("escher")
    assert isinstance(game, EscherGame)
    for _ in range(120):
        moves = game.legal_moves(1)
        if not moves:
            break
        before = snapshot(game)
        game.play(1, chooser.choice(moves))
        assert_alike(game, restored(game, snapshot(game)))
        with pytest.raises(RecordError, match="does not fit the log"):
            restored(game, before)
