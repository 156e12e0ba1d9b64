"""PGN of one board of a game: tags, movetext with the log's comments, and the layout.

Moves are written as the game writes them (SAN for a normal move); what happened on the
board that is not a move (a resignation, a flag, the end) is written as a comment.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.core.errors import RecordError, shown
from games.core.events import Adjudicated, BoardEnded, Event, Flagged, Moved, Resigned
from games.core.pieces import Side, side_name
from games.core.results import Ending

Notation = Callable[[Event], tuple[Side, int, str] | None]  # side, move number, text
Comment = Callable[[Event], str | None]

_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")


def default_tags(white: str = "?", black: str = "?", *, event: str = "?") -> dict[str, str]:
    """Return the seven tags' roster before the result: Event, Site, Date, Round, players."""
    return {
        "Event": event,
        "Site": "?",
        "Date": "????.??.??",
        "Round": "?",
        "White": white,
        "Black": black,
    }


def ending_tags(ending: BoardEnded | None, start_fen: str | None) -> dict[str, str]:
    """Return the tags a board's end and start position add: Termination, SetUp and FEN."""
    tags: dict[str, str] = {}
    if ending is not None and ending.ending in (Ending.TIMEOUT, Ending.TIMEOUT_DRAW):
        tags["Termination"] = "time forfeit"
    if start_fen is not None:
        tags["SetUp"] = "1"
        tags["FEN"] = start_fen
    return tags


def checked_headers(headers: Any) -> Mapping[str, str]:
    """Return headers given to a PGN export, or refuse what is not a mapping."""
    if not isinstance(headers, Mapping):
        raise RecordError("PGN headers are a mapping of tag names to values")
    return headers


def move_notation(event: Event) -> tuple[Side, int, str] | None:
    """Return a normal move's side, number and SAN; None for any other event."""
    if isinstance(event, Moved):
        return event.side, event.fullmove, event.san
    return None


def comment(event: Event) -> str | None:
    """Return the comment an event every game has is written as, or None."""
    if isinstance(event, Resigned):
        return f"{side_name(event.side)} resigns"
    if isinstance(event, Adjudicated):
        return f"adjudicated: {event.reason}"
    if isinstance(event, Flagged):
        return f"{side_name(event.side)} runs out of time"
    if isinstance(event, BoardEnded):
        return f"{event.result} by {event.ending}"
    return None


def write_pgn(
    events: Sequence[Event],
    board: int,
    tags: Mapping[str, str],
    *,
    notation: Notation = move_notation,
    comments: Comment = comment,
    turns: bool = False,
) -> str:
    """Return a board's game as PGN: tags (Result among them), then its moves and comments.

    turns: a turn is many actions (Ender's Chess), written after one number, Black's too.
    """
    lines = [_tag(name, value) for name, value in tags.items()]
    written = (
        _turns(events, board, comments) if turns else _movetext(events, board, notation, comments)
    )
    movetext = " ".join([*written, tags["Result"]])
    wrapped = textwrap.fill(movetext, width=79, break_long_words=False, break_on_hyphens=False)
    return "\n".join(lines) + "\n\n" + wrapped + "\n"


def _tag(name: str, value: object) -> str:
    if not isinstance(name, str) or not _TAG_NAME.fullmatch(name):
        raise RecordError(f"a PGN tag name is letters, digits and underscores, not {shown(name)}")
    text = " ".join(str(value).split())  # a tag stays on one line
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _movetext(
    events: Sequence[Event], board: int, notation: Notation, comments: Comment
) -> list[str]:
    tokens: list[str] = []
    numbered = False  # whether Black's next move may follow without its number
    for event in events:
        if getattr(event, "board", None) != board:
            continue
        move = notation(event)
        if move is not None:
            side, fullmove, text = move
            if side == "white":
                tokens.append(f"{fullmove}. {text}")
            elif numbered:
                tokens.append(text)
            else:
                tokens.append(f"{fullmove}... {text}")
            numbered = side == "white"
            continue
        said = comments(event)
        if said:
            tokens.append(_comment(said))
            numbered = False
    return tokens


def _turns(events: Sequence[Event], board: int, comments: Comment) -> list[str]:
    """Write each turn's actions after its number: 1. B@f2 Bf2-d4 end 1... N@f10 end."""
    tokens: list[str] = []
    turn: tuple[Side, int] | None = None  # the turn the last token belongs to
    for event in events:
        if getattr(event, "board", None) != board:
            continue
        if isinstance(event, Moved):
            if (event.side, event.fullmove) != turn:
                tokens.append(f"{event.fullmove}{'.' if event.side == 'white' else '...'}")
                turn = event.side, event.fullmove
            tokens.append(event.san)
            continue
        said = comments(event)
        if said:
            tokens.append(_comment(said))
            turn = None
    return tokens


def _comment(said: str) -> str:
    # A brace inside a comment would end it early and let text pass for moves.
    return "{ " + " ".join(said.replace("{", "(").replace("}", ")").split()) + " }"
