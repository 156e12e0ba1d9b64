"""The image of one board: header, diagram, neighbours beside it and what just happened."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from datetime import timedelta
from typing import Protocol

from PIL import Image, ImageDraw

from games.core.geometry import CHESSBOARD, FILES, Shape
from games.core.pieces import Side, side_name
from renderer.cells import Perspective, extent, fit_square
from renderer.diagram import draw_diagram
from renderer.errors import check_board, check_names_and_clocks, check_perspective, check_size
from renderer.palette import (
    BACKGROUND,
    BLACK,
    MUTED,
    TEXT,
    WHITE,
    Colour,
)
from renderer.panel import draw_panel
from renderer.rulers import draw_rulers, legible_size, ruler_font, ruler_room
from renderer.sprites import SPRITES, Font
from renderer.text import fit, font, measure, write
from views.model import BoardView, Viewed, board_view


def board_image(
    match: Viewed,
    board: int,
    perspective: Perspective = "white",
    size: int = 640,
    *,
    names: tuple[str, str] | None = None,
    clocks: tuple[timedelta, timedelta] | None = None,
) -> Image.Image:
    """Draw one board as an RGB image; see board_png."""
    check_perspective(perspective)
    check_size(size)
    check_board(match, board)
    check_names_and_clocks(names, clocks)
    return draw_board(board_view(match, board), perspective, size, names=names, clocks=clocks)


def draw_board(
    view: BoardView,
    perspective: Perspective,
    size: int,
    *,
    names: tuple[str, str] | None = None,
    clocks: tuple[timedelta, timedelta] | None = None,
) -> Image.Image:
    """Draw a board view size pixels wide: header, diagram, neighbour panel and caption."""
    layout = BoardLayout.for_width(size, view.shape)
    pad, square, unit = layout.pad, layout.square, layout.unit
    image = Image.new("RGB", (size, layout.height), BACKGROUND)
    top, wide, high = layout.top, layout.diagram_width, layout.diagram_height
    header(Drawing(image), view, pad, size - 2 * pad, layout.header, names, clocks, perspective)
    draw_diagram(
        image,
        view,
        left=layout.left,
        top=top,
        square=square,
        perspective=perspective,
        coordinates=False,
    )
    for strip, at in SPRITES.get(
        ("rulers", layout, view.shape, perspective),
        lambda: _rulers(layout, view.shape, perspective),
    ):
        image.paste(strip, at)
    if layout.panel > 0:
        panel = (layout.left + wide + pad, top, layout.panel, high + layout.ruler)
        draw_panel(image, view, panel, unit, perspective, layout.ruler_size)
    caption = font(max(size * 0.028, legible_size(size)))
    text = fit(view.caption, caption, size - 2 * pad)
    foot = top + high + layout.ruler + layout.footer / 2
    write(image, (pad, foot), text, caption, MUTED, anchor="lm")
    return image


def ruler_strips(
    layout: BoardLayout, shape: Shape, perspective: Perspective
) -> tuple[tuple[Image.Image, tuple[int, int]], ...]:
    """Return a diagram's coordinates: the strip left of it and the one under it, placed.

    They are drawn once for a layout, a shape and a perspective.
    """
    key = ("rulers", layout, shape, perspective)
    return SPRITES.get(key, lambda: _rulers(layout, shape, perspective))


def _rulers(
    layout: BoardLayout, shape: Shape, perspective: Perspective
) -> tuple[tuple[Image.Image, tuple[int, int]], ...]:
    """Draw a diagram's coordinates in their strips."""
    left, top, room = layout.left, layout.top, layout.ruler
    right, bottom = left + layout.diagram_width, top + layout.diagram_height
    canvas = Image.new("RGB", (right, layout.height), BACKGROUND)
    draw_rulers(
        canvas,
        shape,
        left=left,
        top=top,
        square=layout.square,
        perspective=perspective,
        size=layout.ruler_size,
        room=room,
    )
    # down to the image's foot: a letter's descender may reach below the strip
    strips = ((0, top, left, layout.height), (left, bottom, right, layout.height))
    return tuple((canvas.crop(box), (box[0], box[1])) for box in strips)


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where the parts of a board image go, for an image width and a board's shape.

    Every board's diagram fits the room an 8x8 one fills, so images keep their width:
    a 10x10 board has smaller cells, a 7x7 larger. A board of several levels has no
    neighbours to show: its levels take the panel's room too, as wide as the image.
    """

    width: int
    pad: int
    unit: int  # an 8x8 board's cell size: what the header and panel are sized by
    square: int  # this board's cell size
    header: int
    footer: int
    diagram_width: int
    diagram_height: int
    ruler_size: int  # the coordinates' font size, beside the diagram
    ruler: int  # the room they take left of the diagram and under it
    paneled: bool = True  # a panel stands right of the diagram

    @classmethod
    def for_width(cls, width: int, shape: Shape = CHESSBOARD) -> BoardLayout:
        """Lay out a board image width pixels wide; the panel takes about a fifth.

        The coordinates stand beside the diagram, in strips taken from the room it fills.
        """
        return _laid_out(width, shape)

    @classmethod
    def _for_width(cls, width: int, shape: Shape) -> BoardLayout:
        pad = max(6, width // 64)
        unit = (width - 3 * pad - round(width * 0.2)) // 8
        size = ruler_font(width)
        paneled = shape.levels == 1
        if paneled:
            ruler = ruler_room(size)
            square = fit_square(shape, 8 * unit - ruler, 8 * unit - ruler)
        else:  # as tall as the levels' grid needs
            ruler = ruler_room(size, shape.ranks)
            room = width - 2 * pad - ruler
            square = fit_square(shape, room, 2 * room)
        wide, high = extent(shape, square)
        header, footer = round(width * 0.105), round(width * 0.06)
        return cls(width, pad, unit, square, header, footer, wide, high, size, ruler, paneled)

    @property
    def side(self) -> int:
        """Return the width and height of the room the diagram is fitted in."""
        return 8 * self.unit

    @property
    def panel(self) -> int:
        """Return the neighbour panel's width, 0 when there is none."""
        if not self.paneled:
            return 0
        return self.width - 3 * self.pad - self.ruler - self.diagram_width

    @property
    def left(self) -> int:
        """Return the diagram's left edge, right of the rank numbers."""
        return self.pad + self.ruler

    @property
    def top(self) -> int:
        """Return the diagram's top edge."""
        return self.pad + self.header

    @property
    def height(self) -> int:
        """Return the image's height."""
        return self.top + self.diagram_height + self.ruler + self.footer


