"""Every legal move as a picker offers it: by piece, then where, then what it becomes."""

from __future__ import annotations

import random

import pytest

import games
from games.core.picks import OTHER, choices, pieces, targets


@pytest.mark.parametrize("kind", sorted(games.KINDS))
def test_every_legal_move_is_picked_once_through_a_game(kind: str) -> None:
    rng = random.Random(kind)
    game = games.new_game(kind)
    for _ in range(60):
        board = next((n for n in range(1, game.boards + 1) if game.legal_moves(n)), None)
        if board is None:
            break
        picks = game.picks(board)
        moves = [pick.move for pick in picks]
        assert sorted(moves) == sorted(game.legal_moves(board))
        assert len(set(moves)) == len(moves)
        for piece, _ in pieces(picks):
            for target, _ in targets(picks, piece):
                assert choices(picks, piece, target)
        game.play(board, rng.choice(moves))


def test_a_pawn_reaching_its_last_rank_is_picked_then_what_it_becomes() -> None:
    game = games.new_game("chess", fen="8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
    picks = game.picks(1)
    assert ("e7", "Pawn e7") in pieces(picks)
    assert targets(picks, "e7") == [("e8", "e8")]
    assert sorted(p.choice for p in choices(picks, "e7", "e8")) == [
        "bishop",
        "knight",
        "queen",
        "rook",
    ]
    assert {p.move for p in choices(picks, "e7", "e8")} >= {"e8=Q", "e8=N"}


def test_a_ride_is_picked_from_its_square_as_a_ride_to_its_board() -> None:
    match = games.new_game("elevator", boards=2, layout="line")
    for move in ("Nf3", "d6", "Nd4", "e6"):
        match.play(1, move)
    picks = match.picks(1)
    assert ("up 2", "ride up to board 2, d4") in targets(picks, "d4")
    (ride,) = choices(picks, "d4", "up 2")
    assert (ride.piece_words, ride.move) == ("Knight d4", "Nd4^2")


def test_moves_not_of_a_piece_from_a_square_are_picked_as_other_moves() -> None:
    good = games.new_game("good")
    others = [pick for pick in good.picks(1) if pick.piece == OTHER]
    assert others and all(pick.piece_words == "Other moves" for pick in others)
