"""What every game of one or more boards shares: its log, acting with rollback, undo,
resignations, draws, flags, adjudication and the automatic endings of a board.

A game subclasses BoardGame (records and history come with it, from GameRecords) and,
as python-chess's variants do, overrides a few small hooks: the boards it is set up
with, moves of its own kinds, whether a piece can still reach a board, and what else
follows the end of a board.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Mapping
from functools import partial
from typing import ClassVar, Final

from games.core import pgn
from games.core.board import Board, Played
from games.core.errors import IllegalMoveError, MatchConfigError, shown
from games.core.events import (
    Adjudicated,
    BoardEnded,
    DrawAgreed,
    DrawClaimed,
    Event,
    Flagged,
    Moved,
    Resigned,
)
from games.core.geometry import Shape
from games.core.log import action_groups
from games.core.picks import Pick, normal_picks, other_picks
from games.core.pieces import SIDES, Piece, Side, opponent, side_name
from games.core.reading import read_move
from games.core.records import ConfigT
from games.core.results import (
    BLACK_WINS,
    FINAL_RESULTS,
    UNFINISHED,
    WHITE_WINS,
    Ending,
    points,
    result_for,
    winner_of,
)
from games.core.starts import Starts
from games.core.told import Told

# the action that finishes a turn of many actions (MANY_ACTIONS): its move's notation
END_OF_TURN: Final = "end"
logger = logging.getLogger(__name__)

Change = Callable[[], object]  # a validated change; what it returns is ignored


class BoardGame(Starts[ConfigT], Told):
    """A game of one or more boards, numbered from 1, and the log of all that happened.

    Every action validates completely before it changes anything, so a refused action
    (IllegalMoveError) leaves the game exactly as it was. Each accepted action returns
    the events it appended to the log.
    """

    MOVE_EXAMPLES: ClassVar[str] = "Nf3"  # what a move looks like, for a refusal
    RESETS: ClassVar[str] = "capture or pawn move"  # what starts the fifty moves afresh
    MANY_ACTIONS: ClassVar[bool] = False  # a turn is several actions, the last of them `end`
    PGN_VARIANT: ClassVar[str | None] = None  # the PGN Variant tag, for games PGN readers lack

    _boards: list[Board]
    _endings: dict[int, BoardEnded]
    _dirty: deque[int]  # boards an action may have ended, to look at before it returns

    def _set_up(self, config: ConfigT, boards: list[Board] | None = None) -> None:
        self._config = config
        self._boards = list(self._new_boards(config)) if boards is None else boards
        self._endings = {}
        self._events = []
        self._dirty = deque()

    def _refuse_finished_starts(self) -> None:
        """Refuse start positions that are already over."""
        for number in range(1, len(self._boards) + 1):
            ending = self._automatic_ending(number)
            if ending is not None:
                raise MatchConfigError(
                    f"the position given for board {number} is already over: {ending[1]}"
                )

    # ----------------------------------------------------------------- hooks

    def _special_move(self, board: int, text: str) -> Change | None:
        """Return the change a move of the game's own kind (a ride) makes, if text is one."""
        return None

    def _special_moves(self, board: int, side: Side) -> list[str]:
        """Return the moves of the game's own kinds side may make on a board."""
        return []

    def _special_picks(self, board: int, side: Side) -> list[Pick]:
        """Return the moves of the game's own kinds side may make on a board, as picks."""
        return []

    def _isolated(self, board: int) -> bool:
        """Tell whether no piece can ever arrive on board again."""
        return True

    def _offers_transfer(self, board: int, winner: Side) -> bool:
        """Tell whether the winner of a board just ended may still act on it."""
        return False

    def _boards_ended(self) -> None:
        """Follow an action that ended one board or more (a match decided)."""

    def _start_fen(self, board: int) -> str | None:
        """Return the position a board started from, or None for the game's own start."""
        return None

    def start_fens(self) -> tuple[str, ...] | None:
        """Return the positions the boards started from, or None for the game's own start.

        A game is set up with a position for every board or for none (MatchConfig's
        start_fens, StartConfig's fen).
        """
        fens = [self._start_fen(board) for board in range(1, len(self._boards) + 1)]
        given = tuple(fen for fen in fens if fen is not None)
        return given if given and len(given) == len(fens) else None

    def _normal_moves(self, board: int) -> list[str]:
        """Return the side to move's normal moves on an open board, in SAN."""
        return self._boards[board - 1].legal_moves()

    def _has_moves(self, board: int) -> bool:
        """Tell whether the side to move on an open board has a normal move."""
        return self._boards[board - 1].has_moves()

    # ----------------------------------------------------------------- reading

    @property
    def boards(self) -> int:
        """Return the number of boards."""
        return len(self._boards)

    def fen(self, board: int) -> str:
        """Return a board's position as FEN."""
        return self._board(board).fen()

    def turn(self, board: int) -> Side | None:
        """Return the side to move on a board, or None once the board is over."""
        return self._board(board).turn if self.is_open(board) else None

    def side_to_move(self, board: int) -> Side:
        """Return whose move it is on a board, or was when it ended."""
        return self._board(board).turn

    def piece_at(self, board: int, square: str) -> Piece | None:
        """Return the piece on a square of a board."""
        return self._board(board).piece_at(square)

    def shape(self, board: int) -> Shape:
        """Return the cells of a board."""
        return self._board(board).shape

    def elevators(self, board: int) -> tuple[str, ...]:
        """Return a board's elevator squares, in connection order."""
        return self._board(board).elevators

    def staircases(self, board: int) -> tuple[tuple[str, ...], ...]:
        """Return a board's staircases, the squares each carries pieces along, in travel order."""
        return self._board(board).staircases

    def is_check(self, board: int) -> bool:
        """Tell whether the side to move on an open board is in check."""
        return self.is_open(board) and self._boards[board - 1].is_check()

    def king_capturable(self, board: int) -> bool:
        """Tell whether the side to move on an open board may take the enemy king."""
        return self.is_open(board) and self._boards[board - 1].king_capturable()

    def is_open(self, board: int) -> bool:
        """Tell whether a board is still being played."""
        self._board(board)
        return board not in self._endings

    def is_closed(self, board: int) -> bool:
        """Tell whether a board has finished."""
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

    def legal_moves(self, board: int) -> list[str]:
        """Return the side to move's moves on a board: SAN, then the game's own kinds."""
        playing = self._board(board)
        if board in self._endings:
            return []
        return self._normal_moves(board) + self._special_moves(board, playing.turn)

    def picks(self, board: int) -> list[Pick]:
        """Return the side to move's legal moves on a board as a picker offers them."""
        playing = self._board(board)
        if board in self._endings:
            return []
        found = normal_picks(playing, self._normal_moves(board))
        found += self._special_picks(board, playing.turn)
        return found + other_picks(self.legal_moves(board), found)

    def long_moves(self, board: int) -> list[str]:
        """Return the side to move's moves on a board in a long form players may also type.

        None unless the game has such a form beside its short one (Ben Good's 2b1-2c3).
        """
        self._board(board)
        return []

    def claimable_draw(self, board: int) -> str | None:
        """Return the draw the side to move on a board may claim now, or None."""
        self._board(board)
        if board in self._endings:
            return None
        return self._claimable(board)

    def score(self) -> tuple[float, float]:
        """Return the points won with White and with Black over the finished boards."""
        results = [ending.result for ending in self._endings.values()]
        return sum(points(r, "white") for r in results), sum(points(r, "black") for r in results)

    def result(self) -> str:
        """Return the result by colour once every board is finished, else '*'."""
        if len(self._endings) < self.boards:
            return UNFINISHED
        white, black = self.score()
        return WHITE_WINS if white > black else BLACK_WINS if black > white else result_for(None)

    def pgn(self, board: int, headers: Mapping[str, str] | None = None) -> str:
        """Return one board's game as PGN; headers add to or replace the default tags."""
        self._board(board)
        tags = {
            **pgn.default_tags(event=f"{self.TITLE} game"),
            **pgn.checked_headers({} if headers is None else headers),
            "Result": self.board_result(board),
            **({} if self.PGN_VARIANT is None else {"Variant": self.PGN_VARIANT}),
            **pgn.ending_tags(self._endings.get(board), self._start_fen(board)),
        }
        return pgn.write_pgn(self._events, board, tags, turns=self.MANY_ACTIONS)

    # ----------------------------------------------------------------- actions

    def play(self, board: int, text: str, *, side: Side | None = None) -> list[Event]:
        """Play a move on a board, in SAN or UCI or as the game writes its own kinds.

        A move in the wrong case (nf3, o-o) is read as the one legal move it can only mean.

        side, when given, is who is trying to move; it must be the side to move.
        Raises IllegalMoveError, with a message a player can act on, if it cannot be played.
        """
        playing = self._open(board)
        self._check_turn(board, side)
        if not isinstance(text, str):
            raise IllegalMoveError(
                f"a move is text such as {self.MOVE_EXAMPLES}, not {shown(text)}"
            )
        legal = partial(self.legal_moves, board)
        return self._act(read_move(text, board, partial(self._read, board, playing), legal))

    def play_turn(self, board: int, text: str, *, side: Side | None = None) -> list[Event]:
        """Play what text says and finish the turn: in most games one move is the turn."""
        return self.play(board, text, side=side)

    def _read(self, board: int, playing: Board, text: str) -> Change:
        """Return the change the move text names makes, or refuse it."""
        special = self._special_move(board, text)
        if special is not None:
            return special
        uci = playing.parse_move(text)
        return lambda: self._move(board, uci)

    def resign(self, board: int, side: Side) -> list[Event]:
        """Resign a board for side; the opponent wins it."""
        self._open(board)
        loser = side_of(side)
        return self._act(lambda: self._resign(board, loser))

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
                "three times, and fifty moves have not passed since the last "
                f"{self.RESETS}"
            )
        return self._act(lambda: self._claim_draw(board, playing.turn, reason))

    def adjudicate(
        self, board: int, result: str, reason: str, *, transfer: bool = True
    ) -> list[Event]:
        """End a board with a given result; transfer: the winner keeps what a win offers."""
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
        loser = side_of(side)
        if loser != playing.turn:
            raise IllegalMoveError(
                f"only the side to move can run out of time, and it is "
                f"{side_name(playing.turn)}'s turn on board {board}"
            )
        return self._act(lambda: self._flag(board, loser))

    def undo(self, count: int = 1) -> list[Event]:
        """Take back the last count actions with all they caused; return the removed events."""
        removed = self.last_actions(count)
        self._rebuild(action_groups(self._events[: len(self._events) - len(removed)]))
        return removed

    def last_actions(self, count: int = 1) -> list[Event]:
        """Return the events undo(count) would take back, changing nothing."""
        groups = action_groups(self._events)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise IllegalMoveError(
                f"the number of actions to undo must be 1 or more, not {shown(count)}"
            )
        if count > len(groups):
            raise IllegalMoveError(
                f"only {len(groups)} action{'s' if len(groups) != 1 else ''} can be undone"
            )
        return [event for group in groups[-count:] for event in group]

    def _apply(self, action: Event) -> list[Event]:
        """Take an action again as the log records it."""
        if isinstance(action, Moved):
            return self.play(action.board, action.uci, side=action.side)
        if isinstance(action, Resigned):
            return self.resign(action.board, action.side)
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
        return super()._apply(action)

    def _recall(self, event: Event) -> None:
        if isinstance(event, BoardEnded):
            self._endings[event.board] = event

    # ----------------------------------------------------------------- changes

    def _act(self, change: Change) -> list[Event]:
        """Run a validated change and everything it causes; return the new events."""
        start = len(self._events)
        endings = len(self._endings)
        try:
            change()
            self._settle()
            if len(self._endings) != endings:
                self._boards_ended()
        except BaseException:
            # Validation came first, so this is a defect: rebuild the game from its log
            # so that the failed action leaves no trace, then let the error be seen.
            logger.exception("an action failed half-way; rebuilding the game from its log")
            self._rebuild(action_groups(self._events[:start]))
            raise
        return self._events[start:]

    def _move(self, board: int, uci: str) -> Played:
        playing = self._boards[board - 1]
        played = playing.push(uci)
        self._events.append(Moved(board, played.side, played.fullmove, played.uci, played.san))
        if played.took_king:
            self._end(board, played.side, Ending.KING_CAPTURE)
        else:
            self._dirty.append(board)
        return played

    def _resign(self, board: int, loser: Side) -> None:
        self._events.append(Resigned(board, loser))
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
    ) -> BoardEnded:
        """Finish a board: record its result, and whether its winner may still act there."""
        pending = offer_transfer and winner is not None and self._offers_transfer(board, winner)
        event = BoardEnded(
            board, result_for(winner), ending.value, self._boards[board - 1].fen(), pending
        )
        self._endings[board] = event
        self._events.append(event)
        return event

    def _settle(self) -> None:
        """End every board that the last change has ended."""
        while self._dirty:
            board = self._dirty.popleft()
            if board in self._endings:
                continue
            ending = self._automatic_ending(board)
            if ending is not None:
                self._end(board, *ending)

    def _automatic_ending(self, board: int) -> tuple[Side | None, Ending] | None:
        """Return how an open board has ended by itself, in python-chess's order, or None."""
        playing = self._boards[board - 1]
        if playing.king_capturable():
            # An arrival left a king en prise: taking it ends the board, and nothing may
            # end it first (a lone knight beside bare kings is no draw while it can do so).
            return None
        has_moves = self._has_moves(board)
        if not has_moves and playing.is_check():
            return opponent(playing.turn), Ending.CHECKMATE
        if self._isolated(board) and playing.insufficient_material():
            return None, Ending.INSUFFICIENT_MATERIAL
        if not has_moves and not self._special_moves(board, playing.turn):
            return None, Ending.STALEMATE
        draw = playing.automatic_draw()
        return None if draw is None else (None, draw)

    def _claimable(self, board: int) -> Ending | None:
        """Return the draw the side to move on an open board may claim, special moves counting."""
        playing = self._boards[board - 1]
        # A special move matters only to a side with no normal move: python-chess counts those.
        can_ride = not self._has_moves(board) and bool(self._special_moves(board, playing.turn))
        return playing.claimable_draw(can_ride=can_ride)

    # ----------------------------------------------------------------- checks

    def _board(self, board: int) -> Board:
        if isinstance(board, bool) or not isinstance(board, int):
            raise IllegalMoveError(f"a board is numbered 1 to {self.boards}, not {shown(board)}")
        if not 1 <= board <= len(self._boards):
            raise IllegalMoveError(
                f"there is no board {shown(board)}: this {self.NOUN} has boards 1 to {self.boards}"
            )
        return self._boards[board - 1]

    def _open(self, board: int) -> Board:
        playing = self._board(board)
        if board in self._endings:
            raise IllegalMoveError(f"board {board} is finished")
        return playing

    def _check_turn(self, board: int, side: Side | None) -> None:
        if side is None:
            return
        turn = self._boards[board - 1].turn
        if side_of(side) != turn:
            raise IllegalMoveError(f"it is {side_name(turn)}'s turn on board {board}")


def side_of(value: object) -> Side:
    """Return value as a side, or refuse it."""
    for side in SIDES:
        if value == side:
            return side
    raise IllegalMoveError(f"a side is 'white' or 'black', not {shown(value)}")
