"""The panel beside a board: where a ride lands on the boards above and below it, or reserves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from PIL import Image, ImageDraw

from games.core.geometry import CHESSBOARD, Shape
from renderer.art import piece_sprite
from renderer.cells import Perspective, square_colour, square_origin
from renderer.diagram import arrow, corners
from renderer.palette import (
    COLOUR_GLYPHS,
    ELEVATOR,
    ELEVATOR_MARK,
    MUTED,
    PANEL,
    TEXT,
    Colour,
    mark_colour_glyphs,
)
from renderer.reserves import draw_reserves
from renderer.rulers import legible_beside
from renderer.sprites import SPRITES, Font
from renderer.text import fit, font, wrap, write
from views.model import BoardView, Neighbour


def draw_panel(
    image: Image.Image,
    view: BoardView,
    box: tuple[int, int, int, int],
    unit: int,
    perspective: Perspective,
    label: int,
) -> None:
    """Draw the neighbours' elevator squares beside the board: up at the top, down below.

    unit: an 8x8 board's cell size, which text and cells are sized by; label: the font size
    of the neighbours' square names written under their cells.
    """
    if view.reserves is not None:
        draw_reserves(image, view, box, unit, perspective, label)
        return
    left, top = box[:2]
    under = cast(Colour, image.getpixel((left, top)))
    picture, glyphs = neighbour_panel(view, box, unit, perspective, label, under)
    image.paste(picture, (left, top))
    for glyph in glyphs:
        mark_colour_glyphs(image, glyph)


def neighbour_panel(
    view: BoardView,
    box: tuple[int, int, int, int],
    unit: int,
    perspective: Perspective,
    label: int,
    under: Colour,
) -> tuple[Image.Image, list[tuple[int, int, int, int]]]:
    """Return the neighbours' panel drawn on the colour under it, and its colour glyphs' boxes.

    It is drawn once while the neighbours, their squares and the layout stay as they are.
    """
    key = panel_key(view, box, unit, perspective, label, under)
    return SPRITES.get(key, lambda: panel_picture(view, box, unit, perspective, label, under))


def panel_key(
    view: BoardView,
    box: tuple[int, int, int, int],
    unit: int,
    perspective: Perspective,
    label: int,
    under: Colour,
) -> tuple[object, ...]:
    """Return what the neighbours' panel depends on."""
    return (
        "panel",
        view.neighbours,
        view.elevators,
        view.shape,
        view.passes_to,
        view.finished,
        bool(view.staircases),
        box,
        unit,
        perspective,
        label,
        under,
    )


def panel_picture(
    view: BoardView,
    box: tuple[int, int, int, int],
    unit: int,
    perspective: Perspective,
    label: int,
    under: Colour,
    *,
    titled: bool = True,
) -> tuple[Image.Image, list[tuple[int, int, int, int]]]:
    """Draw the neighbours' panel once, on the colour it stands on, with its glyphs' boxes.

    titled: the neighbours' titles ("Board 12") are written; without them, boards whose
    neighbours differ only in number have the same panel (renderer.indexed writes the titles).
    """
    left, top, width, height = box
    canvas = Image.new("RGB", (left + width + 1, top + height + 1), under)
    _draw_neighbours(canvas, view, box, unit, perspective, label, titled=titled)
    picture = canvas.crop((left, top, left + width + 1, top + height + 1))
    return picture, list(canvas.info.get(COLOUR_GLYPHS, []))


