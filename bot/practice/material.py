"""What the pieces of every game are worth to the practice opponent, in centipawns."""

from __future__ import annotations

from typing import Final

from bot.hosted import Hosted
from games.core.pieces import Side

# The registry's letters (games/core/pieces.py, armies.py): FIDE's pieces and Betza's armies.
# A royal king is worth nothing here: taking it ends the board, which the search scores.
FIDE_VALUES: Final[dict[str, int]] = {"P": 100, "N": 300, "B": 320, "R": 500, "Q": 900, "K": 0}
PIECE_VALUES: Final[dict[str, int]] = {
    **FIDE_VALUES,
    "D": 450,  # Bede: bishop and dabbaba
    "W": 320,  # Waffle
    "A": 420,  # FAD
    "C": 800,  # Cardinal: bishop and knight
    "S": 400,  # Short Rook
    "M": 330,  # Woody Rook
    "F": 400,  # Half-Duck
    "E": 850,  # Chancellor: rook and knight
    "G": 480,  # Charging Rook
    "I": 300,  # Fibnif
    "H": 330,  # Charging Knight
    "O": 850,  # Colonel
}

# Games whose positions are written with letters of their own.
OWN_VALUES: Final[dict[str, dict[str, int]]] = {
    # Ender's Chess: no piece is royal (a side loses by its gate or with no piece left)
    "enders": {"R": 500, "B": 300, "N": 300, "K": 350},
    # Ben Good's Elevator, in its own letters: camel C, prince I, ox O
    "good": {**FIDE_VALUES, "C": 300, "I": 350, "O": 400},
}

# The FEN fields that hold pieces: the placement, and Ender's Chess's reserves.
_FIELDS: Final[dict[str, tuple[int, ...]]] = {"enders": (0, 2)}
UNKNOWN_PIECE: Final = 300  # a kind added later: worth a minor piece until it has a value


def piece_value(kind: str, letter: str) -> int:
    """Return what a piece of a game's kind, by its upper-case letter, is worth."""
    return OWN_VALUES.get(kind, PIECE_VALUES).get(letter, UNKNOWN_PIECE)


def material(game: Hosted, board: int, side: Side) -> int:
    """Return side's material less its opponent's on a board (its reserve too, if it has one)."""
    kind = game.KIND
    values = OWN_VALUES.get(kind, PIECE_VALUES)
    fields = game.fen(board).split()
    total = 0
    for index in _FIELDS.get(kind, (0,)):
        for char in fields[index] if index < len(fields) else "":
            if char.isalpha():
                worth = values.get(char.upper(), UNKNOWN_PIECE)
                total += worth if char.isupper() else -worth
    return total if side == "white" else -total
