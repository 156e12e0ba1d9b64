"""A chess diagram of one board: squares, pieces, elevators and highlights."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.core.directions import Direction
from renderer.art import piece_sprite, tile
from renderer.cells import Perspective, Plan, is_light, plan, spacing, square_colour
from renderer.cushions import draw_cushions
from renderer.palette import (
    ARRIVED,
    ARRIVED_MARK,
    BACKGROUND,
    CAPTURABLE,
    CAPTURE_MARK,
    CHECK,
    CLOSED_MARK,
    DEPARTED,
    DEPARTED_MARK,
    DIM_SHARE,
    EARLIER_MOVE,
    ELEVATOR,
    ELEVATOR_MARK,
    LAST_MOVE,
    MUTED,
    PLAIN,
    WHITE,
    Colour,
    Tint,
)
from renderer.platforms import draw_platforms
from renderer.rulers import legible_size
from renderer.seam import draw_seam
from renderer.sprites import SPRITES, Font
from renderer.stairs import restore_stairs, stairs_layer
from renderer.text import font, write
from renderer.turnmarks import draw_marks
from views.model import BoardView


def shows_stairs(view: BoardView) -> bool:
    """Tell whether a view's image needs the staircases' colours in its palette."""
    return bool(view.staircases)


def draw_diagram(
    image: Image.Image,
    view: BoardView,
    *,
    left: int,
    top: int,
    square: int,
    perspective: Perspective,
    detail: bool = True,
    coordinates: bool = True,
) -> None:
    """Draw a board's diagram with its top-left corner at (left, top); see Plan for its size.

    detail adds arrival badges and destination numbers, for large diagrams, and coordinates
    in the squares unless coordinates is False (renderer.rulers writes them beside it).
    """
    inside = detail and coordinates
    draw = ImageDraw.Draw(image)
    layout = plan(view.shape, square, perspective)
    origins = layout.origins
    image.paste(background(view, square, perspective, inside), (left, top))
    stairs = stairs_layer(view, layout, perspective) if view.staircases else None
    tinted = tints(view)
    covered = set(tinted)
    for name, tint in tinted.items():
        x, y = origins[name]
        fill = square_colour(name, tint)
        draw.rectangle((left + x, top + y, left + x + square - 1, top + y + square - 1), fill)
        if stairs is not None and name in stairs[1]:
            restore_stairs(image, stairs[0], (x, y), square, (left, top))
    for name, piece in view.pieces().items():
        x, y = origins[name]
        if stairs is not None and name in stairs[1]:
            sprite = piece_sprite(piece.symbol, square)
            image.paste(sprite, (left + x, top + y), sprite)
        else:
            under = square_colour(name, tinted.get(name) or _base_tint(name, view.elevators))
            image.paste(tile(piece.symbol, square, under), (left + x, top + y))
        covered.add(name)
    if inside:
        _coordinates(image, left, top, layout, covered)
    if view.platform:
        draw_platforms(image, view, layout, (left, top))
    draw_marks(draw, view, origins, (left, top), square)
    if view.capturable is not None:
        x, y = origins[view.capturable]
        width = max(2, square // 14)
        box = (left + x, top + y, left + x + square - 1, top + y + square - 1)
        draw.rectangle(box, outline=CAPTURE_MARK, width=width)
    if view.departure is not None:
        _departure(image, view, left, top, layout, detail)
    if detail:
        for arrival in view.arrivals:
            x, y = origins[arrival.square]
            _badge(image, left + x, top + y, square, arrival.direction, str(arrival.from_board))
    if view.shape.wrap_files:
        edges = ((left, 1), (left + layout.width - 1, -1))
        draw_seam(draw, edges, top, top + layout.height, square)
    if view.shape.cushion_files:
        edges = ((left, 1), (left + layout.width - 1, -1))
        draw_cushions(draw, edges, top, top + layout.height, square)
    if view.finished:
        size = (layout.width, layout.height)
        box = (left, top, left + size[0], top + size[1])
        faded = Image.blend(image.crop(box), Image.new("RGB", size, BACKGROUND), DIM_SHARE)
        image.paste(faded, box)
    mark = CLOSED_MARK if view.finished else ELEVATOR_MARK
    for name in view.elevators:
        x, y = origins[name]
        corners(draw, left + x, top + y, square, mark)


def background(
    view: BoardView, square: int, perspective: Perspective, coordinates: bool
) -> Image.Image:
    """Return a board's empty diagram, with coordinates in its squares or not; drawn once."""
    key = ("board", square, perspective, view.elevators, coordinates, view.shape, view.staircases)
    layout = plan(view.shape, square, perspective)
    return SPRITES.get(key, lambda: _background(view, layout, perspective, coordinates))


