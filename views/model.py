"""Reading what images show from a game at one moment: board views and overviews.

The views themselves are plain data in views/shown.py; replays are read in views/replay.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core.beside import Beside, Lifted
from games.core.boardgame import END_OF_TURN, BoardGame
from games.core.capabilities import HeldMoves, Rides, Teams, VictoryTransfers
from games.core.directions import DIRECTIONS, Direction
from games.core.events import BoardEnded, Event, Moved
from games.core.geometry import Shape
from games.core.multiboard import Arrived, Rode, Transferred
from games.core.pieces import SIDES, Side, opponent, side_name
from games.core.placement import king, without
from games.core.results import UNFINISHED, winner_of
from views.moves import SHOWN, Shown, caption, split_move
from views.shown import (
    MAX_SHOWN,
    Arrival,
    BoardView,
    Cell,
    Departure,
    MatchView,
    Neighbour,
)
from views.turns import latest_turn, turn_caption

Viewed = BoardGame[Any]  # a game of any kind: Elevator Chess matches show the most

_PLAYED = (Moved, Rode, Transferred)


def match_view(
    match: Viewed, boards: Sequence[int], names: tuple[str, str] | None = None
) -> MatchView:
    """Read what an overview of some boards of a match shows now.

    names: the sides' names in a game without teams (White and Black if not given).
    """
    finished = sum(1 for board in range(1, match.boards + 1) if match.is_closed(board))
    if isinstance(match, Teams):
        return MatchView(
            boards=match.boards,
            layout=match.layout,
            scores=tuple(match.team_scores().items()),
            finished=finished,
            winners=tuple(match.winners()) if match.decided() else None,
            views=tuple(board_views(match, boards)),
            teams=_teams(match, boards),
        )
    scores = side_scores(match, names)
    named = tuple(name for name, _ in scores)
    result = match.result()
    winner = winner_of(result)
    winners = None
    if result != UNFINISHED:
        winners = named if winner is None else (named[SIDES.index(winner)],)
    return MatchView(
        boards=match.boards,
        layout="line",
        scores=scores,
        finished=finished,
        winners=winners,
        views=tuple(board_views(match, boards)),
        title=match.TITLE,
    )


def _teams(match: Teams, boards: Sequence[int]) -> tuple[tuple[str, str], ...]:
    """Return each board's White and Black team, when there are more teams than two sides."""
    if len(match.team_scores()) <= 2:
        return ()
    return tuple((match.team(board, "white"), match.team(board, "black")) for board in boards)


def side_scores(
    match: Viewed, names: tuple[str, str] | None = None
) -> tuple[tuple[str, float], tuple[str, float]]:
    """Return each side's name (White and Black if none given) and points, White's first."""
    white, black = names or (side_name("white"), side_name("black"))
    won = match.score()
    return (white, won[0]), (black, won[1])


def board_view(match: Viewed, board: int) -> BoardView:
    """Read what an image of a board shows now, its latest action highlighted."""
    return board_views(match, [board], neighbours=True)[0]


def board_views(
    match: Viewed, boards: Sequence[int], *, neighbours: bool = False
) -> list[BoardView]:
    """Read the views of several boards in one pass over the log; neighbours are optional."""
    for board in boards:
        match.is_open(board)  # refuses a board the match does not have
    events = match.events
    recent: dict[int, list[tuple[Shown, Direction | None]]] = {board: [] for board in boards}
    waiting = set(boards)
    for index in range(len(events) - 1, -1, -1):
        if not waiting:
            break
        event = events[index]
        if isinstance(event, SHOWN) and event.board in waiting:
            recent[event.board].append((event, arrival_direction(events, index)))
            if isinstance(event, _PLAYED):
                waiting.discard(event.board)
    return [
        _current(
            match,
            board,
            recent[board][::-1],
            _neighbours(match, board) if neighbours and _may_ride(match, board) else (),
        )
        for board in boards
    ]


def _may_ride(match: Viewed, board: int) -> bool:
    """Tell whether a piece may still leave a board: it is open, or its winner may transfer."""
    return match.is_open(board) or _pending(match, board) is not None


def _pending(match: Viewed, board: int) -> Side | None:
    """Return who may make a victory transfer from a board, in a game that has them."""
    return match.pending_transfer(board) if isinstance(match, VictoryTransfers) else None


def _current(
    match: Viewed,
    board: int,
    recent: list[tuple[Shown, Direction | None]],
    neighbours: tuple[Neighbour, ...],
) -> BoardView:
    ending = match.ending(board)
    shape = match.shape(board)
    check = capturable = None
    if ending is None:
        raw = match.fen(board)
        fen = readable(match, board, raw)
        if match.is_check(board):
            check = shown_king(fen, shape, match.side_to_move(board))
        if match.king_capturable(board):
            capturable = shown_king(fen, shape, opponent(match.side_to_move(board)))
    else:
        left = [e.square for e, _ in recent if isinstance(e, Transferred)]
        raw = ending.fen
        fen = without_pieces(readable(match, board, raw), shape, left)
        check = mated(fen, shape, ending)
    return view_of(
        match,
        board,
        fen,
        recent,
        beside=match.beside(board, raw),
        ending=ending,
        pending=_pending(match, board),
        check=check,
        capturable=capturable,
        neighbours=neighbours,
    )


