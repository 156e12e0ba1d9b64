"""Scenario tests: one or more for every rule of Elevator Chess, from FEN positions."""

from __future__ import annotations

import json

import pytest

from games.core.capabilities import TransfersSettled, VictoryTransfers
from games.elevator import (
    AmbiguousMoveError,
    Arrived,
    BoardCleared,
    BoardEnded,
    Flagged,
    IllegalMoveError,
    Match,
    MatchConfigError,
    MatchDecided,
    Moved,
    RecordError,
    Rode,
    Transferred,
)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BARE_KINGS_WHITE = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
BARE_KINGS_BLACK = "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
# White knight on d5, White to move.
KNIGHT_D5 = "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1"
# Black king on e7, where a knight arriving on d5 attacks it; White to move.
KING_E7_WHITE_TO_MOVE = "8/4k3/8/8/8/8/8/4K3 w - - 0 1"


def unchanged(match: Match, action: object) -> None:
    """Assert that a refused action raised and left the match as it was."""
    before = match.to_json()
    assert callable(action)
    with pytest.raises(IllegalMoveError):
        action()
    assert match.to_json() == before


# ------------------------------------------------------------------ configuration


def test_a_match_has_one_to_a_thousand_boards() -> None:
    assert Match(boards=1).boards == 1
    assert Match(boards=1000, layout="ring").boards == 1000
    for boards in (0, 1001, -3):
        with pytest.raises(MatchConfigError, match="1 to 1000 boards"):
            Match(boards=boards)


def test_a_ring_needs_three_boards() -> None:
    with pytest.raises(MatchConfigError, match="a ring needs at least 3 boards"):
        Match(boards=2, layout="ring")
    with pytest.raises(MatchConfigError, match="line"):
        Match(boards=2, layout="spiral")


def test_start_positions_are_checked() -> None:
    with pytest.raises(MatchConfigError, match="one entry per board"):
        Match(boards=2, start_fens=[START])
    with pytest.raises(MatchConfigError, match="FEN for board 2 is not valid"):
        Match(boards=2, start_fens=[START, "not a fen"])
    with pytest.raises(MatchConfigError, match="Black has no king"):
        Match(boards=2, start_fens=[START, "8/8/8/8/8/8/8/4K3 w - - 0 1"])


def test_a_start_position_that_is_already_over_is_refused() -> None:
    mated = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"
    with pytest.raises(MatchConfigError, match="board 2 is already over: checkmate"):
        Match(boards=2, start_fens=[START, mated])


def test_each_side_plays_one_colour_on_every_board_by_default() -> None:
    match = Match(boards=3)
    assert [match.team(n, "white") for n in (1, 2, 3)] == ["white"] * 3
    assert [match.team(n, "black") for n in (1, 2, 3)] == ["black"] * 3


# ------------------------------------------------------------------ boards are independent


def test_each_board_keeps_its_own_side_to_move() -> None:
    match = Match(boards=3)
    match.play(1, "e4")
    match.play(2, "d4")
    match.play(2, "d5")
    assert [match.turn(n) for n in (1, 2, 3)] == ["black", "white", "white"]


def test_a_normal_move_is_accepted_in_san_or_uci() -> None:
    match = Match(boards=2)
    assert match.play(1, "g1f3") == [Moved(1, "white", 1, "g1f3", "Nf3")]
    assert match.play(1, "Nf6") == [Moved(1, "black", 1, "g8f6", "Nf6")]


def test_the_side_that_tries_to_move_must_be_the_side_to_move() -> None:
    match = Match(boards=2)
    match.play(2, "e4")
    unchanged(match, lambda: match.play(2, "d4", side="white"))
    with pytest.raises(IllegalMoveError, match="it is Black's turn on board 2"):
        match.play(2, "d5", side="white")


# ------------------------------------------------------------------ riding


def test_a_ride_uses_the_turn_of_the_board_it_leaves() -> None:
    match = Match(boards=2, start_fens=[KNIGHT_D5, START])
    events = match.play(1, "Nd5^2")
    assert events[0] == Rode(1, "white", 1, "N", "d5", "up", 2)
    assert match.turn(1) == "black"
    assert match.piece_at(1, "d5") is None


def test_arrival_does_not_use_the_turn_of_the_destination_board() -> None:
    match = Match(boards=2, start_fens=[KNIGHT_D5, START])
    match.play(1, "Nd5^2")
    assert match.fen(2) == "rnbqkbnr/pppppppp/8/3N4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert match.turn(2) == "white"


def test_a_piece_can_ride_down() -> None:
    match = Match(boards=2, start_fens=[START, KNIGHT_D5])
    events = match.play(2, "Nd5v1")
    assert events[1] == Arrived(1, "white", "N", "d5", 2, check=False, king_capturable=False)


def test_kings_may_not_ride_the_elevators() -> None:
    match = Match(boards=2, start_fens=["8/8/8/8/4K3/8/8/7k w - - 0 1", START])
    unchanged(match, lambda: match.play(1, "Ke4^2"))
    with pytest.raises(IllegalMoveError, match="kings may not ride the elevators"):
        match.play(1, "e4^")


def test_a_ride_needs_an_empty_destination_square() -> None:
    match = Match(boards=3, start_fens=[START, START, "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1"])
    match.play(2, "e4")
    unchanged(match, lambda: match.play(3, "Ne4v2"))
    with pytest.raises(IllegalMoveError, match="e4 on board 2 is occupied"):
        match.play(3, "Ne4v")


def test_only_pieces_on_elevator_squares_ride() -> None:
    match = Match(boards=2)
    with pytest.raises(IllegalMoveError, match="e2 is not an elevator square on board 1"):
        match.play(1, "Pe2^2")
    with pytest.raises(IllegalMoveError, match="there is no piece on e4 on board 1"):
        match.play(1, "e4^")


def test_a_side_rides_only_its_own_pieces() -> None:
    match = Match(boards=2, start_fens=["4k3/8/8/3n4/8/8/8/4K3 w - - 0 1", START])
    with pytest.raises(IllegalMoveError, match="the knight on d5 on board 1 is Black's"):
        match.play(1, "Nd5^2")


