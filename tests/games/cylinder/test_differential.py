"""Against FIDE chess (python-chess, through FideBoard) where no piece can reach across the edge.

A position is edge-free, by a test of its own that walks ordinary rays: no piece stands on
file a or h, no knight on file b or g (whose leaps would cross), and no bishop, rook or
queen has an ordinary line to file a or h (where it would go on round) that one move could
open: a line behind one or two pieces counts as open, since a move takes one piece off a
line and en passant two. Kings and pawns on files b to g cannot cross. In such a position
both boards must agree on every legal move as written, on check, on taking a king, and on
material enough to mate.
"""

from __future__ import annotations

import random
import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from games.chess.board import FideBoard
from games.cylinder import CylinderBoard
from tests.strength import examples

FILES = "abcdefgh"
_LINES = {
    "B": ((1, 1), (-1, 1), (-1, -1), (1, -1)),
    "R": ((1, 0), (-1, 0), (0, 1), (0, -1)),
}
_LINES["Q"] = _LINES["B"] + _LINES["R"]


def edge_free(placement: dict[tuple[int, int], str]) -> bool:
    """Tell whether no piece of placement could move or attack across the a-h edge."""
    for (file, rank), symbol in placement.items():
        kind = symbol.upper()
        if file in (0, 7) or (kind == "N" and file in (1, 6)):
            return False
        for df, dr in _LINES.get(kind, ()):
            f, r, blockers = file + df, rank + dr, 0
            while 0 <= f < 8 and 0 <= r < 8 and blockers <= 2:
                if f in (0, 7):
                    return False
                blockers += (f, r) in placement
                f, r = f + df, r + dr
    return True


def placement_of(board: CylinderBoard) -> dict[tuple[int, int], str]:
    found = {}
    for rank in range(8):
        for file in range(8):
            piece = board.piece_at(f"{FILES[file]}{rank + 1}")
            if piece is not None:
                found[(file, rank)] = piece.symbol
    return found


def random_edge_free_fen(chooser: random.Random) -> str:
    """Return a random edge-free position with both kings apart and pawns off the end ranks.

    The side not to move is never in check: no game reaches such a position, and taking
    the king there leaves boards whose verdicts on a missing king need not agree.
    """
    while True:
        placement: dict[tuple[int, int], str] = {}
        extra = chooser.randint(2, 10)
        for symbol in ("K", "k", *(chooser.choice("QRBNPPqrbnpp") for _ in range(extra))):
            low, high = (1, 6) if symbol in "Pp" else (0, 7)
            square = (chooser.randint(1, 6), chooser.randint(low, high))
            placement.setdefault(square, symbol)
        kings = [square for square, symbol in placement.items() if symbol in "Kk"]
        apart = len(kings) == 2 and max(abs(a - b) for a, b in zip(*kings, strict=True)) > 1
        if apart and edge_free(placement):
            rows = []
            for rank in range(7, -1, -1):
                row = "".join(placement.get((file, rank), "1") for file in range(8))
                rows.append(re.sub("1+", lambda ones: str(len(ones[0])), row))
            turn = chooser.choice("wb")
            fen = f"{'/'.join(rows)} {turn} - - 0 1"
            if not FideBoard(1, (), fen).king_capturable():  # a game cannot reach it otherwise
                return fen


def unmarked(moves: list[str]) -> list[str]:
    """Return moves without their check marks, sorted.

    A move may end where the piece reaches across the edge (Na6 attacking g7), so whether
    it checks is compared in the position it makes, while that one is edge-free.
    """
    return sorted(move.rstrip("+#") for move in moves)


def assert_agree(cylinder: CylinderBoard, fide: FideBoard) -> None:
    assert unmarked(cylinder.legal_moves()) == unmarked(fide.legal_moves()), cylinder.fen()
    assert cylinder.is_check() == fide.is_check()
    assert cylinder.king_capturable() == fide.king_capturable()
    assert cylinder.has_moves() == fide.has_moves()
    for side in ("white", "black"):
        assert cylinder.can_mate(side) == fide.can_mate(side)


def test_the_start_position_agrees_with_chess_since_every_crossing_is_blocked() -> None:
    assert_agree(CylinderBoard(1), FideBoard(1, ()))


@settings(max_examples=examples(120), deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
@example(seed=5979)  # once drew a start where the side to move could take the king
def test_edge_free_positions_and_their_playouts_agree_with_chess(seed: int) -> None:
    chooser = random.Random(seed)
    fen = random_edge_free_fen(chooser)
    cylinder, fide = CylinderBoard(1, (), fen), FideBoard(1, (), fen)
    for _ in range(12):
        assert_agree(cylinder, fide)
        moves = fide.legal_moves()
        if not moves:
            break
        san = chooser.choice(moves)
        uci = fide.parse_move(san)
        assert cylinder.parse_move(san) == uci
        played, expected = cylinder.push(uci).san, fide.push(uci).san
        assert cylinder.fen().split()[:3] == fide.fen().split()[:3]
        if not edge_free(placement_of(cylinder)):
            break
        assert played == expected
