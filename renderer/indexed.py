"""Board images composed directly in the fixed palette's indices, for the boards of plain play.

Mapping a finished RGB image onto the palette costs half as much as encoding it. Every pixel
is mapped alone (no dithering), so a part mapped once (a piece on its square, a line of text
on its background, the neighbour panel, the board with its coordinates) is the same wherever
it is pasted: this module pastes those parts, mapped once and cached, and draws the solid
shapes (highlights, discs) in the index of their colour. The image is the one renderer.board
draws and renderer.palette maps, byte for byte (tests/renderer/test_indexed.py).

What is new after a move is made in a few lookups: a row of the diagram is found by its rank's
text in the placement, a line of text is mapped through a table of its mask's values (its
clocks composed of glyphs drawn once, renderer.glyphs), and boards whose neighbours differ
only in number share one panel on which each writes its neighbours' titles.

A closed board's diagram, faded, is drawn once in RGB and mapped: it no longer changes. Emoji
in a name give the image a palette of its own (renderer.palette): its parts are mapped onto
that one, once for the same names. Boards with anything else to show (staircases, platforms,
levels, reserves, joined files, emoji in the panel) return None: renderer.board draws them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Final

from PIL import Image, ImageChops, ImageDraw

from games.core.geometry import Shape
from games.core.placement import read_rank
from renderer.art import tile
from renderer.board import BoardLayout, header, ruler_strips
from renderer.cells import Perspective, plan, square_colour
from renderer.diagram import (
    Badge,
    DepartureMark,
    arrow,
    background,
    corners,
    draw_diagram,
    tints,
)
from renderer.palette import (
    ARRIVED_MARK,
    BACKGROUND,
    CAPTURE_MARK,
    DEPARTED,
    DEPARTED_MARK,
    ELEVATOR,
    ELEVATOR_MARK,
    MUTED,
    PANEL,
    PLAIN,
    TEXT,
    WHITE,
    Colour,
    Tint,
    fixed_palette,
    glyph_palette,
)
from renderer.panel import neighbour_panel, neighbour_titles, panel_key, panel_picture
from renderer.rulers import legible_size
from renderer.sprites import SPRITES, Font
from renderer.text import Drawn, draw_line, fit, font, printable
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
        or view.shape.cushion_files
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
    lines = Lines()  # the header's and the caption's, to learn first whether emoji need colours
    room = size - 2 * layout.pad
    header(lines, view, layout.pad, room, layout.header, names, clocks, perspective)
    caption = font(max(size * 0.028, legible_size(size)))
    foot = layout.top + layout.diagram_height + layout.ruler + layout.footer / 2
    lines.write((layout.pad, foot), fit(view.caption, caption, room), caption, MUTED, anchor="lm")
    palette = lines.palette()
    frame_key = ("indexed frame", palette.key, layout, view.shape, perspective, view.elevators)
    frame = SPRITES.get(frame_key, lambda: _frame(view, layout, perspective, palette))
    image = frame.copy()
    surface = Indexed(image, palette)
    for call in lines.calls[:-1]:
        call(surface)
    try:
        _diagram(surface, view, layout, perspective, frame, frame_key)
        if layout.panel > 0:
            _panel(surface, view, layout, perspective)
    except NotPlain:
        return None
    lines.calls[-1](surface)
    return image


@dataclass(frozen=True)
class Palette:
    """What an image is mapped onto: the fixed palette, or it with the colours of emoji."""

    key: bytes  # empty for the fixed palette, else the digest of the emoji's pixels
    image: Image.Image = field(compare=False, hash=False)


FIXED: Final = Palette(b"", fixed_palette())


class Lines:
    """A Surface that keeps the header's calls, to replay them once the palette is known."""

    def __init__(self) -> None:
        self.calls: list[Callable[[Indexed], None]] = []
        self.glyphs: list[Image.Image] = []  # the pixels where emoji stand, as to_palette crops

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
        """Keep a line to write on the background."""
        line = printable(text)
        # ASCII is drawn in the text font alone (renderer.text): no emoji to give colours to
        drawn = (
            None
            if line.isascii()
            else draw_line(line, round(typeface.size), anchor=anchor, bold=bold)
        )
        if drawn is not None and drawn.colour is not None:
            patch = _patch(drawn, fill, BACKGROUND)
            self.glyphs.append(patch.crop((0, 0, drawn.colour.width, drawn.colour.height)))
        self.calls.append(
            lambda surface: surface.write(xy, text, typeface, fill, anchor=anchor, bold=bold)
        )

    def disc(self, box: tuple[float, float, float, float], fill: Colour, outline: Colour) -> None:
        """Keep a disc to draw."""
        self.calls.append(lambda surface: surface.disc(box, fill, outline))

    def palette(self) -> Palette:
        """Return the palette the image is mapped onto, as renderer.palette.to_palette has it."""
        if not self.glyphs:
            return FIXED
        key, image = glyph_palette(self.glyphs, **PLAIN_PALETTE)
        return Palette(key, image)