def test_the_named_piece_must_be_the_one_on_the_square() -> None:
    match = Match(boards=2, start_fens=[KNIGHT_D5, START])
    with pytest.raises(IllegalMoveError, match="is a white knight, not a bishop"):
        match.play(1, "Bd5^2")


def test_a_pinned_piece_cannot_ride() -> None:
    pinned = "4r2k/8/8/8/4N3/8/8/4K3 w - - 0 1"
    match = Match(boards=2, start_fens=[pinned, START])
    unchanged(match, lambda: match.play(1, "Ne4^2"))
    with pytest.raises(IllegalMoveError, match="pinned"):
        match.play(1, "Ne4^2")
    assert "Ne4^2" not in match.legal_moves(1)


def test_a_ride_cannot_answer_a_check() -> None:
    in_check = "7k/8/8/8/1b2N3/8/8/4K3 w - - 0 1"
    match = Match(boards=2, start_fens=[in_check, START])
    with pytest.raises(IllegalMoveError, match="White is in check on board 1"):
        match.play(1, "Ne4^2")
    assert not any("^" in move for move in match.legal_moves(1))


def test_a_ride_may_uncover_check_on_the_board_it_leaves() -> None:
    # The knight on e4 stands between the white rook on e1 and the black king on e8.
    match = Match(boards=2, start_fens=["4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1", START])
    match.play(1, "Ne4^2")
    assert match.is_check(1)
    assert match.turn(1) == "black"


def test_legal_moves_list_rides_in_canonical_notation() -> None:
    match = Match(boards=3, start_fens=[START, KNIGHT_D5, START])
    moves = match.legal_moves(2)
    assert moves[-2:] == ["Nd5^3", "Nd5v1"]
    assert set(moves[:-2]) == {
        "Nb6", "Nf6+", "Nb4", "Nf4", "Nc3", "Ne3", "Nc7+", "Ne7",
        "Kd1", "Kf1", "Kd2", "Ke2", "Kf2",
    }  # fmt: skip


# ------------------------------------------------------------------ notation


@pytest.mark.parametrize("text", ["Nd5^2", "Nd5^", "d5^", "Nd5 up", "d5 UP", "Nd5>2", "nd5^2"])
def test_rides_may_be_written_as_players_type_them(text: str) -> None:
    match = Match(boards=2, start_fens=[KNIGHT_D5, START])
    assert match.play(1, text)[0] == Rode(1, "white", 1, "N", "d5", "up", 2)


def test_the_board_named_in_a_ride_must_be_the_one_it_reaches() -> None:
    match = Match(boards=3, start_fens=[KNIGHT_D5, START, START])
    with pytest.raises(IllegalMoveError, match="lands on board 2, not board 3"):
        match.play(1, "Nd5^3")


@pytest.mark.parametrize("text", ["Nd5^1", "d5^1", "Nd5 up 1", "Nd5v1"])
def test_a_ride_written_with_the_target_board_is_read_as_that_board(text: str) -> None:
    match = Match(boards=2, start_fens=[START, KNIGHT_D5])
    assert match.play(2, text)[0] == Rode(2, "white", 1, "N", "d5", "down", 1)


def test_a_ride_in_a_ring_written_with_the_other_arrow_goes_round_to_the_board_named() -> None:
    match = Match(boards=3, layout="ring", start_fens=[START, START, KNIGHT_D5])
    assert match.play(3, "Nd5v1")[0] == Rode(3, "white", 1, "N", "d5", "up", 1)


def test_a_ride_to_a_board_no_ride_reaches_says_how_to_write_the_rides_there_are() -> None:
    match = Match(boards=4, start_fens=[START, KNIGHT_D5, START, START])
    with pytest.raises(IllegalMoveError) as refused:
        match.play(2, "Nd5^4")
    assert str(refused.value) == (
        "a ride from board 2 lands on board 3 or board 1, not board 4: write Nd5^3 or Nd5v1"
    )
    _close(match, 1)
    with pytest.raises(IllegalMoveError) as refused:
        match.play(2, "Nd5v1")
    assert str(refused.value) == (
        "board 1 is finished: a ride from board 2 lands on board 3, not board 1: write Nd5^3"
    )


def test_a_ride_to_the_board_named_is_refused_for_what_stands_there_not_for_its_arrow() -> None:
    match = Match(boards=2, start_fens=["4k3/8/8/3n4/8/8/8/4K3 w - - 0 1", KNIGHT_D5])
    with pytest.raises(IllegalMoveError, match="d5 on board 1 is occupied"):
        match.play(2, "Nd5^1")


def test_a_ride_without_a_direction_that_could_go_both_ways_is_ambiguous() -> None:
    match = Match(boards=3, start_fens=[START, KNIGHT_D5, START])
    with pytest.raises(AmbiguousMoveError, match="write Nd5\\^3 or Nd5v1"):
        match.play(2, "Nd5>")
    assert match.play(2, "Nd5>1")[0].to_board == 1  # type: ignore[attr-defined]


def test_garbage_text_is_refused_with_a_hint() -> None:
    match = Match(boards=2)
    for text in ("castle please", "a1a1", "0000", "--", "", "Nz9", "e4^^"):
        unchanged(match, lambda text=text: match.play(1, text))  # type: ignore[misc]
    with pytest.raises(IllegalMoveError, match="SAN \\(Nf3\\)"):
        match.play(1, "hello")


def test_an_illegal_move_is_refused_and_the_player_may_try_another() -> None:
    match = Match(boards=2)
    unchanged(match, lambda: match.play(1, "e5"))
    unchanged(match, lambda: match.play(1, "e2e5"))
    with pytest.raises(IllegalMoveError, match="e5 is not a legal move for White on board 1"):
        match.play(1, "e5")
    assert match.play(1, "e4")[0].san == "e4"  # type: ignore[attr-defined]


def test_an_ambiguous_move_names_the_moves_it_could_be() -> None:
    match = Match(boards=2, start_fens=["4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", START])
    with pytest.raises(AmbiguousMoveError, match="Nd2 is ambiguous on board 1: write ") as refused:
        match.play(1, "Nd2")
    assert {"Nbd2", "Nfd2"} <= set(str(refused.value).replace(" or ", " ").split())


