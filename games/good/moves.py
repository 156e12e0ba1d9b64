"""The actions of Ben Good's Elevator: each piece's moves, elevator lifts, which are legal, and
what playing one does to a position.

Choices where the rules text is silent: a promotion uses up the captured piece it names (as on
a real board, where the pawn is swapped for it), so no side ever has more of a kind than it
started with; a lift needs at least one own piece on the elevator and more than the
opponent's, so an empty elevator never moves; no action may leave one's own king attacked or
push it to its death, lifts included; en passant is open on the next action only, so an
elevator move in between ends it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from games.good.attacks import attacked, king_cell
from games.good.cells import LEVELS, POLES, pole_cells
from games.good.geometry import (
    BESIDE,
    BIT,
    CAMELS,
    DIAGONAL,
    FERZ,
    KING,
    KNIGHTS,
    LEVEL,
    ORTHOGONAL,
    OX_LEAPS,
    PAWN_CAPTURES,
    PAWN_STEPS,
    POLE,
    PRINCE_LEAPS,
    RANK,
    RAYS,
    SHAFT_LEVELS,
    WAZIR,
    double_step,
    promotes,
)
from games.good.position import PROMOTIONS, Action, Lift, Position, Step
from games.good.pushes import push

POLE_CELLS = tuple(
    tuple(pole_cells(pole, level) for level in range(LEVELS)) for pole in range(POLES)
)


def legal_actions(position: Position) -> list[Action]:
    """Return every action the side to move may play: piece moves first, then lifts."""
    return [action for action in pseudo_actions(position) if _safe(position, action)]


def pseudo_actions(position: Position) -> list[Action]:
    """Return every action of the side to move, whether or not it leaves its king attacked."""
    actions: list[Action] = []
    for number, piece in enumerate(position.cells):
        if piece is not None and piece.isupper() == position.white:
            actions.extend(piece_steps(position, number))
    actions.extend(lifts(position))
    return actions


def allows(position: Position, action: Action) -> bool:
    """Tell whether an action is legal, looking only at the moves of its piece or its lift."""
    if isinstance(action, Lift):
        candidates: Sequence[Action] = lifts(position)
    elif 0 <= action.start < len(position.cells) and position.own(position.cells[action.start]):
        candidates = piece_steps(position, action.start)
    else:
        return False
    return action in candidates and _safe(position, action)


def piece_steps(position: Position, number: int) -> list[Step]:
    """Return every move of the piece on a cell, legal or not as to its own king."""
    piece = position.cells[number]
    assert piece is not None
    return _MOVERS[piece.upper()](position, number)


def lifts(position: Position) -> list[Lift]:
    """Return every elevator move the side to move controls: up or down into a shaft of its
    pole, then, in the Wonkavator, sideways into a shaft of the pole beside it on its level."""
    found = []
    white, shafts = position.white, position.shafts
    for pole, holes in enumerate(shafts):
        for shaft in SHAFT_LEVELS[holes]:
            for level in (shaft - 1, shaft + 1):
                inside = 0 <= level < LEVELS and not holes >> level & 1
                if inside and controls(position, pole, level, white):
                    found.append(Lift(pole, level, pole, shaft))
    if position.sideways:
        for pole, holes in enumerate(shafts):
            for shaft in SHAFT_LEVELS[holes]:
                for beside in BESIDE[pole]:
                    if not shafts[beside] >> shaft & 1 and controls(position, beside, shaft, white):
                        found.append(Lift(beside, shaft, pole, shaft))
    return found


def controls(position: Position, pole: int, level: int, white: bool) -> bool:
    """Tell whether a side has more pieces on an elevator than the other (so at least one)."""
    balance = 0
    for number in POLE_CELLS[pole][level]:
        piece = position.cells[number]
        if piece is not None:
            balance += 1 if piece.isupper() == white else -1
    return balance > 0


def play(position: Position, action: Action) -> Position:
    """Return the position after an action from legal_actions; the turn passes."""
    if isinstance(action, Lift):
        return _lift(position, action)
    cells = list(position.cells)
    captured = position.captured
    piece = cells[action.start]
    assert piece is not None
    cells[action.start] = None
    if action.captured is not None:
        captured += cells[action.captured] or ""
        cells[action.captured] = None
    pushed = [(cells[start], target) for start, target in action.pushed]
    for start, _ in action.pushed:
        cells[start] = None
    for letter, target in pushed:
        if target is None:
            captured += letter or ""
        else:
            cells[target] = letter
    if action.promotion is not None:
        piece = action.promotion
        captured = captured.replace(piece, "", 1)
    cells[action.target] = piece
    double = piece in "Pp" and abs(RANK[action.target] - RANK[action.start]) == 2
    ep = (action.start + action.target) // 2 if double else None
    return Position(
        tuple(cells), position.shafts, not position.white, ep, captured, position.sideways
    )


def _lift(position: Position, lift: Lift) -> Position:
    cells = list(position.cells)
    for start, target in zip(
        POLE_CELLS[lift.pole][lift.level], POLE_CELLS[lift.to_pole][lift.to_level], strict=True
    ):
        cells[target], cells[start] = cells[start], None
    shafts = list(position.shafts)
    shafts[lift.to_pole] &= ~(1 << lift.to_level)
    shafts[lift.pole] |= 1 << lift.level
    return Position(
        tuple(cells), tuple(shafts), not position.white, None, position.captured, position.sideways
    )


def _safe(position: Position, action: Action) -> bool:
    """Tell whether an action leaves the mover's king (if it has one) alive and unattacked."""
    after = play(position, action)
    king = king_cell(after, position.white)
    if king is None:
        return king_cell(position, position.white) is None
    return not attacked(after, king, not position.white)


