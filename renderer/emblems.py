"""Our own drawings of the fairy pieces that no FIDE piece resembles, each its own outline.

At Discord's preview a square is about 37 pixels, and 15 on an overview: dots inside a
disc then blur into one grey, so every such piece gets a shape of its own instead. They
are drawn large, in a square of side s, with the piece's ink and paper colours (a black
piece is ink on black paper, as python-chess draws its own), then scaled down smoothly.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from PIL import ImageDraw

from renderer.palette import BLACK, Colour

Emblem = Callable[[ImageDraw.ImageDraw, float, Colour, Colour], None]

_LINE: Final = 0.045  # the outline's width, against the square


def waffle(draw: ImageDraw.ImageDraw, s: float, ink: Colour, paper: Colour) -> None:
    """Draw the Waffle (WA): a waffle, its grid of squares for its steps and leaps."""
    m, line = s * 0.17, round(s * _LINE)
    box = (m, m + s * 0.05, s - m, s - m + s * 0.05)
    draw.rounded_rectangle(box, radius=s * 0.1, fill=paper, outline=BLACK, width=line)
    third = (box[2] - box[0]) / 3
    for k in (1, 2):
        x, y = box[0] + k * third, box[1] + k * third
        draw.line((x, box[1], x, box[3]), fill=ink, width=round(line * 1.3))
        draw.line((box[0], y, box[2], y), fill=ink, width=round(line * 1.3))
    draw.rounded_rectangle(box, radius=s * 0.1, outline=BLACK, width=line)


def fad(draw: ImageDraw.ImageDraw, s: float, ink: Colour, paper: Colour) -> None:
    """Draw the FAD: a gem standing on its point, one colour of squares as a bishop keeps."""
    m, line = s * 0.12, round(s * _LINE)
    c = s / 2 + s * 0.03
    outer = [(s / 2, m + s * 0.03), (s - m, c), (s / 2, s - m + s * 0.03), (m, c)]
    draw.polygon(outer, fill=paper, outline=BLACK, width=line)
    inner = [
        (s / 2, c - s * 0.17),
        (s / 2 + s * 0.17, c),
        (s / 2, c + s * 0.17),
        (s / 2 - s * 0.17, c),
    ]
    draw.polygon(inner, fill=ink)
    for x, y in outer:
        draw.line((x, y, s / 2 + (x - s / 2) * 0.45, c + (y - c) * 0.45), fill=ink, width=line)


def stump(draw: ImageDraw.ImageDraw, s: float, ink: Colour, paper: Colour) -> None:
    """Draw the Woody Rook (WD): a tree stump, its rings on top."""
    line = round(s * _LINE)
    trunk = [
        (s * 0.27, s * 0.36),
        (s * 0.73, s * 0.36),
        (s * 0.75, s * 0.76),
        (s * 0.88, s * 0.88),
        (s * 0.12, s * 0.88),
        (s * 0.25, s * 0.76),
    ]
    draw.polygon(trunk, fill=paper, outline=BLACK, width=line)
    for x in (0.4, 0.6):
        draw.line((s * x, s * 0.52, s * x, s * 0.8), fill=ink, width=line)
    top = (s * 0.22, s * 0.2, s * 0.78, s * 0.5)
    draw.ellipse(top, fill=paper, outline=BLACK, width=line)
    for share in (0.62, 0.28):
        cx, cy, rx, ry = s / 2, s * 0.35, s * 0.28 * share, s * 0.15 * share
        draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), outline=ink, width=line)


def duck(draw: ImageDraw.ImageDraw, s: float, ink: Colour, paper: Colour) -> None:
    """Draw the Half-Duck (HFD): a duck."""
    line = round(s * _LINE)
    body = (s * 0.2, s * 0.5, s * 0.9, s * 0.88)
    draw.chord(body, 0, 360, fill=paper, outline=BLACK, width=line)
    tail = [(s * 0.78, s * 0.62), (s * 0.93, s * 0.44), (s * 0.88, s * 0.7)]
    draw.polygon(tail, fill=paper, outline=BLACK, width=line)
    bill = (s * 0.06, s * 0.34, s * 0.3, s * 0.46)
    draw.rounded_rectangle(bill, radius=s * 0.06, fill=ink, outline=BLACK, width=line)
    head = (s * 0.2, s * 0.16, s * 0.52, s * 0.48)
    draw.ellipse(head, fill=paper, outline=BLACK, width=line)
    eye = s * 0.035
    draw.ellipse((s * 0.3 - eye, s * 0.28 - eye, s * 0.3 + eye, s * 0.28 + eye), fill=ink)
    wing = (s * 0.4, s * 0.58, s * 0.76, s * 0.8)
    draw.arc(wing, 200, 340, fill=ink, width=line)


def nut(draw: ImageDraw.ImageDraw, s: float, ink: Colour, paper: Colour) -> None:
    """Draw the Fibnif (fbNF): a hex nut, the Nutty Knights' own leaper."""
    line = round(s * _LINE)
    cx, cy, r = s / 2, s * 0.54, s * 0.36
    corners = [
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in range(0, 360, 60)
    ]
    draw.polygon(corners, fill=paper, outline=BLACK, width=line)
    hole = r * 0.45
    draw.ellipse((cx - hole, cy - hole, cx + hole, cy + hole), fill=ink)
    rim = hole * 0.55
    draw.ellipse((cx - rim, cy - rim, cx + rim, cy + rim), fill=paper)


