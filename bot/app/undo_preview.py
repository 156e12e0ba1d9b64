"""What a moderator's undo would take back, and where it leaves a turn of many actions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.hosted import Hosted
from bot.news import boards_of, describe
from games.core.boardgame import END_OF_TURN
from games.core.events import Event, Moved
from games.core.pieces import side_name


@dataclass(frozen=True)
class UndoPreview:
    """An undo seen before it is confirmed: the log's length, what goes, where turns stand."""

    length: int  # the log's length now: undo(expect=it) refuses if the match moved on
    undone: tuple[str, ...]  # each event taken back (actions and what they caused), in words
    after: tuple[str, ...]  # in a game of many-action turns, each board's turn afterwards


def preview(match: Hosted, count: int) -> UndoPreview:
    """Say what undoing match's last count actions would take back, changing nothing.

    One action is one drop, move or `end` in Ender's Chess, so that a turn typed whole by
    one /move is as many actions as it has; the preview says which turn is left open.
    Raises IllegalMoveError if there are not count actions to undo.
    """
    removed = match.last_actions(count)
    undone = tuple(_words(event) for event in removed)
    if not match.MANY_ACTIONS:
        return UndoPreview(len(match.events), undone, ())
    after = type(match).from_json(match.to_json())
    after.undo(count)
    boards = sorted({board for event in removed for board in boards_of(event)})
    return UndoPreview(len(match.events), undone, tuple(_turn_left(after, b) for b in boards))


def _words(event: Event) -> str:
    """Say one event taken back; the end of a turn is said as such, not as a move."""
    if isinstance(event, Moved) and event.uci == END_OF_TURN:
        return f"board {event.board}: {side_name(event.side)} ended their turn"
    return describe(event)


def _turn_left(game: Hosted, board: int) -> str:
    """Say how a board's turn stands in a game of many-action turns."""
    if not game.is_open(board):
        return f"board {board} stays over ({game.board_result(board)})"
    side = game.side_to_move(board)
    played = _turn_so_far(game.events, board, side)
    if not played:
        return f"board {board}: {side_name(side)} starts their turn afresh"
    return (
        f"board {board}: {side_name(side)}'s turn stays open with {' '.join(played)} "
        "played; they go on with /move, or finish with /move end"
    )


def _turn_so_far(events: Sequence[Event], board: int, side: str) -> list[str]:
    """Return the actions side has played on board in the turn under way, oldest first."""
    played: list[str] = []
    for event in reversed(events):
        if board not in boards_of(event):
            continue
        if not isinstance(event, Moved) or event.side != side or event.uci == END_OF_TURN:
            break
        played.insert(0, event.san)
    return played