def test_there_is_no_board_zero() -> None:
    match = Match(boards=2)
    with pytest.raises(IllegalMoveError, match="there is no board 3: this match has boards 1 to 2"):
        match.play(3, "e4")


# ------------------------------------------------------------------ closed floors and layouts


def _close(match: Match, *boards: int) -> None:
    for board in boards:
        match.draw(board)


def test_a_ride_passes_through_one_closed_board() -> None:
    match = Match(boards=3, start_fens=[KNIGHT_D5, START, START])
    _close(match, 2)
    assert match.play(1, "Nd5^")[0] == Rode(1, "white", 1, "N", "d5", "up", 3)


def test_two_closed_boards_in_a_row_block_a_ride() -> None:
    match = Match(boards=6, start_fens=[START, START, START, KNIGHT_D5, START, START])
    _close(match, 5, 6)
    unchanged(match, lambda: match.play(4, "Nd5^"))
    with pytest.raises(IllegalMoveError, match="no open board above board 4: boards 5 and 6"):
        match.play(4, "Nd5^")
    assert match.legal_moves(4)[-1] == "Nd5v3"


def test_a_line_does_not_wrap_but_a_ring_does() -> None:
    line = Match(boards=3, start_fens=[START, START, KNIGHT_D5])
    with pytest.raises(IllegalMoveError, match="there is no board above board 3"):
        line.play(3, "Nd5^")
    ring = Match(boards=3, layout="ring", start_fens=[START, START, KNIGHT_D5])
    assert ring.play(3, "Nd5^")[0] == Rode(3, "white", 1, "N", "d5", "up", 1)


def test_in_a_ring_of_three_up_and_down_to_the_same_board_are_one_ride() -> None:
    match = Match(boards=3, layout="ring", start_fens=[KNIGHT_D5, START, START])
    _close(match, 2)
    assert [move for move in match.legal_moves(1) if "^" in move or "v" in move] == ["Nd5^3"]
    assert match.play(1, "Nd5>3")[0] == Rode(1, "white", 1, "N", "d5", "up", 3)
    again = Match(boards=3, layout="ring", start_fens=[KNIGHT_D5, START, START])
    _close(again, 2)
    assert again.play(1, "Nd5v3")[0] == Rode(1, "white", 1, "N", "d5", "down", 3)


def test_a_finished_board_refuses_every_move() -> None:
    match = Match(boards=2)
    match.draw(2)
    assert match.is_closed(2)
    assert match.legal_moves(2) == []
    unchanged(match, lambda: match.play(2, "e4"))
    with pytest.raises(IllegalMoveError, match="board 2 is finished"):
        match.play(2, "e4")
    unchanged(match, lambda: match.resign(2, "white"))


# ------------------------------------------------------------------ displaced elevators


def test_elevator_k_of_one_board_connects_to_elevator_k_of_the_next() -> None:
    match = Match(
        boards=2,
        start_fens=["4k3/8/8/8/8/2N5/8/4K3 w - - 0 1", START],
        elevators=[["c3"], ["f6"]],
    )
    events = match.play(1, "Nc3^2")
    # White is to move on board 2, so the knight on f6 does not check: it may take the king.
    assert events[1] == Arrived(2, "white", "N", "f6", 1, check=False, king_capturable=True)
    assert match.elevators(2) == ("f6",)


def test_elevator_lists_must_match_in_length_and_name_real_squares() -> None:
    with pytest.raises(MatchConfigError, match="board 2 has 1 elevator square and board 1 2"):
        Match(boards=2, elevators=[["d4", "e4"], ["d4"]])
    with pytest.raises(MatchConfigError, match="'z9' is not a square of board 1"):
        Match(boards=2, elevators=[["z9"], ["d4"]])


def test_a_rook_riding_from_its_corner_gives_up_castling_there() -> None:
    match = Match(boards=2, elevators=[["h1"], ["h1"]], start_fens=[
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k3/8/8/8/8/8/8/4K3 w q - 0 1",
    ])  # fmt: skip
    match.play(1, "Rh1^2")
    assert match.fen(1) == "r3k2r/8/8/8/8/8/8/R3K3 b Qkq - 0 1"
    assert match.fen(2) == "r3k3/8/8/8/8/8/8/4K2R w q - 0 1"


# ------------------------------------------------------------------ arrivals


def test_an_arrival_lets_the_side_to_move_capture_the_king() -> None:
    match = Match(boards=2, start_fens=[KNIGHT_D5, KING_E7_WHITE_TO_MOVE])
    events = match.play(1, "Nd5^2")
    assert events[1] == Arrived(2, "white", "N", "d5", 1, check=False, king_capturable=True)
    assert match.king_capturable(2)
    assert "Nxe7" in match.legal_moves(2)
    events = match.play(2, "Nxe7")
    assert events[0] == Moved(2, "white", 1, "d5e7", "Nxe7")
    assert events[1] == BoardEnded(2, "1-0", "king capture", "8/4N3/8/8/8/8/8/4K3 b - - 0 1", False)
    assert match.board_result(2) == "1-0"


def test_a_pinned_piece_may_still_capture_the_king() -> None:
    # The knight on e2 is pinned by the rook on e8, but it attacks the black king on c3.
    match = Match(boards=2, start_fens=["4r3/8/8/8/8/2k5/4N3/4K3 w - - 0 1", START])
    assert "Nxc3" in match.legal_moves(1)
    match.play(1, "Nxc3")
    assert match.ending(1) is not None
    assert match.board_result(1) == "1-0"


def test_a_side_in_check_may_capture_the_king_instead_of_answering() -> None:
    match = Match(boards=2, start_fens=["4k3/8/5N2/8/8/8/8/r3K3 w - - 0 1", START])
    assert set(match.legal_moves(1)) == {"Nxe8", "Kd2+", "Ke2+", "Kf2+"}
    match.play(1, "f6e8")
    assert match.board_result(1) == "1-0"