def chevrons(draw: ImageDraw.ImageDraw, s: float, ink: Colour, paper: Colour) -> None:
    """Draw a badge of rank: a shield with three chevrons, a colonel's stripes."""
    line = round(s * 0.06)
    shield = [(s * 0.1, s * 0.08), (s * 0.9, s * 0.08), (s * 0.9, s * 0.6), (s / 2, s * 0.94)]
    shield.append((s * 0.1, s * 0.6))
    draw.polygon(shield, fill=paper, outline=BLACK, width=line)
    for k in range(3):
        y = s * (0.3 + 0.17 * k)
        points = [(s * 0.24, y + s * 0.14), (s / 2, y), (s * 0.76, y + s * 0.14)]
        draw.line(points, fill=ink, width=round(s * 0.09), joint="curve")


def cross(draw: ImageDraw.ImageDraw, s: float, ink: Colour, paper: Colour) -> None:
    """Draw a badge of a bold cross: leaps two squares straight, as a Dabbaba's."""
    line = round(s * 0.06)
    draw.ellipse((s * 0.06, s * 0.06, s * 0.94, s * 0.94), fill=paper, outline=BLACK, width=line)
    arm, thick = s * 0.3, s * 0.1
    draw.rectangle((s / 2 - thick, s / 2 - arm, s / 2 + thick, s / 2 + arm), fill=ink)
    draw.rectangle((s / 2 - arm, s / 2 - thick, s / 2 + arm, s / 2 + thick), fill=ink)


def four(draw: ImageDraw.ImageDraw, s: float, ink: Colour, paper: Colour) -> None:
    """Draw a badge of a 4: moves up to four squares."""
    line = round(s * 0.06)
    draw.ellipse((s * 0.06, s * 0.06, s * 0.94, s * 0.94), fill=paper, outline=BLACK, width=line)
    thick = round(s * 0.11)
    draw.line(
        [(s * 0.58, s * 0.76), (s * 0.58, s * 0.22), (s * 0.26, s * 0.6), (s * 0.76, s * 0.6)],
        fill=ink,
        width=thick,
        joint="curve",
    )


def camel(draw: ImageDraw.ImageDraw, s: float, ink: Colour, paper: Colour) -> None:
    """Draw the Walking Camel (CW): a camel walking, its hump high, facing as the knight."""
    line = round(s * _LINE)
    legs = [((x, 0.6), (x + lean, 0.9)) for x, lean in ((0.34, -0.05), (0.46, 0.04))]
    legs += [((x, 0.6), (x + lean, 0.9)) for x, lean in ((0.7, -0.05), (0.8, 0.04))]
    neck = ((0.38, 0.52), (0.2, 0.24))
    body, hump = (0.3, 0.42, 0.9, 0.68), (0.44, 0.16, 0.78, 0.58)
    head = (0.04, 0.17, 0.3, 0.28)
    # the outline first, every part widened by a line; then the parts in paper over it
    for colour, grow in ((BLACK, line), (paper, 0)):
        for start, end in [*legs, neck]:
            width = round(s * (0.09 if (start, end) == neck else 0.07)) + 2 * grow
            points = [(s * start[0], s * start[1]), (s * end[0], s * end[1])]
            draw.line(points, fill=colour, width=width)
            if grow:
                cap = width / 2
                x, y = points[1]
                draw.rectangle((x - cap, y - grow, x + cap, y + grow), fill=colour)
        for box in (body, hump):
            draw.ellipse(_grown(box, s, grow), fill=colour)
        draw.rounded_rectangle(_grown(head, s, grow), radius=s * 0.05 + grow, fill=colour)
    eye = s * 0.025
    draw.ellipse((s * 0.2 - eye, s * 0.21 - eye, s * 0.2 + eye, s * 0.21 + eye), fill=ink)
    draw.arc((s * 0.42, s * 0.44, s * 0.8, s * 0.8), 200, 340, fill=ink, width=line)
    draw.line((s * 0.89, s * 0.52, s * 0.95, s * 0.7), fill=BLACK, width=line)


