"""Automatic Elevator Chess: held turns and the conveyor, from positions, and playouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.elevator import Arrived, BoardEnded, IllegalMoveError, Match, MatchConfigError
from games.elevator.events import Carried, Held, TurnMoved
from tests.strength import examples

KINGS = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


def _automatic(*fens: str, layout: str = "line") -> Match:
    return Match(boards=len(fens), layout=layout, mode="automatic", start_fens=list(fens))


def _symbol(match: Match, board: int, square: str) -> str | None:
    piece = match.piece_at(board, square)
    return None if piece is None else piece.symbol


def _turn(match: Match, move: str = "Kd2") -> list[object]:
    """Give the same move on every open board; return the last one's events."""
    events: list[object] = []
    for board in match.awaiting():
        events = list(match.play(board, move))
    return events


def test_a_move_is_held_until_the_side_has_one_on_every_board() -> None:
    match = Match(boards=3, mode="automatic")
    assert match.play(2, "Nf3") == [Held(2, "white", 1, "g1f3", "Nf3")]
    assert match.piece_at(2, "g1") is not None and match.turn(2) == "white"
    assert match.awaiting() == [1, 3] and match.held_moves() == {2: "Nf3"}
    match.play(1, "e3")
    events = match.play(3, "d3")
    assert [e for e in events if isinstance(e, TurnMoved)] == [
        TurnMoved(1, "white", 1, "e2e3", "e3"),
        TurnMoved(2, "white", 1, "g1f3", "Nf3"),
        TurnMoved(3, "white", 1, "d2d3", "d3"),
    ]
    assert [match.turn(n) for n in (1, 2, 3)] == ["black"] * 3
    assert match.awaiting() == [1, 2, 3] and match.held_moves() == {}


def test_a_move_given_again_on_a_board_replaces_the_held_one() -> None:
    match = Match(boards=2, mode="automatic")
    match.play(1, "e3")
    match.play(1, "Nc3")
    assert match.held_moves() == {1: "Nc3"}
    match.play(2, "a3")
    assert _symbol(match, 1, "c3") == "N" and match.piece_at(1, "e3") is None


def test_the_conveyor_carries_d4_and_e4_up_and_d5_and_e5_down_whatever_their_colour() -> None:
    match = _automatic("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", "4k3/8/8/3b4/8/8/8/4K3 w - - 0 1", KINGS)
    events = _turn(match)
    assert Carried(1, "white", "N", "e4", "up", 2) in events
    assert Carried(2, "black", "B", "d5", "down", 1) in events
    assert _symbol(match, 2, "e4") == "N" and _symbol(match, 1, "d5") == "b"
    assert match.piece_at(1, "e4") is None and match.piece_at(2, "d5") is None


def test_the_end_of_a_line_and_a_king_stop_a_piece_and_the_pieces_behind_it() -> None:
    match = _automatic(
        "4k3/8/8/8/4B3/8/8/4K3 w - - 0 1",  # a bishop behind the knight
        "8/8/8/4k3/4N3/8/8/4K3 w - - 0 1",
        "4k3/8/8/4Q3/4R3/8/8/4K3 w - - 0 1",  # the rook is at the top; the queen goes down
    )
    _turn(match)
    assert [_symbol(match, n, "e4") for n in (1, 2, 3)] == ["B", "N", "R"]
    # The black king on e5 of board 2 never rides, so the queen above it stays too.
    assert _symbol(match, 2, "e5") == "k" and _symbol(match, 3, "e5") == "Q"


def test_in_a_ring_a_full_elevator_turns_round() -> None:
    match = _automatic(
        "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/4B3/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/4R3/8/8/4K3 w - - 0 1",
        layout="ring",
    )
    _turn(match)
    assert [_symbol(match, n, "e4") for n in (1, 2, 3)] == ["R", "N", "B"]


