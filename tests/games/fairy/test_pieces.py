"""Each army's pieces move as Betza wrote them: their squares from d4, worked by hand."""

from __future__ import annotations

import pytest

from games.fairy import FairyBoard

ALL_KINDS = frozenset("DWACSMFEGIHO")
DIAGONALS = {"c3", "b2", "a1", "e5", "f6", "g7", "h8", "c5", "b6", "a7", "e3", "f2", "g1"}
FILE_AND_RANK = {"a4", "b4", "c4", "e4", "f4", "g4", "h4", "d5", "d6", "d7", "d8", "d3", "d2", "d1"}
KNIGHT = {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}

# White's piece on d4, the kings on h2 and a8, out of its way.
FROM_D4 = {
    "D": DIAGONALS | {"b4", "f4", "d2", "d6"},  # Bede: bishop and dabbaba
    "W": {"c4", "e4", "d3", "d5", "b2", "f2", "b6", "f6"},  # Waffle: wazir and alfil
    "A": {"c3", "c5", "e3", "e5", "b2", "f2", "b6", "f6", "b4", "f4", "d2", "d6"},  # FAD
    "C": DIAGONALS | KNIGHT,  # Cardinal
    "S": FILE_AND_RANK,  # Short Rook: four squares at most, d4-d8 and d4-h4 exactly four
    "M": {"c4", "e4", "d3", "d5", "b4", "f4", "d2", "d6"},  # Woody Rook: wazir and dabbaba
    "F": {"a4", "g4", "d7", "d1", "c3", "c5", "e3", "e5", "b4", "f4", "d2", "d6"},  # Half-Duck
    "E": FILE_AND_RANK | KNIGHT,  # Chancellor
    # Charging Rook: rook forwards and sideways, king backwards.
    "G": {"d5", "d6", "d7", "d8", "a4", "b4", "c4", "e4", "f4", "g4", "h4", "c3", "d3", "e3"},
    # Fibnif: the two most forward and two most backward knight leaps, and ferz.
    "I": {"c6", "e6", "c2", "e2", "c3", "c5", "e3", "e5"},
    # Charging Knight: the four forward knight leaps, king backwards, wazir sideways.
    "H": {"b5", "c6", "e6", "f5", "c3", "d3", "e3", "c4", "e4"},
    # Colonel: king, rook forwards and sideways, the four forward knight leaps.
    "O": {"c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5", "d6", "d7", "d8"}
    | {"a4", "b4", "f4", "g4", "h4", "b5", "c6", "e6", "f5"},
}


def _targets(board: FairyBoard, square: str) -> set[str]:
    moves = [board.parse_move(san) for san in board.legal_moves()]
    return {uci[2:4] for uci in moves if uci[:2] == square}


def _mirrored(square: str) -> str:
    return f"{square[0]}{9 - int(square[1:])}"


@pytest.mark.parametrize("kind", sorted(FROM_D4))
def test_a_white_fairy_piece_on_d4_reaches_the_squares_betza_gives_it(kind: str) -> None:
    board = FairyBoard(1, (), f"k7/8/8/8/3{kind}4/8/7K/8 w - - 0 1", kinds=ALL_KINDS)
    assert _targets(board, "d4") == FROM_D4[kind]


@pytest.mark.parametrize("kind", sorted(FROM_D4))
def test_a_black_fairy_piece_moves_as_the_white_one_turned_front_to_back(kind: str) -> None:
    fen = f"8/7k/8/3{kind.lower()}4/8/8/8/K7 b - - 0 1"
    board = FairyBoard(1, (), fen, kinds=ALL_KINDS)
    assert _targets(board, "d5") == {_mirrored(square) for square in FROM_D4[kind]}


def test_a_fairy_move_is_written_with_its_kinds_letter_and_read_back() -> None:
    board = FairyBoard(1, (), "k7/8/8/8/3C4/8/7K/8 w - - 0 1", kinds=ALL_KINDS)
    assert "Cf5" in board.legal_moves()
    assert board.parse_move("Cf5") == "d4f5"
    assert board.parse_move("d4f5") == "d4f5"
    assert board.push("d4f5").san == "Cf5"
