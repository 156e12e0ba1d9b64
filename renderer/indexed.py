"""Board images composed directly in the fixed palette's indices, for the boards of plain play.

Mapping a finished RGB image onto the palette costs half as much as encoding it. Every pixel
is mapped alone (no dithering), so a part mapped once (a piece on its square, a line of text
on its background, the neighbour panel, the board with its coordinates) is the same wherever
it is pasted: this module pastes those parts, mapped once and cached, and draws the solid
shapes (highlights, elevator corners, discs) in the index of their colour. The image is the
one renderer.board draws and renderer.palette maps, byte for byte
(tests/renderer/test_indexed.py).

A closed board's diagram, faded, is drawn once in RGB and mapped: it no longer changes.
Boards with anything else to show (staircases, platforms, levels, reserves, joined files,
colour glyphs in a name) return None: renderer.board draws them in RGB.
"""

from __future__ import annotations

import functools
from datetime import timedelta
from typing import Final

from PIL import Image, ImageDraw

from renderer.art import tile
from renderer.board import BoardLayout, header, ruler_strips
from renderer.cells import Perspective, plan, square_colour
from renderer.diagram import arrow, background, corners, draw_diagram, tints
from renderer.palette import (
    ARRIVED_MARK,
    BACKGROUND,
    CAPTURE_MARK,
    DEPARTED,
    DEPARTED_MARK,
    ELEVATOR,
    ELEVATOR_MARK,
    MUTED,
    PLAIN,
    WHITE,
    Colour,
    to_palette,
)
from renderer.panel import neighbour_panel, panel_key
from renderer.sprites import SPRITES, Font
from renderer.text import draw_line, fit, font, printable
from views.model import BoardView

# the image parts are mapped onto the palette without staircases' or many actions' colours
PLAIN_PALETTE: Final = {"stairs": False, "turns": False}


class NotPlain(Exception):
    """The board shows something only the RGB drawing draws: draw it so."""


def plain(view: BoardView) -> bool:
    """Tell whether a board shows only what this module composes."""
    return not (
        view.staircases
        or view.platform
        or view.reserves is not None
        or view.shape.levels != 1
        or view.shape.wrap_files
        or view.gates
        or view.moved
        or view.turn_moves
    )


def indexed_board(
    view: BoardView,
    perspective: Perspective,
    size: int,
    *,
    names: tuple[str, str] | None = None,
    clocks: tuple[timedelta, timedelta] | None = None,
) -> Image.Image | None:
    """Return a board's image in the palette's indices, or None if it is not plain."""
    if not plain(view):
        return None
    layout = BoardLayout.for_width(size, view.shape)
    frame_key = ("indexed frame", layout, view.shape, perspective, view.elevators)
    image = SPRITES.get(frame_key, lambda: _frame(view, layout, perspective)).copy()
    surface = Indexed(image)
    try:
        header(
            surface,
            view,
            layout.pad,
            size - 2 * layout.pad,
            layout.header,
            names,
            clocks,
            perspective,
        )
        _diagram(image, view, layout, perspective)
        if layout.panel > 0:
            _panel(image, view, layout, perspective)
    except NotPlain:
        return None
    caption = font(size * 0.028)
    text = fit(view.caption, caption, size - 2 * layout.pad)
    foot = layout.top + layout.diagram_height + layout.ruler + layout.footer / 2
    try:
        surface.write((layout.pad, foot), text, caption, MUTED, anchor="lm")
    except NotPlain:
        return None
    return image


def _frame(view: BoardView, layout: BoardLayout, perspective: Perspective) -> Image.Image:
    """Map once the parts that stay: the background, the empty board and its coordinates."""
    image = Image.new("RGB", (layout.width, layout.height), BACKGROUND)
    image.paste(background(view, layout.square, perspective, False), (layout.left, layout.top))
    for strip, at in ruler_strips(layout, view.shape, perspective):
        image.paste(strip, at)
    return to_palette(image, **PLAIN_PALETTE)


@functools.cache
def index(colour: Colour) -> int:
    """Return the palette index a pixel of colour is mapped to."""
    pixel = to_palette(Image.new("RGB", (1, 1), colour), **PLAIN_PALETTE).getpixel((0, 0))
    assert isinstance(pixel, int)
    return pixel


