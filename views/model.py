"""What an image of one board shows: position, state, highlights and neighbours."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from games.core.boardgame import BoardGame
from games.core.geometry import CHESSBOARD, Shape
from games.core.pieces import SIDES, kind_name, opponent, side_name
from games.core.results import UNFINISHED, winner_of
from games.elevator import (
    Arrived,
    BoardEnded,
    Direction,
    Event,
    Match,
    Moved,
    Piece,
    Rode,
    Side,
    TransferDeclined,
    Transferred,
)
from games.elevator.shaft import DIRECTIONS
from games.enders.game import EndersGame
from games.enders.notation import END
from games.good.game import GoodGame
from views.lifts import PLATFORM, good_placement, lifted_cells
from views.placement import king, read_placement, without
from views.turns import TurnParts, latest_turn, turn_caption, turn_parts

Viewed = BoardGame[Any]  # a game of any kind: Elevator Chess matches show the most

MAX_SHOWN: Final = 40  # boards an overview shows at most
_LONG: Final = re.compile(r"([1-9]?[a-z][0-9]{1,2})[-x]([1-9]?[a-z][0-9]{1,2})(?:[=/].*)?")

# The events that change what a board's picture shows: one replay frame each.
SHOWN = (Moved, Rode, Arrived, Transferred, BoardEnded)
Shown = Moved | Rode | Arrived | Transferred | BoardEnded
_PLAYED = (Moved, Rode, Transferred)


@dataclass(frozen=True, slots=True)
class Departure:
    """A piece left this square by elevator for another board."""

    square: str
    direction: Direction
    to_board: int


@dataclass(frozen=True, slots=True)
class Arrival:
    """A piece arrived on this square by elevator from another board."""

    square: str
    direction: Direction
    from_board: int


@dataclass(frozen=True, slots=True)
class Cell:
    """One elevator square of a neighbouring board, beside the square of ours it joins."""

    ours: str
    theirs: str
    piece: Piece | None


@dataclass(frozen=True, slots=True)
class Neighbour:
    """Where rides in one direction land: a board and its elevator squares, or why none."""

    direction: Direction
    board: int | None
    through: int | None  # the closed board a ride passes on its way
    blocked: str  # why no ride lands, when board is None
    end: bool  # there is no board at all that way: the end of a line
    status: str  # whose turn it is there
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything an image of one board shows, read from a match at one moment."""

    number: int
    placement: str
    turn: Side
    fullmove: int
    elevators: tuple[str, ...]
    result: str
    ending: str
    transfer_pending: Side | None
    last_move: tuple[str, str] | None
    departure: Departure | None
    arrivals: tuple[Arrival, ...]
    check: str | None
    capturable: str | None
    caption: str
    neighbours: tuple[Neighbour, ...] = ()  # up then down; none once no piece may leave
    shape: Shape = CHESSBOARD
    staircases: tuple[tuple[str, ...], ...] = ()  # each one's squares in the order pieces travel
    passes_to: int | None = None  # Alice's Elevator Chess: where a move capturing nothing goes
    move_held: bool = False  # Automatic Elevator Chess: the side to move has given its move here
    # Games whose turns are many actions (Ender's Chess):
    reserves: tuple[str, str] | None = None  # White's and Black's pieces off the board
    gates: tuple[str, ...] = ()  # White's gate and Black's, where each drops
    moved: tuple[str, ...] = ()  # the pieces the mover has moved this turn, by cell
    turn_moves: tuple[tuple[str, str], ...] = ()  # each action of the turn shown: from, to
    # Boards of levels cut into square elevators that move (Ben Good's Elevator):
    platform: int = 0  # an elevator's side in cells: each level is cut into such squares
    lifted: tuple[str, ...] = ()  # a lift as the last move: the cells its elevator now fills

    @property
    def finished(self) -> bool:
        """Tell whether the board has ended, which closes it."""
        return self.result != UNFINISHED

    def pieces(self) -> dict[str, Piece]:
        """Return the pieces shown, by square name."""
        return read_placement(self.placement, self.shape)

    @property
    def status(self) -> str:
        """Say in a few words where the board stands: who is to move, or how it ended."""
        if not self.finished:
            return f"{side_name(self.turn)} to move · move {self.fullmove}"
        winner = winner_of(self.result)
        outcome = "Drawn" if winner is None else f"{side_name(winner)} won"
        return f"{outcome} by {self.ending}" if self.ending else outcome