def view_of(
    match: Viewed,
    board: int,
    fen: str,
    recent: Sequence[tuple[Shown, Direction | None]],
    *,
    beside: Beside | None,
    ending: BoardEnded | None,
    pending: Side | None,
    check: str | None,
    capturable: str | None,
    neighbours: tuple[Neighbour, ...] = (),
) -> BoardView:
    last_move: tuple[str, str] | None = None
    departure: Departure | None = None
    arrivals: list[Arrival] = []
    lifted: Lifted | None = None
    for event, direction in recent:
        if isinstance(event, Moved) and event.uci != END_OF_TURN:
            lifted = match.lifted(board, event.uci)
            last_move = None if lifted else split_move(event.uci, match.shape(board))
        elif isinstance(event, (Rode, Transferred)):
            departure = Departure(event.square, event.direction, event.to_board)
        elif isinstance(event, Arrived) and direction is not None:
            arrivals.append(Arrival(event.square, direction, event.from_board))
    if departure is not None and any(a.square == departure.square for a in arrivals):
        departure = None  # a piece has since arrived where the rider left
    placement, turn, *_, fullmove = fen.split()
    passes_to = match.passes_to(board) if ending is None else None
    if passes_to is not None:  # a board of Alice's has no rides: its elevators serve transfers
        neighbours = ()
    shown = caption(recent[-1][0]) if recent else "Start position"
    moves: tuple[tuple[str, str], ...] = ()
    if match.MANY_ACTIONS:
        turn_shown = latest_turn(match.events, board)
        if turn_shown:
            last = turn_shown[-1]
            under_way = (
                ending is None
                and last.uci != END_OF_TURN
                and last.side == match.side_to_move(board)
            )
            if not (recent and isinstance(recent[-1][0], BoardEnded)):  # the result says more
                shown = turn_caption(turn_shown, under_way=under_way)
            moves = tuple(
                split_move(action.uci, match.shape(board))
                for action in turn_shown
                if action.uci != END_OF_TURN
            )
    return BoardView(
        number=board,
        placement=placement,
        turn="white" if turn == "w" else "black",
        fullmove=int(fullmove),
        elevators=() if passes_to is not None else match.elevators(board),
        result=UNFINISHED if ending is None else ending.result,
        ending="" if ending is None else ending.ending,
        transfer_pending=pending,
        last_move=last_move,
        departure=departure,
        arrivals=tuple(arrivals),
        check=check,
        capturable=capturable,
        caption=shown,
        neighbours=neighbours,
        shape=match.shape(board),
        staircases=match.staircases(board),
        passes_to=passes_to,
        move_held=ending is None and isinstance(match, HeldMoves) and board in match.held_moves(),
        reserves=None if beside is None else beside.reserves,
        gates=() if beside is None else beside.gates,
        moved=() if beside is None else beside.moved,
        turn_moves=moves,
        platform=match.PLATFORM,
        lifted=() if lifted is None else lifted.filled,
        vacated=() if lifted is None else lifted.left,
    )


def readable(match: Viewed, board: int, fen: str) -> str:
    """Return a FEN of a board whose first field is the placement as views read any board."""
    placement, rest = fen.split(" ", 1)
    shown = match.view_placement(board, fen)
    return fen if shown == placement else f"{shown} {rest}"


def _neighbours(match: Viewed, board: int) -> tuple[Neighbour, ...]:
    if not isinstance(match, Rides):
        return ()
    ours = match.elevators(board)
    found: list[Neighbour] = []
    for direction in DIRECTIONS:
        target = match.reach(board, direction)
        if target is None:
            why = match.blocked(board, direction) or ""
            end = match.next_board(board, direction) is None
            found.append(Neighbour(direction, None, None, why, end, "", ()))
            continue
        step = match.next_board(board, direction)
        cells = tuple(
            Cell(mine, theirs, match.piece_at(target, theirs))
            for mine, theirs in zip(ours, match.elevators(target), strict=False)
        )
        through = step if step != target else None
        status = f"{side_name(match.side_to_move(target))} to move"
        found.append(Neighbour(direction, target, through, "", False, status, cells))
    return tuple(found)


def arrival_direction(events: Sequence[Event], index: int) -> Direction | None:
    """Return which way the ride went that caused the arrival at index (None if no arrival)."""
    if not isinstance(events[index], Arrived):
        return None
    for before in range(index - 1, -1, -1):
        action = events[before]
        if action.ACTION:
            return action.direction if isinstance(action, (Rode, Transferred)) else None
    return None


def mated(fen: str, shape: Shape, ending: BoardEnded) -> str | None:
    """Return the square of the king mated on a board that ended in checkmate."""
    return shown_king(fen, shape, _turn(fen)) if ending.ending == "checkmate" else None


def _turn(fen: str) -> Side:
    return "white" if fen.split()[1] == "w" else "black"


def shown_king(fen: str, shape: Shape, side: Side) -> str | None:
    return king(fen.split()[0], shape, side)


def without_pieces(fen: str, shape: Shape, squares: Sequence[str]) -> str:
    """Return fen with the pieces on squares taken off (they left by victory transfer)."""
    if not squares:
        return fen
    placement, rest = fen.split(" ", 1)
    return f"{without(placement, shape, squares)} {rest}"


__all__ = [
    "MAX_SHOWN",
    "SHOWN",
    "Arrival",
    "BoardView",
    "Cell",
    "Departure",
    "MatchView",
    "Neighbour",
    "Shown",
    "Viewed",
    "board_view",
    "board_views",
    "caption",
    "match_view",
    "readable",
    "side_scores",
    "split_move",
]
