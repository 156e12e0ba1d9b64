"""Random matches stacking every kind of FIDE-army floor: pieces kept, records replayed exactly."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.events import Moved
from games.elevator import BoardCleared, BoardEnded, Match, Rode
from tests.strength import examples

FLOOR_NAMES = ["fide", "escher", "cylinder", "10x10"]


def _pieces(match: Match) -> Counter[tuple[str, str]]:
    found: Counter[tuple[str, str]] = Counter()
    for board in range(1, match.boards + 1):
        for square in match.shape(board).squares:
            piece = match.piece_at(board, square)
            if piece is not None:
                found[(piece.kind, piece.side)] += 1
    return found


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    floors=st.lists(st.sampled_from(FLOOR_NAMES), min_size=3, max_size=5),
    layout=st.sampled_from(["line", "ring"]),
    seed=st.integers(0, 10**9),
)
def test_matches_of_every_floor_keep_their_pieces_and_replay_exactly(
    floors: list[str], layout: str, seed: int
) -> None:
    rng = random.Random(seed)
    match = Match(boards=len(floors), layout=layout, rules=floors)
    for _ in range(150):
        open_boards = [n for n in range(1, match.boards + 1) if match.is_open(n)]
        if not open_boards:
            break
        board = rng.choice(open_boards)
        moves = match.legal_moves(board)
        rides = [move for move in moves if "^" in move or "v" in move]
        before = _pieces(match)
        events = match.play(board, rng.choice(rides if rides and rng.random() < 0.5 else moves))
        if any(isinstance(event, (BoardEnded, BoardCleared)) for event in events):
            continue  # a finished board is cleared of its pieces
        after = _pieces(match)
        moved = [event for event in events if isinstance(event, Moved)]
        if moved:
            taken = 1 if "x" in moved[0].san else 0  # a promotion changes a kind, not the count
            assert after.total() == before.total() - taken
        else:
            assert any(isinstance(event, Rode) for event in events)
            assert after == before  # a ride carries its piece, unchanged, to another board
    copy = Match.from_json(match.to_json())
    assert copy.to_json() == match.to_json()
    assert [copy.fen(n) for n in range(1, match.boards + 1)] == [
        match.fen(n) for n in range(1, match.boards + 1)
    ]
