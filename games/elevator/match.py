"""An Elevator Chess match: boards joined by elevators, and everything that crosses them."""

from __future__ import annotations

import json
import logging
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from games.chess.board import FideBoard
from games.core.board import Board
from games.core.errors import (
    AmbiguousMoveError,
    GameError,
    IllegalMoveError,
    MatchConfigError,
    RecordError,
    shown,
)
from games.core.geometry import Shape
from games.core.pieces import SIDES, Piece, Side, kind_name, opponent, side_name
from games.core.results import (
    BLACK_WINS,
    FINAL_RESULTS,
    UNFINISHED,
    WHITE_WINS,
    Ending,
    result_for,
    winner_of,
)
from games.elevator.config import MatchConfig
from games.elevator.events import (
    Adjudicated,
    Arrived,
    BoardCleared,
    BoardEnded,
    DrawAgreed,
    DrawClaimed,
    Event,
    Flagged,
    MatchDecided,
    MatchResigned,
    Moved,
    Resigned,
    Rode,
    TransferDeclined,
    Transferred,
    event_from_dict,
)
from games.elevator.notation import RideText, parse_ride, ride_notation
from games.elevator.shaft import DIRECTIONS, Direction, Shaft
from games.elevator.standings import Standings

logger = logging.getLogger(__name__)

RECORD_FORMAT: Final = "elevator-chess-match"
RECORD_VERSION: Final = 1

_EMPTY: Final = "8/8/8/8/8/8/8/8"
_Ride = tuple[int, Direction, int]  # elevator index, direction, destination board