def test_the_king_need_not_be_taken() -> None:
    match = Match(boards=2, start_fens=[KNIGHT_D5, KING_E7_WHITE_TO_MOVE])
    match.play(1, "Nd5^2")
    match.play(2, "Kd1")
    assert match.is_check(2)
    assert match.turn(2) == "black"


# Black resigns board 1, whose white knight may then ride up beside bare kings.
KNIGHT_D4_BLACK_TO_MOVE = "4k3/8/8/8/3N4/8/8/4K3 b - - 0 1"
KING_E6_WHITE_TO_MOVE = "8/8/4k3/8/8/8/8/4K3 w - - 0 1"


def test_a_transfer_that_isolates_a_board_does_not_draw_a_king_that_can_be_taken() -> None:
    match = Match(2, start_fens=[KNIGHT_D4_BLACK_TO_MOVE, KING_E6_WHITE_TO_MOVE])
    match.resign(1, "black")
    events = match.transfer(1, "Nd4^2")
    assert events == [
        Transferred(1, "white", "N", "d4", "up", 2),
        Arrived(2, "white", "N", "d4", 1, check=False, king_capturable=True),
        BoardCleared(1),
    ]
    assert match.board_result(2) == "*"
    assert "Nxe6" in match.legal_moves(2)
    events = match.play(2, "Nxe6")
    assert events[1] == BoardEnded(2, "1-0", "king capture", "8/8/4N3/8/8/8/8/4K3 b - - 0 1", False)
    assert match.result() == "1-0"


def test_a_king_left_en_prise_is_drawn_once_the_chance_to_take_it_is_gone() -> None:
    match = Match(2, start_fens=[KNIGHT_D4_BLACK_TO_MOVE, KING_E6_WHITE_TO_MOVE])
    match.resign(1, "black")
    match.transfer(1, "Nd4^2")
    events = match.play(2, "Kd1")
    assert events[1] == BoardEnded(
        2, "1/2-1/2", "insufficient material", "8/8/4k3/8/3N4/8/8/3K4 b - - 1 1", False
    )


def test_a_king_that_can_be_taken_survives_the_records_replay_and_restore() -> None:
    match = Match(2, start_fens=[KNIGHT_D4_BLACK_TO_MOVE, KING_E6_WHITE_TO_MOVE])
    match.resign(1, "black")
    match.transfer(1, "Nd4^2")
    again = Match.from_json(match.to_json())
    assert again.board_result(2) == "*"
    assert again.king_capturable(2)
    states = [match.board_state(board) for board in (1, 2)]
    restored = Match.restore(match.config, match.events, states)
    restored.play(2, "Nxe6")
    assert restored.board_result(2) == "1-0"


@pytest.mark.parametrize(
    ("fen", "capture"),
    [
        # Bare kings and a knight: insufficient material on a board nothing can reach.
        ("4k3/8/5N2/8/8/8/8/4K3 w - - 0 1", "Nxe8"),
        # 150 half-moves without a capture: the seventy-five-move rule would apply.
        ("R3k3/8/8/8/8/8/8/4K3 w - - 150 100", "Rxe8"),
        # The king and the blocked pawn have no move but taking the king: no stalemate.
        ("8/8/8/3pk3/3P4/1q6/8/K7 w - - 0 1", "dxe5"),
    ],
)
def test_no_automatic_ending_comes_before_a_king_capture(fen: str, capture: str) -> None:
    match = Match(1, start_fens=[fen])
    assert match.board_result(1) == "*"
    assert capture in match.legal_moves(1)
    match.play(1, capture)
    ending = match.ending(1)
    assert ending is not None
    assert (ending.result, ending.ending) == ("1-0", "king capture")


def test_an_arrival_that_checkmates_ends_the_board() -> None:
    queen = "4k3/8/8/3Q4/8/8/8/4K3 w - - 0 1"
    mate_target = "k7/p7/8/8/8/8/8/1R5K b - - 0 1"
    match = Match(boards=2, start_fens=[queen, mate_target])
    events = match.play(1, "Qd5^2")
    assert events[1] == Arrived(2, "white", "Q", "d5", 1, check=True, king_capturable=False)
    assert events[2] == BoardEnded(2, "1-0", "checkmate", "k7/p7/8/3Q4/8/8/8/1R5K b - - 0 1", True)
    assert match.transfer_options(2) == ["Qd5v1"]
    # Board 1 is bare kings, but a transfer may still reach it: not drawn yet.
    assert match.board_result(1) == "*"


def test_an_arrival_that_stalemates_ends_the_board() -> None:
    bishop = "4k3/8/8/4B3/8/8/8/4K3 w - - 0 1"
    almost = "k7/8/1K6/8/8/8/8/8 b - - 0 1"
    match = Match(boards=2, start_fens=[bishop, almost])
    events = match.play(1, "Be5^2")
    final = "k7/8/1K6/4B3/8/8/8/8 b - - 0 1"
    assert events[2] == BoardEnded(2, "1/2-1/2", "stalemate", final, False)
    assert events[3] == BoardCleared(2)
    # With board 2 closed, nothing can reach board 1 again: its bare kings draw.
    assert events[4] == BoardEnded(1, "1/2-1/2", "insufficient material", BARE_KINGS_BLACK, False)
    assert match.result() == "1/2-1/2"


def test_an_arrival_resets_the_fifty_move_count_and_keeps_the_move_number() -> None:
    quiet = "4k3/8/8/8/8/8/8/4K2R b - - 60 80"
    match = Match(boards=2, start_fens=[KNIGHT_D5, quiet])
    match.play(1, "Nd5^2")
    assert match.fen(2) == "4k3/8/8/3N4/8/8/8/4K2R b - - 0 80"


def test_a_ride_resets_the_fifty_move_count_of_the_board_it_leaves() -> None:
    match = Match(boards=2, start_fens=["4k3/8/8/3N4/8/8/8/4K2R w - - 60 80", START])
    match.play(1, "Nd5^2")
    assert match.fen(1) == "4k3/8/8/8/8/8/8/4K2R b - - 0 80"


# ------------------------------------------------------------------ stalemate and rides


