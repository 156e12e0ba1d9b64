"""Random playouts: no piece lost or duplicated, FEN and records that replay exactly."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.core.events import BoardEnded, Moved
from games.cylinder import CylinderBoard
from games.elevator import Match
from tests.games.oneboard import ELEVATORS, SQUARES, play_randomly
from tests.strength import examples


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_games_keep_material_fen_and_state_exact(seed: int) -> None:
    play_randomly(lambda fen: CylinderBoard(1, ELEVATORS, fen), seed)


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