def _frame(
    view: BoardView, layout: BoardLayout, perspective: Perspective, palette: Palette
) -> Image.Image:
    """Map once the parts that stay: the background, the empty board and its coordinates.

    The elevators' corners are drawn on it too, as over everything else (see _diagram).
    """
    image = Image.new("RGB", (layout.width, layout.height), BACKGROUND)
    image.paste(background(view, layout.square, perspective, False), (layout.left, layout.top))
    for strip, at in ruler_strips(layout, view.shape, perspective):
        image.paste(strip, at)
    mapped = _mapped(image, palette)
    origins = plan(view.shape, layout.square, perspective).origins
    for name in view.elevators:
        x, y = origins[name]
        _corners(mapped, layout.left + x, layout.top + y, layout.square, palette)
    return mapped


@functools.lru_cache(maxsize=4096)
def index(colour: Colour, palette: Palette = FIXED) -> int:
    """Return the palette index a pixel of colour is mapped to."""
    pixel = _mapped(Image.new("RGB", (1, 1), colour), palette).getpixel((0, 0))
    assert isinstance(pixel, int)
    return pixel


def _diagram(
    surface: Indexed,
    view: BoardView,
    layout: BoardLayout,
    perspective: Perspective,
    frame: Image.Image,
    frame_key: tuple[object, ...],
) -> None:
    """Draw the highlights, the pieces and the marks of a plain board over its frame."""
    left, top, square = layout.left, layout.top, layout.square
    image, palette = surface.image, surface.palette
    if view.finished:
        closed = ("indexed closed diagram", palette.key, view, layout, perspective)
        made = functools.partial(_closed, view, layout, perspective, palette)
        image.paste(SPRITES.get(closed, made), (left, top))
        return
    origins = plan(view.shape, square, perspective).origins
    tinted = tints(view)
    # a row of squares is pasted whole, made once for what its rank of the placement holds and
    # what is tinted on it: found by the rank's text, without reading its squares one by one
    marked: dict[int, list[tuple[str, Tint]]] = {}
    for name, tint in tinted.items():
        found = view.shape.parse(name)
        assert found is not None
        marked.setdefault(found.rank, []).append((name, tint))
    tops = _rank_tops(view.shape, square, perspective)
    for index, written in enumerate(view.placement.split("/")):
        rank = view.shape.ranks - 1 - index
        marks = tuple(sorted(marked.get(rank, ())))
        if written.isdigit() and not marks:
            continue  # nothing on it: the frame has it
        key = ("indexed row", frame_key, rank, written, marks)
        made = functools.partial(
            _rank_row, frame, layout, view, perspective, rank, written, marks, palette
        )
        _paste(image, SPRITES.get(key, made), (left, top + tops[rank]))
    if view.capturable is not None or view.departure is not None or view.arrivals:
        _marks(surface, view, layout, origins)