@dataclass(frozen=True, slots=True)
class MatchView:
    """What an overview of a match shows, read at one moment: the score and some boards."""

    boards: int
    layout: str
    scores: tuple[tuple[str, float], ...]  # each team and its points, in the teams' order
    finished: int  # how many boards are closed
    winners: tuple[str, ...] | None  # the teams that won the match, once it is decided
    views: tuple[BoardView, ...]  # the boards shown, in the order shown
    title: str = ""  # the game's name, for a game other than Elevator Chess
    # White's and Black's team on each board shown, when the match has more than two teams
    teams: tuple[tuple[str, str], ...] = ()

    @property
    def shown(self) -> list[int]:
        """Return the numbers of the boards shown."""
        return [view.number for view in self.views]


def match_view(
    match: Viewed, boards: Sequence[int], names: tuple[str, str] | None = None
) -> MatchView:
    """Read what an overview of some boards of a match shows now.

    names: the sides' names in a game without teams (White and Black if not given).
    """
    finished = sum(1 for board in range(1, match.boards + 1) if match.is_closed(board))
    if isinstance(match, Match):
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


def _teams(match: Match, boards: Sequence[int]) -> tuple[tuple[str, str], ...]:
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
            recent[event.board].append((event, _arrival_direction(events, index)))
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
    """Return who may make a victory transfer from a board: only Elevator Chess has them."""
    return match.pending_transfer(board) if isinstance(match, Match) else None


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
        fen = readable(match, match.fen(board))
        if match.is_check(board):
            check = _king(fen, shape, match.side_to_move(board))
        if match.king_capturable(board):
            capturable = _king(fen, shape, opponent(match.side_to_move(board)))
    else:
        left = [e.square for e, _ in recent if isinstance(e, Transferred)]
        fen = _without(readable(match, ending.fen), shape, left)
        check = _mated(fen, shape, ending)
    return _view(
        match,
        board,
        fen,
        recent,
        ending=ending,
        pending=_pending(match, board),
        check=check,
        capturable=capturable,
        neighbours=neighbours,
    )


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
                fen = _without(readable(match, ended.fen), shape, left)
                check = _mated(fen, shape, ended)
            elif ended_here is not None:
                fen = readable(match, ended_here.fen)
                check = _mated(fen, shape, ended_here)
            else:
                fen = readable(match, replica.fen(board))
                if replica.is_check(board):
                    check = _king(fen, shape, replica.side_to_move(board))
                if replica.king_capturable(board):
                    capturable = _king(fen, shape, opponent(replica.side_to_move(board)))
            direction = _arrival_direction(group, index)
            views.append(
                _view(
                    replica,
                    board,
                    fen,
                    [(event, direction)],
                    ending=ended,
                    pending=pending,
                    check=check,
                    capturable=capturable,
                )
            )
    return views


def _view(
    match: Viewed,
    board: int,
    fen: str,
    recent: Sequence[tuple[Shown, Direction | None]],
    *,
    ending: BoardEnded | None,
    pending: Side | None,
    check: str | None,
    capturable: str | None,
    neighbours: tuple[Neighbour, ...] = (),
) -> BoardView:
    last_move: tuple[str, str] | None = None
    departure: Departure | None = None
    arrivals: list[Arrival] = []
    lifted: tuple[str, ...] = ()
    for event, direction in recent:
        if isinstance(event, Moved) and isinstance(match, GoodGame):
            lifted = lifted_cells(event.uci) or ()
            last_move = None if lifted else split_move(event.uci, match.shape(board))
        elif isinstance(event, Moved) and event.uci != END:
            last_move = split_move(event.uci, match.shape(board))
        elif isinstance(event, (Rode, Transferred)):
            departure = Departure(event.square, event.direction, event.to_board)
        elif isinstance(event, Arrived) and direction is not None:
            arrivals.append(Arrival(event.square, direction, event.from_board))
    if departure is not None and any(a.square == departure.square for a in arrivals):
        departure = None  # a piece has since arrived where the rider left
    placement, turn, *_, fullmove = fen.split()
    passes_to = _passes_to(match, board) if ending is None else None
    if passes_to is not None:  # a board of Alice's has no rides: its elevators serve transfers
        neighbours = ()
    shown = caption(recent[-1][0]) if recent else "Start position"
    parts: TurnParts | None = None
    moves: tuple[tuple[str, str], ...] = ()
    if isinstance(match, EndersGame):
        parts = turn_parts(match, board, fen)
        placement = parts.placement
        turn_shown = latest_turn(match.events, board)
        if turn_shown:
            last = turn_shown[-1]
            under_way = (
                ending is None and last.uci != END and last.side == match.side_to_move(board)
            )
            if not (recent and isinstance(recent[-1][0], BoardEnded)):  # the result says more
                shown = turn_caption(turn_shown, under_way=under_way)
            moves = tuple(
                split_move(action.uci, match.shape(board))
                for action in turn_shown
                if action.uci != END
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
        move_held=ending is None and isinstance(match, Match) and board in match.held_moves(),
        reserves=None if parts is None else parts.reserves,
        gates=() if parts is None else parts.gates,
        moved=() if parts is None else parts.moved,
        turn_moves=moves,
        platform=PLATFORM if isinstance(match, GoodGame) else 0,
        lifted=lifted,
    )