@functools.lru_cache(maxsize=64)  # every image lays itself out; its coordinates' room is measured
def _laid_out(width: int, shape: Shape) -> BoardLayout:
    return BoardLayout._for_width(width, shape)


def format_clock(left: timedelta) -> str:
    """Write a clock's remaining time as players read it: 4:05, 1:02:03 or 2d 5h."""
    seconds = max(0.0, math.floor(left.total_seconds() * 10) / 10)
    if seconds >= 86400:
        return f"{int(seconds // 86400)}d {int(seconds % 86400 // 3600)}h"
    if seconds >= 3600:
        whole = int(seconds)
        return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"
    if seconds < 10:
        return f"0:{seconds:04.1f}"
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


class Surface(Protocol):
    """What a header is drawn on: an RGB image, or one of palette indices (renderer.indexed)."""

    def write(
        self,
        xy: tuple[float, float],
        text: str,
        typeface: Font,
        fill: Colour,
        *,
        anchor: str = "la",
        bold: bool = False,
    ) -> None:
        """Write one line of text, as renderer.text.write does."""

    def disc(self, box: tuple[float, float, float, float], fill: Colour, outline: Colour) -> None:
        """Draw a filled circle with an outline in box."""


@dataclass(frozen=True, slots=True)
class Drawing:
    """An RGB image as a Surface."""

    image: Image.Image

    def write(
        self,
        xy: tuple[float, float],
        text: str,
        typeface: Font,
        fill: Colour,
        *,
        anchor: str = "la",
        bold: bool = False,
    ) -> None:
        """Write one line of text."""
        write(self.image, xy, text, typeface, fill, anchor=anchor, bold=bold)

    def disc(self, box: tuple[float, float, float, float], fill: Colour, outline: Colour) -> None:
        """Draw a filled circle with an outline in box."""
        ImageDraw.Draw(self.image).ellipse(box, fill=fill, outline=outline)


def header(
    surface: Surface,
    view: BoardView,
    left: int,
    width: int,
    height: int,
    names: tuple[str, str] | None,
    clocks: tuple[timedelta, timedelta] | None,
    perspective: Perspective,
) -> None:
    """Write the board's number and state, and the players with their clocks when given."""
    title = font(width * 0.05)
    small = font(max(width * 0.03, legible_size(width + 2 * left)))
    top = left
    surface.write((left, top), f"Board {view.number}", title, TEXT, anchor="lt", bold=True)
    status = view.status
    if view.finished:
        status += " · board closed"
    if view.shape.wrap_files:
        status += f" · files a and {FILES[view.shape.files - 1]} joined"
    if view.shape.cushion_files:
        status += f" · cushions on files a and {FILES[view.shape.files - 1]}"
    if view.passes_to is not None:
        status += f" · quiet moves pass to board {view.passes_to}"
    if view.transfer_pending is not None:
        status += f" · {side_name(view.transfer_pending)} may send a piece onward"
    players = names is not None or clocks is not None
    players_width = width * 0.42 if players else 0
    room = width - players_width - (small.size if players else 0)
    surface.write((left, top + height * 0.62), fit(status, small, room), small, MUTED, anchor="lm")
    if not players:
        return
    order: tuple[Side, Side] = ("black", "white") if perspective == "white" else ("white", "black")
    for row, side in enumerate(order):
        index = 0 if side == "white" else 1
        name = names[index] if names is not None else side_name(side)
        clock = format_clock(clocks[index]) if clocks is not None else ""
        y = top + height * (0.2 + 0.42 * row)
        right = left + width
        colour = TEXT if side == view.turn and not view.finished else MUTED
        disc = small.size
        cx = right - players_width + disc / 2
        surface.disc(
            (cx - disc / 2, y - disc / 2, cx + disc / 2, y + disc / 2),
            WHITE if side == "white" else BLACK,
            MUTED,
        )
        clock_width = measure(clock, small) + (disc if clock else 0)
        room = players_width - disc * 1.6 - clock_width
        surface.write((cx + disc, y), fit(name, small, room), small, colour, anchor="lm")
        if clock:
            surface.write((right, y), clock, small, colour, anchor="rm", bold=colour == TEXT)
