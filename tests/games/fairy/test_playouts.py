"""Random matches mixing armies and floors: no piece appears or vanishes, records replay."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.armies import ARMIES
from games.core.events import Moved
from games.elevator import BoardCleared, BoardEnded, Match, Rode
from tests.strength import examples

ARMY_NAMES = sorted(ARMIES)


def _pieces(match: Match) -> Counter[tuple[str, str]]:
    found: Counter[tuple[str, str]] = Counter()
    for board in range(1, match.boards + 1):
        for square in match.shape(board).squares:
            piece = match.piece_at(board, square)
            if piece is not None:
                found[(piece.kind, piece.side)] += 1
    return found


def _pick(rng: random.Random, moves: list[str]) -> str:
    # Rides and captures reach arrivals and promotions sooner than quiet moves.
    eager = [move for move in moves if "x" in move or "^" in move or "v" in move]
    return rng.choice(eager if eager and rng.random() < 0.7 else moves)


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    boards=st.integers(2, 4),
    seed=st.integers(0, 10**9),
    floors=st.lists(st.sampled_from(["fide", "10x10"]), min_size=4, max_size=4),
    armies=st.lists(
        st.tuples(st.sampled_from(ARMY_NAMES), st.sampled_from(ARMY_NAMES)),
        min_size=4,
        max_size=4,
    ),
)
def test_random_mixed_matches_keep_their_pieces_and_replay_exactly(
    boards: int, seed: int, floors: list[str], armies: list[tuple[str, str]]
) -> None:
    rng = random.Random(seed)
    match = Match(boards=boards, rules=floors[:boards], armies=armies[:boards])
    for _ in range(120):
        open_boards = [n for n in range(1, boards + 1) if match.is_open(n)]
        if not open_boards:
            break
        board = rng.choice(open_boards)
        before = _pieces(match)
        events = match.play(board, _pick(rng, match.legal_moves(board)))
        if any(isinstance(event, (BoardEnded, BoardCleared)) for event in events):
            continue  # a finished board is cleared of its pieces
        after = _pieces(match)
        moved = [event for event in events if isinstance(event, Moved)]
        if moved:
            taken = 1 if "x" in moved[0].san else 0
            assert after.total() == before.total() - taken
        else:
            assert any(isinstance(event, Rode) for event in events)
            assert after == before  # a ride carries its piece, unchanged, to another board
    copy = Match.from_json(match.to_json())
    assert copy.to_json() == match.to_json()
    assert [copy.fen(n) for n in range(1, boards + 1)] == [
        match.fen(n) for n in range(1, boards + 1)
    ]