def _background(
    view: BoardView, layout: Plan, perspective: Perspective, detail: bool
) -> Image.Image:
    """Draw the cells of an empty board, elevators tinted, staircases, labels, coordinates."""
    square = layout.square
    image = Image.new("RGB", (layout.width, layout.height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for name, (x, y) in layout.origins.items():
        fill = square_colour(name, _base_tint(name, view.elevators))
        draw.rectangle((x, y, x + square - 1, y + square - 1), fill)
    if view.staircases:
        overlay = stairs_layer(view, layout, perspective)[0]
        image.paste(overlay, (0, 0), overlay)
    if layout.labels:
        typeface = font(spacing(view.shape.levels, square)[1] * 0.8)
        for text, x, y in layout.labels:
            write(image, (x, y - 2), text, typeface, MUTED, anchor="ld", bold=True)
    if detail:
        _coordinates(image, 0, 0, layout, None)
    return image


def _base_tint(name: str, elevators: tuple[str, ...]) -> Tint:
    return ELEVATOR if name in elevators else PLAIN


def corners(draw: ImageDraw.ImageDraw, x: int, y: int, square: int, colour: Colour | int) -> None:
    """Mark a square's four corners with brackets: how an elevator square is shown."""
    for left, top, right, bottom in _brackets(square):
        draw.rectangle((x + left, y + top, x + right, y + bottom), fill=colour)


@functools.cache
def _brackets(square: int) -> tuple[tuple[int, int, int, int], ...]:
    """Return the bars of a square's corner brackets, from its top-left corner."""
    width = max(1, square // 16)
    length = max(3, square // 4)
    bars = []
    for cx, dx in ((0, 1), (square - 1, -1)):
        for cy, dy in ((0, 1), (square - 1, -1)):
            for across, down in ((length, width), (width, length)):
                xs = sorted((cx, cx + dx * (across - 1)))
                ys = sorted((cy, cy + dy * (down - 1)))
                bars.append((xs[0], ys[0], xs[1], ys[1]))
    return tuple(bars)


def arrow(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    size: float,
    direction: Direction,
    colour: Colour | int,
) -> None:
    """Draw a triangle pointing up or down: which way a ride goes."""
    cx, cy = centre
    half = size / 2
    tip, base = (cy - half, cy + half) if direction == "up" else (cy + half, cy - half)
    draw.polygon([(cx, tip), (cx - half, base), (cx + half, base)], fill=colour)


def tints(view: BoardView) -> dict[str, Tint]:
    """Return the tint of every highlighted square; later marks win."""
    tints: dict[str, Tint] = {}
    # a turn of many actions: its latest action tinted as any last move, the earlier paler
    for index, move in enumerate(view.turn_moves, start=1 - len(view.turn_moves)):
        for name in move:
            tints[name] = LAST_MOVE if index == 0 else EARLIER_MOVE
    for name in (*(view.last_move or ()), *view.lifted):
        tints[name] = LAST_MOVE
    if view.departure is not None:
        tints[view.departure.square] = DEPARTED
    for arrival in view.arrivals:
        tints[arrival.square] = ARRIVED
    if view.check is not None:
        tints[view.check] = CHECK
    if view.capturable is not None:
        tints[view.capturable] = CAPTURABLE
    return tints


def _coordinates(
    image: Image.Image, left: int, top: int, layout: Plan, only: set[str] | None
) -> None:
    """Write the files along the foot of each column and the ranks at the left of each row.

    only: write just the ones on these squares (drawn over since the background was).
    """
    square = layout.square
    typeface = font(square * 0.22)
    inset = max(2, square // 20)
    for name, letter in layout.files:
        if only is None or name in only:
            colour = PLAIN[1] if is_light(name) else PLAIN[0]
            x, y = layout.origins[name]
            at = (left + x + square - inset, top + y + square - inset)
            write(image, at, letter, typeface, colour, anchor="rd", bold=True)
    for name, number in layout.ranks:
        if only is None or name in only:
            colour = PLAIN[1] if is_light(name) else PLAIN[0]
            x, y = layout.origins[name]
            write(
                image,
                (left + x + inset, top + y + inset),
                number,
                typeface,
                colour,
                anchor="lt",
                bold=True,
            )


def _departure(
    image: Image.Image, view: BoardView, left: int, top: int, layout: Plan, detail: bool
) -> None:
    """Mark the square a piece left by elevator: an arrow and the board it went to."""
    draw = ImageDraw.Draw(image)
    assert view.departure is not None
    square = layout.square
    x, y = layout.origins[view.departure.square]
    cx, cy = left + x + square / 2, top + y + square / 2
    if not detail:
        arrow(draw, (cx, cy), square * 0.5, view.departure.direction, DEPARTED_MARK)
        return
    mark = DepartureMark.at(cx, cy, square, legible_size(image.width))
    arrow(draw, mark.arrow, mark.reach, view.departure.direction, DEPARTED_MARK)
    label = str(view.departure.to_board)
    write(image, mark.label, label, mark.typeface, DEPARTED_MARK, anchor="mb", bold=True)


@dataclass(frozen=True, slots=True)
class DepartureMark:
    """Where a detailed departure's arrow and destination board stand in its square."""

    arrow: tuple[float, float]  # the arrow's centre
    reach: float  # the arrow's length
    label: tuple[float, float]  # the board number's middle bottom
    typeface: Font

    @classmethod
    def at(cls, cx: float, cy: float, square: int, least: int = 0) -> DepartureMark:
        """Return the marks of a square centred on (cx, cy); least: the number's least size.

        The number stands under the arrow, clear of it, however large it is written.
        """
        typeface = font(max(square * 0.26, least))
        below = cy + square * 0.04 + typeface.size + 2  # the arrow's foot, then the number
        bottom = min(max(cy + square * 0.3, below), cy + square * 0.5 - 1)
        return cls((cx, cy - square * 0.14), square * 0.36, (cx, bottom), typeface)


@dataclass(frozen=True, slots=True)
class Badge:
    """A small tag in a square's top-left corner: the way a piece came and its board."""

    box: tuple[int, int, int, int]
    radius: int
    arrow: tuple[float, float]  # the arrow's centre
    reach: float  # the arrow's length
    label: tuple[float, float]  # the board number's left middle
    typeface: Font

    @classmethod
    def at(cls, x: int, y: int, square: int, label: str, least: int = 0) -> Badge:
        """Return the badge of the square whose top-left corner is (x, y), for label.

        least: the board number's least size (as legible as the image's other text).
        """
        typeface = font(max(square * 0.2, least))
        height = max(round(square * 0.26), round(typeface.size * 1.3))
        inset = max(2, square // 16)
        width = round(height * 0.9 + typeface.getlength(label) + height * 0.35)
        box = (x + inset, y + inset, x + inset + width, y + inset + height)
        middle = box[1] + height / 2
        return cls(
            box,
            height // 3,
            (box[0] + height * 0.5, middle),
            height * 0.5,
            (box[0] + height * 0.9, middle),
            typeface,
        )


def _badge(
    image: Image.Image, x: int, y: int, square: int, direction: Direction, label: str
) -> None:
    """Put an arrival's badge in a square's top-left corner."""
    draw = ImageDraw.Draw(image)
    badge = Badge.at(x, y, square, label, legible_size(image.width))
    draw.rounded_rectangle(badge.box, radius=badge.radius, fill=ARRIVED_MARK)
    arrow(draw, badge.arrow, badge.reach, direction, WHITE)
    write(image, badge.label, label, badge.typeface, WHITE, anchor="lm")
