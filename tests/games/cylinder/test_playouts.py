"""Random playouts: no piece lost or duplicated, FEN and records that replay exactly."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.core.events import BoardEnded, Moved
from games.cylinder import CylinderBoard
from games.elevator import Match
from tests.strength import examples

SQUARES = [f"{file}{rank}" for rank in range(1, 9) for file in "abcdefgh"]
ELEVATORS = ("d4", "e4", "d5", "e5")


def material(board: CylinderBoard) -> Counter[str]:
    return Counter(
        piece.symbol for square in SQUARES if (piece := board.piece_at(square)) is not None
    )


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_games_keep_material_fen_and_state_exact(seed: int) -> None:
    chooser = random.Random(seed)
    board = CylinderBoard(1, ELEVATORS)
    for _ in range(60):
        moves = board.legal_moves()
        if not moves:
            break
        before = material(board)
        san = chooser.choice(moves)
        uci = board.parse_move(san)
        assert board.push(uci).san == san  # the move is written as it was listed
        after = material(board)
        lost = before - after
        gained = after - before
        if len(uci) == 5:  # a promotion: one pawn becomes the piece chosen
            mover = "P" if uci[3] == "8" else "p"
            assert lost[mover] >= 1 and sum(gained.values()) == 1
            lost[mover] -= 1
        else:
            assert not gained  # no piece appears
        assert sum(lost.values()) <= 1  # a move takes one piece at most
        assert CylinderBoard(1, ELEVATORS, board.fen()).fen() == board.fen()
        again = CylinderBoard(1, ELEVATORS)
        again.restore(board.state())
        assert again.fen() == board.fen() and again.state() == board.state()


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_mixed_matches_keep_every_piece_and_replay_their_records(seed: int) -> None:
    chooser = random.Random(seed)
    match = Match(boards=3, layout="line", rules=["fide", "cylinder", "fide"])

    def pieces() -> int:
        return sum(1 for b in (1, 2, 3) for square in SQUARES if match.piece_at(b, square))

    count = pieces()
    for _ in range(100):
        board = chooser.randint(1, 3)
        moves = match.legal_moves(board)
        if not moves:
            continue
        events = match.play(board, chooser.choice(moves))
        if any(isinstance(event, BoardEnded) for event in events):
            break  # a won board may be cleared: material is no longer only moves' business
        taken = sum(1 for event in events if isinstance(event, Moved) and "x" in event.san)
        assert pieces() == count - taken  # rides and arrivals move pieces, never lose them
        count -= taken
    record = match.to_json()
    assert games.from_json(record).to_json() == record
    assert Match.from_json(record).fen(2) == match.fen(2)
