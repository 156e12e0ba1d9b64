"""A side's material on a board, by what each game says its pieces are worth (centipawns)."""

from __future__ import annotations

from typing import Final

from bot.hosted import Hosted
from games.core.pieces import Side

UNKNOWN_PIECE: Final = 300  # a kind without a value: worth a minor piece


def piece_value(game: Hosted, letter: str) -> int:
    """Return what a piece of a game, by its upper-case letter, is worth."""
    return game.piece_values().get(letter, UNKNOWN_PIECE)


def material(game: Hosted, board: int, side: Side) -> int:
    """Return side's material less its opponent's on a board (its reserve too, if it has one)."""
    values = game.piece_values()
    fields = game.fen(board).split()
    total = 0
    for index in game.PIECE_FIELDS:
        for char in fields[index] if index < len(fields) else "":
            if char.isalpha():
                worth = values.get(char.upper(), UNKNOWN_PIECE)
                total += worth if char.isupper() else -worth
    return total if side == "white" else -total
