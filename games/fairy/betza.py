"""Piece moves read from Betza's notation, and the rays they make on a board of any size.

The subset our armies use: the atoms W F D N A H, the compounds R B Q K, a count after a
rider's letter (R4: up to four steps), and the direction modifiers f b s v l r, with h
after f or b for a half (fhN: the four forward knight leaps). As Betza writes them, f on
an oblique leap means its two most forward leaps, s its most sideways ones.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

Vector = tuple[int, int, int]  # files, ranks (forward for White), most steps (0: no limit)
Ray = tuple[int, ...]  # the squares a piece reaches along one vector, nearest first

_TOKEN: Final = re.compile(r"([a-z]*)([A-Z])(\d*)")
_ATOMS: Final = {"W": (0, 1), "F": (1, 1), "D": (0, 2), "N": (1, 2), "A": (2, 2), "H": (0, 3)}
# A compound letter: its atoms, and whether they ride.
_COMPOUNDS: Final = {
    "R": ("W", True),
    "B": ("F", True),
    "Q": ("WF", True),
    "K": ("WF", False),
}


def _images(atom: tuple[int, int]) -> set[tuple[int, int]]:
    a, b = atom
    return {(x, y) for p, q in ((a, b), (b, a)) for x in (p, -p) for y in (q, -q)}


def _keeps(modifier: str, x: int, y: int, oblique: bool) -> bool:
    """Tell whether one direction modifier lets a leap in direction (x, y) through."""
    if modifier == "fh":
        return y > 0
    if modifier == "bh":
        return y < 0
    if modifier == "f":
        return y > 0 and (not oblique or abs(y) > abs(x))
    if modifier == "b":
        return y < 0 and (not oblique or abs(y) > abs(x))
    if modifier == "s":
        return abs(x) > abs(y) if oblique else y == 0
    if modifier == "v":
        return abs(y) > abs(x) if oblique else x == 0
    if modifier == "l":
        return x < 0
    if modifier == "r":
        return x > 0
    raise ValueError(f"the Betza modifier {modifier!r} is not one this board reads")


def _modifiers(text: str) -> list[str]:
    found: list[str] = []
    index = 0
    while index < len(text):
        if text[index] in "fb" and text[index + 1 : index + 2] == "h":
            found.append(text[index : index + 2])
            index += 2
        else:
            found.append(text[index])
            index += 1
    return found


@cache
def vectors(betza: str) -> tuple[Vector, ...]:
    """Return the moves of a piece written in Betza's notation, as White plays them."""
    if not betza or _TOKEN.sub("", betza):
        raise ValueError(f"{betza!r} is not Betza notation this board reads")
    found: dict[tuple[int, int], int] = {}
    for modifiers, letter, count in _TOKEN.findall(betza):
        atoms, rides = _COMPOUNDS.get(letter, (letter, bool(count)))
        limit = int(count) if count else (0 if rides else 1)
        for atom_letter in atoms:
            if atom_letter not in _ATOMS:
                raise ValueError(f"{letter!r} is not a Betza atom this board reads")
            atom = _ATOMS[atom_letter]
            oblique = atom[0] not in (0, atom[1])
            wanted = _modifiers(modifiers)
            for x, y in _images(atom):
                if wanted and not any(_keeps(m, x, y, oblique) for m in wanted):
                    continue
                known = found.get((x, y))
                # A direction given twice keeps its longer reach (0 is no limit).
                if known is None or (known != 0 and (limit == 0 or limit > known)):
                    found[(x, y)] = limit
    return tuple(sorted((x, y, limit) for (x, y), limit in found.items()))


@cache
def rays(betza: str, white: bool, files: int, ranks: int) -> tuple[tuple[Ray, ...], ...]:
    """Return, for each square of a files x ranks board, the rays of a piece standing there.

    Squares are numbered rank by rank from a1: index = rank * files + file.
    """
    sign = 1 if white else -1
    table: list[tuple[Ray, ...]] = []
    for square in range(files * ranks):
        file, rank = square % files, square // files
        found: list[Ray] = []
        for x, y, limit in vectors(betza):
            ray: list[int] = []
            f, r = file + x, rank + sign * y
            while 0 <= f < files and 0 <= r < ranks and (limit == 0 or len(ray) < limit):
                ray.append(r * files + f)
                f, r = f + x, r + sign * y
            if ray:
                found.append(tuple(ray))
        table.append(tuple(found))
    return tuple(table)


@cache
def reverse_rays(betza: str, white: bool, files: int, ranks: int) -> tuple[tuple[Ray, ...], ...]:
    """Return, for each square, the rays along which a piece of this kind would attack it."""
    # Every kind here is symmetric left to right, so attacking back along a move of one
    # side is moving as the other side does.
    return rays(betza, not white, files, ranks)
