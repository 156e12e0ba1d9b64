"""Random playouts of Billiards chess: no piece lost or duplicated, FEN and records exact."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.billiards import BilliardsBoard
from tests.games.oneboard import ELEVATORS, play_randomly
from tests.strength import examples


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_games_keep_material_fen_and_state_exact(seed: int) -> None:
    play_randomly(lambda fen: BilliardsBoard(1, ELEVATORS, fen), seed)
