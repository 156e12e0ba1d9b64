"""A board of levels cut into square elevators that move (Ben Good's Elevator).

Each elevator stands apart from its neighbours by a line of the background, as a platform
of its own; a shaft, where a pole has no elevator, is a hole with a faint frame and the
pole's name on the elevators' own grid (`c4`), the one place each pole shows it. The shaft
a lift has just left is framed in the last move's colour.
"""

from __future__ import annotations

from collections import defaultdict

from PIL import Image, ImageDraw

from games.core.geometry import FILES, Shape
from renderer.cells import Plan
from renderer.palette import BACKGROUND, CLOSED_MARK, LAST_MOVE, MUTED
from renderer.rulers import legible_size
from renderer.text import font, write
from views.model import BoardView

Block = tuple[int, int, int]  # a level, and an elevator's file and rank on its own grid


def draw_platforms(
    image: Image.Image, view: BoardView, layout: Plan, corner: tuple[int, int]
) -> None:
    """Outline every elevator of a view's board and show every shaft; corner: the diagram's."""
    draw = ImageDraw.Draw(image)
    square, side = layout.square, view.platform
    edge = max(2, square // 12)
    left_from = _left_from(view)
    typeface = font(max(square * 0.5, legible_size(image.width)))
    for (level, file, rank), names in _blocks(view.shape, side).items():
        spots = [layout.origins.get(name) or layout.gaps[name] for name in names]
        x = corner[0] + min(x for x, _ in spots)
        y = corner[1] + min(y for _, y in spots)
        box = (x, y, x + side * square - 1, y + side * square - 1)
        if not all(name in view.shape.missing for name in names):
            draw.rectangle(box, outline=BACKGROUND, width=edge)
            continue
        vacated = left_from == (level, file, rank)
        frame = (box[0] + edge, box[1] + edge, box[2] - edge, box[3] - edge)
        colour = LAST_MOVE[1] if vacated else CLOSED_MARK
        draw.rectangle(frame, outline=colour, width=edge if vacated else max(1, edge // 2))
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        name = f"{FILES[file]}{rank + 1}"
        write(image, centre, name, typeface, colour if vacated else MUTED, anchor="mm", bold=True)


def _blocks(shape: Shape, side: int) -> dict[Block, list[str]]:
    """Return the cells of every elevator's place on every level, missing ones included."""
    blocks: dict[Block, list[str]] = defaultdict(list)
    for name in (*shape.squares, *shape.missing):
        cell = shape.parse(name)
        assert cell is not None
        blocks[(cell.level, cell.file // side, cell.rank // side)].append(name)
    return blocks


def _left_from(view: BoardView) -> Block | None:
    """Return the shaft, by its level and its place on the elevators' grid, a lift just left."""
    if not view.vacated:
        return None
    cell = view.shape.parse(view.vacated[0])
    assert cell is not None
    return cell.level, cell.file // view.platform, cell.rank // view.platform