def _marks(
    surface: Indexed, view: BoardView, layout: BoardLayout, origins: dict[str, tuple[int, int]]
) -> None:
    """Mark a capture, a departure and arrivals as renderer.diagram does, the corners over them."""
    left, top, square = layout.left, layout.top, layout.square
    image, palette = surface.image, surface.palette
    draw = ImageDraw.Draw(image)
    if view.capturable is not None:
        x, y = origins[view.capturable]
        width = max(2, square // 14)
        box = (left + x, top + y, left + x + square - 1, top + y + square - 1)
        draw.rectangle(box, outline=index(CAPTURE_MARK, palette), width=width)
    if view.departure is not None:  # as renderer.diagram marks it
        x, y = origins[view.departure.square]
        least = legible_size(image.width)
        mark = DepartureMark.at(left + x + square / 2, top + y + square / 2, square, least)
        colour = index(DEPARTED_MARK, palette)
        arrow(draw, mark.arrow, mark.reach, view.departure.direction, colour)
        under = square_colour(view.departure.square, DEPARTED)
        label = str(view.departure.to_board)
        surface.write_on(
            mark.label, label, mark.typeface, DEPARTED_MARK, under, anchor="mb", bold=True
        )
    for arrival in view.arrivals:  # a badge, as renderer.diagram puts it
        x, y = origins[arrival.square]
        label = str(arrival.from_board)
        badge = Badge.at(left + x, top + y, square, label, legible_size(image.width))
        draw.rounded_rectangle(badge.box, radius=badge.radius, fill=index(ARRIVED_MARK, palette))
        arrow(draw, badge.arrow, badge.reach, arrival.direction, index(WHITE, palette))
        surface.write_on(badge.label, label, badge.typeface, WHITE, ARRIVED_MARK, anchor="lm")
    # the corners go over everything: the frame and the rows have them, the marks may not
    for name in view.elevators:
        x, y = origins[name]
        _corners(image, left + x, top + y, square, palette)


Cell = tuple[int, str | None, Colour, bool]  # a square's left edge, piece, colour, if an elevator


@functools.lru_cache(maxsize=64)
def _rank_tops(shape: Shape, square: int, perspective: Perspective) -> dict[int, int]:
    """Return the top edge of each rank's row in a diagram of one level."""
    tops: dict[int, int] = {}
    for name, (_, y) in plan(shape, square, perspective).origins.items():
        found = shape.parse(name)
        assert found is not None
        tops[found.rank] = y
    return tops


def _rank_row(
    frame: Image.Image,
    layout: BoardLayout,
    view: BoardView,
    perspective: Perspective,
    rank: int,
    written: str,
    marks: tuple[tuple[str, Tint], ...],
    palette: Palette,
) -> Image.Image:
    """Return a rank's row: its squares with what stands (written so) and is tinted on them."""
    origins = plan(view.shape, layout.square, perspective).origins
    y = _rank_tops(view.shape, layout.square, perspective)[rank]
    tinted = dict(marks)
    pieces = read_rank(written, view.shape, rank)
    cells: list[Cell] = []
    for name in tinted.keys() | pieces.keys():
        piece = pieces.get(name)
        base = tinted.get(name) or (ELEVATOR if name in view.elevators else PLAIN)
        symbol = piece.symbol if piece is not None else None
        cells.append((origins[name][0], symbol, square_colour(name, base), name in view.elevators))
    return _row(frame, layout, y, tuple(sorted(cells, key=lambda cell: cell[0])), palette)


def _row(
    frame: Image.Image, layout: BoardLayout, y: int, cells: tuple[Cell, ...], palette: Palette
) -> Image.Image:
    """Return a row of the diagram: the frame's, with its cells' colours and pieces."""
    left, top, square = layout.left, layout.top, layout.square
    row = frame.crop((left, top + y, left + layout.diagram_width, top + y + square))
    for x, symbol, under, elevator in cells:
        if symbol is None:
            row.paste(index(under, palette), (x, 0, x + square, square))
        else:
            key = ("indexed tile", palette.key, symbol, square, under)
            made = functools.partial(_tile, symbol, square, under, palette)
            _paste(row, SPRITES.get(key, made), (x, 0))
        if elevator:
            _corners(row, x, 0, square, palette)
    return row


def _corners(image: Image.Image, x: int, y: int, square: int, palette: Palette) -> None:
    """Mark an elevator square's corners, as renderer.diagram.corners draws them."""
    image.paste(index(ELEVATOR_MARK, palette), (x, y, x + square, y + square), _brackets(square))


@functools.lru_cache(maxsize=16)
def _brackets(square: int) -> Image.Image:
    """Return where a square's corner brackets are, as a mask: pasted at once, not bar by bar."""
    mask = Image.new("L", (square, square))
    corners(ImageDraw.Draw(mask), 0, 0, square, 255)
    return mask


def _closed(
    view: BoardView, layout: BoardLayout, perspective: Perspective, palette: Palette
) -> Image.Image:
    """Draw a closed board's diagram where the RGB image has it, and map it."""
    canvas = Image.new("RGB", (layout.width, layout.height), BACKGROUND)
    left, top = layout.left, layout.top
    square = layout.square
    draw_diagram(
        canvas, view, left=left, top=top, square=square, perspective=perspective, coordinates=False
    )
    box = (left, top, left + layout.diagram_width, top + layout.diagram_height)
    return _mapped(canvas.crop(box), palette)


def _panel(
    surface: Indexed, view: BoardView, layout: BoardLayout, perspective: Perspective
) -> None:
    """Paste the neighbours' panel, mapped once; its titles written apart where that is the same.

    Boards whose neighbours differ only in number (the 1,000 first images of a match) share
    one panel without titles, found once to give each of them its picture pixel for pixel.
    """
    box = (layout.left + layout.diagram_width + layout.pad, layout.top, layout.panel)
    box4 = (*box, layout.diagram_height + layout.ruler)
    unit, label = layout.unit, layout.ruler_size
    palette = surface.palette

    def made() -> Image.Image | None:
        if any(neighbour.board is not None for neighbour in view.neighbours):
            unnumbered = replace(
                view,
                neighbours=tuple(
                    replace(neighbour, board=0) if neighbour.board is not None else neighbour
                    for neighbour in view.neighbours
                ),
            )
            found = panel_key(unnumbered, box4, unit, perspective, label, BACKGROUND)
            untitled = SPRITES.get(
                ("indexed untitled", palette.key, *found),
                lambda: _untitled(view, box4, unit, perspective, label, palette),
            )
            if untitled is not None:
                return _titled(untitled, view, box4, unit, perspective, label, palette)
        picture, glyphs = neighbour_panel(view, box4, unit, perspective, label, BACKGROUND)
        return None if glyphs else _mapped(picture, palette)  # emoji: drawn in RGB

    key = ("indexed", palette.key, *panel_key(view, box4, unit, perspective, label, BACKGROUND))
    mapped = SPRITES.get(key, made)
    if mapped is None:
        raise NotPlain
    _paste(surface.image, mapped, box4[:2])


def _titled(
    untitled: Image.Image,
    view: BoardView,
    box: tuple[int, int, int, int],
    unit: int,
    perspective: Perspective,
    label: int,
    palette: Palette,
) -> Image.Image:
    """Return a mapped panel without titles with the neighbours' titles written on it."""
    titled = Indexed(untitled.copy(), palette)
    for (x, y), title, typeface in neighbour_titles(view, box, unit, perspective, label):
        titled.write_on(
            (x - box[0], y - box[1]), title, typeface, TEXT, PANEL, anchor="lt", bold=True
        )
    return titled.image


def _untitled(
    view: BoardView,
    box: tuple[int, int, int, int],
    unit: int,
    perspective: Perspective,
    label: int,
    palette: Palette,
) -> Image.Image | None:
    """Return the panel without its neighbours' titles, mapped, if writing them on it is the
    panel drawn whole (the titles stand on the panel's colour alone); else None.

    It is checked on the board it is first made for: the others differ only in the titles.
    """
    whole, glyphs = neighbour_panel(view, box, unit, perspective, label, BACKGROUND)
    if glyphs:
        return None
    untitled, _ = panel_picture(view, box, unit, perspective, label, BACKGROUND, titled=False)
    mapped = _mapped(untitled, palette)
    titled = _titled(mapped, view, box, unit, perspective, label, palette)
    return mapped if titled.tobytes() == _mapped(whole, palette).tobytes() else None


def _tile(symbol: str, square: int, under: Colour, palette: Palette) -> Image.Image:
    return _mapped(tile(symbol, square, under), palette)


def _mapped(image: Image.Image, palette: Palette) -> Image.Image:
    """Map an RGB image onto a palette, as renderer.palette.to_palette does."""
    return image.quantize(palette=palette.image, dither=Image.Dither.NONE)


class Indexed:
    """An image of palette indices as a Surface (renderer.board): text is mapped once a line."""

    def __init__(self, image: Image.Image, palette: Palette) -> None:
        self.image = image
        self.palette = palette

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
        key = ("indexed line", self.palette.key, line, size, anchor, bold, fill, under)
        made = functools.partial(_line, line, size, anchor, bold, fill, under, self.palette)
        patch, ink, left, top = SPRITES.get(key, made)
        _paste(self.image, patch, (round(xy[0]) + left, round(xy[1]) + top), ink)

    def disc(self, box: tuple[float, float, float, float], fill: Colour, outline: Colour) -> None:
        """Draw a filled circle with an outline in box."""
        fill_index, outline_index = index(fill, self.palette), index(outline, self.palette)
        ImageDraw.Draw(self.image).ellipse(box, fill=fill_index, outline=outline_index)


def _paste(
    image: Image.Image, part: Image.Image, at: tuple[int, int], mask: Image.Image | None = None
) -> None:
    """Paste a part of image's mode at a point, through a mask if given, as Image.paste does.

    Image.paste checks and converts what it is given, which costs more than copying parts this
    small, a few dozen times an image; these are the composer's own, made in memory.
    """
    box = (at[0], at[1], at[0] + part.width, at[1] + part.height)
    if mask is None:
        image.im.paste(part.im, box)
    else:
        image.im.paste(part.im, box, mask.im)


def _patch(drawn: Drawn, fill: Colour, under: Colour) -> Image.Image:
    """Return a line drawn on a colour, as renderer.text.write draws it there."""
    mask = drawn.mask
    patch = Image.new("RGB", mask.size, under)
    patch.paste(fill, (0, 0, mask.width, mask.height), mask)
    if drawn.colour is not None:
        patch.paste(drawn.colour, (0, 0), drawn.colour)
    return patch


def _line(
    line: str,
    size: int,
    anchor: str,
    bold: bool,
    fill: Colour,
    under: Colour,
    palette: Palette,
) -> tuple[Image.Image, Image.Image, int, int]:
    """Return a line drawn on a colour and mapped, where its ink is, and its offset."""
    drawn = draw_line(line, size, anchor=anchor, bold=bold)
    patch, ink = _mapped_line(drawn, fill, under, palette)
    return patch, ink, drawn.left, drawn.top


def _mapped_line(
    drawn: Drawn, fill: Colour, under: Colour, palette: Palette
) -> tuple[Image.Image, Image.Image]:
    """Return a line drawn on a colour and mapped, and where its ink is."""
    ink = _looked_up(drawn.mask, INK, "L")
    if drawn.colour is None:
        # each pixel is the fill blended on the colour by the mask, then mapped: a table of the
        # mask's 256 values gives the patch _mapped(_patch(...)) makes, at a fraction of its cost
        return _looked_up(drawn.mask, _shades(fill, under, palette), "P"), ink
    glyphs = _looked_up(drawn.colour.getchannel("A"), INK, "L")
    return _mapped(_patch(drawn, fill, under), palette), ImageChops.lighter(ink, glyphs)


INK: Final = [0] + [255] * 255  # a mask's table: where it has any ink at all


@functools.lru_cache(maxsize=64)
def _shades(fill: Colour, under: Colour, palette: Palette) -> list[int]:
    """Return the palette index of fill blended on under by each of a mask's 256 values."""
    mask = Image.frombytes("L", (256, 1), bytes(range(256)))
    return list(_mapped(_patch(Drawn(mask, None, 0, 0), fill, under), palette).tobytes())


def _looked_up(mask: Image.Image, table: list[int], mode: str) -> Image.Image:
    """Return each value of a mask looked up in a table of 256, as an image of mode.

    It is Image.point without the table's conversion, which costs four times the lookup.
    """
    return mask._new(mask.im.point(table, mode))
