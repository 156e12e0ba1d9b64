"""Alice's Elevator Chess: scenarios from positions, a differential check and playouts."""

from __future__ import annotations

import random

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.elevator import Arrived, IllegalMoveError, Match, MatchConfigError, Moved
from games.elevator.events import PassedThrough
from tests.strength import examples

BARE = "7k/8/8/8/8/8/8/K7 w - - 0 1"


def _symbol(match: Match, board: int, square: str) -> str | None:
    piece = match.piece_at(board, square)
    return None if piece is None else piece.symbol


def _alice(first: str, second: str = BARE) -> Match:
    return Match(boards=2, mode="alice", start_fens=[first, second])


def test_a_move_that_captures_nothing_passes_to_the_same_square_of_the_other_board() -> None:
    match = Match(boards=2, mode="alice")
    events = match.play(1, "Nf3")
    assert events == [
        Moved(1, "white", 1, "g1f3", "Nf3"),
        PassedThrough(1, "white", "N", "f3", 2),
        Arrived(2, "white", "N", "f3", 1, check=False, king_capturable=False),
    ]
    assert match.piece_at(1, "f3") is None and match.piece_at(1, "g1") is None
    assert _symbol(match, 2, "f3") == "N"
    assert (match.turn(1), match.turn(2)) == ("black", "white")  # no turn used on board 2


