"""Automatic Elevator Chess: a side moves on every board at once, then a conveyor carries.

Betza: "each turn e4 and d4 move up while e5 and d5 move down, a conveyer-belt type of
action ... after each player's move, and it would require that all of one side's boards be
played at the same time." The turn we play (docs/games/elevator-variants.md,
"Alice's and Automatic Elevator Chess: the turns we chose"):

- Every open board has the same side to move. That side gives one move per open board, in
  any order; each is checked legal when given and held (a move given again on the same
  board replaces it). When the last one is in, all are played in board order; boards they
  end (mate, stalemate, a king taken, a draw) end at once; then the conveyor runs.
- The conveyor: on every open board, the piece on the first and second elevators (d4, e4)
  goes up and the piece on the third and fourth (d5, e5) goes down, whatever its colour,
  to the same elevator of the next open board (through one finished floor, as a ride).
  All move together: a piece moves when its destination is empty or is being emptied by
  the conveyor itself (so a full ring turns). Kings never ride and stay, and so does a piece
  at the end of a line, a pawn that would land on a first or last rank, and any piece whose
  destination keeps its piece: a blocked piece blocks the one behind it.
- There are no rides by choice. Victory transfers are as in Elevator Chess. A piece the
  conveyor carries is an arrival: it may give check, or leave a king that the side to move
  may take.
"""

from __future__ import annotations

from games.core.board import Board
from games.core.boardgame import Change
from games.core.errors import MatchConfigError
from games.core.events import BoardEnded, Event
from games.core.results import Ending
from games.elevator.alice import passing_boards
from games.elevator.events import Arrived, Carried, Held, TurnMoved
from games.elevator.modes import Mode
from games.elevator.parts import Parts
from games.elevator.shaft import Direction

ELEVATORS = 4  # two that carry up, then two that carry down

_Place = tuple[int, int]  # board, elevator index


class Automatic(Mode):
    """Automatic Elevator Chess: moves held until a side's turn is complete."""

    NAME = "automatic"
    TITLE = "Automatic Elevator Chess"
    RIDES = False
    NO_RIDES = "the conveyor carries the pieces on the elevators after each turn"

    def __init__(self, parts: Parts) -> None:
        super().__init__(parts)
        self._passing = passing_boards(parts, self.TITLE)
        for number, board in enumerate(parts.boards, 1):
            if len(board.elevators) != ELEVATORS:
                raise MatchConfigError(
                    f"{self.TITLE} needs four elevator squares on every board (two carry up, "
                    f"two carry down); board {number} has {len(board.elevators)}"
                )
        if len({board.turn for board in parts.boards}) > 1:
            raise MatchConfigError(
                f"in {self.TITLE} a side moves on every board at once: every start "
                "position must have the same side to move"
            )
        self._held: dict[int, Held] = {}

    # ----------------------------------------------------------------- reading

    def held_moves(self) -> dict[int, str]:
        """Return the moves the side to move has given this turn, by board (SAN)."""
        return {board: held.san for board, held in sorted(self._held.items())}

    def awaiting(self) -> list[int]:
        """Return the open boards where the side to move has still to give its move."""
        parts = self.parts
        return [
            n for n in range(1, parts.count + 1) if parts.game.is_open(n) and n not in self._held
        ]

    # ----------------------------------------------------------------- hooks

    def move(self, board: int, uci: str) -> Change:
        """Return the change that holds a legal move, and plays the turn once it is complete."""
        playing = self.parts.boards[board - 1]
        san = next(san for san in playing.legal_moves() if playing.parse_move(san) == uci)
        held = Held(board, playing.turn, playing.fullmove, uci, san)
        return lambda: self._hold(held)

    def boards_ended(self) -> None:
        """Drop moves held on boards now over; a turn they were awaited for is then complete."""
        for board in [b for b in self._held if self.parts.game.is_closed(b)]:
            del self._held[board]
        if self._held and not self.awaiting():
            self._play_turn()

    def recall(self, event: Event) -> None:
        """Follow held moves through the log, as a restore reads it."""
        if isinstance(event, Held):
            self._held[event.board] = event
        elif isinstance(event, TurnMoved):
            self._held.clear()
        elif isinstance(event, BoardEnded):
            self._held.pop(event.board, None)

    def state_refusal(self, board: Board, last: Event) -> str | None:
        """Refuse a board that still shows a piece where the conveyor took one away."""
        if isinstance(last, Carried) and board.piece_at(last.square) is not None:
            return f"{last.square} should be empty after the conveyor"
        return None

    # ----------------------------------------------------------------- changes

    def _hold(self, held: Held) -> None:
        self.parts.events.append(held)
        self._held[held.board] = held
        if not self.awaiting():
            self._play_turn()

    def _play_turn(self) -> None:
        """Play every held move in board order, end the boards they end, then convey."""
        parts = self.parts
        turn = sorted(self._held.items())
        self._held.clear()
        for board, held in turn:
            played = parts.boards[board - 1].push(held.uci)
            parts.events.append(
                TurnMoved(board, played.side, played.fullmove, played.uci, played.san)
            )
            if played.took_king:
                parts.end(board, played.side, Ending.KING_CAPTURE)
            else:
                parts.dirty.append(board)
        parts.settle()
        self._convey()
        parts.settle()

    def _convey(self) -> None:
        """Carry the pieces on every open board's elevators one floor up or down, together."""
        parts = self.parts
        boards = parts.boards
        wanted: dict[_Place, int] = {}
        for n in range(1, parts.count + 1):
            if not parts.game.is_open(n):
                continue
            for index in range(ELEVATORS):
                piece = boards[n - 1].elevator_piece(index)
                target = parts.shaft.reach(n, _direction(index))
                if piece is None or piece.kind == "K" or target is None:
                    continue
                if piece.kind == "P" and _edge(boards[target - 1], index):
                    continue
                wanted[(n, index)] = target
        moving = set(wanted)
        stuck = True
        while stuck:
            stuck = False
            for n, index in sorted(moving):
                target = wanted[(n, index)]
                occupant = boards[target - 1].elevator_piece(index)
                if occupant is not None and (target, index) not in moving:
                    moving.discard((n, index))
                    stuck = True
        carried = [
            (n, index, self._passing[n - 1].lift(boards[n - 1].elevators[index]))
            for n, index in sorted(moving)
        ]
        for n, index, piece in carried:
            square, target = boards[n - 1].elevators[index], wanted[(n, index)]
            parts.events.append(
                Carried(n, piece.side, piece.kind, square, _direction(index), target)
            )
        for n, index, piece in carried:
            target = wanted[(n, index)]
            self._passing[target - 1].place(boards[target - 1].elevators[index], piece)
        for n, index, piece in sorted(carried, key=lambda c: (wanted[(c[0], c[1])], c[1])):
            target = wanted[(n, index)]
            landing = boards[target - 1]
            to_move = landing.turn == piece.side
            parts.events.append(
                Arrived(
                    target,
                    piece.side,
                    piece.kind,
                    landing.elevators[index],
                    n,
                    check=not to_move and landing.is_check(),
                    king_capturable=to_move and landing.king_capturable(),
                )
            )
        parts.dirty.extend(n for n in range(1, parts.count + 1) if parts.game.is_open(n))


def _direction(index: int) -> Direction:
    return "up" if index < ELEVATORS // 2 else "down"


def _edge(board: Board, index: int) -> bool:
    """Tell whether elevator index of board is on a first or last rank (no pawn may land)."""
    rank = int(board.elevators[index][1:])
    return rank in (1, board.shape.ranks)