def test_pieces_the_conveyor_brings_give_check_or_leave_a_king_the_side_to_move_takes() -> None:
    match = _automatic("4k3/8/8/8/4R3/8/8/3K4 w - - 0 1", "4k3/8/8/3r4/8/8/8/7K w - - 0 1")
    match.play(1, "Kd2")  # the king stays on the d-file, under the rook coming down
    events = match.play(2, "Kg1")
    assert Arrived(2, "white", "R", "e4", 1, check=True, king_capturable=False) in events
    assert Arrived(1, "black", "R", "d5", 2, check=False, king_capturable=True) in events
    assert match.is_check(2) and match.king_capturable(1)
    match.play(1, "Rxd2")
    match.play(2, "Kf8")
    ending = match.ending(1)
    assert ending is not None and (ending.result, ending.ending) == ("0-1", "king capture")


def test_the_conveyor_passes_a_finished_floor() -> None:
    match = _automatic("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", KINGS, KINGS)
    match.resign(2, "black")
    assert match.awaiting() == [1, 3]
    _turn(match)
    assert _symbol(match, 3, "e4") == "N" and match.piece_at(1, "e4") is None


def test_a_board_ending_completes_a_turn_that_only_awaited_it() -> None:
    match = Match(boards=2, mode="automatic")
    match.play(1, "e3")
    events = match.resign(2, "white")
    assert TurnMoved(1, "white", 1, "e2e3", "e3") in events
    assert match.turn(1) == "black" and match.held_moves() == {}


def test_undo_of_the_move_that_completed_a_turn_holds_the_others_again() -> None:
    match = Match(boards=2, mode="automatic")
    match.play(1, "e3")
    match.play(2, "Nf3")
    match.undo()
    assert match.held_moves() == {1: "e3"} and match.piece_at(1, "e2") is not None
    assert match.awaiting() == [2]


def test_rides_are_refused_in_automatic_mode() -> None:
    match = _automatic("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", KINGS)
    assert not any("^" in move for move in match.legal_moves(1))
    with pytest.raises(IllegalMoveError, match="the conveyor carries"):
        match.play(1, "Ne4^2")


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ({"rules": ["fide", "escher"]}, "escher"),
        ({"start_fens": [KINGS, KINGS.replace(" w ", " b ")]}, "same side to move"),
        ({"elevators": [["d4", "e4"], ["d4", "e4"]]}, "four elevator squares"),
    ],
)
def test_automatic_refuses_what_it_cannot_play(options: dict[str, object], refusal: str) -> None:
    with pytest.raises(MatchConfigError, match=refusal):
        Match(boards=2, mode="automatic", **options)  # type: ignore[arg-type]


def _pieces(match: Match) -> int:
    return sum(
        match.piece_at(board, f"{file}{rank}") is not None
        for board in range(1, match.boards + 1)
        for file in "abcdefgh"
        for rank in range(1, 9)
    )


@settings(max_examples=examples(12), deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["line", "ring"]))
def test_playouts_keep_every_piece_and_replay_exactly(rng: random.Random, layout: str) -> None:
    match = Match(boards=3, layout=layout, mode="automatic")
    for _ in range(240):
        waiting = match.awaiting()
        if not waiting:
            break
        board = rng.choice(waiting)
        moves = match.legal_moves(board)
        captures = [move for move in moves if "x" in move]
        move = rng.choice(captures if captures and rng.random() < 0.5 else moves)
        before = _pieces(match)
        events = match.play(board, move)
        if any(isinstance(e, BoardEnded) for e in events):
            break
        taken = sum("x" in e.san for e in events if isinstance(e, TurnMoved))
        assert _pieces(match) == before - taken
    again = Match.from_json(match.to_json())
    assert again.events == match.events
    assert [again.fen(n) for n in (1, 2, 3)] == [match.fen(n) for n in (1, 2, 3)]
    restored = Match.restore(match.config, match.events, [match.board_state(n) for n in (1, 2, 3)])
    assert restored.held_moves() == match.held_moves()