def _draw_neighbours(
    image: Image.Image,
    view: BoardView,
    box: tuple[int, int, int, int],
    unit: int,
    perspective: Perspective,
    label: int,
    *,
    titled: bool = True,
) -> None:
    """Draw the neighbours' panel (or why there is none) on image, in box."""
    left, top, width, height = box
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((left, top, left + width, top + height), radius=8, fill=PANEL)
    if not view.neighbours:
        inset = max(6, width // 14)
        small = font(max(unit * 0.2, legible_beside(label)))
        most = max(1, int((height - 2 * inset) / (small.size * 1.25)))
        lines = wrap(_why_alone(view), small, width - 2 * inset, most)
        for index, line in enumerate(lines):
            y = top + inset + small.size * 1.25 * index
            write(image, (left + inset, y), line, small, MUTED, anchor="lt")
        return
    for neighbour in view.neighbours:
        _neighbour(image, neighbour, view, box, unit, perspective, label, titled=titled)


@dataclass(frozen=True, slots=True)
class _Place:
    """Where a neighbour's part of the panel goes: its title, its note and its squares."""

    y: int
    inset: int
    heading: Font
    small: Font
    names: Font
    note_top: int
    title_height: int
    columns: int
    rows: int
    places: dict[str, tuple[int, int]]
    named: int
    cell: int
    x_text: int
    room_text: int


def _place(
    neighbour: Neighbour,
    view: BoardView,
    box: tuple[int, int, int, int],
    unit: int,
    perspective: Perspective,
    label: int,
) -> _Place:
    """Work out where a neighbour's part of the panel goes."""
    left, top, width, height = box
    inset = max(6, width // 14)
    heading = font(max(unit * 0.3, legible_beside(label)))
    small = font(max(unit * 0.2, legible_beside(label)))
    note_top = round(heading.size * 1.3)
    notes = len(_note_lines(neighbour, small, width - 2 * inset))
    title_height = note_top + round(small.size * (1.25 * notes + 0.25))
    columns, rows, places = grid(view.elevators, perspective, view.shape)
    names = font(label)
    named = round(names.size * 1.15)
    room = height // 2 - inset - title_height
    cell = min(round(unit * 0.8), (width - 2 * inset) // columns, room // rows - named)
    widest = _widest(label, tuple(c.theirs for c in neighbour.cells))
    if cell < max(widest * 1.1, unit * 0.3):
        named = 0  # too many squares to name: they are drawn as they stand, unnamed
        cell = min(round(unit * 0.8), (width - 2 * inset) // columns, room // rows)
    cell = max(4, cell)
    y = top + inset
    if neighbour.direction == "down":
        y = top + height - inset - title_height - rows * (cell + named)
    x_text = left + inset + round(unit * 0.32)
    room_text = width - (x_text - left) - inset
    return _Place(
        y,
        inset,
        heading,
        small,
        names,
        note_top,
        title_height,
        columns,
        rows,
        places,
        named,
        cell,
        x_text,
        room_text,
    )


def neighbour_titles(
    view: BoardView,
    box: tuple[int, int, int, int],
    unit: int,
    perspective: Perspective,
    label: int,
) -> list[tuple[tuple[int, int], str, Font]]:
    """Return where the panel writes its neighbours' titles (bold, in TEXT), and what."""
    titles: list[tuple[tuple[int, int], str, Font]] = []
    for neighbour in view.neighbours:
        if neighbour.board is not None:
            at = _place(neighbour, view, box, unit, perspective, label)
            title = fit(f"Board {neighbour.board}", at.heading, at.room_text)
            titles.append(((at.x_text, at.y), title, at.heading))
    return titles


def _neighbour(
    image: Image.Image,
    neighbour: Neighbour,
    view: BoardView,
    box: tuple[int, int, int, int],
    unit: int,
    perspective: Perspective,
    label: int,
    *,
    titled: bool = True,
) -> None:
    """Draw where rides one way land: the board's name, then its elevator squares, named."""
    draw = ImageDraw.Draw(image)
    left, width = box[0], box[2]
    place = _place(neighbour, view, box, unit, perspective, label)
    y, inset, heading, small, names = place.y, place.inset, place.heading, place.small, place.names
    note_top, title_height, named, cell = (
        place.note_top,
        place.title_height,
        place.named,
        place.cell,
    )
    columns, places, x_text, room_text = place.columns, place.places, place.x_text, place.room_text
    colour = TEXT if neighbour.board is not None else MUTED
    centre = (left + inset + unit * 0.12, y + heading.size * 0.55)
    arrow(draw, centre, unit * 0.24, neighbour.direction, colour)
    if neighbour.board is None:
        title = "No board" if neighbour.end else "Blocked"
        write(image, (x_text, y), fit(title, heading, room_text), heading, MUTED, anchor="lt")
        for index, line in enumerate(wrap(_why(neighbour), small, width - 2 * inset, 4)):
            line_y = y + note_top + small.size * 1.25 * index
            write(image, (left + inset, line_y), line, small, MUTED, anchor="lt")
        return
    if titled:
        title = fit(f"Board {neighbour.board}", heading, room_text)
        write(image, (x_text, y), title, heading, TEXT, anchor="lt", bold=True)
    for index, line in enumerate(_note_lines(neighbour, small, width - 2 * inset)):
        line_y = y + note_top + round(small.size * 1.25 * index)
        write(image, (left + inset, line_y), line, small, MUTED)
    grid_top = y + title_height
    grid_left = left + (width - columns * cell) // 2
    for found in neighbour.cells:
        column, row = places[found.ours]
        x, cell_top = grid_left + column * cell, grid_top + row * (cell + named)
        fill = square_colour(found.theirs, ELEVATOR)
        draw.rectangle((x, cell_top, x + cell - 1, cell_top + cell - 1), fill=fill)
        if found.piece is not None:
            sprite = piece_sprite(found.piece.symbol, cell)
            image.paste(sprite, (x, cell_top), sprite)
        corners(draw, x, cell_top, cell, ELEVATOR_MARK)
        if named:
            at = (x + cell / 2, cell_top + cell + named / 2)
            write(image, at, found.theirs, names, TEXT, anchor="mm", bold=True)


def _note_lines(neighbour: Neighbour, small: Font, width: float) -> list[str]:
    """Return the lines saying whose turn it is on a neighbour, or the closed board passed."""
    note = neighbour.status
    if neighbour.through is not None:
        note = f"past closed board {neighbour.through}"
    return wrap(note, small, width, 2)


def _widest(label: int, squares: tuple[str, ...]) -> float:
    """Return how wide the widest of some square names is written at a label size."""

    def measure() -> float:
        names = font(label)
        return max((names.getlength(square) for square in squares), default=0)

    return SPRITES.get(("widest square name", label, squares), measure)


def _why_alone(view: BoardView) -> str:
    """Say why the panel shows no neighbour, and what else the board has."""
    if view.passes_to is not None:
        return (
            f"Alice's rule: a move that captures nothing passes through to the same square "
            f"of board {view.passes_to}, if it is empty. Captures stay here."
        )
    if view.finished or view.elevators:
        return "Board closed: no piece can leave it any more"
    if view.staircases:
        return (
            "No elevators. When a move starts on a staircase, its pieces move on the way "
            "the arrows point, the last to the first."
        )
    return "No elevators: pieces stay on this board"


def _why(neighbour: Neighbour) -> str:
    return neighbour.blocked[:1].upper() + neighbour.blocked[1:]


def grid(
    elevators: tuple[str, ...], perspective: Perspective, shape: Shape = CHESSBOARD
) -> tuple[int, int, dict[str, tuple[int, int]]]:
    """Place our elevator squares in the order they stand on the board, gaps closed up.

    Squares far apart (b2, g2, b7, g7) take a 2x2 grid as d4, e4, d5, e5 do, so that the
    panel's cells stay large. Return the grid's columns and rows, and each square's place.
    """
    spots = {name: square_origin(name, 1, perspective, shape) for name in elevators}
    xs = sorted({x for x, _ in spots.values()})
    ys = sorted({y for _, y in spots.values()})
    places = {name: (xs.index(x), ys.index(y)) for name, (x, y) in spots.items()}
    return len(xs), len(ys), places
