"""What the bot says of a turn of many actions (Ender's Chess): in board posts and to its player."""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.core.boardgame import END_OF_TURN
from games.core.events import BoardEnded, Event, Moved
from games.core.pieces import SIDES, Side, opponent, side_name


def listed(items: Sequence[str]) -> str:
    """Join items as a sentence lists them: a, b and c."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


def turns_of(events: Sequence[Event]) -> list[tuple[int, list[Moved]]]:
    """Return the moves among events, a side's actions in one turn together, each at its first."""
    found: list[tuple[int, list[Moved]]] = []
    for order, event in enumerate(events):
        if not isinstance(event, Moved):
            continue
        last = found[-1][1][-1] if found else None
        if last is not None and (last.side, last.fullmove) == (event.side, event.fullmove):
            found[-1][1].append(event)
        else:
            found.append((order, [event]))
    return found


def gate_reached(san: str, side: Side, gates: Sequence[str]) -> str | None:
    """Return the opponent's gate if the action san of side's lands on it, else None.

    gates: White's gate and Black's (none for a game without gates).
    """
    if len(gates) != 2:
        return None
    aim = gates[SIDES.index(opponent(side))]
    return aim if re.split(r"[-x@]", san)[-1] == aim else None


def turn_words(turn: Sequence[Moved], gates: Sequence[str]) -> str:
    """Say a turn of many actions in a line: White played B@f2, Bf2-d4 and ended the turn.

    gates: White's gate and Black's, to say when the last action reached the opponent's.
    """
    side = turn[0].side
    *actions, last = [move.san for move in turn]
    if last == END_OF_TURN:
        if not actions:
            return f"{side_name(side)} ended the turn without moving."
        return f"{side_name(side)} played {', '.join(actions)} and ended the turn."
    played = f"{side_name(side)} played {listed([*actions, last])}"
    gate = gate_reached(last, side, gates)
    if gate is not None and side == "white":
        own = gates[SIDES.index(side)]
        return (
            f"{played}, reaching Black's gate {gate}: Black draws by taking White's gate "
            f"{own} in this turn; otherwise White wins when it ends."
        )
    if gate is not None:
        return f"{played}, reaching {side_name(opponent(side))}'s gate {gate}."
    return played + "."


def turn_reply(
    played: Sequence[Moved],
    board: int,
    *,
    goes_on: bool,
    gates: Sequence[str],
    ended: BoardEnded | None = None,
) -> str:
    """Answer the player who played actions of a turn: whether it goes on, and what ended it."""
    sans = [move.san for move in played]
    written = " ".join(sans)
    if ended is not None:
        done = (
            f"You ended your turn on board {board}"
            if sans == [END_OF_TURN]
            else f"Played {written}"
        )
        if sans != [END_OF_TURN]:
            done += f" on board {board}"
        return f"{done}: it is over, {ended.result} ({ended.ending})."
    if goes_on:
        return f"Played {written} on board {board}: your turn goes on; /move end finishes it."
    if sans[-1] == END_OF_TURN:
        if len(sans) == 1:
            return f"You ended your turn on board {board}."
        return f"Played {' '.join(sans[:-1])} on board {board} and ended your turn."
    gate = gate_reached(sans[-1], played[-1].side, gates)
    if gate is not None:  # only White's reaching the gate leaves the game going
        return (
            f"Played {written} on board {board}, reaching Black's gate {gate}, which ends "
            f"your turn: Black draws by taking your gate {gates[0]} in its turn; otherwise "
            "you win when it ends."
        )
    return f"Played {written} on board {board}, which ends your turn."
