"""Where an overview's boards go: their grid, each board's label and its coordinates' strips."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Final

from games.core.geometry import CHESSBOARD, Shape
from renderer.rulers import PREVIEW, legible_size, ruler_font, ruler_room

_WIDTH: Final = 960  # about how wide the grid of boards is


def grid_shape(count: int) -> tuple[int, int]:
    """Return the columns and rows of an overview grid of count boards."""
    if count <= 2:
        return count, 1
    columns = max(math.ceil(math.sqrt(count)), math.ceil(count / 5))
    return columns, math.ceil(count / columns)


@dataclass(frozen=True, slots=True)
class GridLayout:
    """Where the boards of an overview go: a grid under the score, a label above each.

    When the grid is small enough for its boards' coordinates to be read at Discord's
    preview width, each board has them beside it: rank numbers in a strip on its left,
    file letters in one under it, taken from the room the boards fill.
    """

    columns: int
    rows: int
    square: int
    ruler_size: int = 0  # the coordinates' font size, or 0 where the boards go without
    ruler: int = 0  # the room they take left of each board and under it
    teams: bool = False  # a second label line names each board's White and Black teams

    MIN_WIDTH: ClassVar[int] = 420
    # a square this many pixels wide at the preview still shows its piece, so coordinates
    # are worth the room they take from it; a 3-column grid with them would get about 13
    LABELLED_SQUARE: ClassVar[int] = 14

    @classmethod
    def for_count(
        cls, count: int, shapes: Iterable[Shape] = (CHESSBOARD,), *, teams: bool = False
    ) -> GridLayout:
        """Lay out count boards of these shapes, as large as about 960 pixels of width allow.

        teams: each board's label has a second line for its teams.
        """
        columns, rows = grid_shape(count)
        shapes = list(shapes)
        # a board of levels draws each level in a quarter of its square: give it twice the room
        most = 80 if any(shape.levels > 1 for shape in shapes) else 40
        plain = cls(columns, rows, max(15, min(most, _WIDTH // columns // 8)), teams=teams)
        flat = [shape.ranks for shape in shapes if shape.levels == 1]
        if not flat:
            return plain
        size = ruler_font(plain.width)
        # the strips also leave room for a marked board's frame, so no label touches it
        room = ruler_room(size, max(flat)) + 2 * plain.frame
        square = plain.square
        while square > 1 and cls(columns, rows, square, size, room, teams).width > plain.width:
            square -= 1
        labelled = cls(columns, rows, square, size, room, teams)
        if square * PREVIEW < cls.LABELLED_SQUARE * labelled.width:
            return plain
        return labelled

    @property
    def side(self) -> int:
        """Return a board's width and height."""
        return 8 * self.square

    @property
    def gap(self) -> int:
        """Return the space between boards, and around the grid."""
        return max(12, self._unit // 2)

    @property
    def frame(self) -> int:
        """Return the width of the frame around a marked board."""
        return max(3, self.square // 8)

    @property
    def label_size(self) -> int:
        """Return the font size of a board's label, legible at Discord's preview."""
        return max(13, round(self._unit * 0.42), legible_size(self.width))

    @property
    def title_size(self) -> int:
        """Return the font size of the score, above the grid."""
        return max(30, round(legible_size(self.width) * 1.3))

    @property
    def note_size(self) -> int:
        """Return the font size of the line under the score, legible at Discord's preview."""
        return max(18, legible_size(self.width))

    @property
    def header(self) -> int:
        """Return the height of the score and its line, above the grid."""
        return round(self.title_size * 1.7 + self.note_size * 1.3)

    @property
    def label_height(self) -> int:
        """Return the height of a line of the label above each board."""
        return round(self.label_size * 1.6)

    @property
    def team_size(self) -> int:
        """Return the font size of the teams' line: as readable at the preview as coordinates."""
        return ruler_font(self.width) if self.teams else 0

    @property
    def head(self) -> int:
        """Return the height of a board's label: one line, and its teams' line below if any."""
        return self.label_height + round(self.team_size * 1.5)

    @property
    def width(self) -> int:
        """Return the image's width."""
        return max(2 * self.gap + self._grid, self.MIN_WIDTH)

    @property
    def height(self) -> int:
        """Return the image's height."""
        cells = self.rows * self._row + (self.rows - 1) * self.gap
        return self.gap + self.header + cells + self.gap

    def board_origin(self, index: int) -> tuple[int, int]:
        """Return the top-left corner of the index-th board shown (from 0)."""
        column, row = index % self.columns, index // self.columns
        left = (self.width - self._grid) // 2 + column * (self.ruler + self.side + self.gap)
        top = self.gap + self.header + row * (self._row + self.gap)
        return left + self.ruler, top + self.head

    @property
    def _unit(self) -> int:
        """Return the square a board would have without coordinates: what text is sized by."""
        return (self.side + self.ruler) // 8

    @property
    def _grid(self) -> int:
        """Return the width of the grid: its boards, their rank numbers and the gaps."""
        return self.columns * (self.ruler + self.side) + (self.columns - 1) * self.gap

    @property
    def _row(self) -> int:
        """Return the height of a row of boards: labels, boards and file letters."""
        return self.head + self.side + self.ruler