def readable(match: Viewed, fen: str) -> str:
    """Return a FEN whose first field is the placement as views write it, for any game.

    Ben Good's Elevator writes its shafts and its own letters; every other game's FEN
    (Ender's Chess's too, read whole by turn_parts) is returned as it is.
    """
    if not isinstance(match, GoodGame):
        return fen
    return f"{good_placement(fen)} {fen.split(' ', 1)[1]}"


def _passes_to(match: Viewed, board: int) -> int | None:
    """Return the board a move capturing nothing passes to, in Alice's Elevator Chess."""
    if not isinstance(match, Match) or match.mode != "alice":
        return None
    other = 3 - board
    return other if match.is_open(other) else None


def caption(event: Shown) -> str:
    """Describe an event in a line a player reads under the board."""
    if isinstance(event, Moved):
        dots = "." if event.side == "white" else "..."
        return f"{event.fullmove}{dots} {event.san}"
    if isinstance(event, Rode):
        dots = "." if event.side == "white" else "..."
        return (
            f"{event.fullmove}{dots} {event.notation}: the {kind_name(event.piece)} "
            f"rides {event.direction} to board {event.to_board}"
        )
    if isinstance(event, Transferred):
        return (
            f"Victory transfer {event.notation}: the {kind_name(event.piece)} "
            f"goes {event.direction} to board {event.to_board}"
        )
    if isinstance(event, Arrived):
        text = (
            f"A {event.arriving.describe()} arrives on {event.square} from board {event.from_board}"
        )
        if event.check:
            text += ": check"
        if event.king_capturable:
            text += f": the {opponent(event.side)} king can be captured"
        return text
    winner = winner_of(event.result)
    outcome = "drawn" if winner is None else f"{side_name(winner)} wins"
    return f"{event.result}: {outcome} by {event.ending}"


def _neighbours(match: Viewed, board: int) -> tuple[Neighbour, ...]:
    if not isinstance(match, Match):
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


def _arrival_direction(events: Sequence[Event], index: int) -> Direction | None:
    """Return which way the ride went that caused the arrival at index (None if no arrival)."""
    if not isinstance(events[index], Arrived):
        return None
    for before in range(index - 1, -1, -1):
        action = events[before]
        if action.ACTION:
            return action.direction if isinstance(action, (Rode, Transferred)) else None
    return None


def _mated(fen: str, shape: Shape, ending: BoardEnded) -> str | None:
    """Return the square of the king mated on a board that ended in checkmate."""
    return _king(fen, shape, _turn(fen)) if ending.ending == "checkmate" else None


def _turn(fen: str) -> Side:
    return "white" if fen.split()[1] == "w" else "black"


def _king(fen: str, shape: Shape, side: Side) -> str | None:
    return king(fen.split()[0], shape, side)


def _without(fen: str, shape: Shape, squares: Sequence[str]) -> str:
    """Return fen with the pieces on squares taken off (they left by victory transfer)."""
    if not squares:
        return fen
    placement, rest = fen.split(" ", 1)
    return f"{without(placement, shape, squares)} {rest}"


def split_move(uci: str, shape: Shape) -> tuple[str, str]:
    """Return the squares a move in UCI goes from and to; names may have two-digit ranks.

    A move is its from and to squares' names, then a promotion's letter if any; a drop
    (B@f10) goes from and to the square it lands on.
    """
    _, at, square = uci.partition("@")
    if at and square in shape:
        return square, square
    written = _LONG.fullmatch(uci)  # Ben Good's long form: 2b1-2c3, 2d4x2e5, 2a1-2a3/Pa4
    if written is not None and written[1] in shape and written[2] in shape:
        return written[1], written[2]
    for cut in range(2, len(uci) - 1):
        start, rest = uci[:cut], uci[cut:]
        if start not in shape:
            continue
        for end in (rest, rest[:-1]):
            if end in shape and (end == rest or rest[-1].isalpha()):
                return start, end
    raise ValueError(f"{uci!r} is no move between two squares of the board")