def _grown(box: tuple[float, float, float, float], s: float, grow: float) -> tuple[float, ...]:
    """Return a box given in shares of s, in pixels, widened by grow on every side."""
    left, top, right, bottom = box
    return (s * left - grow, s * top - grow, s * right + grow, s * bottom + grow)


def ox(draw: ImageDraw.ImageDraw, s: float, ink: Colour, paper: Colour) -> None:
    """Draw the Ox (mNmDmAcF, and it pushes): an ox's head seen from the front, horns wide."""
    line = round(s * _LINE)
    for side in (-1, 1):
        horn = [
            (s / 2 + side * s * 0.14, s * 0.3),
            (s / 2 + side * s * 0.36, s * 0.3),
            (s / 2 + side * s * 0.46, s * 0.08),
            (s / 2 + side * s * 0.26, s * 0.4),
        ]
        draw.polygon(horn, fill=paper, outline=BLACK, width=line)
        ear = [
            (s / 2 + side * s * 0.18, s * 0.36),
            (s / 2 + side * s * 0.42, s * 0.42),
            (s / 2 + side * s * 0.2, s * 0.5),
        ]
        draw.polygon(ear, fill=paper, outline=BLACK, width=line)
    head = [
        (s * 0.28, s * 0.26),
        (s * 0.72, s * 0.26),
        (s * 0.68, s * 0.66),
        (s * 0.62, s * 0.72),
        (s * 0.38, s * 0.72),
        (s * 0.32, s * 0.66),
    ]
    draw.polygon(head, fill=paper, outline=BLACK, width=line)
    muzzle = (s * 0.3, s * 0.62, s * 0.7, s * 0.9)
    draw.rounded_rectangle(muzzle, radius=s * 0.12, fill=ink, outline=BLACK, width=line)
    nostril = s * 0.04
    for x in (0.41, 0.59):
        box = (s * x - nostril, s * 0.74 - nostril, s * x + nostril, s * 0.74 + nostril)
        draw.ellipse(box, fill=paper)
    eye = s * 0.035
    for x in (0.4, 0.6):
        draw.ellipse((s * x - eye, s * 0.44 - eye, s * x + eye, s * 0.44 + eye), fill=ink)


def coronet(draw: ImageDraw.ImageDraw, s: float, ink: Colour, paper: Colour) -> None:
    """Draw the Vaulting Prince (KmHmG): a prince's coronet, low and wide, under a vault's arc."""
    line = round(s * _LINE)
    points = [(s * 0.12, s * 0.84), (s * 0.12, s * 0.5), (s * 0.3, s * 0.66)]
    points += [(s * 0.5, s * 0.42), (s * 0.7, s * 0.66), (s * 0.88, s * 0.5), (s * 0.88, s * 0.84)]
    draw.polygon(points, fill=paper, outline=BLACK, width=line)
    draw.rectangle((s * 0.12, s * 0.74, s * 0.88, s * 0.8), fill=ink)
    for x, y in ((0.12, 0.5), (0.5, 0.42), (0.88, 0.5)):
        box = (s * x - s * 0.06, s * y - s * 0.06, s * x + s * 0.06, s * y + s * 0.06)
        draw.ellipse(box, fill=paper, outline=BLACK, width=line)
    arc = (s * 0.14, s * 0.08, s * 0.86, s * 0.62)
    draw.arc(arc, 200, 340, fill=BLACK, width=line * 3)
    draw.arc(arc, 202, 338, fill=ink, width=line)


EMBLEMS: Final[dict[str, Emblem]] = {
    "waffle": waffle,
    "fad": fad,
    "stump": stump,
    "duck": duck,
    "nut": nut,
    "chevrons": chevrons,
    "cross": cross,
    "four": four,
    "camel": camel,
    "ox": ox,
    "coronet": coronet,
}
