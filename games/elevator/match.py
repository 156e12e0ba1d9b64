"""An Elevator Chess match: boards joined by elevators, and everything that crosses them.

What any game of boards does (the log, undo, records, resignations, draws, flags, the
endings of a board) comes from games.core.boardgame.BoardGame; this module adds the
shaft, rides, arrivals, victory transfers, teams and standings, and the match decided.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

from games.core.board import Board, Played
from games.core.boardgame import BoardGame, Change, side_of
from games.core.capabilities import TransfersSettled
from games.core.errors import IllegalMoveError, shown
from games.core.picks import Pick
from games.core.pieces import Piece, Side, kind_name, opponent, side_name
from games.core.results import Ending
from games.core.told import Size
from games.elevator.alice import Alice
from games.elevator.automatic import Automatic
from games.elevator.config import FIDE_ARMIES, MatchConfig
from games.elevator.events import (
    Arrived,
    BoardCleared,
    BoardEnded,
    Event,
    Held,
    MatchDecided,
    MatchResigned,
    Rode,
    TeamResigned,
    TransferDeclined,
    Transferred,
)
from games.elevator.floors import FIDE_KINDS, FLOORS
from games.elevator.modes import Mode
from games.elevator.notation import parse_ride, ride_pick
from games.elevator.parts import Parts
from games.elevator.pgn import board_pgn
from games.elevator.rides import Ride, Rides
from games.elevator.shaft import DIRECTIONS, Direction, Shaft
from games.elevator.standings import Standings
from games.elevator.starting import MatchStarts
from games.elevator.teams import seats_of, team_order
from games.elevator.transfers import VictoryTransfers, settled_by

# the rules of each mode, by its name in MatchConfig.mode
MODES: Final[dict[str, type[Mode]]] = {"standard": Mode, "alice": Alice, "automatic": Automatic}

RECORD_FORMAT: Final = "elevator-chess-match"
RECORD_VERSION: Final = 1


class Match(MatchStarts, BoardGame[MatchConfig]):
    """An Elevator Chess match of 1 to 1,000 boards in a line or a ring.

    Boards are numbered from 1. Every action validates completely before it changes
    anything, so a refused action (IllegalMoveError) leaves the match exactly as it was.
    Each accepted action returns the events it appended to the match's log.
    """

    KIND = "elevator"
    NOUN = "match"
    TITLE = "Elevator Chess"
    RECORD_FORMAT = RECORD_FORMAT
    RECORD_VERSION = RECORD_VERSION
    MOVE_EXAMPLES = "Nf3 or Ne4^2"
    # two boards, a few, many: games players count apart
    SIZES = (
        Size("2", 2, "two boards"),
        Size("3-6", 6, "three to six boards"),
        Size("7+", None, "seven or more boards"),
    )
    RESETS = "capture, pawn move, ride or arrival"

    def __init__(
        self,
        boards: int = 2,
        layout: str = "line",
        start_fens: Sequence[str] | None = None,
        elevators: Sequence[Sequence[str]] | None = None,
        teams: Sequence[Sequence[str]] | None = None,
        rules: Sequence[str] | None = None,
        armies: Sequence[Sequence[str]] | None = None,
        mode: str = "standard",
    ) -> None:
        self._set_up(
            MatchConfig.create(boards, layout, start_fens, elevators, teams, rules, armies, mode)
        )

    def _set_up(self, config: MatchConfig, boards: list[Board] | None = None) -> None:
        super()._set_up(config, boards)
        self._shaft = Shaft(config.boards, config.layout)
        self._standings = Standings([config.teams_of(n) for n in range(1, config.boards + 1)])
        self._winners: tuple[str, ...] | None = None
        self._rides = Rides(self._boards, self._shaft)
        parts = Parts(
            game=self,
            boards=self._boards,
            events=self._events,
            dirty=self._dirty,
            shaft=self._shaft,
            rides=self._rides,
            board=self._board,
            move=self._move,
            has_moves=self._has_moves,
            end=self._end,
            settle=self._settle,
            arrive=self._arrive,
            mark_neighbours=self._mark_neighbours,
        )
        self._transfers = VictoryTransfers(parts)
        self._mode = MODES[config.mode](parts)
        if config.start_fens is not None:
            self._refuse_finished_starts()

    def _start_fen(self, board: int) -> str | None:
        return self._config.fen(board)

    def _new_boards(self, config: MatchConfig) -> Iterator[Board]:
        return (FLOORS[config.rules_of(spec.number)].make(spec) for spec in config.floors())

    @classmethod
    def _config_from_dict(cls, data: Any) -> MatchConfig:
        return MatchConfig.from_dict(data)

    # ----------------------------------------------------------------- reading

    @property
    def layout(self) -> str:
        """Return 'line' or 'ring'."""
        return self._config.layout

    def turn(self, board: int) -> Side:
        """Return the side to move on a board; on a finished one, as its last position has it.

        Unlike the Game protocol's None, a finished board answers too, as callers have
        always read it: tell a finished board by is_open.
        """
        return self._board(board).turn

    def rules(self, board: int) -> str:
        """Return the rules a board plays by: 'fide', or another kind of floor."""
        self._board(board)
        return self._config.rules_of(board)

    def team(self, board: int, side: Side) -> str:
        """Return the team playing side on a board."""
        self._board(board)
        white, black = self._config.teams_of(board)
        return white if side_of(side) == "white" else black

    def teams(self) -> tuple[str, ...]:
        """Return the match's teams, White's first, in the order they were named."""
        return team_order(self._team_pairs())

    def seats_of(self, team: str) -> list[tuple[int, Side]]:
        """Return the boards a team plays, each with the colour it plays there."""
        return seats_of(self._team_pairs(), team)

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

    def is_ride(self, text: str) -> bool:
        """Tell whether a move's text is written as a ride (Ne4^3), legal or not."""
        try:
            return parse_ride(text) is not None
        except IllegalMoveError:  # a ride to a board number no match can have
            return True

    @property
    def mode(self) -> str:
        """Return how turns and elevators work: 'standard', 'alice' or 'automatic'."""
        return self._config.mode

    @property
    def holds_moves(self) -> bool:
        """Tell whether moves are held until given on every board (Automatic Elevator Chess)."""
        return self._config.mode == "automatic"

    def plays_fide(self, board: int) -> bool:
        """Tell whether a board is a FIDE floor with FIDE's armies and pieces, and no mode
        that moves pieces off it (Alice's quiet moves pass to the other board)."""
        config = self._config
        return (
            config.mode != "alice"
            and config.rules_of(board) == "fide"
            and config.armies_of(board) == FIDE_ARMIES
            and config.kinds() <= FIDE_KINDS
        )

    def described(self) -> str | None:
        """Say in a line which of Betza's variants the match plays, or None for the core game."""
        return self.variant_of(self._config)

    def passes_to(self, board: int) -> int | None:
        """Return the board a move capturing nothing passes to (Alice's mode), or None."""
        self._board(board)
        return self._mode.passes_to(board)

    def held_moves(self) -> dict[int, str]:
        """Return the moves given and not yet played this turn, by board (Automatic only)."""
        return self._mode.held_moves()

    def awaiting(self) -> list[int]:
        """Return the boards still waiting for the side to move's move (Automatic only)."""
        return self._mode.awaiting()

    def pending_transfer(self, board: int) -> Side | None:
        """Return the winner who may still make a board's victory transfer, or None."""
        self._board(board)
        return self._transfers.winner(board)

    def transfer_options(self, board: int) -> list[str]:
        """Return the rides open to the winner of a just-won board; [] when none is pending."""
        self._board(board)
        return self._transfers.options(board)

    def transfer_picks(self, board: int) -> list[Pick]:
        """Return the rides open to a just-won board's winner as a menu names them."""
        return self._ride_picks(board, self.transfer_options(board))

    def score(self) -> tuple[float, float]:
        """Return the points won with White and with Black over the finished boards."""
        return self._standings.colour_score()

    def team_scores(self) -> dict[str, float]:
        """Return each team's points, in the order of teams()."""
        points = self._standings.team_points()
        return {team: points[team] for team in self.teams()}

    def decided(self) -> bool:
        """Tell whether the match result can no longer change."""
        return self._winners is not None

    def winners(self) -> tuple[str, ...]:
        """Return the winning team (several when shared) once decided, else ()."""
        return self._winners or ()

    def pgn(self, board: int, headers: Mapping[str, str] | None = None) -> str:
        """Return one board's game as PGN, rides and arrivals included."""
        self._board(board)
        return board_pgn(self, board, headers or {})

    # ----------------------------------------------------------------- actions

    def transfer(self, board: int, text: str, *, side: Side | None = None) -> list[Event]:
        """Make the victory transfer of a just-won board: one ride, such as Qd4v1."""
        return self._act(self._transfers.make(board, text, side))

    def skip_transfer(self, board: int, *, side: Side | None = None) -> list[Event]:
        """Decline the victory transfer of a just-won board, which is then cleared."""
        return self._act(self._transfers.skip(board, side))

    def transfers_settled(self, events: Sequence[Event]) -> TransfersSettled:
        """Say which boards events cleared, and whose victory transfers they made or let go."""
        return settled_by(events)

    def resign_match(self, side: Side) -> list[Event]:
        """Resign every board still being played for side, as one action taken back as one."""
        loser = side_of(side)
        boards = [board for board in range(1, self.boards + 1) if self._shaft.is_open(board)]
        if not boards:
            raise IllegalMoveError("no board is still being played: there is nothing to resign")
        return self._act(lambda: self._resign_match(boards, loser))

    def resign_team(self, team: str) -> list[Event]:
        """Resign every board still being played by a team, as one action taken back as one."""
        if team not in self.teams():
            names = ", ".join(self.teams())
            raise IllegalMoveError(f"there is no team {shown(team)} in this match: {names}")
        boards = [b for b, _ in self.seats_of(team) if self._shaft.is_open(b)]
        if not boards:
            raise IllegalMoveError(f"{team} plays no board that is still being played")
        return self._act(lambda: self._resign_team(team))

    # ----------------------------------------------------------------- hooks

    def _special_move(self, board: int, text: str) -> Change | None:
        ride_text = parse_ride(text)
        if ride_text is None:
            return None
        if not self._mode.RIDES:
            raise IllegalMoveError(
                f"there are no rides in {self._mode.TITLE}: {self._mode.NO_RIDES}"
            )
        side = self._boards[board - 1].turn
        ride = self._rides.resolve(board, ride_text, side, king_safety=True)
        return lambda: self._ride(board, ride)

    def _special_moves(self, board: int, side: Side) -> list[str]:
        if not self._mode.RIDES:
            return []
        return self._rides.names(board, side, king_safety=True)

    def _special_picks(self, board: int, side: Side) -> list[Pick]:
        return self._ride_picks(board, self._special_moves(board, side))

    def _ride_picks(self, board: int, names: list[str]) -> list[Pick]:
        """Return rides from a board, written in full, as a menu names them."""
        found = []
        for name in names:
            ride = parse_ride(name)
            piece = None if ride is None else self._board(board).piece_at(ride.square)
            if piece is not None:
                found.append(ride_pick(name, piece.kind))
        return found

    def _offers_transfer(self, board: int, winner: Side) -> bool:
        return bool(self._rides.open_to(board, winner, king_safety=False))

    def _read(self, board: int, playing: Board, text: str) -> Change:
        special = self._special_move(board, text)
        if special is not None:
            return special
        return self._mode.move(board, playing.parse_move(text))

    def _normal_moves(self, board: int) -> list[str]:
        return self._mode.normal_moves(board)

    def _has_moves(self, board: int) -> bool:
        return self._mode.has_moves(board)

    def _boards_ended(self) -> None:
        self._mode.boards_ended()
        if self._winners is None:
            self._winners = self._standings.winners()
            if self._winners is not None:
                self._events.append(MatchDecided(self._winners))

    def _apply(self, action: Event) -> list[Event]:
        if isinstance(action, Rode):
            return self.play(action.board, action.notation, side=action.side)
        if isinstance(action, Transferred):
            return self.transfer(action.board, action.notation, side=action.side)
        if isinstance(action, TransferDeclined):
            return self.skip_transfer(action.board, side=action.side)
        if isinstance(action, MatchResigned):
            return self.resign_match(action.side)
        if isinstance(action, Held):
            return self.play(action.board, action.uci, side=action.side)
        if isinstance(action, TeamResigned):
            return self.resign_team(action.team)
        return super()._apply(action)

    def _recall(self, event: Event) -> None:
        super()._recall(event)
        self._mode.recall(event)
        self._transfers.recall(event)
        if isinstance(event, BoardEnded):
            self._shaft.close(event.board)
            self._standings.record(event.board, event.result)
        elif isinstance(event, MatchDecided):
            self._winners = event.winners

    def _turn_used(self, event: Event) -> tuple[Side, int] | None:
        if isinstance(event, Rode):
            return event.side, event.fullmove
        return super()._turn_used(event)

    def _state_refusal(
        self, board: Board, last: Event, played: tuple[Side, int] | None
    ) -> str | None:
        refusal = self._mode.state_refusal(board, last)
        if refusal is not None:
            return refusal
        if isinstance(last, BoardCleared):
            empty = all(board.piece_at(square) is None for square in board.shape.squares)
            return None if empty else "the board should be empty"
        if isinstance(last, (Rode, Transferred)) and board.piece_at(last.square) is not None:
            return f"{last.square} should be empty after the ride"
        if isinstance(last, Arrived) and board.piece_at(last.square) != last.arriving:
            return f"the {last.side} {kind_name(last.piece)} is not on {last.square}"
        return super()._state_refusal(board, last, played)

    # ----------------------------------------------------------------- checks

    def _open(self, board: int) -> Board:
        try:
            return super()._open(board)
        except IllegalMoveError:
            winner = self._transfers.winner(board) if isinstance(board, int) else None
            if winner is None:
                raise
            raise IllegalMoveError(
                f"board {board} is finished: {side_name(winner)} may make a victory "
                "transfer or skip it"
            ) from None

    def _check_direction(self, board: int, direction: Direction) -> None:
        self._board(board)
        if direction not in DIRECTIONS:
            raise IllegalMoveError(f"a direction is 'up' or 'down', not {shown(direction)}")

    # ----------------------------------------------------------------- changes

    def _move(self, board: int, uci: str) -> Played:
        playing = self._boards[board - 1]
        before = playing.elevator_occupancy()
        played = super()._move(board, uci)
        if not played.took_king and playing.elevator_occupancy() != before:
            self._mark_neighbours(board)
        return played

    def _end(
        self, board: int, winner: Side | None, ending: Ending, *, offer_transfer: bool = True
    ) -> BoardEnded:
        """Finish a board: close its floor, score it, and offer or skip its victory transfer."""
        neighbours = self._shaft.neighbours(board)
        self._shaft.close(board)
        event = super()._end(board, winner, ending, offer_transfer=offer_transfer)
        self._standings.record(board, event.result)
        self._transfers.offer(event)
        self._dirty.extend(neighbours)
        # Closing this floor may leave a pending transfer nearby with nowhere to go, ever.
        self._transfers.drop_stranded(board)
        return event

    def _ride(self, board: int, ride: Ride) -> None:
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

    def _resign_match(self, boards: list[int], loser: Side) -> None:
        self._events.append(MatchResigned(loser))
        for board in boards:
            if self._shaft.is_open(board):  # another board's end may have closed it
                self._end(board, opponent(loser), Ending.RESIGNATION)

    def _resign_team(self, team: str) -> None:
        self._events.append(TeamResigned(team))
        for board, side in self.seats_of(team):
            if self._shaft.is_open(board):  # finished before, or closed by another's end
                self._end(board, opponent(side), Ending.RESIGNATION)

    def _team_pairs(self) -> list[tuple[str, str]]:
        return [self._config.teams_of(n) for n in range(1, self.boards + 1)]

    def _mark_neighbours(self, board: int) -> None:
        """Recheck the boards that ride into board: their rides depend on its elevators."""
        self._dirty.extend(self._shaft.neighbours(board))

    def _isolated(self, board: int) -> bool:
        """Tell whether no piece can ever arrive on board again."""
        return not self._shaft.neighbours(board) and not self._transfers.may_reach(board)
