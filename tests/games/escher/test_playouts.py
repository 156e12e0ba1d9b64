"""Random playouts from the start: what every position and every move must keep true.

The legal moves of pieces are checked against an oracle built apart from the board: python-chess
for where pieces go and what attacks a king, and the pure staircase shift for the rest.
"""

from __future__ import annotations

import random

import chess
from hypothesis import given, settings
from hypothesis import strategies as st

from games.escher import EscherBoard, StaircaseJamError, shift
from games.escher.staircases import staircases_of
from tests.strength import examples

ELEVATORS = ("d4", "e4", "d5", "e5")
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


def attacked_after(placement: dict[str, str], white: bool) -> bool:
    """Tell whether white's king is attacked in placement, by python-chess.

    An enemy pawn on its last rank awaits its owner's choice: it attacks as a queen or a
    knight would.
    """
    for kind in ("q", "n"):
        board = chess.Board(None)
        for square, symbol in placement.items():
            waiting = symbol == ("p" if white else "P") and square[1] == ("1" if white else "8")
            shown = (kind if white else kind.upper()) if waiting else symbol
            board.set_piece_at(chess.parse_square(square), chess.Piece.from_symbol(shown))
        king = board.king(white)
        if king is not None and board.is_attacked_by(not white, king):
            return True
    return False


def oracle_piece_moves(escher: EscherBoard) -> set[str]:
    """Return the legal moves of pieces (not pawns), from python-chess and the pure shift."""
    fide = chess.Board(escher.fen())
    found = set()
    for move in fide.pseudo_legal_moves:
        if fide.piece_type_at(move.from_square) == chess.PAWN:
            continue
        start, target = chess.square_name(move.from_square), chess.square_name(move.to_square)
        placement = {
            chess.square_name(square): piece.symbol() for square, piece in fide.piece_map().items()
        }
        placement[target] = placement.pop(start)
        try:
            after = shift(placement, staircases_of(start))
        except StaircaseJamError:
            continue
        if not attacked_after(after, fide.turn):
            found.add(move.uci())
    return found


def piece_move(escher: EscherBoard, uci: str) -> bool:
    """Tell whether uci moves a piece, not a pawn."""
    piece = escher.piece_at(uci[:2])
    return piece is not None and piece.kind != "P"


@settings(max_examples=examples(20), deadline=None)
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
        if ucis[0][:2] != ucis[0][2:4]:  # no choice is pending
            pieces = {uci[:4] for uci in ucis if piece_move(escher, uci)}
            assert pieces == oracle_piece_moves(escher)
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
