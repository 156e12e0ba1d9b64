"""The cushions of a billiards table: a board's side files that lines bounce off, drawn as rails."""

from __future__ import annotations

from PIL import ImageDraw

from renderer.palette import CUSHION, WHITE


def draw_cushions(
    draw: ImageDraw.ImageDraw,
    edges: tuple[tuple[int, int], tuple[int, int]],
    top: int,
    bottom: int,
    square: int,
) -> None:
    """Draw a rail down each side edge of the diagram, with a sight at every rank's middle.

    edges: the outer x of the left and right edges, and which way is inwards (+1, -1) for
    each. The rail is the colour of a table's cushion and its sights are white diamonds, as
    on a billiards table, so that a player reads the edge as one that lines bounce off.
    """
    width = max(4, square // 5)
    sight = max(2, width // 2 - 1)
    for x, inwards in edges:
        xs = sorted((x, x + inwards * (width - 1)))
        draw.rectangle((xs[0], top, xs[1], bottom - 1), fill=CUSHION)
        middle = (xs[0] + xs[1]) / 2
        for y in range(top + square // 2, bottom, square):
            diamond = [
                (middle, y - sight),
                (middle + sight, y),
                (middle, y + sight),
                (middle - sight, y),
            ]
            draw.polygon(diamond, fill=WHITE)
