"""What an image shows of a game whose turns are many actions (Ender's Chess): reserves,
gates, the pieces moved this turn and every action of the turn."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.events import Event, Moved


def latest_turn(events: Sequence[Event], board: int) -> list[Moved]:
    """Return the actions of the latest turn on a board, finished or under way, in order."""
    turn: list[Moved] = []
    for event in reversed(events):
        if not isinstance(event, Moved) or event.board != board:
            continue
        if turn and (event.side, event.fullmove) != (turn[0].side, turn[0].fullmove):
            break
        turn.insert(0, event)
    return turn


def turn_caption(turn: Sequence[Moved], *, under_way: bool) -> str:
    """Describe a turn under the board: 1. B@f2 Bf2-d4 end, or 1... N@f10 (turn under way)."""
    first = turn[0]
    dots = "." if first.side == "white" else "..."
    written = " ".join(action.san for action in turn)
    return f"{first.fullmove}{dots} {written}" + (" (turn under way)" if under_way else "")


__all__ = ["latest_turn", "turn_caption"]