STALEMATED_BUT_FOR_A_RIDE = "k7/8/1K1B4/3p4/3P4/8/8/8 b - - 0 1"


def test_a_side_whose_only_move_is_a_ride_is_not_stalemated() -> None:
    match = Match(boards=2, start_fens=[STALEMATED_BUT_FOR_A_RIDE, START])
    assert match.legal_moves(1) == ["Pd5^2"]
    assert match.board_result(1) == "*"


def test_a_neighbour_filling_the_last_open_elevator_stalemates_the_board() -> None:
    match = Match(boards=2, start_fens=[STALEMATED_BUT_FOR_A_RIDE, START])
    match.play(2, "e4")
    events = match.play(2, "d5")
    assert [type(event) for event in events] == [Moved, BoardEnded, BoardCleared]
    assert events[1] == BoardEnded(1, "1/2-1/2", "stalemate", STALEMATED_BUT_FOR_A_RIDE, False)


def test_on_one_board_the_rules_are_exactly_fide() -> None:
    with pytest.raises(MatchConfigError, match="already over: stalemate"):
        Match(boards=1, start_fens=[STALEMATED_BUT_FOR_A_RIDE])


# ------------------------------------------------------------------ board endings


def test_checkmate_ends_a_board() -> None:
    match = Match(boards=2)
    for move in ("f3", "e5", "g4", "Qh4#"):
        events = match.play(1, move)
    assert events[1] == BoardEnded(
        1, "0-1", "checkmate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", True
    )
    assert match.score() == (0.0, 1.0)
    assert match.transfer_options(1) == ["Pe5^2"]


def test_a_resignation_wins_the_board_for_the_opponent() -> None:
    match = Match(boards=2)
    events = match.resign(1, "white")
    assert match.board_result(1) == "0-1"
    assert events[1].ending == "resignation"  # type: ignore[attr-defined]


def test_a_side_may_resign_when_it_is_not_its_turn() -> None:
    match = Match(boards=2)
    match.resign(1, "black")
    assert match.board_result(1) == "1-0"


def test_a_draw_by_agreement_clears_and_closes_the_board() -> None:
    match = Match(boards=2, start_fens=[KNIGHT_D5, START])
    events = match.draw(1)
    assert [type(event) for event in events][1:3] == [BoardEnded, BoardCleared]
    assert match.fen(1) == "8/8/8/8/8/8/8/8 w - - 0 1"
    assert match.transfer_options(1) == []


def test_the_seventy_five_move_rule_draws_automatically() -> None:
    match = Match(boards=2, start_fens=["4k3/8/8/8/8/8/8/R3K3 w - - 149 120", START])
    events = match.play(1, "Ra2")
    assert events[1].ending == "seventy-five-move rule"  # type: ignore[attr-defined]


def test_fivefold_repetition_draws_automatically_and_threefold_may_be_claimed() -> None:
    match = Match(boards=2)
    cycle = ("Nf3", "Nf6", "Ng1", "Ng8")
    with pytest.raises(IllegalMoveError, match="no draw can be claimed on board 1"):
        match.claim_draw(1)
    for move in cycle * 2:
        match.play(1, move)
    assert match.claimable_draw(1) == "threefold repetition"
    for move in cycle * 2:
        events = match.play(1, move)
    assert events[1].ending == "fivefold repetition"  # type: ignore[attr-defined]


def test_a_threefold_claim_ends_the_board() -> None:
    match = Match(boards=2)
    for move in ("Nf3", "Nf6", "Ng1", "Ng8") * 2:
        match.play(1, move)
    events = match.claim_draw(1, side="white")
    assert events[1].ending == "threefold repetition"  # type: ignore[attr-defined]


def test_the_fifty_move_rule_is_claimed_by_the_player_to_move() -> None:
    match = Match(boards=2, start_fens=["4k3/8/8/8/8/8/8/R3K3 w - - 100 80", START])
    with pytest.raises(IllegalMoveError, match="it is White's turn"):
        match.claim_draw(1, side="black")
    events = match.claim_draw(1)
    assert events[1].ending == "fifty-move rule"  # type: ignore[attr-defined]


# Black's king is boxed in and the e5 pawn blocked: Black's only move is a ride, Pe5^2.
ONLY_A_RIDE_AFTER_FIFTY_MOVES = "7k/5K2/6P1/4p3/4P3/8/8/8 b - - 100 80"


def test_the_fifty_move_rule_may_be_claimed_by_a_side_whose_only_moves_are_rides() -> None:
    match = Match(2, start_fens=[ONLY_A_RIDE_AFTER_FIFTY_MOVES, START])
    assert match.legal_moves(1) == ["Pe5^2"]
    assert match.claimable_draw(1) == "fifty-move rule"
    with pytest.raises(IllegalMoveError, match="it is Black's turn"):
        match.claim_draw(1, side="white")
    events = match.claim_draw(1, side="black")
    assert events[1] == BoardEnded(
        1, "1/2-1/2", "fifty-move rule", ONLY_A_RIDE_AFTER_FIFTY_MOVES, False
    )


def test_a_ride_cannot_bring_the_fifty_move_count_to_a_claim() -> None:
    # At 99 half-moves a normal move could make it 100, but a ride resets the count.
    match = Match(2, start_fens=[ONLY_A_RIDE_AFTER_FIFTY_MOVES.replace("100 80", "99 80"), START])
    assert match.claimable_draw(1) is None
    unchanged(match, lambda: match.claim_draw(1, side="black"))


def test_insufficient_material_waits_while_a_piece_could_still_arrive() -> None:
    match = Match(boards=2, start_fens=[BARE_KINGS_WHITE, START])
    match.play(1, "Kd1")
    assert match.board_result(1) == "*"
    events = match.resign(2, "black")
    assert events[-3:] == [
        BoardEnded(1, "1/2-1/2", "insufficient material", "4k3/8/8/8/8/8/8/3K4 b - - 1 1", False),
        BoardCleared(1),
        MatchDecided(("white",)),
    ]


