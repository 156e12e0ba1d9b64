"""The seam of a cylindrical board: its first and last files are joined, shown as a zip."""

from __future__ import annotations

from PIL import ImageDraw

from renderer.palette import BLACK, WHITE

TEETH = 2  # per square along each edge


def draw_seam(
    draw: ImageDraw.ImageDraw,
    edges: tuple[tuple[int, int], tuple[int, int]],
    top: int,
    bottom: int,
    square: int,
) -> None:
    """Draw a zip's teeth down the left edge of the diagram and up the right one.

    edges: the outer x of the left and right edges, and which way is inwards (+1, -1) for
    each. The two rows of teeth are out of step, as the halves of a zip are, so that a
    player reads them as one seam: what leaves by one edge comes in by the other.
    """
    width = max(2, square // 7)
    tooth = max(2, square // (2 * TEETH))
    for phase, (x, inwards) in enumerate(edges):
        xs = sorted((x, x + inwards * (width - 1)))
        for index, y in enumerate(range(top, bottom, tooth)):
            colour = BLACK if (index + phase) % 2 == 0 else WHITE
            end = min(bottom - 1, y + tooth - 1)
            draw.rectangle((xs[0], y, xs[1], end), fill=colour)
