"""Ben Good's Elevator played through GoodGame: openings, endings, records and playouts."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.errors import IllegalMoveError, MatchConfigError, RecordError
from games.core.events import Moved
from games.core.pieces import Piece
from games.good.game import GoodGame, WonkavatorGame
from games.good.notation import long, parse
from games.good.setup import START_FEN
from games.good.text import read_fen, write_fen
from tests.games.good.positions import at
from tests.strength import examples

# Black's king alone on 4e1; White's queen flies down the e-file through the shaft at 3e4.
MATE_IN_ONE = (
    "2--4/2--4/--6/--6/6--/6--/4--2/4--2|--6/--5K/4--2/4--2/2--4/1p--4/6--/6--|"
    "5R--/5Q--/2--4/2--4/4--2/3p--2/--6/--6|4--2/4--2/6--/6--/--6/--6/2--4/2--k3 w - - 0 1"
)
# Black's king alone on 2h8 and White's rook about to close its last way out.
STALEMATE_IN_ONE = (
    "2--4/2--K3/--6/--6/6--/6--/4--2/4--Q1|--5k/--6/4--R1/4--2/2--4/2--4/6--/6--|"
    "6--/6--/2--4/2--4/4--2/4--2/--6/--6|4--2/4--2/6--/6--/--6/--6/2--4/2--4 w - - 0 1"
)


def test_a_game_starts_from_the_reconstructed_setup_with_white_to_move() -> None:
    game = GoodGame()
    assert game.fen(1) == START_FEN and game.side_to_move(1) == "white"
    assert "O2a3" in game.legal_moves(1) and "O2a3/Pa4" in game.legal_moves(1)


def test_black_may_open_by_lifting_its_kings_elevator_to_level_4() -> None:
    game = GoodGame()
    game.play(1, "O2a3/Pa4")
    assert "E3c4U" in game.legal_moves(1)
    events = game.play(1, "E3c4U")
    assert isinstance(events[0], Moved) and events[0].uci == "E3c4U"
    assert game.piece_at(1, "4e8") == Piece("K", "black")
    assert "4e8" in game.shape(1) and "3e8" not in game.shape(1)
    with pytest.raises(IllegalMoveError, match="3e8 is in pole c4's shaft"):
        game.piece_at(1, "3e8")


def test_camel_prince_and_ox_are_shown_with_the_registrys_letters() -> None:
    game = GoodGame()
    assert game.piece_at(1, "1b1") == Piece("L", "white")
    assert game.piece_at(1, "1d1") == Piece("Y", "white")
    assert game.piece_at(1, "2a1") == Piece("X", "white")
    assert game.piece_at(1, "3e8") == Piece("K", "black")


def test_a_flying_queen_mates_a_king_whose_elevator_cannot_save_it() -> None:
    game = GoodGame(MATE_IN_ONE)
    events = game.play(1, "Q3e7")
    assert isinstance(events[0], Moved) and events[0].san == "Q3e7#"
    ending = game.ending(1)
    assert ending is not None and (ending.result, ending.ending) == ("1-0", "checkmate")


def test_stalemate_is_a_draw() -> None:
    game = GoodGame(STALEMATE_IN_ONE)
    game.play(1, "2g6-2g7")
    ending = game.ending(1)
    assert ending is not None and (ending.result, ending.ending) == ("1/2-1/2", "stalemate")


def test_bare_kings_draw_by_insufficient_material() -> None:
    game = GoodGame(write_fen(at(turn="b", e7_3="P")))
    game.play(1, "Kx3e7")
    ending = game.ending(1)
    assert ending is not None and ending.ending == "insufficient material"


def test_the_player_who_makes_a_position_stand_a_third_time_loses() -> None:
    game = GoodGame()
    shuffle = ["N1f3", "N4f6", "N1g1", "N4g8"]
    for text in shuffle:
        game.play(1, text)
    assert game.claimable_draw(1) is None  # twice is no draw to claim, nor a loss
    for text in shuffle[:3]:
        game.play(1, text)
    assert game.is_open(1)
    game.play(1, shuffle[3])
    ending = game.ending(1)
    assert ending is not None and (ending.result, ending.ending) == (
        "1-0",
        "third repetition caused",
    )


def test_fifty_moves_without_capture_fall_or_pawn_move_may_be_claimed() -> None:
    fen = write_fen(at(a1_2="R"), 99, 60)
    game = GoodGame(fen)
    assert game.claimable_draw(1) is None
    game.play(1, "R2a1-2b1")
    assert game.claimable_draw(1) == "fifty-move rule"


def test_a_position_where_the_side_not_to_move_is_in_check_is_refused() -> None:
    fen = write_fen(at(e7_3="R"))  # White's rook beside Black's king, White to move
    with pytest.raises(MatchConfigError, match="the side not to move is in check"):
        GoodGame(fen)


def test_a_refused_action_says_why_and_changes_nothing() -> None:
    game = GoodGame()
    with pytest.raises(IllegalMoveError, match="2d3 is in pole b2's shaft now"):
        game.play(1, "N2d3")
    assert game.fen(1) == START_FEN and not game.events


def test_a_record_replays_to_the_same_position_and_history() -> None:
    game = GoodGame()
    for text in ["O2a3/Pa4", "E3c4U", "P2f4"]:
        game.play(1, text)
    copy = GoodGame.from_json(game.to_json())
    assert copy.events == game.events and copy.fen(1) == game.fen(1)
    assert copy.legal_moves(1) == game.legal_moves(1)
    restored = GoodGame.restore(game.config, game.events, [game.board_state(1)])
    assert restored.fen(1) == game.fen(1)
    assert "1. O2a3/Pa4 E3c4U" in game.pgn(1)


def test_a_game_never_saved_is_restored_from_no_state_and_one_that_moved_is_refused() -> None:
    assert GoodGame.restore(GoodGame().config, (), [None]).fen(1) == START_FEN
    game = GoodGame()
    game.play(1, "O2a3/Pa4")
    with pytest.raises(RecordError, match="does not fit the log"):
        GoodGame.restore(game.config, game.events, [None])


def counts(game: GoodGame) -> Counter[str]:
    """Return each side's pieces on the board and captured, by side (upper case White)."""
    position = game.good_board(1).position
    on_board = [s for s in position.cells if s is not None]
    return Counter("W" if s.isupper() else "B" for s in on_board + list(position.captured))