def test_insufficient_material_waits_for_a_pending_transfer_that_could_reach_it() -> None:
    match = Match(boards=2, start_fens=["4k3/8/8/4R3/8/8/8/4K3 w - - 0 1", BARE_KINGS_WHITE])
    match.resign(1, "black")
    assert match.pending_transfer(1) == "white"
    match.play(2, "Kd1")
    assert match.board_result(2) == "*"
    match.skip_transfer(1)
    assert match.board_result(2) == "1/2-1/2"


def test_adjudication_ends_a_board_with_the_given_result() -> None:
    match = Match(boards=2, start_fens=["4k3/8/8/4R3/8/8/8/4K3 w - - 0 1", START])
    events = match.adjudicate(1, "1-0", "Black lost connection", transfer=False)
    assert events[0].reason == "Black lost connection"  # type: ignore[attr-defined]
    final = "4k3/8/8/4R3/8/8/8/4K3 w - - 0 1"
    assert events[1] == BoardEnded(1, "1-0", "adjudication", final, False)
    assert match.pending_transfer(1) is None
    with pytest.raises(IllegalMoveError, match="a result is"):
        Match(boards=2).adjudicate(1, "2-0", "typo")


def test_an_adjudicated_win_offers_the_transfer_by_default() -> None:
    match = Match(boards=2, start_fens=["4k3/8/8/4R3/8/8/8/4K3 w - - 0 1", START])
    match.adjudicate(1, "1-0", "time")
    assert match.transfer_options(1) == ["Re5^2"]


def test_a_flag_loses_the_board_for_the_side_to_move_and_offers_the_transfer() -> None:
    match = Match(boards=2, start_fens=[START, "4k3/8/8/3Q4/8/8/8/4K3 b - - 0 1"])
    events = match.flag(2, "black")
    assert events[0] == Flagged(2, "black")
    assert events[1] == BoardEnded(2, "1-0", "timeout", "4k3/8/8/3Q4/8/8/8/4K3 b - - 0 1", True)
    assert match.transfer_options(2) == ["Qd5v1"]
    assert match.board_result(2) == "1-0"


def test_only_the_side_to_move_can_run_out_of_time() -> None:
    match = Match(boards=2)
    unchanged(match, lambda: match.flag(1, "black"))
    with pytest.raises(IllegalMoveError, match="it is White's turn on board 1"):
        match.flag(1, "black")


def test_a_flag_draws_when_the_opponent_could_never_mate_and_nothing_can_arrive() -> None:
    bare_king = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"  # Black: a bare king
    assert Match(boards=1, start_fens=[bare_king]).flag(1, "white")[1].result == "1/2-1/2"  # type: ignore[attr-defined]
    # with a neighbour open, a piece may still arrive, so the flag loses
    match = Match(boards=2, start_fens=[bare_king, START])
    ended = match.flag(1, "white")[1]
    assert isinstance(ended, BoardEnded) and (ended.result, ended.ending) == ("0-1", "timeout")


def test_a_flag_replays_from_the_record_and_can_be_undone() -> None:
    match = Match(boards=2)
    match.play(1, "e4")
    match.flag(1, "black")
    assert Match.from_json(match.to_json()).to_json() == match.to_json()
    match.undo()
    assert match.is_open(1) and match.turn(1) == "black"


# ------------------------------------------------------------------ victory transfer


def _won_board_one() -> Match:
    queen = "4k3/8/8/3Q4/8/8/8/4K3 w - - 0 1"
    return Match(boards=2, start_fens=[START, queen])


def test_the_winner_may_send_one_piece_on_from_an_elevator_square() -> None:
    match = _won_board_one()
    match.resign(2, "black")
    assert match.is_closed(2)
    assert match.fen(2) == "4k3/8/8/3Q4/8/8/8/4K3 w - - 0 1"
    assert match.transfer_options(2) == ["Qd5v1"]
    events = match.transfer(2, "Qd5v1")
    assert events == [
        Transferred(2, "white", "Q", "d5", "down", 1),
        Arrived(1, "white", "Q", "d5", 2, check=False, king_capturable=False),
        BoardCleared(2),
    ]
    assert match.fen(2) == "8/8/8/8/8/8/8/8 w - - 0 1"
    assert match.fen(1) == "rnbqkbnr/pppppppp/8/3Q4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert match.transfer_options(2) == []


def test_the_winner_may_decline_the_transfer() -> None:
    match = _won_board_one()
    match.resign(2, "black")
    assert [type(event).__name__ for event in match.skip_transfer(2)] == [
        "TransferDeclined",
        "BoardCleared",
    ]
    assert match.fen(2) == "8/8/8/8/8/8/8/8 w - - 0 1"


def test_a_match_says_which_boards_its_events_cleared_and_whose_transfers_they_settled() -> None:
    sent, declined = _won_board_one(), _won_board_one()
    for match in (sent, declined):
        match.resign(2, "black")
    made = sent.transfer(2, "Qd5v1")
    assert sent.transfers_settled(made) == TransfersSettled(cleared=(2,), made=frozenset({2}))
    let_go = declined.skip_transfer(2)
    assert declined.transfers_settled(let_go) == TransfersSettled(
        cleared=(2,), declined=frozenset({2})
    )
    assert sent.transfers_settled(sent.play(1, "e4")) == TransfersSettled()
    assert isinstance(sent, VictoryTransfers)  # as the bot asks for the capability


def test_only_the_winner_decides_the_transfer_and_only_with_a_ride() -> None:
    match = _won_board_one()
    match.resign(2, "black")
    unchanged(match, lambda: match.transfer(2, "Qd5v1", side="black"))
    unchanged(match, lambda: match.skip_transfer(2, side="black"))
    unchanged(match, lambda: match.transfer(2, "Qd1"))
    unchanged(match, lambda: match.transfer(2, "Ke1v1"))
    unchanged(match, lambda: match.transfer(1, "Qd5v1"))
    unchanged(match, lambda: match.play(2, "Qd6"))
    with pytest.raises(IllegalMoveError, match="only White, who won board 2"):
        match.transfer(2, "Qd5v1", side="black")
    with pytest.raises(IllegalMoveError, match="board 1 has no victory transfer pending"):
        match.transfer(1, "Qd5v1")


