"""The kinds of piece Ben Good's Elevator adds to the registry, and their letters there.

Good writes his camel, prince and ox C, I and O, letters the armies' Cardinal, Fibnif and
Colonel already hold in the registry; views and images therefore show them as L, Y and X.
His walking knight, flying rook, bishop and queen, king and pawn are shown as FIDE's.
"""

from __future__ import annotations

from typing import Final

from games.core.pieces import VALUES, PieceKind, register_kind

register_kind(
    PieceKind("L", "walking camel", "CW", 300),  # a camel's (1,3) leap or an orthogonal step
    PieceKind("Y", "vaulting prince", "KmHmG", 350),  # a king's step, or a quiet leap of three
    # a quiet knight's leap or leap of two, a diagonal step only to capture; its pushes of
    # the pieces it steps into have no Betza letter
    PieceKind("X", "ox", "mNmDmAcF", 400),
)

# Good's letter of each kind (upper case) to the registry's, as views and images show it
REGISTRY_LETTERS: Final = dict(zip("KQIRBNCOP", "KQYRBNLXP", strict=True))


# what each piece is worth, by Good's letter, as its positions are written
GOOD_VALUES: Final = {good: VALUES[ours] for good, ours in REGISTRY_LETTERS.items()}


def registry_symbol(symbol: str) -> str:
    """Return a piece's letter in the registry, keeping its case, given Good's (`c` -> `l`)."""
    letter = REGISTRY_LETTERS[symbol.upper()]
    return letter if symbol.isupper() else letter.lower()
