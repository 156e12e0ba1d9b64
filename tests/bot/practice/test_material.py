"""Material as the practice opponent counts it: each game says what its pieces are worth."""

from __future__ import annotations

import games
from bot.practice.material import material, piece_value
from games.core.pieces import PIECE_KINDS


def test_every_kind_of_the_registry_has_its_worth_and_a_royal_king_none() -> None:
    chess = games.new_game("chess")
    assert piece_value(chess, "K") == 0 and piece_value(chess, "Q") == 900
    for letter, kind in PIECE_KINDS.items():
        assert piece_value(chess, letter) == kind.value


def test_a_game_that_writes_its_pieces_with_its_own_letters_counts_them_so() -> None:
    good = games.new_game("good")
    # Good's camel is C, which the registry holds for the Cardinal (800)
    assert piece_value(good, "C") == 300 and piece_value(good, "O") == 400
    assert material(good, 1, "white") == 0  # both sides start alike


def test_a_games_reserves_count_and_its_king_is_no_royal_piece() -> None:
    enders = games.new_game("enders")
    assert piece_value(enders, "K") == 350
    enders.play(1, "N@f2 Nf2-e4 end")
    assert material(enders, 1, "white") == 0  # a piece dropped from the reserve is still White's
