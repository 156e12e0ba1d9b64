"""Positions of Ben Good's Elevator as text: read and written exactly, and refused when broken."""

from __future__ import annotations

import pytest

from games.core.errors import MatchConfigError
from games.good.cells import NUMBERS, POLE_NAMES
from games.good.setup import START, START_FEN
from games.good.text import read_fen, write_fen
from tests.games.good.positions import placed

KINGS = placed(e1_2="K", e8_3="k")


def test_the_start_reads_back_to_the_start_and_writes_the_same_text() -> None:
    position, halfmove, fullmove = read_fen(START_FEN)
    assert (position, halfmove, fullmove) == (START, 0, 1)
    assert write_fen(position, halfmove, fullmove) == START_FEN


def test_every_field_of_a_position_round_trips() -> None:
    text = f"{placed(e1_2='K', e8_3='k', d5_2='p', c5_2='P')} w 2d6 Pnq 3 41"
    position, halfmove, fullmove = read_fen(text)
    assert position.ep == NUMBERS["2d6"] and position.captured == "Pnq"
    assert position.white
    assert (halfmove, fullmove) == (3, 41)
    assert write_fen(position, halfmove, fullmove) == text


def test_shafts_are_read_from_their_dashes() -> None:
    position, _, _ = read_fen(f"{KINGS} b - - 0 1")
    assert position.shafts[POLE_NAMES.index("c4")] == 1 << 3
    assert not position.exists(NUMBERS["4e8"]) and position.exists(NUMBERS["3e8"])
    assert not position.white


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("only words", "write six fields"),
        (f"{KINGS} w - - 0", "write six fields"),
        (f"{KINGS.replace('|', '/', 1)} w - - 0 1", "four levels joined by '|', not 3"),
        (f"{KINGS} x - - 0 1", "the side to move is w or b"),
        (f"{KINGS} w 9z9 - 0 1", "en passant cell is a cell"),
        (f"{KINGS} w - Kz 0 1", "captured pieces are written with the letters"),
        (f"{KINGS} w - - 0 0", "move counters"),
        (f"{placed(e1_2='K', e8_3='k', a1_1='Z')} w - - 0 1", "'Z' is not a piece"),
        (f"{placed(e1_2='K', e8_3='k', e1_1='Q')} w - - 0 1", "c1's shaft on level 1 .* 1e1"),
        (
            f"{placed(e1_2='K', e8_3='k', a1_1='-')} w - - 0 1",
            "pole a1 needs its shaft on one level, not on 1 and 3",
        ),
        (f"{placed(e1_2='K')} w - - 0 1", "Black has no king, not one"),
        (f"{placed(e1_2='K', e8_3='k', d1_2='K')} w - - 0 1", "White has 2 kings"),
        (f"{KINGS} w - k 0 1", "a king is never captured"),
        (f"{KINGS} w - {'P' * 48} 0 1", "White has 1 pieces and 48 captured"),
        (f"{KINGS} w 2d6 - 0 1", "no black pawn stands on 2d5"),
        (f"{placed(e1_2='K', e8_3='k', d5_2='p')} b 2d6 - 0 1", "2d6 is not an empty cell a white"),
        (f"{KINGS.replace('2--4', '3--4', 1)} w - - 0 1", "rank 8 of level 1 has 9 cells"),
    ],
)
def test_a_broken_position_is_refused_saying_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(
        MatchConfigError, match=f"the position for board 2 is not valid: .*{reason}"
    ):
        read_fen(text, 2)