def test_a_transfer_may_move_a_piece_that_would_be_pinned() -> None:
    pinned_queen = "4r1k1/8/8/8/4Q3/8/8/4K3 w - - 0 1"
    match = Match(boards=2, start_fens=[START, pinned_queen])
    match.resign(2, "black")
    assert match.transfer_options(2) == ["Qe4v1"]


def test_a_won_board_with_no_ride_available_is_cleared_at_once() -> None:
    match = Match(boards=2)
    events = match.resign(2, "white")
    assert events == [
        events[0],
        BoardEnded(2, "0-1", "resignation", START, False),
        BoardCleared(2),
    ]


def test_the_transfer_is_lost_when_no_open_board_can_ever_be_reached() -> None:
    rook = "4k3/8/8/4R3/8/8/8/4K3 w - - 0 1"
    match = Match(boards=3, start_fens=[START, rook, START])
    match.resign(2, "black")
    match.draw(1)
    assert match.pending_transfer(2) == "white"
    events = match.draw(3)
    assert BoardCleared(2) in events
    assert match.pending_transfer(2) is None


def test_a_transfer_arrival_may_decide_the_next_board() -> None:
    queen = "4k3/8/8/3Q4/8/8/8/4K3 w - - 0 1"
    mate_target = "k7/p7/8/8/8/8/8/1R5K b - - 0 1"
    match = Match(boards=2, start_fens=[mate_target, queen])
    match.resign(2, "black")
    events = match.transfer(2, "Qd5v")
    assert [type(event) for event in events][:4] == [Transferred, Arrived, BoardCleared, BoardEnded]
    assert events[3].ending == "checkmate"  # type: ignore[attr-defined]
    assert match.result() == "1-0"


# ------------------------------------------------------------------ match result


def test_the_side_with_more_points_wins_the_match() -> None:
    match = Match(boards=3)
    match.resign(1, "black")
    match.draw(2)
    assert match.result() == "*"
    match.resign(3, "white")
    assert match.score() == (1.5, 1.5)
    assert match.result() == "1/2-1/2"
    assert match.winners() == ("white", "black")


def test_the_match_reports_early_when_its_result_can_no_longer_change() -> None:
    match = Match(boards=3)
    match.resign(1, "black")
    assert not match.decided()
    events = match.resign(2, "black")
    assert events[-1] == MatchDecided(("white",))
    assert match.decided() and match.winners() == ("white",)
    assert match.result() == "*"
    assert MatchDecided(("white",)) not in match.resign(3, "white")
    assert match.result() == "1-0"


def test_many_teams_score_per_team() -> None:
    teams = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")]
    match = Match(boards=4, layout="ring", teams=teams)
    assert match.team(2, "white") == "B" and match.team(2, "black") == "C"
    match.resign(1, "black")  # A beats B
    match.resign(2, "black")  # B beats C
    match.draw(3)
    assert not match.decided()
    match.resign(4, "white")  # A beats D
    assert match.team_scores() == {"A": 2.0, "B": 1.0, "C": 0.5, "D": 0.5}
    assert match.winners() == ("A",)
    with pytest.raises(MatchConfigError, match="board 1 has team 'A' on both sides"):
        Match(boards=2, teams=[("A", "A"), ("A", "B")])


# ------------------------------------------------------------------ records


def test_the_json_record_round_trips_exactly() -> None:
    match = Match(boards=3, layout="ring", start_fens=[KNIGHT_D5, START, START])
    match.play(1, "Nd5^2")
    match.play(2, "e4")
    match.resign(3, "white")
    text = match.to_json()
    again = Match.from_json(text)
    assert again.to_json() == text
    assert [again.fen(n) for n in (1, 2, 3)] == [match.fen(n) for n in (1, 2, 3)]
    assert json.loads(text)["version"] == 1


def test_a_record_that_does_not_replay_is_refused() -> None:
    match = Match(boards=2)
    match.play(1, "e4")
    data = json.loads(match.to_json())
    data["events"][0]["san"] = "d4"
    with pytest.raises(RecordError, match="does not replay"):
        Match.from_json(json.dumps(data))
    data["events"][0] = {"kind": "move", "board": 1}
    with pytest.raises(RecordError, match="exactly the fields"):
        Match.from_json(json.dumps(data))


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        '{"format": "something else"}',
        '{"format": "elevator-chess-match", "version": 99, "config": {}, "events": []}',
        '{"format": "elevator-chess-match", "version": 1, "config": {"boards": 0}, "events": []}',
    ],
)
def test_a_malformed_record_is_refused(text: str) -> None:
    with pytest.raises(RecordError):
        Match.from_json(text)


def test_undo_with_nothing_played_is_refused() -> None:
    match = Match(boards=2, start_fens=[KNIGHT_D5, START])
    unchanged(match, match.undo)
    with pytest.raises(IllegalMoveError, match="only 0 actions can be undone"):
        match.undo()


def test_undo_restores_both_boards_of_a_ride() -> None:
    match = Match(boards=2, start_fens=[KNIGHT_D5, START])
    match.play(2, "e4")
    after_first = match.to_json()
    removed = match.play(1, "Nd5^2")
    assert match.undo() == removed
    assert match.to_json() == after_first
    assert match.piece_at(2, "d5") is None


def test_undo_refuses_more_than_there_is() -> None:
    match = Match(boards=2)
    match.play(1, "e4")
    with pytest.raises(IllegalMoveError, match="only 1 action can be undone"):
        match.undo(2)


def test_a_crash_half_way_through_a_ride_leaves_the_match_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = Match(boards=2, start_fens=[KNIGHT_D5, START])
    before = match.to_json()

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(Match, "_arrive", broken)
    with pytest.raises(RuntimeError, match="disk on fire"):
        match.play(1, "Nd5^2")
    monkeypatch.undo()
    assert match.to_json() == before
    assert match.fen(1) == KNIGHT_D5
    match.play(1, "Nd5^2")
    assert match.piece_at(2, "d5") is not None


# ------------------------------------------------------------------ more crossings


