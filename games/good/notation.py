"""How Ben Good's Elevator writes actions, and reads what a player types.

As the rules text writes them: a piece's letter and its target (`N2c3`, `P2e4`, or the cell
alone for a pawn), `x` before a captured piece's cell, `=Q` for a promotion; an ox's push
adds the first pushed piece and where it goes (`O2a3/Pa4`: without it `O2a3` is the leap);
an elevator's move is `E`, its level, its pole and U or D (`E3c4U`), or in the Wonkavator
N, E, S or W for a move sideways to the pole beside it (`E2b3E`). When two pieces of a
kind reach a cell, the start's level, file, or both (or its file and rank) follow the
letter, as in SAN (`Nb2c3`, `R32c3`). The long form, start and target (`2b1-2c3`,
`2a1-2a3/Pa4`, `2e7-2e8=Q`), may always be typed; it is the form records keep.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from games.core.errors import AmbiguousMoveError, IllegalMoveError, NotAMoveError, shown, typed
from games.good.cells import NAMES, NUMBERS, POLE_NAMES
from games.good.position import Action, Lift, Position, Step
from games.good.refusals import lift_refusal, step_refusal
from games.good.steps import first_pushed, lift_to, lift_way

EXAMPLES: Final = "a move such as N2c3, P2e4, O2a3/Pa4 or E3c4U, or its start and end (2b1-2c3)"
SIDEWAYS_EXAMPLES: Final = (
    "a move such as N2c3, P2e4, O2a3/Pa4, E3c4U or E2b1N, or its start and end (2b1-2c3)"
)
_STEP: Final = re.compile(
    r"(?P<kind>[KQIRBNCOP])?(?P<level>[1-4])?(?P<file>[a-h])?(?P<rank>[1-8])?(?P<mark>[-x])?"
    r"(?P<target>[1-4][a-h][1-8])"
    r"(?P<push>/(?P<pushed>[KQIRBNCOP])?(?P<onto>[a-h][1-8])?)?"
    r"(?:=(?P<promotion>[A-Za-z]))?"
)
_POLE: Final = re.compile(r"E(?P<level>[1-4])(?P<pole>[a-d][1-4])")  # a lift without its way
_LIFT: Final = re.compile(r"[Ee](?P<level>[1-4])(?P<pole>[a-d][1-4])(?P<way>[UuDdNnEeSsWw])")


def long(action: Action, position: Position) -> str:
    """Return an action in its long form, which records keep: 2b1-2c3, 2a1-2a3/Pa4, E3c4U."""
    if isinstance(action, Lift):
        return _lift(action, position)
    mark = "-" if action.captured is None else "x"
    return f"{NAMES[action.start]}{mark}{NAMES[action.target]}{_suffix(action, position)}"


def write(action: Action, position: Position, legal: Sequence[Action]) -> str:
    """Return an action as players write it, naming its start only as far as legal needs."""
    if isinstance(action, Lift):
        return _lift(action, position)
    symbol = position.cells[action.start]
    assert symbol is not None
    mark = "" if action.captured is None else "x"
    rest = f"{mark}{NAMES[action.target]}{_suffix(action, position)}"
    rivals = [a for a in legal if isinstance(a, Step) and a.target == action.target]
    text = f"{symbol.upper()}{rest}"
    try:
        if parse(text, rivals, position) == action:
            return text
    except IllegalMoveError:
        pass
    # a hint of the start (Pa2b4) reads like a move between two squares of a flat board:
    # where the piece and the cell are not enough, the long form (2a4-2b4) says it plainly
    return long(action, position)


def _lift(lift: Lift, position: Position) -> str:
    return f"E{lift.level + 1}{POLE_NAMES[lift.pole]}{lift_way(lift)}"


def _suffix(step: Step, position: Position) -> str:
    text = ""
    if step.pushed:
        origin, onto = first_pushed(step)
        symbol = position.cells[origin]
        assert symbol is not None
        text += f"/{symbol.upper()}{onto or ''}"
    if step.promotion is not None:
        text += f"={step.promotion.upper()}"
    return text


def parse(text: str, legal: Sequence[Action], position: Position, *, number: int = 1) -> Action:
    """Return the legal action text names, or refuse it saying why.

    Raises NotAMoveError for text written as no action, AmbiguousMoveError when it fits
    several legal actions, IllegalMoveError when it fits none.
    """
    token = text.strip().rstrip("+#!?") if isinstance(text, str) else ""
    lifted = _LIFT.fullmatch(token)
    if lifted is not None:
        return _parse_lift(lifted, legal, position, number)
    pole = _POLE.fullmatch(token)
    if pole is not None:
        ways = "U (up) or D (down)" + (", or N, E, S or W sideways" if position.sideways else "")
        # not NotAMoveError: that would be read again in another case, as a piece's move
        raise IllegalMoveError(
            f"{token} names pole {pole['pole']}'s elevator on level {pole['level']} but not "
            f"where it goes, on board {number}: add {ways}, as in {token}U"
        )
    found = _STEP.fullmatch(token)
    if found is None:
        examples = SIDEWAYS_EXAMPLES if position.sideways else EXAMPLES
        raise NotAMoveError(f"{shown(token)} is not a move on board {number}: write {examples}")
    target = NUMBERS[found["target"]]
    kind = found["kind"]
    start = "".join(found[part] or "" for part in ("level", "file", "rank"))
    origin = NUMBERS.get(start)
    promotion = found["promotion"]
    fits = [
        step
        for step in legal
        if isinstance(step, Step)
        and step.target == target
        and _starts(step.start, found, position, kind)
        and (step.promotion or "").upper() == (promotion or "").upper()
    ]
    if kind is None and origin is None and any(_is_pawn(s, position) for s in fits):
        fits = [step for step in fits if _is_pawn(step, position)]  # a bare cell is a pawn's
    fits = _pushes(fits, found, position)
    if len(fits) > 1:
        options = " or ".join(long(step, position) for step in fits)
        raise AmbiguousMoveError(
            f"{typed(token)} could be {options} on board {number}: write which"
        )
    if not fits:
        raise IllegalMoveError(
            step_refusal(
                position,
                legal,
                kind=kind,
                origin=origin,
                target=target,
                promotion=promotion,
                push=found["push"],
                number=number,
            )
        )
    if found["mark"] == "x" and fits[0].captured is None:
        raise IllegalMoveError(
            f"{typed(token)} takes nothing on board {number}: {NAMES[target]} is empty, "
            f"so write {write(fits[0], position, legal)}"
        )
    return fits[0]


def _is_pawn(step: Step, position: Position) -> bool:
    return (position.cells[step.start] or "").upper() == "P"


def _starts(start: int, found: re.Match[str], position: Position, kind: str | None) -> bool:
    """Tell whether a step's start fits the kind and the parts of the start text names."""
    name = NAMES[start]
    if found["level"] and found["level"] != name[0]:
        return False
    if found["file"] and found["file"] != name[1]:
        return False
    if found["rank"] and found["rank"] != name[2:]:
        return False
    return kind is None or (position.cells[start] or "").upper() == kind


def _pushes(fits: list[Step], found: re.Match[str], position: Position) -> list[Step]:
    """Keep the steps that push as text says: `/` a push, none a leap (or a push if alone)."""
    if found["push"] is None:
        leaps = [step for step in fits if not step.pushed]
        return leaps or fits
    kept = []
    for step in fits:
        if not step.pushed:
            continue
        origin, onto = first_pushed(step)
        symbol = (position.cells[origin] or "").upper()
        if found["pushed"] not in (None, symbol):
            continue
        if found["onto"] is not None and found["onto"] != onto:
            continue
        kept.append(step)
    return kept


def _parse_lift(
    found: re.Match[str], legal: Sequence[Action], position: Position, number: int
) -> Lift:
    pole, level, way = (
        POLE_NAMES.index(found["pole"]),
        int(found["level"]) - 1,
        found["way"].upper(),
    )
    reached = lift_to(pole, level, way)
    if reached is not None and Lift(pole, level, *reached) in legal:
        return Lift(pole, level, *reached)
    raise IllegalMoveError(lift_refusal(position, pole, level, way, number))
