"""What an image shows, as plain data: a board's view (position, state, highlights and
neighbours) and an overview's view of a match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.core.directions import Direction
from games.core.geometry import CHESSBOARD, Shape
from games.core.pieces import Piece, Side, side_name
from games.core.placement import read_placement
from games.core.results import UNFINISHED, winner_of

MAX_SHOWN: Final = 40  # boards an overview shows at most


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
    vacated: tuple[str, ...] = ()  # ... and the cells it left, a shaft now

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
