"""Fairy-Stockfish's rules (pyffish) for a fairy board: the only module that imports pyffish.

A board's rules become a Fairy-Stockfish variant configuration written from data: its
size, each kind's letter and Betza (games.core.pieces), castling files, promotion kinds.
Each distinct configuration is loaded once. Fairy-Stockfish's castling files and promotion
kinds hold for both sides, and here they may differ per side, so a board has one variant
per side to move (only the mover's castlings and promotions matter to its moves).

Every call into pyffish rebuilds its piece tables (about 1.5 ms, 30 times a FIDE move
here), so boards play by games.fairy.position, and pyffish serves where speed does not
matter: the material count a draw rests on, and the differential tests. It is imported on
first use: loading it takes 0.2 s, which a process that plays no fairy board never spends.
"""

from __future__ import annotations

import hashlib
import threading
from typing import Final

from games.core.geometry import FILES
from games.core.pieces import PIECE_KINDS
from games.fairy.rules import Rules

_FIDE: Final = {"P": "pawn", "N": "knight", "B": "bishop", "R": "rook", "Q": "queen", "K": "king"}
_loaded: set[str] = set()
_lock: Final = threading.Lock()


def variant_config(name: str, rules: Rules, white: bool) -> str:
    """Return the Fairy-Stockfish configuration of a board's rules for one side to move."""
    lines = [f"[{name}:chess]", f"maxFile = {rules.files}", f"maxRank = {rules.ranks}"]
    fairy = sorted(rules.kinds - _FIDE.keys())
    for number, letter in enumerate(fairy, 1):
        lines.append(f"customPiece{number} = {letter.lower()}:{PIECE_KINDS[letter].betza}")
    promotions = "".join(kind.lower() for kind in rules.promotions(white))
    partners = "".join(sorted(kind.lower() for kind in rules.kinds - {"P", "K"}))
    lines += [
        f"promotionPieceTypes = {promotions}",
        f"doubleStepRegionWhite = *2\ndoubleStepRegionBlack = *{rules.ranks - 1}",
        f"promotionRegionWhite = *{rules.ranks}\npromotionRegionBlack = *1",
    ]
    own = rules.castlings_of(white)
    if own:
        files = {c.right.upper(): FILES[c.king_to % rules.files] for c in own}
        lines += [
            "castling = true",
            f"castlingKingsideFile = {files['K']}",
            f"castlingQueensideFile = {files['Q']}",
            f"castlingRookPieces = {partners}",
        ]
    else:
        lines.append("castling = false")
    return "\n".join(lines) + "\n"


def variant(rules: Rules, white: bool) -> str:
    """Return the name of the loaded Fairy-Stockfish variant of rules for one side to move."""
    text = variant_config("{name}", rules, white)
    name = "elevator_" + hashlib.sha1(text.encode()).hexdigest()[:12]
    with _lock:
        if name not in _loaded:
            import pyffish

            pyffish.load_variant_config(text.replace("{name}", name))
            _loaded.add(name)
    return name


def legal_moves(rules: Rules, fen: str) -> list[str]:
    """Return Fairy-Stockfish's legal moves of a position in UCI."""
    import pyffish

    white = fen.split()[1] == "w"
    moves: list[str] = pyffish.legal_moves(variant(rules, white), fen, [])
    return moves


def insufficient(rules: Rules, fen: str) -> tuple[bool, bool]:
    """Return whether White and whether Black lack mating material, as Fairy-Stockfish counts."""
    import pyffish

    white = fen.split()[1] == "w"
    found: tuple[bool, bool] = pyffish.has_insufficient_material(variant(rules, white), fen, [])
    return found
