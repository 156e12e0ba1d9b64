"""PGN export of one board of a match, rides and arrivals included.

Rides are written in ride notation (Ne4^3) and arrivals as comments carrying an
``[%arrive N@e4 from 2]`` command (upper-case letter: a white piece, lower-case: black);
so are an Alice pass-through (``[%pass N@f3 to 2]``, after its move) and what Automatic
Elevator Chess's conveyor carries (``[%carry Pe4^2]``).
Generic PGN readers follow such a game only up to its first ride or arrival: neither
is a chess move they know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from games.core import pgn
from games.core.armies import army
from games.core.boardgame import BoardGame
from games.core.events import Event
from games.core.pieces import Piece, Side, side_name
from games.elevator.config import MatchConfig
from games.elevator.events import (
    Arrived,
    Carried,
    PassedThrough,
    Rode,
    TransferDeclined,
    Transferred,
)
from games.elevator.floors import DEFAULT_RULES, FLOORS

CHESS_START: Final = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def board_pgn(match: BoardGame[MatchConfig], board: int, headers: Mapping[str, str]) -> str:
    """Return one board's game as PGN; headers add to or replace the default tags."""
    headers = pgn.checked_headers(headers)
    config = match.config
    tags = {
        **pgn.default_tags(*config.teams_of(board), event="Elevator Chess match"),
        **headers,
        "Result": match.board_result(board),
        "Variant": "Elevator",
        "Board": str(board),
        "Boards": str(config.boards),
        "Layout": config.layout,
        **({"Mode": config.mode} if config.mode != "standard" else {}),
        **_floor_tags(config, board),
        **pgn.ending_tags(match.ending(board), _start_fen(config, board)),
    }
    return pgn.write_pgn(match.events, board, tags, notation=_notation, comments=_comment)


def _floor_tags(config: MatchConfig, board: int) -> dict[str, str]:
    """Return the tags of a board's rules, and its armies in a match of armies."""
    tags: dict[str, str] = {}
    if config.rules_of(board) != DEFAULT_RULES:
        tags["Floor"] = config.rules_of(board)
    if config.armies is not None:  # a FIDE-army board too: other armies' pieces may arrive
        tags["Armies"] = " vs ".join(army(name).title for name in config.armies_of(board))
    return tags


def _start_fen(config: MatchConfig, board: int) -> str | None:
    """Return the FEN a board started from when it is not chess's own start, else None."""
    given = config.fen(board)
    if given is not None:
        return given
    start = FLOORS[config.rules_of(board)].make(config.floor(board)).fen()
    return None if start == CHESS_START else start


def _notation(event: Event) -> tuple[Side, int, str] | None:
    if isinstance(event, Rode):
        return event.side, event.fullmove, event.notation
    return pgn.move_notation(event)


def _comment(event: Event) -> str | None:
    if isinstance(event, Arrived):
        piece = event.arriving
        return (
            f"{side_name(piece.side)} {piece.name} arrives on {event.square} from board "
            f"{event.from_board} [%arrive {piece.symbol}@{event.square} from {event.from_board}]"
        )
    if isinstance(event, PassedThrough):
        piece = Piece(event.piece, event.side)
        return (
            f"the {piece.name} passes through to {event.square} on board {event.to_board} "
            f"[%pass {piece.symbol}@{event.square} to {event.to_board}]"
        )
    if isinstance(event, Carried):
        piece = Piece(event.piece, event.side)
        return (
            f"the conveyor carries the {side_name(piece.side)} {piece.name} on {event.square} "
            f"{event.direction} to board {event.to_board} [%carry {event.notation}]"
        )
    if isinstance(event, Transferred):
        return f"victory transfer {event.notation}"
    if isinstance(event, TransferDeclined):
        return "victory transfer declined"
    return pgn.comment(event)
