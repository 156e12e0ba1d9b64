"""Every legal move as a picker offers it: by piece, then where, then what it becomes."""

from __future__ import annotations

import random

import pytest

import games
from games.core.picks import OTHER, Pick, choices, other_picks, pieces, targets


@pytest.mark.parametrize(
    ("kind", "options"),
    [(kind, {}) for kind in sorted(games.KINDS)]
    + [("elevator", {"boards": 2, "mode": mode}) for mode in ("alice", "automatic")],
)
def test_every_legal_move_is_picked_once_through_a_game(
    kind: str, options: dict[str, object]
) -> None:
    rng = random.Random(f"{kind}{options}")
    game = games.new_game(kind, **options)
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


def test_moves_no_pick_makes_are_picked_as_other_moves() -> None:
    made = Pick("e2", "Pawn e2", "e4", "e4", "", "e4")
    (other,) = other_picks(["e4", "xyz"], [made])
    assert (other.piece, other.piece_words, other.move) == (OTHER, "Other moves", "xyz")


def test_ben_goods_lifts_and_pushes_and_enders_drops_are_picked_by_what_moves() -> None:
    good = games.new_game("good").picks(1)
    assert ("U", "up a level") in targets(good, "E2a1")
    (push,) = choices(good, "1h1", "1g1")
    assert (push.choice, push.move) == ("pushing the knight to f1", "O1g1/Nf1")
    (off,) = choices(good, "4b1", "4a1")
    assert off.choice == "pushing the rook off the board"
    enders = games.new_game("enders").picks(1)
    assert pieces(enders)[0] == ("hand-K", "King in hand")
    assert targets(enders, "hand-R") == [("f2", "drop on f2")]
    assert targets(enders, "hand-R") == [("f2", "drop on f2")]
    assert choices(enders, "end", "")[0].move == "end"


def test_a_menu_lists_fides_kinds_king_first_then_squares_a_to_h_and_rides_last() -> None:
    chess = games.new_game("chess", fen="4k3/8/8/8/8/8/P7/R3K1NR w KQ - 0 1").picks(1)
    assert [words for _, words in pieces(chess)] == [
        "King e1",
        "Rook a1",
        "Rook h1",
        "Knight g1",
        "Pawn a2",
    ]
    assert [key for key, _ in targets(chess, "g1")] == ["e2", "f3", "h3"]
    match = games.new_game("elevator", boards=2, layout="line")
    for move in ("Nf3", "d6", "Nd4", "e6"):
        match.play(1, move)
    assert targets(match.picks(1), "d4")[-1] == ("up 2", "ride up to board 2, d4")


def test_a_square_says_a_capture_castling_and_a_check_or_mate_but_not_a_promotions_check() -> None:
    castles = games.new_game("chess", fen="4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").picks(1)
    assert ("g1", "g1, castling") in targets(castles, "e1")
    mates = games.new_game("chess", fen="6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1").picks(1)
    assert ("a8", "a8, checkmate") in targets(mates, "a1")
    takes = games.new_game("chess", fen="4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").picks(1)
    assert ("d5", "d5, takes") in targets(takes, "e4")
    promotes = games.new_game("chess", fen="4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").picks(1)
    assert targets(promotes, "b7") == [("b8", "b8")]  # a queen checks, a knight does not
