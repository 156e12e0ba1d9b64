"""Boards of any shape: their size, missing cells, wrap-around files and levels, and square names.

A square is named by its file letter and rank number (`e4`, `j10`); on a board of several
levels, by the level's number first (`2e1`, as in Ben Good's Elevator). Files run a to z.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from games.core.errors import MatchConfigError

FILES: Final = "abcdefghijklmnopqrstuvwxyz"
MAX_RANKS: Final = 99
MAX_LEVELS: Final = 9
_NAME: Final = re.compile(r"([1-9]?)([a-z])([1-9][0-9]?)")


@dataclass(frozen=True, slots=True, order=True)
class Square:
    """A cell of a board: file and rank from 0, and its level (0 on a flat board)."""

    file: int
    rank: int
    level: int = 0

    def name(self, levels: int = 1) -> str:
        """Return the square's name; a level number leads it on a board of several levels."""
        base = f"{FILES[self.file]}{self.rank + 1}"
        return f"{self.level + 1}{base}" if levels > 1 else base


@dataclass(frozen=True, slots=True)
class Shape:
    """The cells of a board: a block of files by ranks on each level, less any missing cells.

    wrap_files: the first and last files are neighbours, as on a cylinder.
    cushion_files: the first and last files are cushions, as on a billiards table: a game's
    lines may bounce off them (the game says which); steps and the shape's own lines do not.
    """

    files: int = 8
    ranks: int = 8
    levels: int = 1
    missing: frozenset[str] = frozenset()
    wrap_files: bool = False
    cushion_files: bool = False
    _cells: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.files <= len(FILES):
            raise MatchConfigError(f"a board has 1 to {len(FILES)} files, not {self.files}")
        if not 1 <= self.ranks <= MAX_RANKS:
            raise MatchConfigError(f"a board has 1 to {MAX_RANKS} ranks, not {self.ranks}")
        if not 1 <= self.levels <= MAX_LEVELS:
            raise MatchConfigError(f"a board has 1 to {MAX_LEVELS} levels, not {self.levels}")
        every = [
            Square(file, rank, level).name(self.levels)
            for level in range(self.levels)
            for rank in range(self.ranks)
            for file in range(self.files)
        ]
        strangers = self.missing.difference(every)
        if strangers:
            raise MatchConfigError(
                f"{min(strangers)} is not a square of a {self.files}x{self.ranks} board"
            )
        object.__setattr__(self, "_cells", tuple(n for n in every if n not in self.missing))

    @property
    def squares(self) -> tuple[str, ...]:
        """Return the names of every cell, level by level, rank by rank from the first."""
        return self._cells

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name not in self.missing and self.parse(name) is not None

    def parse(self, name: str) -> Square | None:
        """Return the square a name gives inside the block, missing or not; None if outside."""
        found = _NAME.fullmatch(name)
        if found is None:
            return None
        level_text, file_letter, rank_text = found.groups()
        if bool(level_text) != (self.levels > 1):
            return None
        square = Square(
            FILES.index(file_letter), int(rank_text) - 1, int(level_text) - 1 if level_text else 0
        )
        if square.file >= self.files or square.rank >= self.ranks or square.level >= self.levels:
            return None
        return square

    def name(self, square: Square) -> str:
        """Return a square's name on this board."""
        return square.name(self.levels)

    def step(self, square: Square, files: int, ranks: int) -> Square | None:
        """Return the cell files and ranks away on the same level, or None off the board."""
        file, rank = square.file + files, square.rank + ranks
        if self.wrap_files:
            file %= self.files
        if not (0 <= file < self.files and 0 <= rank < self.ranks):
            return None
        found = Square(file, rank, square.level)
        return None if self.missing and found.name(self.levels) in self.missing else found


CHESSBOARD: Final = Shape()