def test_a_capture_stays_on_its_board() -> None:
    match = _alice("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    match.play(1, "exd5")
    assert _symbol(match, 1, "d5") == "P"
    assert match.piece_at(2, "d5") is None


def test_a_move_whose_square_is_taken_on_the_other_board_is_refused_and_changes_nothing() -> None:
    match = _alice("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "4k3/8/8/p7/8/8/8/4K3 w - - 0 1")
    before = match.to_json()
    assert "Ra5" not in match.legal_moves(1) and "Ra4" in match.legal_moves(1)
    with pytest.raises(IllegalMoveError, match="a5 on board 2 is occupied"):
        match.play(1, "Ra5")
    assert match.to_json() == before


def test_a_piece_cannot_pass_through_when_its_leaving_leaves_the_king_in_check() -> None:
    # White is in check from e8: Bd2-e3 would block it in chess, but the bishop leaves.
    match = _alice("4r2k/8/8/8/8/8/3B4/4K3 w - - 0 1")
    assert "Be3" not in match.legal_moves(1)
    with pytest.raises(IllegalMoveError, match="in check on board 1 once the piece has passed"):
        match.play(1, "Be3")
    # A pinned piece may not pass through either.
    pinned = _alice("4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1")
    assert not any(move.startswith("B") for move in pinned.legal_moves(1))


def test_king_moves_and_castling_stay_on_their_board() -> None:
    match = _alice("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    match.play(1, "O-O")
    assert match.piece_at(1, "g1") is not None and match.piece_at(1, "f1") is not None
    assert match.piece_at(2, "g1") is None


def test_a_check_given_by_a_piece_that_passed_through_is_not_written() -> None:
    match = _alice("4k3/8/8/8/8/8/8/4KB2 w - - 0 1")
    events = match.play(1, "Bb5")
    assert isinstance(events[0], Moved) and events[0].san == "Bb5"
    assert not match.is_check(1)


def test_blocks_that_would_pass_through_do_not_save_a_king_from_mate() -> None:
    # After ...Rxa1+ White's only answers in chess are Bc1 and Be1, both passing through.
    match = _alice("r6k/8/8/8/8/8/3B2PP/N6K b - - 0 1")
    match.play(1, "Rxa1+")
    assert match.board_result(1) == "0-1"
    ending = match.ending(1)
    assert ending is not None and ending.ending == "checkmate"


def test_an_arrival_on_the_movers_turn_may_leave_the_enemy_king_to_be_taken() -> None:
    match = _alice("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    events = match.play(1, "Ra8")
    assert events[-1] == Arrived(2, "white", "R", "a8", 1, check=False, king_capturable=True)
    match.play(2, "Rxe8")
    assert match.board_result(2) == "1-0"


def test_a_pawn_promotes_and_the_new_piece_passes_through() -> None:
    match = _alice("7k/4P3/8/8/8/8/8/K7 w - - 0 1")
    match.play(1, "e8=Q")
    assert match.piece_at(1, "e8") is None
    assert _symbol(match, 2, "e8") == "Q"


def test_once_a_board_is_over_the_other_plays_ordinary_chess() -> None:
    match = Match(boards=2, mode="alice")
    match.resign(2, "black")
    assert match.pending_transfer(2) is None  # no white piece on an elevator to send
    match.play(1, "e4")
    assert match.piece_at(1, "e4") is not None


def test_rides_do_not_exist_in_alice_mode() -> None:
    match = _alice("7k/8/8/8/4N3/8/8/K7 w - - 0 1")
    assert not any("^" in move or "v" in move for move in match.legal_moves(1))
    with pytest.raises(IllegalMoveError, match="no rides in Alice's Elevator Chess"):
        match.play(1, "Ne4^2")


def test_alice_needs_two_boards_of_fide_rules() -> None:
    with pytest.raises(MatchConfigError, match="two boards"):
        Match(boards=3, mode="alice")
    with pytest.raises(MatchConfigError, match="escher"):
        Match(boards=2, mode="alice", rules=["fide", "escher"])


def _expected(board: chess.Board, other: chess.Board) -> set[str]:
    """Alice's legal moves on board worked out from python-chess alone."""
    found: set[str] = set()
    for move in board.legal_moves:
        san = board.san(move)
        if board.is_capture(move) or board.piece_type_at(move.from_square) == chess.KING:
            found.add(san)
            continue
        if other.piece_at(move.to_square) is not None:
            continue
        after = board.copy(stack=False)
        after.push(move)
        after.remove_piece_at(move.to_square)
        king = after.king(board.turn)
        if king is None or not after.is_attacked_by(not board.turn, king):
            found.add(san.rstrip("+#"))
    return found


@settings(max_examples=examples(15), deadline=None)
@given(st.randoms(use_true_random=False))
def test_playouts_keep_every_piece_and_replay_exactly(rng: random.Random) -> None:
    match = Match(boards=2, mode="alice")
    for _ in range(120):
        open_boards = [n for n in (1, 2) if match.is_open(n)]
        if len(open_boards) < 2:
            break
        board = rng.choice(open_boards)
        reference = chess.Board(match.fen(board))
        if not reference.is_valid() or reference.was_into_check():
            break  # a king left to be taken: python-chess no longer models the position
        moves = match.legal_moves(board)
        assert set(moves) == _expected(reference, chess.Board(match.fen(3 - board)))
        before = _pieces(match)
        move = rng.choice(moves)
        match.play(board, move)
        if match.is_open(1) and match.is_open(2):
            assert _pieces(match) == before - ("x" in move)
    again = Match.from_json(match.to_json())
    assert [again.fen(n) for n in (1, 2)] == [match.fen(n) for n in (1, 2)]
    restored = Match.restore(match.config, match.events, [match.board_state(n) for n in (1, 2)])
    assert restored.legal_moves(1) == match.legal_moves(1)


def _pieces(match: Match) -> int:
    return sum(
        match.piece_at(board, f"{file}{rank}") is not None
        for board in (1, 2)
        for file in "abcdefgh"
        for rank in range(1, 9)
    )


def test_alice_refuses_armies_and_chosen_elevators_saying_why() -> None:
    with pytest.raises(MatchConfigError, match="Alice's Elevator Chess is played with FIDE's"):
        Match(boards=2, mode="alice", armies=("nutty", "fide"))
    with pytest.raises(MatchConfigError, match="has no elevator squares to choose"):
        Match(boards=2, mode="alice", elevators=[["c3"], ["c3"]])


def test_automatic_refuses_armies_saying_why() -> None:
    with pytest.raises(MatchConfigError, match="Automatic Elevator Chess is played with FIDE's"):
        Match(boards=2, mode="automatic", armies=("clobberers", "fide"))
