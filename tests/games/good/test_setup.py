"""The start of Ben Good's Elevator: the counts, kings and shafts the rules text gives."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core.errors import MatchConfigError
from games.good.cells import NUMBERS, POLE_NAMES, POLES, SIDE, cell, file_of, level_of, rank_of
from games.good.setup import START, START_PICTURE, read_picture


def test_each_side_has_the_forty_eight_pieces_the_text_counts() -> None:
    counts = Counter(symbol for symbol in START.cells if symbol is not None)
    army = {"P": 24, "N": 4, "C": 4, "I": 2, "O": 4, "R": 4, "B": 4, "Q": 1, "K": 1}
    assert {k: v for k, v in counts.items() if k.isupper()} == army
    assert {k.upper(): v for k, v in counts.items() if k.islower()} == army


def test_the_kings_stand_on_2e1_and_3e8_and_white_moves_first() -> None:
    assert START.cells[NUMBERS["2e1"]] == "K"
    assert START.cells[NUMBERS["3e8"]] == "k"
    assert START.white and START.ep is None and START.captured == ""


def test_black_may_open_by_lifting_the_kings_elevator_to_level_4() -> None:
    assert START.shafts[POLE_NAMES.index("c4")] == 1 << 3  # E3c4U moves level 3 into level 4


def test_black_mirrors_white_front_to_back_with_levels_turned_over() -> None:
    for number, symbol in enumerate(START.cells):
        mirror = cell(3 - level_of(number), file_of(number), SIDE - 1 - rank_of(number))
        assert START.cells[mirror] == (None if symbol is None else symbol.swapcase())
        assert START.exists(mirror) == START.exists(number)


def test_every_elevator_of_the_home_poles_is_full_and_the_middle_empty() -> None:
    for number, symbol in enumerate(START.cells):
        home = rank_of(number) in (0, 1, 6, 7)
        assert (symbol is not None) == (home and START.exists(number))
        if symbol is not None and symbol.upper() == "P":
            assert rank_of(number) == (1 if symbol.isupper() else 6)


def test_each_level_has_one_shaft_in_every_row_and_column_of_poles() -> None:
    for level in range(4):
        poles = [pole for pole in range(POLES) if START.shafts[pole] == 1 << level]
        assert sorted(pole // 4 for pole in poles) == [0, 1, 2, 3]
        assert sorted(pole % 4 for pole in poles) == [0, 1, 2, 3]


def test_the_ox_of_the_texts_example_stands_behind_a_pawn_with_2a3_and_2a4_open() -> None:
    assert START.cells[NUMBERS["2a1"]] == "O" and START.cells[NUMBERS["2a2"]] == "P"
    assert START.exists(NUMBERS["2a3"]) and START.exists(NUMBERS["2a4"])


def test_a_picture_with_a_broken_shaft_is_refused() -> None:
    broken = START_PICTURE.replace("RCBI--NO", "RCBI-.NO")
    with pytest.raises(MatchConfigError, match=r"pole c1's shaft on level 1 .* but 1f1 is not one"):
        read_picture(broken)


def test_a_picture_missing_a_rank_is_refused() -> None:
    short = "\n".join(START_PICTURE.strip().splitlines()[:-1])
    with pytest.raises(MatchConfigError, match="ranks 8 down to 1"):
        read_picture(short)