@pytest.mark.parametrize("made", [GoodGame, WonkavatorGame])
@settings(max_examples=examples(8), deadline=None)  # each game: 16 in all
@given(st.integers(min_value=0, max_value=2**32))
def test_random_playouts_conserve_pieces_and_replay_exactly(
    made: type[GoodGame], seed: int
) -> None:
    chooser = random.Random(seed)
    game = made()
    for _ in range(60):
        if not game.is_open(1):
            break
        board = game.good_board(1)
        position, legal = board.position, board.legal_actions()
        action = chooser.choice(legal)
        assert len(set(game.legal_moves(1))) == len(legal)  # no two actions written alike
        assert parse(long(action, position), legal, position) == action
        before = counts(game)
        promoted = getattr(action, "promotion", None) is not None
        game.play(1, long(action, position))
        after = counts(game)
        mover = "W" if position.white else "B"
        other = "W" if mover == "B" else "B"
        assert after[other] == before[other]
        assert after[mover] == before[mover] - promoted  # a promotion uses a captured piece up
        sideways = game.good_board(1).SIDEWAYS
        assert read_fen(game.fen(1), sideways=sideways)[0] == game.good_board(1).position
    copy = made.from_json(game.to_json())
    assert copy.events == game.events and copy.fen(1) == game.fen(1)
    assert copy.board_result(1) == game.board_result(1)


def test_the_long_forms_name_each_legal_move_from_cell_to_cell_and_each_is_playable() -> None:
    game = GoodGame()
    longs, shorts = game.long_moves(1), game.legal_moves(1)
    assert len(longs) == len(shorts)
    assert "2a1-2a3/Pa4" in longs and "2a1-2a3" in longs and "E2c1D" in longs
    for text, short in zip(longs, shorts, strict=True):
        played = GoodGame()
        played.play(1, text)
        assert played.good_board(1).fen() != game.good_board(1).fen()
        assert played.good_board(1).fen() == _after(short)


def _after(text: str) -> str:
    """Return the position after White plays text from the start."""
    game = GoodGame()
    game.play(1, text)
    return game.good_board(1).fen()


def test_a_finished_game_has_no_long_forms_to_offer() -> None:
    game = GoodGame()
    game.resign(1, "white")
    assert game.long_moves(1) == []
