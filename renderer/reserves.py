"""The panel beside a board whose pieces enter from reserves (Ender's Chess).

Each side's reserve stands at the edge of the panel nearer its side of the board (the far
side's at the top), a column per kind of piece, a piece for each one held; between them a
legend says what the gates' and the moved pieces' marks mean.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from PIL import Image, ImageDraw

from games.core.pieces import SIDES, Side, side_name
from renderer.art import tile
from renderer.cells import Perspective
from renderer.palette import BACKGROUND, MUTED, PANEL, PLAIN, TEXT
from renderer.rulers import legible_beside, legible_size
from renderer.sprites import Font
from renderer.text import fit, font, wrap, write
from renderer.turnmarks import gate, mark_size, tick
from views.model import BoardView

_ORDER: Final = "RBKN"  # the kinds' columns, as the rules list them; any other kind after


def reserve_kinds(reserves: tuple[str, str]) -> list[str]:
    """Return the kinds held in either reserve, upper case, in the columns' order."""
    kinds = {letter.upper() for letter in "".join(reserves)}
    return sorted(kinds, key=lambda kind: (_ORDER.find(kind) % (len(_ORDER) + 1), kind))


def draw_reserves(
    image: Image.Image,
    view: BoardView,
    box: tuple[int, int, int, int],
    unit: int,
    perspective: Perspective,
    label: int,
) -> None:
    """Draw both reserves in the panel, the side to move's heading bright, and the legend.

    label: the coordinates' font size, which the panel's text is as legible as.
    """
    assert view.reserves is not None
    left, top, width, height = box
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((left, top, left + width, top + height), radius=8, fill=PANEL)
    inset = max(6, width // 14)
    inner = width - 2 * inset
    kinds = reserve_kinds(view.reserves)
    counts = [Counter(letter.upper() for letter in held) for held in view.reserves]
    rows = max([1, *(count for held in counts for count in held.values())])
    heading = font(max(unit * 0.24, legible_beside(label)))
    small = font(max(unit * 0.22, legible_beside(label)))
    title = round(heading.size * 1.5)
    # the legend takes the middle; each reserve, its heading and rows, a share of the rest
    legend = _legend_lines(view, small, inner)
    legend_height = round(len(legend) * small.size * 1.3)
    room = (height - 2 * inset - legend_height - 2 * inset) // 2 - title
    gap = max(2, unit // 16)
    columns = max(1, len(kinds))
    cell = min(round(unit * 0.75), (inner - (columns - 1) * gap) // columns)
    cell = max(6, min(cell, (room - (rows - 1) * gap) // rows))
    far, near = SIDES[::-1] if perspective == "white" else SIDES
    block = title + rows * cell + (rows - 1) * gap
    for side, y in ((far, top + inset), (near, top + height - inset - block)):
        held = counts[SIDES.index(side)]
        _reserve(image, view, side, held, kinds, (left + inset, y, inner), cell, gap, heading)
    middle = top + inset + block + (height - 2 * (inset + block) - legend_height) // 2
    for row, (mark, line) in enumerate(legend):
        y = round(middle + row * small.size * 1.3)
        x = left + inset
        if mark:
            _legend_mark(image, mark, (x, y + round(small.size) // 2), round(small.size))
        write(image, (x + round(small.size * 1.7), y), line, small, MUTED, anchor="lt")


def band_height(width: int) -> int:
    """Return the height of the reserves' band under an overview width pixels wide."""
    return 3 * _band_line(width) + _band_line(width) // 2


def _band_line(width: int) -> int:
    return round(width * 0.085)


def draw_band(
    image: Image.Image, view: BoardView, at: tuple[int, int], width: int, perspective: Perspective
) -> None:
    """Draw a board's reserves on two lines, the far side's first, and a line of legend.

    An overview of a one-board game shows them so, under the board.
    """
    assert view.reserves is not None
    left, top = at
    line = _band_line(width)
    cell = round(line * 0.86)
    text = font(max(line * 0.38, legible_size(image.width)))
    kinds = reserve_kinds(view.reserves)
    label = max(text.getlength(f"{side_name(side)}'s reserve") for side in SIDES) + line * 0.4
    for row, side in enumerate(SIDES[::-1] if perspective == "white" else SIDES):
        y = top + row * line
        moving = side == view.turn and not view.finished
        words = f"{side_name(side)}'s reserve"
        colour = TEXT if moving else MUTED
        write(image, (left, y + line / 2), words, text, colour, anchor="lm", bold=moving)
        held = sorted(view.reserves[SIDES.index(side)], key=lambda kind: kinds.index(kind.upper()))
        x = round(left + label)
        if not held:
            write(image, (x, y + line / 2), "empty", text, MUTED, anchor="lm")
            continue
        step = min(cell + max(1, line // 14), (left + width - x) // len(held))
        for index, letter in enumerate(held):
            image.paste(tile(letter, min(cell, step), PLAIN[0]), (x + index * step, y))
    small = font(max(line * 0.34, legible_size(image.width)))
    white, black = view.gates
    legend = [("gate", f"gates: White {white}, Black {black}")]
    if not view.finished:  # no piece is ticked once the game is over
        legend.append(("tick", "moved this turn"))
    x, y = left, top + 2 * line + line // 4
    for mark, words in legend:
        x += _legend_mark(image, mark, (x, y + line // 2), round(small.size))
        write(image, (x, y + line / 2), words, small, MUTED, anchor="lm")
        x += round(small.getlength(words) + small.size * 1.5)


def _legend_mark(image: Image.Image, mark: str, at: tuple[int, int], size: int) -> int:
    """Draw a legend's mark, a gate or a tick, centred on at's height; return the room taken."""
    draw = ImageDraw.Draw(image)
    side = round(size * 1.2)
    box = (at[0], at[1] - side // 2)
    if mark == "gate":
        draw.rectangle((*box, box[0] + side - 1, box[1] + side - 1), fill=PLAIN[1])
        gate(draw, box, side, "white")
    else:  # tick draws its disc in a cell's top-right corner: move the cell to centre it
        disc, inset = mark_size(side), max(1.0, side / 24)
        corner = box[0] + side / 2 + disc / 2 + inset - side
        tick(draw, (round(corner), round(at[1] - disc / 2 - inset)), side)
    return round(side * 1.4)


def _reserve(
    image: Image.Image,
    view: BoardView,
    side: Side,
    held: Counter[str],
    kinds: list[str],
    at: tuple[int, int, int],
    cell: int,
    gap: int,
    heading: Font,
) -> None:
    """Draw one side's reserve: its heading, then a column per kind, a piece for each held."""
    left, top, width = at
    moving = side == view.turn and not view.finished
    words = f"{side_name(side)}'s reserve"  # bright and bold for the side to move
    colour = TEXT if moving else MUTED
    write(image, (left, top), fit(words, heading, width), heading, colour, anchor="lt", bold=moving)
    cells = top + round(heading.size * 1.5)
    if not held:
        write(
            image,
            (left, cells),
            fit("Empty: all in play", heading, width),
            heading,
            MUTED,
        )
        return
    draw = ImageDraw.Draw(image)
    for column, kind in enumerate(kinds):
        x = left + column * (cell + gap)
        for row in range(max(1, max(held.values()))):
            y = cells + row * (cell + gap)
            if row < held[kind]:
                symbol = kind if side == "white" else kind.lower()
                image.paste(tile(symbol, cell, PLAIN[0]), (x, y))
            else:
                draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=BACKGROUND)


def _legend_lines(view: BoardView, typeface: Font, width: int) -> list[tuple[str, str]]:
    """Return the legend's lines, each after the mark it explains (gate, tick or none)."""
    room = width - round(typeface.size * 1.7)
    lines: list[tuple[str, str]] = []
    white, black = view.gates
    for index, line in enumerate(wrap(f"Gates: White {white}, Black {black}", typeface, room, 2)):
        lines.append(("gate" if index == 0 else "", line))
    if view.finished:  # no piece is ticked once the game is over
        return lines
    for index, line in enumerate(wrap("Moved this turn: may not move again", typeface, room, 3)):
        lines.append(("tick" if index == 0 else "", line))
    return lines
