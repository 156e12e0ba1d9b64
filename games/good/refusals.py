"""Why an action a player named is illegal in Ben Good's Elevator, said so they can act on it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.good.cells import NAMES, POLE_NAMES, pole_cells, pole_of, rank_of
from games.good.position import Action, Position, Step
from games.good.steps import SIDEWAYS, WORDS, first_pushed, lift_to

KIND_NAMES: Final = {
    "K": "king",
    "Q": "queen",
    "I": "prince",
    "R": "rook",
    "B": "bishop",
    "N": "knight",
    "C": "camel",
    "O": "ox",
    "P": "pawn",
}


def _side(white: bool) -> str:
    return "White" if white else "Black"


def _a(name: str) -> str:
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def _shaft(position: Position, number: int) -> str:
    pole = pole_of(number)
    return f"{NAMES[number]} is in pole {POLE_NAMES[pole]}'s shaft now"


def step_refusal(
    position: Position,
    legal: Sequence[Action],
    *,
    kind: str | None,
    origin: int | None,
    target: int,
    promotion: str | None,
    push: str | None,
    number: int,
) -> str:
    """Return why no legal step fits what a player wrote: kind, start, target and the rest."""
    side = _side(position.white)
    where = f"on board {number}"
    to = NAMES[target]
    if not position.exists(target):
        return f"{_shaft(position, target)}: no piece may end its move there {where}"
    piece = KIND_NAMES[kind] if kind else "piece"
    if origin is not None:
        symbol = position.cells[origin]
        if symbol is None:
            if not position.exists(origin):
                return f"{_shaft(position, origin)}, so no piece stands there {where}"
            return f"there is no piece on {NAMES[origin]} {where}"
        name = KIND_NAMES[symbol.upper()]
        if not position.own(symbol):
            return f"the {name} on {NAMES[origin]} is {_side(not position.white)}'s"
        if kind is not None and symbol.upper() != kind:
            return f"the piece on {NAMES[origin]} is {_a(name)}, not {_a(piece)}"
        mover = f"the {name} on {NAMES[origin]}"
    else:
        mover = f"no {piece} of {side}'s"
        if kind is not None and (kind if position.white else kind.lower()) not in position.cells:
            return f"{side} has no {piece} left {where}"
    target_symbol = position.cells[target]
    if position.own(target_symbol):
        assert target_symbol is not None
        return f"{side}'s own {KIND_NAMES[target_symbol.upper()]} stands on {to} {where}"
    reaching = [
        step
        for step in legal
        if isinstance(step, Step)
        and step.target == target
        and (origin is None or step.start == origin)
        and (kind is None or (position.cells[step.start] or "").upper() == kind)
    ]
    if reaching and promotion is not None:
        return _promotion_refusal(position, reaching, promotion, target)
    if reaching and push is not None:
        return _push_refusal(position, reaching, to)
    if origin is not None:
        return f"{mover} cannot go to {to} now {where}"
    return f"{mover} can go to {to} now {where}"


def _promotion_refusal(
    position: Position, reaching: list[Step], promotion: str, target: int
) -> str:
    side = _side(position.white)
    kinds = sorted({s.promotion.upper() for s in reaching if s.promotion}, key="QRBNCOI".find)
    if kinds:
        names = ", ".join(KIND_NAMES[k] for k in kinds)
        return f"{side}'s pawn may become only a kind of its own that was captured: {names}"
    last = (6, 7) if position.white else (1, 0)
    if rank_of(target) not in last or not all(
        (position.cells[s.start] or "").upper() == "P" for s in reaching
    ):
        return "only a pawn promotes, on reaching its seventh or eighth rank"
    return f"no piece of {side}'s has been captured, so a pawn has nothing to become"


def _push_refusal(position: Position, reaching: list[Step], to: str) -> str:
    pushes = [step for step in reaching if step.pushed]
    if not pushes:
        return f"a move to {to} pushes nothing here: leave out the '/'"
    origin, onto = first_pushed(pushes[0])
    symbol = position.cells[origin]
    assert symbol is not None
    goes = f"to {onto}" if onto is not None else "off the board"
    return (
        f"the ox's move to {to} pushes the {KIND_NAMES[symbol.upper()]} on {NAMES[origin]} "
        f"{goes} first: write /{symbol.upper()}{onto or ''}"
    )


def lift_refusal(position: Position, pole: int, level: int, way: str, number: int) -> str:
    """Return why the elevator on level (from 0) of a pole may not go a way (U, D, N, E, S, W)."""
    name, word = POLE_NAMES[pole], WORDS[way]
    if position.shafts[pole] >> level & 1:
        shaft = _its_shaft(position, pole)
        return f"level {level + 1} of pole {name} is {shaft}, not an elevator, on board {number}"
    if way in SIDEWAYS and not position.sideways:
        return (
            f"an elevator moves up (U) or down (D) on board {number}; it moves sideways "
            "(N, E, S, W) only in the Wonkavator"
        )
    reached = lift_to(pole, level, way)
    if reached is None or not position.shafts[reached[0]] >> reached[1] & 1:
        if way not in SIDEWAYS:
            return (
                f"an elevator moves one level, into its pole's shaft: pole {name}"
                f"{_shaft_levels(position, pole)}, so its elevator on level {level + 1} "
                f"cannot go {word}"
            )
        if reached is None:
            return f"pole {name} has no pole {word} of it on the elevators' grid, on board {number}"
        return (
            f"an elevator moves sideways into a shaft on its level: pole "
            f"{POLE_NAMES[reached[0]]} has none on level {level + 1}, so pole {name}'s "
            f"elevator cannot go {word} on board {number}"
        )
    mine = theirs = 0
    for cell in pole_cells(pole, level):
        symbol = position.cells[cell]
        if symbol is not None:
            mine += position.own(symbol)
            theirs += not position.own(symbol)
    side = _side(position.white)
    if mine == 0 or mine <= theirs:
        return (
            f"{side} does not control pole {name}'s elevator on level {level + 1} on board "
            f"{number}: it holds {mine} of {side}'s pieces and {theirs} of the opponent's "
            "(control is more than the opponent's, at least one)"
        )
    return f"moving that elevator {word} would leave {side}'s king in check on board {number}"


def _its_shaft(position: Position, pole: int) -> str:
    """Return how a level of a pole that is a shaft is named: its shaft, or one of them."""
    return "its shaft" if position.shafts[pole].bit_count() == 1 else "one of its shafts"


def _shaft_levels(position: Position, pole: int) -> str:
    """Say where a pole's shafts are, after its name: "'s is on level 4", " has none now"."""
    levels = [str(level + 1) for level in range(4) if position.shafts[pole] >> level & 1]
    if not levels:
        return " has none now"
    if len(levels) == 1:
        return f"'s is on level {levels[0]}"
    return f"'s are on levels {', '.join(levels[:-1])} and {levels[-1]}"