class Match:
    """An Elevator Chess match of 1 to 1,000 boards in a line or a ring.

    Boards are numbered from 1. Every action validates completely before it changes
    anything, so a refused action (IllegalMoveError) leaves the match exactly as it was.
    Each accepted action returns the events it appended to the match's log.
    """

    def __init__(
        self,
        boards: int = 2,
        layout: str = "line",
        start_fens: Sequence[str] | None = None,
        elevators: Sequence[Sequence[str]] | None = None,
        teams: Sequence[Sequence[str]] | None = None,
    ) -> None:
        self._set_up(MatchConfig.create(boards, layout, start_fens, elevators, teams))

    @classmethod
    def from_config(cls, config: MatchConfig) -> Match:
        """Start a match from a checked configuration."""
        match = cls.__new__(cls)
        match._set_up(config)
        return match

    def _set_up(self, config: MatchConfig) -> None:
        self._config = config
        self._boards: list[Board] = [
            FideBoard(number, config.elevators_of(number), config.fen(number))
            for number in range(1, config.boards + 1)
        ]
        self._shaft = Shaft(config.boards, config.layout)
        self._standings = Standings([config.teams_of(n) for n in range(1, config.boards + 1)])
        self._endings: dict[int, BoardEnded] = {}
        self._pending: dict[int, Side] = {}
        self._events: list[Event] = []
        self._dirty: deque[int] = deque()
        self._winners: tuple[str, ...] | None = None
        if config.start_fens is not None:
            for number in range(1, config.boards + 1):
                ending = self._automatic_ending(number)
                if ending is not None:
                    raise MatchConfigError(
                        f"the position given for board {number} is already over: {ending[1]}"
                    )

    # ----------------------------------------------------------------- reading

    @property
    def config(self) -> MatchConfig:
        """Return the configuration the match was created with."""
        return self._config

    @property
    def boards(self) -> int:
        """Return the number of boards."""
        return self._config.boards

    @property
    def layout(self) -> str:
        """Return 'line' or 'ring'."""
        return self._config.layout

    @property
    def events(self) -> tuple[Event, ...]:
        """Return the event log."""
        return tuple(self._events)

    def fen(self, board: int) -> str:
        """Return a board's position as FEN; a cleared board has no pieces."""
        return self._board(board).fen()

    def turn(self, board: int) -> Side:
        """Return the side to move on a board."""
        return self._board(board).turn

    def piece_at(self, board: int, square: str) -> Piece | None:
        """Return the piece on a square of a board."""
        return self._board(board).piece_at(square)

    def shape(self, board: int) -> Shape:
        """Return the cells of a board."""
        return self._board(board).shape

    def staircases(self, board: int) -> tuple[tuple[str, ...], ...]:
        """Return a board's staircases, the squares each carries pieces along, in travel order."""
        return self._board(board).staircases

    def elevators(self, board: int) -> tuple[str, ...]:
        """Return a board's elevator squares, in connection order."""
        return self._board(board).elevators

    def is_check(self, board: int) -> bool:
        """Tell whether the side to move on an open board is in check."""
        return self.is_open(board) and self._boards[board - 1].is_check()

    def king_capturable(self, board: int) -> bool:
        """Tell whether the side to move on an open board may take the enemy king."""
        return self.is_open(board) and self._boards[board - 1].king_capturable()

    def is_open(self, board: int) -> bool:
        """Tell whether a board is still being played."""
        self._board(board)
        return self._shaft.is_open(board)

    def is_closed(self, board: int) -> bool:
        """Tell whether a board has finished, which closes its floor."""
        return not self.is_open(board)

    def board_result(self, board: int) -> str:
        """Return '1-0', '0-1', '1/2-1/2', or '*' while the board is being played."""
        self._board(board)
        ending = self._endings.get(board)
        return UNFINISHED if ending is None else ending.result

    def ending(self, board: int) -> BoardEnded | None:
        """Return how a board ended (result, reason, final position), or None."""
        self._board(board)
        return self._endings.get(board)

    def team(self, board: int, side: Side) -> str:
        """Return the team playing side on a board."""
        self._board(board)
        white, black = self._config.teams_of(board)
        return white if _side(side) == "white" else black

    def reach(self, board: int, direction: Direction) -> int | None:
        """Return the open board a ride from board in direction would land on, or None."""
        self._check_direction(board, direction)
        return self._shaft.reach(board, direction)

    def next_board(self, board: int, direction: Direction) -> int | None:
        """Return the board next to board in direction, open or not (None past a line's end)."""
        self._check_direction(board, direction)
        return self._shaft.step(board, direction)

    def blocked(self, board: int, direction: Direction) -> str | None:
        """Say why no ride from board in direction can land anywhere, or None if one can."""
        self._check_direction(board, direction)
        if self._shaft.reach(board, direction) is not None:
            return None
        return self._shaft.blocked(board, direction)

    def legal_moves(self, board: int) -> list[str]:
        """Return the side to move's moves on a board: SAN, then rides as Ne4^3."""
        playing = self._board(board)
        if not self._shaft.is_open(board):
            return []
        rides = self._rides(board, playing.turn, king_safety=True)
        return playing.legal_moves() + [self._ride_name(board, ride) for ride in rides]

    def claimable_draw(self, board: int) -> str | None:
        """Return the draw the side to move on a board may claim now, or None."""
        self._board(board)
        if not self._shaft.is_open(board):
            return None
        return self._claimable(board)

    def pending_transfer(self, board: int) -> Side | None:
        """Return the winner who may still make a board's victory transfer, or None."""
        self._board(board)
        return self._pending.get(board)

    def transfer_options(self, board: int) -> list[str]:
        """Return the rides open to the winner of a just-won board; [] when none is pending."""
        self._board(board)
        winner = self._pending.get(board)
        if winner is None:
            return []
        return [self._ride_name(board, r) for r in self._rides(board, winner, king_safety=False)]

    def score(self) -> tuple[float, float]:
        """Return the points won with White and with Black over the finished boards."""
        return self._standings.colour_score()

    def team_scores(self) -> dict[str, float]:
        """Return each team's points."""
        return self._standings.team_points()

    def result(self) -> str:
        """Return the match result by colour once every board is finished, else '*'."""
        if self._standings.unfinished:
            return UNFINISHED
        white, black = self.score()
        return WHITE_WINS if white > black else BLACK_WINS if black > white else result_for(None)

    def decided(self) -> bool:
        """Tell whether the match result can no longer change."""
        return self._winners is not None

    def winners(self) -> tuple[str, ...]:
        """Return the winning team (several when shared) once decided, else ()."""
        return self._winners or ()

    # ----------------------------------------------------------------- actions

    def play(self, board: int, text: str, *, side: Side | None = None) -> list[Event]:
        """Play a move (SAN or UCI) or a ride (Ne4^3, Ne4^, e4 up, Ne4>3) on a board.

        side, when given, is who is trying to move; it must be the side to move.
        Raises IllegalMoveError, with a message a player can act on, if it cannot be played.
        """
        playing = self._open(board)
        self._check_turn(board, side)
        if not isinstance(text, str):
            raise IllegalMoveError(f"a move is text such as Nf3 or Ne4^2, not {shown(text)}")
        ride_text = parse_ride(text)
        if ride_text is not None:
            ride = self._resolve_ride(board, ride_text, playing.turn, king_safety=True)
            return self._act(lambda: self._ride(board, ride))
        uci = playing.parse_move(text)
        return self._act(lambda: self._move(board, uci))

    def transfer(self, board: int, text: str, *, side: Side | None = None) -> list[Event]:
        """Make the victory transfer of a just-won board: one ride, such as Qd4v1."""
        winner = self._winner_of_pending(board, side)
        ride_text = parse_ride(text) if isinstance(text, str) else None
        if ride_text is None:
            raise IllegalMoveError(
                f"{shown(text)} is not a ride: a victory transfer is written like Qd4v1 or Ne4^3"
            )
        ride = self._resolve_ride(board, ride_text, winner, king_safety=False)
        return self._act(lambda: self._transfer(board, ride))

    def skip_transfer(self, board: int, *, side: Side | None = None) -> list[Event]:
        """Decline the victory transfer of a just-won board, which is then cleared."""
        winner = self._winner_of_pending(board, side)
        return self._act(lambda: self._decline(board, winner))

    def resign(self, board: int, side: Side) -> list[Event]:
        """Resign a board for side; the opponent wins it and may make a victory transfer."""
        self._open(board)
        loser = _side(side)
        return self._act(lambda: self._resign(board, loser))

    def resign_match(self, side: Side) -> list[Event]:
        """Resign every board still being played for side, as one action taken back as one."""
        loser = _side(side)
        boards = [board for board in range(1, self.boards + 1) if self._shaft.is_open(board)]
        if not boards:
            raise IllegalMoveError("no board is still being played: there is nothing to resign")
        return self._act(lambda: self._resign_match(boards, loser))

    def draw(self, board: int) -> list[Event]:
        """Draw a board by agreement."""
        self._open(board)
        return self._act(lambda: self._agree_draw(board))

    def claim_draw(self, board: int, *, side: Side | None = None) -> list[Event]:
        """Claim a draw by threefold repetition or the fifty-move rule for the side to move."""
        playing = self._open(board)
        self._check_turn(board, side)
        reason = self._claimable(board)
        if reason is None:
            raise IllegalMoveError(
                f"no draw can be claimed on board {board}: the position has not occurred "
                "three times, and fifty moves have not passed since the last capture, pawn "
                "move, ride or arrival"
            )
        return self._act(lambda: self._claim_draw(board, playing.turn, reason))

    def adjudicate(
        self, board: int, result: str, reason: str, *, transfer: bool = True
    ) -> list[Event]:
        """End a board with a given result; the winner gets a victory transfer unless told not."""
        self._open(board)
        if result not in FINAL_RESULTS:
            raise IllegalMoveError(f"a result is 1-0, 0-1 or 1/2-1/2, not {shown(result)}")
        if not isinstance(reason, str) or not reason.strip():
            raise IllegalMoveError("an adjudication needs a reason")
        if not isinstance(transfer, bool):
            raise IllegalMoveError(f"transfer is True or False, not {shown(transfer)}")
        return self._act(lambda: self._adjudicate(board, result, reason.strip(), transfer))

    def flag(self, board: int, side: Side) -> list[Event]:
        """End a board whose side to move ran out of time; they lose it.

        As FIDE's rule 6.9 has it, the board is drawn instead when the opponent could never
        mate: no piece can arrive there any more and their own material cannot mate.
        """
        playing = self._open(board)
        loser = _side(side)
        if loser != playing.turn:
            raise IllegalMoveError(
                f"only the side to move can run out of time, and it is "
                f"{side_name(playing.turn)}'s turn on board {board}"
            )
        return self._act(lambda: self._flag(board, loser))

    def undo(self, count: int = 1) -> list[Event]:
        """Take back the last count actions with all they caused; return the removed events."""
        removed = self.last_actions(count)
        self._rebuild(_action_groups(self._events[: len(self._events) - len(removed)]))
        return removed

    def last_actions(self, count: int = 1) -> list[Event]:
        """Return the events undo(count) would take back, changing nothing."""
        groups = _action_groups(self._events)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise IllegalMoveError(
                f"the number of actions to undo must be 1 or more, not {shown(count)}"
            )
        if count > len(groups):
            raise IllegalMoveError(
                f"only {len(groups)} action{'s' if len(groups) != 1 else ''} can be undone"
            )
        return [event for group in groups[-count:] for event in group]

    def _rebuild(self, groups: list[list[Event]]) -> None:
        """Become the match that replaying these action groups from the start gives."""
        rebuilt = Match.from_config(self._config)
        for group in groups:
            rebuilt._replay(group)
        self.__dict__.update(rebuilt.__dict__)

    # ----------------------------------------------------------------- records

    def to_json(self) -> str:
        """Return the match as a versioned JSON record of its configuration and event log."""
        return json.dumps(
            {
                "format": RECORD_FORMAT,
                "version": RECORD_VERSION,
                "config": self._config.to_dict(),
                "events": [event.to_dict() for event in self._events],
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Match:
        """Rebuild a match from its JSON record by replaying it; raise RecordError if it is bad."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as error:
            raise RecordError(f"the match record is not valid JSON: {error}") from None
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise RecordError("this is not an Elevator Chess match record")
        if data.get("version") != RECORD_VERSION:
            raise RecordError(
                f"match record version {shown(data.get('version'))} is not supported "
                f"(this version reads {RECORD_VERSION})"
            )
        if set(data) != {"format", "version", "config", "events"}:
            raise RecordError("a match record has exactly format, version, config and events")
        try:
            match = cls.from_config(MatchConfig.from_dict(data["config"]))
        except GameError as error:
            raise RecordError(f"the record's configuration is refused: {error}") from None
        if not isinstance(data["events"], list):
            raise RecordError("the record's events must be a list")
        events = [event_from_dict(item) for item in data["events"]]
        return cls._replayed(match, events)

    @classmethod
    def replay(cls, config: MatchConfig, events: Sequence[Event]) -> Match:
        """Rebuild a match by replaying its log; raise RecordError if it does not replay."""
        return cls._replayed(cls.from_config(config), events)

    @staticmethod
    def _replayed(match: Match, events: Sequence[Event]) -> Match:
        for group in _action_groups(events):
            match._replay(group)
        return match

    def history(self) -> Iterator[tuple[list[Event], Match]]:
        """Replay the log from the start, yielding each action's events and the match after it.

        The match yielded is one replica, brought forward in place from step to step.
        """
        replica = Match.from_config(self._config)
        for group in _action_groups(self._events):
            replica._replay(group)
            yield group, replica

    def board_state(self, board: int) -> dict[str, Any]:
        """Return one board's state as JSON-ready data: a snapshot for restore()."""
        return self._board(board).state()

    @classmethod
    def restore(cls, config: MatchConfig, events: Sequence[Event], states: Sequence[Any]) -> Match:
        """Rebuild a match from its log and every board's state at the log's end, without
        replaying the moves; raise RecordError if they do not fit together.

        Endings, pending transfers and the standings are read from the log's events, which
        is quick; only the boards' positions and histories come from the states.
        """
        match = cls.from_config(config)
        if len(states) != match.boards:
            raise RecordError(f"{len(states)} board states for a match of {match.boards} boards")
        _action_groups(events)  # refuses a log that does not start with an action
        starts = [board.fen() for board in match._boards]
        for board, state in zip(match._boards, states, strict=True):
            board.restore(state)
        misfit = _misfit(match._boards, starts, events)
        if misfit is not None:
            raise RecordError(misfit)
        for event in events:
            if isinstance(event, BoardEnded):
                match._shaft.close(event.board)
                match._endings[event.board] = event
                match._standings.record(event.board, event.result)
                winner = winner_of(event.result)
                if event.transfer_pending and winner is not None:
                    match._pending[event.board] = winner
            elif isinstance(event, BoardCleared):
                match._pending.pop(event.board, None)
            elif isinstance(event, MatchDecided):
                match._winners = event.winners
        match._events = list(events)
        return match

    def pgn(self, board: int, headers: dict[str, str] | None = None) -> str:
        """Return one board's game as PGN, rides and arrivals included."""
        from games.elevator.pgn import board_pgn

        self._board(board)
        return board_pgn(self, board, headers or {})

    def _replay(self, group: list[Event]) -> None:
        action = group[0]
        try:
            produced = self._apply(action)
        except GameError as error:
            raise RecordError(f"the record does not replay: {action} is refused: {error}") from None
        if produced != group:
            raise RecordError(
                f"the record does not replay: {action} leads to {produced}, "
                f"but the record says {group}"
            )

    def _apply(self, action: Event) -> list[Event]:
        if isinstance(action, Moved):
            return self.play(action.board, action.uci, side=action.side)
        if isinstance(action, Rode):
            return self.play(action.board, action.notation, side=action.side)
        if isinstance(action, Transferred):
            return self.transfer(action.board, action.notation, side=action.side)
        if isinstance(action, TransferDeclined):
            return self.skip_transfer(action.board, side=action.side)
        if isinstance(action, Resigned):
            return self.resign(action.board, action.side)
        if isinstance(action, MatchResigned):
            return self.resign_match(action.side)
        if isinstance(action, DrawAgreed):
            return self.draw(action.board)
        if isinstance(action, DrawClaimed):
            return self.claim_draw(action.board, side=action.side)
        if isinstance(action, Flagged):
            return self.flag(action.board, action.side)
        if isinstance(action, Adjudicated):
            return self.adjudicate(
                action.board, action.result, action.reason, transfer=action.transfer
            )
        raise RecordError(f"{action} is not an action")

    # ----------------------------------------------------------------- checks

    def _board(self, board: int) -> Board:
        if isinstance(board, bool) or not isinstance(board, int):
            raise IllegalMoveError(f"a board is numbered 1 to {self.boards}, not {shown(board)}")
        if not 1 <= board <= self.boards:
            raise IllegalMoveError(
                f"there is no board {shown(board)}: this match has boards 1 to {self.boards}"
            )
        return self._boards[board - 1]

    def _open(self, board: int) -> Board:
        playing = self._board(board)
        if not self._shaft.is_open(board):
            winner = self._pending.get(board)
            if winner is not None:
                raise IllegalMoveError(
                    f"board {board} is finished: {side_name(winner)} may make a victory "
                    "transfer or skip it"
                )
            raise IllegalMoveError(f"board {board} is finished")
        return playing

    def _check_direction(self, board: int, direction: Direction) -> None:
        self._board(board)
        if direction not in DIRECTIONS:
            raise IllegalMoveError(f"a direction is 'up' or 'down', not {shown(direction)}")

    def _check_turn(self, board: int, side: Side | None) -> None:
        if side is None:
            return
        turn = self._boards[board - 1].turn
        if _side(side) != turn:
            raise IllegalMoveError(f"it is {side_name(turn)}'s turn on board {board}")

    def _winner_of_pending(self, board: int, side: Side | None) -> Side:
        self._board(board)
        winner = self._pending.get(board)
        if winner is None:
            raise IllegalMoveError(f"board {board} has no victory transfer pending")
        if side is not None and _side(side) != winner:
            raise IllegalMoveError(
                f"only {side_name(winner)}, who won board {board}, decides its victory transfer"
            )
        return winner

    def _resolve_ride(self, board: int, text: RideText, side: Side, *, king_safety: bool) -> _Ride:
        """Find the one ride text means, or raise why there is none."""
        origin = self._boards[board - 1]
        if text.piece == "K":
            raise IllegalMoveError("kings may not ride the elevators")
        index = origin.elevator_index(text.square)
        if index is None:
            squares = ", ".join(origin.elevators)
            raise IllegalMoveError(
                f"{text.square} is not an elevator square on board {board} "
                f"(its elevators are {squares})"
            )
        piece = origin.elevator_piece(index)
        if piece is not None and text.piece is not None and piece.kind != text.piece:
            raise IllegalMoveError(
                f"the piece on {text.square} on board {board} is a {piece.describe()}, "
                f"not a {kind_name(text.piece)}"
            )
        refusal = origin.ride_refusal(index, side, king_safety=king_safety)
        if refusal is not None:
            raise IllegalMoveError(refusal)
        if piece is None:
            raise AssertionError("ride_refusal lets no empty square ride")
        directions = DIRECTIONS if text.direction is None else (text.direction,)
        found, problems = self._landings(board, index, piece, directions, text.board)
        if not found:
            raise IllegalMoveError("; ".join(problems))
        if len(found) > 1:
            names = " or ".join(self._ride_name(board, ride) for ride in found)
            raise AmbiguousMoveError(
                f"the {piece.name} on {text.square} can ride up or down from board {board}: "
                f"write {names}"
            )
        return found[0]

    def _landings(
        self,
        board: int,
        index: int,
        piece: Piece,
        directions: Sequence[Direction],
        wanted: int | None = None,
    ) -> tuple[list[_Ride], list[str]]:
        """Return the rides of piece from elevator index that land, and why the others don't.

        wanted, when given, is the board the rider named. In a small ring up and down may
        land on the same board: that is one ride, kept in its first direction.
        """
        found: list[_Ride] = []
        problems: list[str] = []
        for direction in directions:
            target = self._shaft.reach(board, direction)
            if target is None:
                problems.append(self._shaft.blocked(board, direction))
            elif wanted is not None and target != wanted:
                problems.append(
                    f"a ride {direction} from board {board} lands on board {target}, "
                    f"not board {wanted}"
                )
            elif refusal := self._boards[target - 1].arrival_refusal(index, piece):
                problems.append(refusal)
            elif all(other != target for _, _, other in found):
                found.append((index, direction, target))
        return found, problems

    def _rides(self, board: int, side: Side, *, king_safety: bool) -> list[_Ride]:
        """Return every ride side may make from board now."""
        origin = self._boards[board - 1]
        rides: list[_Ride] = []
        for index in range(len(origin.elevators)):
            piece = origin.elevator_piece(index)
            if piece is None or origin.ride_refusal(index, side, king_safety=king_safety):
                continue
            rides += self._landings(board, index, piece, DIRECTIONS)[0]
        return rides

    def _claimable(self, board: int) -> Ending | None:
        """Return the draw the side to move on an open board may claim, rides counting."""
        playing = self._boards[board - 1]
        # A ride matters only to a side with no normal move: python-chess counts those.
        can_ride = not playing.has_moves() and bool(
            self._rides(board, playing.turn, king_safety=True)
        )
        return playing.claimable_draw(can_ride=can_ride)

    def _ride_name(self, board: int, ride: _Ride) -> str:
        index, direction, target = ride
        origin = self._boards[board - 1]
        piece = origin.elevator_piece(index)
        kind = piece.kind if piece is not None else "?"
        return ride_notation(kind, origin.elevators[index], direction, target)

    # ----------------------------------------------------------------- changes

    def _act(self, change: Callable[[], None]) -> list[Event]:
        """Run a validated change and everything it causes; return the new events."""
        start = len(self._events)
        endings = len(self._endings)
        try:
            change()
            self._settle(len(self._endings) != endings)
        except BaseException:
            # Validation came first, so this is a defect: rebuild the match from its log
            # so that the failed action leaves no trace, then let the error be seen.
            logger.exception("an action failed half-way; rebuilding the match from its log")
            self._rebuild(_action_groups(self._events[:start]))
            raise
        return self._events[start:]

    def _move(self, board: int, uci: str) -> None:
        playing = self._boards[board - 1]
        before = playing.elevator_occupancy()
        played = playing.push(uci)
        self._events.append(Moved(board, played.side, played.fullmove, played.uci, played.san))
        if played.took_king:
            self._end(board, played.side, Ending.KING_CAPTURE)
            return
        self._dirty.append(board)
        if playing.elevator_occupancy() != before:
            self._mark_neighbours(board)

    def _ride(self, board: int, ride: _Ride) -> None:
        index, direction, target = ride
        origin = self._boards[board - 1]
        side = origin.turn
        fullmove = origin.fullmove
        piece = origin.depart(index)
        square = origin.elevators[index]
        self._events.append(Rode(board, side, fullmove, piece.kind, square, direction, target))
        self._arrive(target, index, piece, board)
        self._dirty.extend((board, target))
        self._mark_neighbours(board)
        self._mark_neighbours(target)

    def _transfer(self, board: int, ride: _Ride) -> None:
        index, direction, target = ride
        origin = self._boards[board - 1]
        piece = origin.elevator_piece(index)
        if piece is None:
            raise AssertionError(f"no piece to transfer from board {board}")
        square = origin.elevators[index]
        self._events.append(Transferred(board, piece.side, piece.kind, square, direction, target))
        self._arrive(target, index, piece, board)
        self._clear(board)
        self._dirty.append(target)
        self._mark_neighbours(target)

    def _arrive(self, board: int, index: int, piece: Piece, from_board: int) -> None:
        playing = self._boards[board - 1]
        playing.arrive(index, piece)
        to_move = playing.turn == piece.side
        self._events.append(
            Arrived(
                board,
                piece.side,
                piece.kind,
                playing.elevators[index],
                from_board,
                check=not to_move and playing.is_check(),
                king_capturable=to_move and playing.king_capturable(),
            )
        )

    def _decline(self, board: int, winner: Side) -> None:
        self._events.append(TransferDeclined(board, winner))
        self._clear(board)

    def _resign(self, board: int, loser: Side) -> None:
        self._events.append(Resigned(board, loser))
        self._end(board, opponent(loser), Ending.RESIGNATION)

    def _resign_match(self, boards: list[int], loser: Side) -> None:
        self._events.append(MatchResigned(loser))
        for board in boards:
            if self._shaft.is_open(board):  # another board's end may have closed it
                self._end(board, opponent(loser), Ending.RESIGNATION)

    def _agree_draw(self, board: int) -> None:
        self._events.append(DrawAgreed(board))
        self._end(board, None, Ending.AGREEMENT)

    def _claim_draw(self, board: int, side: Side, reason: Ending) -> None:
        self._events.append(DrawClaimed(board, side, reason.value))
        self._end(board, None, reason)

    def _adjudicate(self, board: int, result: str, reason: str, transfer: bool) -> None:
        self._events.append(Adjudicated(board, result, reason, transfer))
        self._end(board, winner_of(result), Ending.ADJUDICATION, offer_transfer=transfer)

    def _flag(self, board: int, loser: Side) -> None:
        self._events.append(Flagged(board, loser))
        winner = opponent(loser)
        if self._isolated(board) and not self._boards[board - 1].can_mate(winner):
            self._end(board, None, Ending.TIMEOUT_DRAW)
        else:
            self._end(board, winner, Ending.TIMEOUT)

    def _end(
        self, board: int, winner: Side | None, ending: Ending, *, offer_transfer: bool = True
    ) -> None:
        """Finish a board: close its floor, score it, and offer or skip its victory transfer."""
        neighbours = self._shaft.neighbours(board)
        self._shaft.close(board)
        result = result_for(winner)
        pending = (
            winner is not None
            and offer_transfer
            and bool(self._rides(board, winner, king_safety=False))
        )
        event = BoardEnded(board, result, ending.value, self._boards[board - 1].fen(), pending)
        self._endings[board] = event
        self._events.append(event)
        self._standings.record(board, result)
        if pending and winner is not None:
            self._pending[board] = winner
        else:
            self._clear(board)
        self._dirty.extend(neighbours)
        # Closing this floor may leave a pending transfer nearby with nowhere to go, ever.
        for nearby in self._shaft.nearby(board):
            if nearby in self._pending and not self._shaft.neighbours(nearby):
                self._clear(nearby)

    def _clear(self, board: int) -> None:
        """Empty a finished board; a transfer it still offered is gone with its pieces."""
        if self._pending.pop(board, None) is not None:
            self._dirty.extend(self._shaft.neighbours(board))
        self._boards[board - 1].clear()
        self._events.append(BoardCleared(board))

    def _mark_neighbours(self, board: int) -> None:
        """Recheck the boards that ride into board: their rides depend on its elevators."""
        self._dirty.extend(self._shaft.neighbours(board))

    def _settle(self, scored: bool) -> None:
        """End every board that the last change has ended, then see if the match is decided."""
        while self._dirty:
            board = self._dirty.popleft()
            if not self._shaft.is_open(board):
                continue
            ending = self._automatic_ending(board)
            if ending is not None:
                self._end(board, *ending)
                scored = True
        if scored and self._winners is None:
            self._winners = self._standings.winners()
            if self._winners is not None:
                self._events.append(MatchDecided(self._winners))

    def _automatic_ending(self, board: int) -> tuple[Side | None, Ending] | None:
        """Return how an open board has ended by itself, in python-chess's order, or None."""
        playing = self._boards[board - 1]
        if playing.king_capturable():
            # An arrival left a king en prise: taking it ends the board, and nothing may
            # end it first (a lone knight beside bare kings is no draw while it can do so).
            return None
        has_moves = playing.has_moves()
        if not has_moves and playing.is_check():
            return opponent(playing.turn), Ending.CHECKMATE
        if self._isolated(board) and playing.insufficient_material():
            return None, Ending.INSUFFICIENT_MATERIAL
        if not has_moves and not self._rides(board, playing.turn, king_safety=True):
            return None, Ending.STALEMATE
        draw = playing.automatic_draw()
        return None if draw is None else (None, draw)

    def _isolated(self, board: int) -> bool:
        """Tell whether no piece can ever arrive on board again."""
        if self._shaft.neighbours(board):
            return False
        return not any(
            board in self._shaft.neighbours(nearby)
            for nearby in self._shaft.nearby(board)
            if nearby in self._pending
        )


def _side(value: object) -> Side:
    for side in SIDES:
        if value == side:
            return side
    raise IllegalMoveError(f"a side is 'white' or 'black', not {shown(value)}")


def _misfit(boards: Sequence[Board], starts: Sequence[str], events: Sequence[Event]) -> str | None:
    """Say which board's position contradicts what the log records for it, if any."""
    last: dict[int, Event] = {}
    played: dict[int, Moved | Rode] = {}
    for event in events:
        number = getattr(event, "board", None)
        if isinstance(number, int):
            last[number] = event
            if isinstance(event, (Moved, Rode)):
                played[number] = event
    for number, event in last.items():
        if not 1 <= number <= len(boards):
            return f"the log names board {number}, which the match does not have"
        refusal = _state_refusal(boards[number - 1], event, played.get(number))
        if refusal is not None:
            return f"the state of board {number} does not fit the log: {refusal}"
    for number, (board, start) in enumerate(zip(boards, starts, strict=True), start=1):
        if number not in last and board.fen() != start:
            return f"the state of board {number} does not fit the log: it never moved"
    return None


def _state_refusal(board: Board, last: Event, played: Moved | Rode | None) -> str | None:
    """Say how a board's position contradicts the last event on it and its last move, if so."""
    placement = board.fen().split()[0]
    if isinstance(last, BoardCleared):
        return None if placement == _EMPTY else "the board should be empty"
    if played is not None:
        after = (
            ("black", played.fullmove) if played.side == "white" else ("white", played.fullmove + 1)
        )
        if (board.turn, board.fullmove) != after:
            return f"{board.turn} to move at move {board.fullmove}, not {after[0]} at {after[1]}"
    if isinstance(last, Moved):
        piece = board.piece_at(last.uci[2:4])
        if board.piece_at(last.uci[:2]) is not None or piece is None or piece.side != last.side:
            return f"its position does not show the move {last.uci}"
    elif isinstance(last, (Rode, Transferred)) and board.piece_at(last.square) is not None:
        return f"{last.square} should be empty after the ride"
    elif isinstance(last, Arrived) and board.piece_at(last.square) != Piece(last.piece, last.side):
        return f"the {last.side} {kind_name(last.piece)} is not on {last.square}"
    elif isinstance(last, BoardEnded) and placement != last.fen.split()[0]:
        return "its position is not the one the board ended in"
    return None


def _action_groups(events: Sequence[Event]) -> list[list[Event]]:
    """Split a log into actions, each with the events it caused."""
    groups: list[list[Event]] = []
    for event in events:
        if event.ACTION:
            groups.append([event])
        elif groups:
            groups[-1].append(event)
        else:
            raise RecordError(f"the log starts with {event}, which is not an action")
    return groups
