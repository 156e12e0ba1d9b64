"""PGN export of one board of a match, rides and arrivals included.

Rides are written in ride notation (Ne4^3) and arrivals as comments carrying an
``[%arrive N@e4 from 2]`` command (upper-case letter: a white piece, lower-case: black).
Generic PGN readers follow such a game only up to its first ride or arrival: neither
is a chess move they know.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping
from typing import TYPE_CHECKING

from games.core.errors import RecordError, shown
from games.core.pieces import side_name
from games.core.results import Ending
from games.elevator.events import (
    Adjudicated,
    Arrived,
    BoardEnded,
    Flagged,
    Moved,
    Resigned,
    Rode,
    TransferDeclined,
    Transferred,
)

if TYPE_CHECKING:
    from games.elevator.match import Match


_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")


def _tag(name: str, value: object) -> str:
    if not isinstance(name, str) or not _TAG_NAME.fullmatch(name):
        raise RecordError(f"a PGN tag name is letters, digits and underscores, not {shown(name)}")
    text = " ".join(str(value).split())  # a tag stays on one line
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def board_pgn(match: Match, board: int, headers: Mapping[str, str]) -> str:
    """Return one board's game as PGN; headers add to or replace the default tags."""
    if not isinstance(headers, Mapping):
        raise RecordError("PGN headers are a mapping of tag names to values")
    config = match.config
    white, black = config.teams_of(board)
    tags = {
        "Event": "Elevator Chess match",
        "Site": "?",
        "Date": "????.??.??",
        "Round": "?",
        "White": white,
        "Black": black,
        **headers,
        "Result": match.board_result(board),
        "Variant": "Elevator",
        "Board": str(board),
        "Boards": str(config.boards),
        "Layout": config.layout,
    }
    ending = match.ending(board)
    if ending is not None and ending.ending in (Ending.TIMEOUT, Ending.TIMEOUT_DRAW):
        tags["Termination"] = "time forfeit"
    start = config.fen(board)
    if start is not None:
        tags["SetUp"] = "1"
        tags["FEN"] = start
    lines = [_tag(name, value) for name, value in tags.items()]
    movetext = " ".join([*_movetext(match, board), tags["Result"]])
    wrapped = textwrap.fill(movetext, width=79, break_long_words=False, break_on_hyphens=False)
    return "\n".join(lines) + "\n\n" + wrapped + "\n"


def _movetext(match: Match, board: int) -> list[str]:
    tokens: list[str] = []
    numbered = False  # whether Black's next move may follow without its number
    for event in match.events:
        if getattr(event, "board", None) != board:
            continue
        if isinstance(event, Moved | Rode):
            text = event.san if isinstance(event, Moved) else event.notation
            if event.side == "white":
                tokens.append(f"{event.fullmove}. {text}")
            elif numbered:
                tokens.append(text)
            else:
                tokens.append(f"{event.fullmove}... {text}")
            numbered = event.side == "white"
            continue
        comment = _comment(event)
        if comment:
            # A brace inside a comment would end it early and let text pass for moves.
            safe = " ".join(comment.replace("{", "(").replace("}", ")").split())
            tokens.append("{ " + safe + " }")
            numbered = False
    return tokens


def _comment(event: object) -> str | None:
    if isinstance(event, Arrived):
        piece = event.arriving
        letter = piece.symbol
        return (
            f"{side_name(piece.side)} {piece.name} arrives on {event.square} from board "
            f"{event.from_board} [%arrive {letter}@{event.square} from {event.from_board}]"
        )
    if isinstance(event, Transferred):
        return f"victory transfer {event.notation}"
    if isinstance(event, TransferDeclined):
        return "victory transfer declined"
    if isinstance(event, Resigned):
        return f"{side_name(event.side)} resigns"
    if isinstance(event, Adjudicated):
        return f"adjudicated: {event.reason}"
    if isinstance(event, Flagged):
        return f"{side_name(event.side)} runs out of time"
    if isinstance(event, BoardEnded):
        return f"{event.result} by {event.ending}"
    return None
