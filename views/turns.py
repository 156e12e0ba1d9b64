"""What an image shows of a game whose turns are many actions (Ender's Chess): reserves,
gates, the pieces moved this turn and every action of the turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.core.events import Event, Moved
from games.core.pieces import Piece
from games.core.placement import write_placement
from games.enders.game import EndersGame
from games.enders.notation import read_fen
from games.enders.position import geometry


@dataclass(frozen=True, slots=True)
class TurnParts:
    """A position of Ender's Chess as an image shows it."""

    placement: str  # as games.core.placement writes any board: missing cells count as empty
    reserves: tuple[str, str]  # White's and Black's pieces in reserve, as letters RBKN
    gates: tuple[str, str]  # White's gate and Black's
    moved: tuple[str, ...]  # the cells of the pieces the mover has moved this turn


def turn_parts(game: EndersGame, board: int, fen: str) -> TurnParts:
    """Read what an image shows from a FEN of one of game's boards."""
    found = game.enders_board(board).map
    shape = found.shape
    position, _, _ = read_fen(fen, geometry(found), board)
    names = shape.squares
    pieces = {
        names[index]: Piece(symbol.upper(), "white" if symbol.isupper() else "black")
        for index, symbol in enumerate(position.cells)
        if symbol is not None
    }
    return TurnParts(
        placement=write_placement(pieces, shape),
        reserves=(position.reserve(True), position.reserve(False)),
        gates=(found.white_gate, found.black_gate),
        moved=tuple(names[index] for index in sorted(position.moved)),
    )


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


__all__ = ["TurnParts", "latest_turn", "turn_caption", "turn_parts"]
