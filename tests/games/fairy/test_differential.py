"""Differential tests: a fairy board's legal moves equal Fairy-Stockfish's (pyffish's).

Random playouts from every army pairing, on 8x8, 10x10 and 7x7, compare the two move
lists at every ply; others drop random pieces on empty squares, as arrivals do. Two cases
Fairy-Stockfish does not model are compared apart: a king left capturable (it lists only
the captures a pinned piece could not make, ours any), and on 10x10 castling while a
piece of the castling side stands in its corner outside the partner (it takes that
piece for the partner).
"""

from __future__ import annotations

import itertools
import random

import pytest

from games.core.armies import ARMIES
from games.core.pieces import Piece
from games.fairy import FairyBoard, engine, notation

PAIRINGS = list(itertools.product(ARMIES, repeat=2))


def _compare(board: FairyBoard) -> list[str]:
    """Assert that both move lists agree on a board; return ours in UCI."""
    position = board._position
    ours = {notation.uci(position, move) for move in position.legal()}
    theirs = set(engine.legal_moves(board._rules, board.fen()))
    enemy_king = position.king(not position.white)
    if enemy_king >= 0 and position.king_capturable():
        king = notation.uci(position, (0, enemy_king, None))[2:]
        takes = {move for move in ours if move[2:] == king}
        assert {move for move in theirs if move[2:] == king} <= takes
        ours, theirs = ours - takes, {move for move in theirs if move[2:] != king}
    if board.shape.files == 10 and _corner_taken(board):
        ours = {m for m in ours if not _castles(board, m)}
        theirs = {m for m in theirs if not _castles(board, m)}
    assert ours == theirs, board.fen()
    return sorted(ours)


def _corner_taken(board: FairyBoard) -> bool:
    rank = "1" if board.turn == "white" else "10"
    return any(
        (piece := board.piece_at(f"{file}{rank}")) is not None and piece.side == board.turn
        for file in "aj"
    )


def _castles(board: FairyBoard, uci: str) -> bool:
    piece = board.piece_at(uci[:2])
    return piece is not None and piece.kind == "K" and abs(ord(uci[0]) - ord(uci[2])) > 1


def _playout(board: FairyBoard, rng: random.Random, plies: int) -> None:
    for _ in range(plies):
        moves = _compare(board)
        if not moves:
            return
        board.push(rng.choice(moves))


@pytest.mark.parametrize(("white", "black"), PAIRINGS)
def test_random_games_of_every_army_pairing_move_as_fairy_stockfish_says(
    white: str, black: str
) -> None:
    for seed in range(3):
        _playout(FairyBoard(1, (), armies=(white, black)), random.Random(seed), 80)


@pytest.mark.parametrize("seed", range(4))
def test_random_games_on_10x10_with_armies_move_as_fairy_stockfish_says(seed: int) -> None:
    rng = random.Random(seed)
    armies = (rng.choice(list(ARMIES)), rng.choice(list(ARMIES)))
    _playout(FairyBoard(1, (), setup="10x10", armies=armies), rng, 80)


@pytest.mark.parametrize("seed", range(4))
def test_random_games_on_7x7_move_as_fairy_stockfish_says(seed: int) -> None:
    _playout(FairyBoard(1, ("d4",), setup="7x7"), random.Random(seed), 80)


@pytest.mark.parametrize("seed", range(8))
def test_pieces_dropped_as_arrivals_leave_the_moves_fairy_stockfish_finds(seed: int) -> None:
    rng = random.Random(seed)
    armies = (rng.choice(list(ARMIES)), rng.choice(list(ARMIES)))
    kinds = sorted((ARMIES[armies[0]].kinds | ARMIES[armies[1]].kinds) - {"K"})
    board = FairyBoard(1, (), armies=armies)
    for _ in range(25):
        empty = [s for s in board.shape.squares[8:56] if board.piece_at(s) is None]
        square = rng.choice(empty)
        board._elevator_squares = (board.shape.squares.index(square),)
        board.elevators = (square,)
        board.arrive(0, Piece(rng.choice(kinds), rng.choice(("white", "black"))))
        moves = _compare(board)
        if not moves:
            return
        for _ in range(2):
            if moves:
                board.push(rng.choice(moves))
                moves = _compare(board)