def test_a_ride_that_uncovers_mate_wins_the_board_it_leaves() -> None:
    # The knight on e5 blocks the bishop on a1 from the black king on h8.
    discovered = "6bk/7p/8/4N3/8/8/8/B1K5 w - - 0 1"
    match = Match(boards=2, start_fens=[discovered, START])
    events = match.play(1, "Ne5^2")
    assert [type(event) for event in events] == [Rode, Arrived, BoardEnded, BoardCleared]
    assert events[2] == BoardEnded(1, "1-0", "checkmate", "6bk/7p/8/8/8/8/8/B1K5 b - - 0 1", False)
    assert match.piece_at(2, "e5") is not None


def test_a_victory_transfer_passes_through_one_closed_floor() -> None:
    rook = "4k3/8/8/4R3/8/8/8/4K3 w - - 0 1"
    match = Match(boards=4, start_fens=[START, rook, START, START])
    match.draw(3)
    match.resign(2, "black")
    assert match.transfer_options(2) == ["Re5^4", "Re5v1"]
    events = match.transfer(2, "Re5^")
    assert events[1] == Arrived(4, "white", "R", "e5", 2, check=False, king_capturable=False)


def test_a_ring_wraps_downward_from_the_first_board_to_the_last() -> None:
    match = Match(boards=5, layout="ring", start_fens=[KNIGHT_D5] + [START] * 4)
    assert match.reach(1, "down") == 5
    assert match.play(1, "d5 down")[1] == Arrived(5, "white", "N", "d5", 1, False, False)


def test_touch_move_is_waived_after_a_refused_ride() -> None:
    # White tries to ride the knight onto an occupied square, then simply moves it.
    match = Match(boards=2, start_fens=[KNIGHT_D5, START])
    match.play(2, "e4")
    match.play(2, "d5")
    unchanged(match, lambda: match.play(1, "Nd5^2"))
    assert match.play(1, "Nf6+")[0].san == "Nf6+"  # type: ignore[attr-defined]


# ------------------------------------------------------------------ found by review


def test_a_pawn_may_not_ride_onto_a_first_or_last_rank() -> None:
    match = Match(
        boards=2,
        elevators=[["e2"], ["h8"]],
        start_fens=["4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/K7 w - - 0 1"],
    )
    assert "Pe2^2" not in match.legal_moves(1)
    unchanged(match, lambda: match.play(1, "Pe2^2"))
    with pytest.raises(IllegalMoveError, match="a pawn may not ride onto h8 on board 2"):
        match.play(1, "e2^")


def test_castling_typed_king_takes_rook_is_logged_as_the_standard_move() -> None:
    match = Match(boards=2, start_fens=["4k3/8/8/8/8/8/8/4K2R w K - 0 1", START])
    assert match.play(1, "e1h1") == [Moved(1, "white", 1, "e1g1", "O-O")]


def test_adjudication_takes_only_true_or_false_for_the_transfer() -> None:
    match = Match(boards=2)
    for wrong in ("no", 0, None):
        unchanged(match, lambda wrong=wrong: match.adjudicate(1, "1-0", "x", transfer=wrong))  # type: ignore[misc]


def test_a_start_position_with_an_impossible_en_passant_square_is_refused() -> None:
    with pytest.raises(MatchConfigError, match="en passant square is impossible"):
        Match(boards=2, start_fens=["4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", START])


def test_records_with_odd_json_are_refused_as_records() -> None:
    data = json.loads(Match(boards=2).to_json())
    data["events"] = [{"kind": []}]
    with pytest.raises(RecordError):
        Match.from_json(json.dumps(data))
    with pytest.raises(RecordError):
        Match.from_json("[" * 100_000)


def test_a_very_long_text_is_refused_promptly() -> None:
    # The ride pattern must not backtrack over long runs of spaces.
    match = Match(boards=2)
    for text in (" " * 50_000 + "!", "N" + " " * 50_000 + "e4^x", "e4^" + " " * 50_000 + "x"):
        unchanged(match, lambda text=text: match.play(1, text))  # type: ignore[misc]


def test_next_board_and_blocked_explain_where_rides_go() -> None:
    match = Match(4, "line", start_fens=[BARE_KINGS_WHITE, START, BARE_KINGS_WHITE, START])
    assert match.next_board(1, "down") is None
    assert match.blocked(1, "down") == "there is no board below board 1"
    assert match.blocked(1, "up") is None
    match.draw(3)
    assert match.next_board(2, "up") == 3
    assert match.reach(2, "up") == 4
    assert match.blocked(2, "up") is None
    match.draw(1)
    assert match.blocked(2, "down") == "no open board below board 2: board 1 is finished"
    with pytest.raises(IllegalMoveError, match="direction"):
        match.next_board(2, "sideways")  # type: ignore[arg-type]


def test_history_yields_each_action_with_the_match_after_it() -> None:
    match = Match(2, "line", start_fens=[KNIGHT_D5, KING_E7_WHITE_TO_MOVE])
    match.play(1, "Nd5^2")
    match.play(2, "Kd1")
    seen = [(group, replica.fen(2)) for group, replica in match.history()]
    assert [type(event) for event in seen[0][0]] == [Rode, Arrived]
    assert seen[0][1] == "8/4k3/8/3N4/8/8/8/4K3 w - - 0 1"
    assert seen[1][1] == match.fen(2)
    assert [event for group, _ in seen for event in group] == list(match.events)


def test_a_match_resignation_is_one_action_and_one_undo_takes_back_every_board() -> None:
    match = Match(3)
    match.play(1, "e4")
    match.resign(2, "black")
    events = match.resign_match("white")
    assert events[0].KIND == "resign-match"
    assert [match.board_result(b) for b in (1, 2, 3)] == ["0-1", "1-0", "0-1"]
    assert Match.from_json(match.to_json()).events == match.events  # it replays
    undone = match.undo(1)
    assert undone == events
    assert [match.board_result(b) for b in (1, 2, 3)] == ["*", "1-0", "*"]
    assert match.turn(1) == "black"
    over = Match(1)
    over.resign(1, "white")
    with pytest.raises(IllegalMoveError, match="nothing to resign"):
        over.resign_match("black")
