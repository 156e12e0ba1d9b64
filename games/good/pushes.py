"""An ox's push: the line of pieces ahead moves with it, and those pushed off the board or into
a shaft fall and die.

The ox moves one or two cells orthogonally; each cell it enters pushes the unbroken line of
pieces ahead one cell on, so a two-cell push closes a one-cell gap in the line (Good's
consolidation). The first piece must stand next to the ox, and no ox of either side may be
pushed.
"""

from __future__ import annotations

from games.good.geometry import BIT, POLE, RAYS
from games.good.position import Position

Pushed = tuple[tuple[int, int | None], ...]

OXEN = frozenset("Oo")


def push(position: Position, ox: int, direction: int, length: int) -> Pushed | None:
    """Return where each pushed piece ends (None: it fell) or None if the ox may not push so."""
    cells, shafts = position.cells, position.shafts
    ray = RAYS[ox][direction]
    if len(ray) < length or cells[ray[0]] is None:
        return None
    # line[index] is the cell a piece started on, for the piece now at ray[index]
    line: list[int | None] = [number if cells[number] is not None else None for number in ray]
    fallen: list[int] = []
    for step in range(length):
        if shafts[POLE[ray[step]]] & BIT[ray[step]]:
            return None  # the ox itself would fall
        end = step
        while end < len(ray):
            start = line[end]
            if start is None:
                break
            if cells[start] in OXEN:
                return None
            end += 1
        if end == step:
            continue
        if end == len(ray) or shafts[POLE[ray[end]]] & BIT[ray[end]]:
            last = line[end - 1]
            assert last is not None
            fallen.append(last)
            end -= 1
        line[step + 1 : end + 1] = line[step:end]
        line[step] = None
    moved: dict[int, int | None] = {start: None for start in fallen}
    moved.update(
        (start, ray[index])
        for index, start in enumerate(line)
        if start is not None and start != ray[index]
    )
    return tuple(sorted(moved.items(), key=lambda pair: ray.index(pair[0])))