def _exists(position: Position, number: int) -> bool:
    return not position.shafts[POLE[number]] & BIT[number]


def _land(position: Position, start: int, target: int, steps: list[Step]) -> bool:
    """Add the move onto a cell unless an own piece stands there; tell whether it was empty."""
    piece = position.cells[target]
    if piece is None:
        steps.append(Step(start, target))
        return True
    if not position.own(piece):
        steps.append(Step(start, target, captured=target))
    return False


def _leaps(position: Position, number: int, *tables: tuple[tuple[int, ...], ...]) -> list[Step]:
    steps: list[Step] = []
    for table in tables:
        for target in table[number]:
            if _exists(position, target):
                _land(position, number, target, steps)
    return steps


def _quiet(position: Position, number: int, table: tuple[tuple[int, ...], ...]) -> list[Step]:
    """Return the non-capturing leaps to empty cells on elevators."""
    return [
        Step(number, target)
        for target in table[number]
        if position.cells[target] is None and _exists(position, target)
    ]


def _king(position: Position, number: int) -> list[Step]:
    return _leaps(position, number, KING)


def _knight(position: Position, number: int) -> list[Step]:
    return _leaps(position, number, KNIGHTS, WAZIR)


def _camel(position: Position, number: int) -> list[Step]:
    return _leaps(position, number, CAMELS, WAZIR)


def _prince(position: Position, number: int) -> list[Step]:
    return _leaps(position, number, KING) + _quiet(position, number, PRINCE_LEAPS)


def _ox(position: Position, number: int) -> list[Step]:
    steps = _quiet(position, number, OX_LEAPS)
    steps += [
        Step(number, target, captured=target)
        for target in FERZ[number]
        if position.cells[target] is not None and not position.own(position.cells[target])
    ]
    for direction in ORTHOGONAL:
        for length in (1, 2):
            pushed = push(position, number, direction, length)
            if pushed is not None:
                steps.append(Step(number, RAYS[number][direction][length - 1], pushed=pushed))
    return steps


def _flyer(directions: range) -> Callable[[Position, int], list[Step]]:
    def fly(position: Position, number: int) -> list[Step]:
        level, bit = LEVEL[number], BIT[number]
        steps: list[Step] = []
        for direction in directions:
            ray = RAYS[number][direction]
            for index, target in enumerate(ray):
                if position.shafts[POLE[target]] & bit:
                    # the first shaft on the starting level: change level there, up or down
                    for other in (level - 1, level + 1):
                        if 0 <= other < LEVELS:
                            _slide(position, number, ray[index:], (other - level) * 64, steps)
                    break
                if not _land(position, number, target, steps):
                    break
        return steps

    return fly


def _slide(
    position: Position, start: int, ray: Sequence[int], shift: int, steps: list[Step]
) -> None:
    """Continue a flight on the level it changed to, until a piece, a shaft or the edge."""
    for passed in ray:
        target = passed + shift
        if not _exists(position, target) or not _land(position, start, target, steps):
            return


def _pawn(position: Position, number: int) -> list[Step]:
    white, cells = position.white, position.cells
    forward = 8 if white else -8
    steps = [
        Step(number, target)
        for target in PAWN_STEPS[white][number]
        if cells[target] is None and _exists(position, target)
    ]
    for target in PAWN_CAPTURES[white][number]:
        piece = cells[target]
        if piece is not None and not position.own(piece) and _exists(position, target):
            steps.append(Step(number, target, captured=target))
        elif target == position.ep and cells[target - forward] == ("p" if white else "P"):
            steps.append(Step(number, target, captured=target - forward))
    double = double_step(number, white)
    if double is not None and all(
        cells[passed] is None and _exists(position, passed) for passed in double
    ):
        steps.append(Step(number, double[1]))
    return [promoted for step in steps for promoted in _promotions(position, step)]


def _promotions(position: Position, step: Step) -> list[Step]:
    """Return a pawn's move, and the same move promoting to each of its side's captured kinds."""
    if not promotes(step.target, position.white):
        return [step]
    kinds = PROMOTIONS if position.white else PROMOTIONS.lower()
    return [step] + [replace(step, promotion=kind) for kind in kinds if kind in position.captured]


_MOVERS: dict[str, Callable[[Position, int], list[Step]]] = {
    "K": _king,
    "Q": _flyer(range(8)),
    "I": _prince,
    "R": _flyer(ORTHOGONAL),
    "B": _flyer(DIAGONAL),
    "N": _knight,
    "C": _camel,
    "O": _ox,
    "P": _pawn,
}
