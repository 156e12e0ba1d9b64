"""A board's game replayed: one view for each event its replay shows, in order."""

from __future__ import annotations

from games.core.events import BoardEnded
from games.core.multiboard import TransferDeclined, Transferred
from games.core.pieces import Side, opponent
from games.core.results import winner_of
from views.model import (
    Viewed,
    arrival_direction,
    mated,
    readable,
    shown_king,
    view_of,
    without_pieces,
)
from views.moves import SHOWN
from views.shown import BoardView


def replay_views(match: Viewed, board: int) -> list[BoardView]:
    """Return one view of a board for each event its replay shows, in order."""
    shape = match.shape(board)  # refuses a board the match does not have
    views: list[BoardView] = []
    ended: BoardEnded | None = None
    pending: Side | None = None
    for group, replica in match.history():
        ended_here = next(
            (e for e in group if isinstance(e, BoardEnded) and e.board == board), None
        )
        for index, event in enumerate(group):
            if isinstance(event, (Transferred, TransferDeclined)) and event.board == board:
                pending = None
            if not (isinstance(event, SHOWN) and event.board == board):
                continue
            if isinstance(event, BoardEnded):
                ended = event
                pending = winner_of(event.result) if event.transfer_pending else None
            check = capturable = None
            if ended is not None:
                left = [event.square] if isinstance(event, Transferred) else []
                raw = ended.fen
                fen = without_pieces(readable(match, board, raw), shape, left)
                check = mated(fen, shape, ended)
            elif ended_here is not None:
                raw = ended_here.fen
                fen = readable(match, board, raw)
                check = mated(fen, shape, ended_here)
            else:
                raw = replica.fen(board)
                fen = readable(match, board, raw)
                if replica.is_check(board):
                    check = shown_king(fen, shape, replica.side_to_move(board))
                if replica.king_capturable(board):
                    capturable = shown_king(fen, shape, opponent(replica.side_to_move(board)))
            direction = arrival_direction(group, index)
            views.append(
                view_of(
                    replica,
                    board,
                    fen,
                    [(event, direction)],
                    beside=replica.beside(board, raw),
                    ending=ended,
                    pending=pending,
                    check=check,
                    capturable=capturable,
                )
            )
    return views