def _diagram(
    image: Image.Image, view: BoardView, layout: BoardLayout, perspective: Perspective
) -> None:
    """Draw the highlights, the pieces and the marks of a plain board over its frame."""
    left, top, square = layout.left, layout.top, layout.square
    if view.finished:
        closed = ("indexed closed diagram", view, layout, perspective)
        image.paste(SPRITES.get(closed, lambda: _closed(view, layout, perspective)), (left, top))
        return
    draw = ImageDraw.Draw(image)
    origins = plan(view.shape, square, perspective).origins
    tinted = tints(view)
    for name, tint in tinted.items():
        x, y = origins[name]
        fill = index(square_colour(name, tint))
        draw.rectangle((left + x, top + y, left + x + square - 1, top + y + square - 1), fill)
    for name, piece in view.pieces().items():
        x, y = origins[name]
        base = tinted.get(name) or (ELEVATOR if name in view.elevators else PLAIN)
        under = square_colour(name, base)
        key = ("indexed tile", piece.symbol, square, under)
        made = functools.partial(_tile, piece.symbol, square, under)
        image.paste(SPRITES.get(key, made), (left + x, top + y))
    if view.capturable is not None:
        x, y = origins[view.capturable]
        width = max(2, square // 14)
        box = (left + x, top + y, left + x + square - 1, top + y + square - 1)
        draw.rectangle(box, outline=index(CAPTURE_MARK), width=width)
    surface = Indexed(image)
    if view.departure is not None:  # as renderer.diagram marks it
        x, y = origins[view.departure.square]
        cx, cy = left + x + square / 2, top + y + square / 2
        mark = index(DEPARTED_MARK)
        arrow(draw, (cx, cy - square * 0.14), square * 0.36, view.departure.direction, mark)
        under = square_colour(view.departure.square, DEPARTED)
        label = str(view.departure.to_board)
        at = (cx, cy + square * 0.3)
        surface.write_on(
            at, label, font(square * 0.26), DEPARTED_MARK, under, anchor="mb", bold=True
        )
    for arrival in view.arrivals:  # a badge, as renderer.diagram puts it
        x, y = origins[arrival.square]
        typeface = font(square * 0.2)
        height = round(square * 0.26)
        inset = max(2, square // 16)
        label = str(arrival.from_board)
        width = round(height * 0.9 + typeface.getlength(label) + height * 0.35)
        box = (
            left + x + inset,
            top + y + inset,
            left + x + inset + width,
            top + y + inset + height,
        )
        draw.rounded_rectangle(box, radius=height // 3, fill=index(ARRIVED_MARK))
        centre = (box[0] + height * 0.5, box[1] + height / 2)
        arrow(draw, centre, height * 0.5, arrival.direction, index(WHITE))
        at = (box[0] + height * 0.9, box[1] + height / 2)
        surface.write_on(at, label, typeface, WHITE, ARRIVED_MARK, anchor="lm")
    for name in view.elevators:
        x, y = origins[name]
        corners(draw, left + x, top + y, square, index(ELEVATOR_MARK))


def _closed(view: BoardView, layout: BoardLayout, perspective: Perspective) -> Image.Image:
    """Draw a closed board's diagram where the RGB image has it, and map it."""
    canvas = Image.new("RGB", (layout.width, layout.height), BACKGROUND)
    left, top = layout.left, layout.top
    square = layout.square
    draw_diagram(
        canvas, view, left=left, top=top, square=square, perspective=perspective, coordinates=False
    )
    box = (left, top, left + layout.diagram_width, top + layout.diagram_height)
    return _mapped(canvas.crop(box))


def _panel(
    image: Image.Image, view: BoardView, layout: BoardLayout, perspective: Perspective
) -> None:
    """Paste the neighbours' panel, mapped once."""
    box = (layout.left + layout.diagram_width + layout.pad, layout.top, layout.panel)
    box4 = (*box, layout.diagram_height + layout.ruler)
    unit, label = layout.unit, layout.ruler_size
    picture, glyphs = neighbour_panel(view, box4, unit, perspective, label, BACKGROUND)
    if glyphs:
        raise NotPlain
    key = ("indexed", *panel_key(view, box4, unit, perspective, label, BACKGROUND))
    image.paste(SPRITES.get(key, lambda: _mapped(picture)), box4[:2])


def _tile(symbol: str, square: int, under: Colour) -> Image.Image:
    return _mapped(tile(symbol, square, under))


def _mapped(image: Image.Image) -> Image.Image:
    return to_palette(image, **PLAIN_PALETTE)


class Indexed:
    """An image of palette indices as a Surface (renderer.board): text is mapped once a line."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image

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
        """Write a line on the background, as renderer.text.write would before mapping."""
        self.write_on(xy, text, typeface, fill, BACKGROUND, anchor=anchor, bold=bold)

    def write_on(
        self,
        xy: tuple[float, float],
        text: str,
        typeface: Font,
        fill: Colour,
        under: Colour,
        *,
        anchor: str = "la",
        bold: bool = False,
    ) -> None:
        """Write a line where the image is of one colour, under, as far as its ink goes."""
        line = printable(text)
        size = round(typeface.size)
        drawn = draw_line(line, size, anchor=anchor, bold=bold)
        if drawn.colour is not None:
            raise NotPlain
        key = ("indexed line", line, size, anchor, bold, fill, under)
        patch, ink = SPRITES.get(key, lambda: _line(drawn.mask, fill, under))
        x, y = round(xy[0]) + drawn.left, round(xy[1]) + drawn.top
        self.image.paste(patch, (x, y), ink)

    def disc(self, box: tuple[float, float, float, float], fill: Colour, outline: Colour) -> None:
        """Draw a filled circle with an outline in box."""
        ImageDraw.Draw(self.image).ellipse(box, fill=index(fill), outline=index(outline))


def _line(mask: Image.Image, fill: Colour, under: Colour) -> tuple[Image.Image, Image.Image]:
    """Return a line of text blended on a colour and mapped, and where its ink is."""
    patch = Image.new("RGB", mask.size, under)
    patch.paste(fill, (0, 0, mask.width, mask.height), mask)
    return _mapped(patch), mask.point(lambda value: 255 if value else 0)
