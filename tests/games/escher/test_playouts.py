"""Random playouts from the start: what every position and every move must keep true."""

from __future__ import annotations

import random

import chess
from hypothesis import given, settings
from hypothesis import strategies as st

from games.escher import STAIRCASES, EscherBoard, shift
from games.escher.staircases import staircases_of

ELEVATORS = ("d4", "e4", "d5", "e5")
ON_STAIRCASES = {square for staircase in STAIRCASES for square in staircase}
SQUARES = [f"{file}{rank}" for rank in range(1, 9) for file in "abcdefgh"]


def placement(escher: EscherBoard) -> dict[str, str]:
    found = {}
    for square in SQUARES:
        piece = escher.piece_at(square)
        if piece is not None:
            found[square] = piece.symbol
    return found


def expected_after(escher: EscherBoard, uci: str) -> dict[str, str]:
    """Play uci by hand on the placement and shift it with the pure staircase function."""
    start, target, choice = uci[:2], uci[2:4], uci[4:]
    before = placement(escher)
    piece = before.pop(start)
    if piece in "Pp" and start[0] != target[0] and target not in before:
        before.pop(target[0] + start[1])  # en passant: the taken pawn stands beside the mover
    pawn, last = ("P", "8") if piece.isupper() else ("p", "1")
    promoted = choice.upper() if piece.isupper() else choice
    if choice and piece == pawn and target[1] == last:
        piece = promoted
    before[target] = piece
    after = shift(before, staircases_of(start))
    if choice:
        for square, found in after.items():
            if found == pawn and square[1] == last:
                after[square] = promoted
    return after


def fide_moves(escher: EscherBoard) -> set[str]:
    """Return python-chess's legal moves of pieces (not pawns) from squares no staircase has."""
    fide = chess.Board(escher.fen())
    return {
        move.uci()
        for move in fide.legal_moves
        if chess.square_name(move.from_square) not in ON_STAIRCASES
        and fide.piece_type_at(move.from_square) != chess.PAWN
    }


def unshifted_piece_move(escher: EscherBoard, uci: str) -> bool:
    """Tell whether uci moves a piece (not a pawn) from a square no staircase has."""
    piece = escher.piece_at(uci[:2])
    return uci[:2] not in ON_STAIRCASES and piece is not None and piece.kind != "P"


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(1, 50))
def test_random_playouts_keep_pieces_moves_and_records_sound(seed: int, plies: int) -> None:
    chooser = random.Random(seed)
    escher = EscherBoard(1, ELEVATORS)
    for _ in range(plies):
        moves = escher.legal_moves()
        if not moves:
            break
        ucis = [escher.parse_move(move) for move in moves]
        assert len(set(ucis)) == len(ucis), "two listed moves name the same move"
        for uci in chooser.sample(ucis, min(4, len(ucis))):
            EscherBoard(1, ELEVATORS, escher.fen()).push(uci)
        if ucis[0][:2] != ucis[0][2:4]:  # no choice is pending: compare with FIDE off the stairs
            assert {uci for uci in ucis if unshifted_piece_move(escher, uci)} == fide_moves(escher)
        pick = chooser.randrange(len(moves))
        san, uci = moves[pick], ucis[pick]
        count = len(placement(escher))
        expected = None if uci[:2] == uci[2:4] else expected_after(escher, uci)
        played = escher.push(uci)
        assert played.san == san
        assert len(placement(escher)) == count - ("x" in san)
        if expected is not None:
            assert placement(escher) == expected
        assert EscherBoard(1, ELEVATORS, escher.fen()).fen() == escher.fen()
    copy = EscherBoard(1, ELEVATORS)
    copy.restore(escher.state())
    assert copy.fen() == escher.fen()
    assert copy.legal_moves() == escher.legal_moves()
    assert copy.claimable_draw() == escher.claimable_draw()
