"""What an accepted action announces, and where: the notices for a match's new events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from bot.hosted import Hosted, pending_transfer, scores, transfer_labels, transfer_options
from bot.lobby import Roster
from bot.notices import (
    OVERVIEW,
    ArrivalShown,
    BoardImage,
    BoardResult,
    BoardShown,
    BoardsResult,
    Decided,
    DrawDeclined,
    FlagNews,
    Notice,
    ReplayShown,
    Result,
    RideNews,
    TransferGone,
    TransferLapsed,
    TransferPrompt,
    TransferSkipped,
    TransferVoid,
    board_place,
    team_place,
    user_place,
)
from bot.places import Place
from games.core.boardgame import END_OF_TURN
from games.core.events import BoardEnded, Event, Flagged, Moved
from games.core.multiboard import (
    Arrived,
    BoardCleared,
    Held,
    MatchDecided,
    Rode,
    TransferDeclined,
    Transferred,
)
from games.core.pieces import Side, kind_name, opponent
from views.turns import latest_turn

FOLDED: Final = 3  # an action ending more boards than this says so in one overview notice
DEADLINE: Final = "deadline"  # the actor of a transfer that lapsed on its own
CLOCK: Final = "clock"  # the actor of a flag: a side's time ran out


def boards_of(event: Event) -> list[int]:
    """Return the boards an event changes."""
    board = getattr(event, "board", None)
    return [board] if isinstance(board, int) else []


@dataclass(frozen=True)
class News:
    """The notices of one action, given who did it and what it did to offers and deadlines.

    withdrawn: the draw offers (board: who offered) the action took back.
    deadlines: the boards whose victory transfer is offered anew (or with new options), with
        when it lapses.
    voided: the victory transfers (board: winner) the action made impossible.
    """

    roster: Roster
    match: Hosted
    actor: str
    withdrawn: Mapping[int, Side]
    deadlines: Mapping[int, float]
    voided: Mapping[int, Side] = field(default_factory=dict)
    names: tuple[str, str] | None = None  # the sides' names, in a game without teams

    def of_events(self, events: Sequence[Event], *, finished: bool) -> list[Notice]:
        """Say what to announce for an action's events.

        Every board the action changed gets one notice to render it (an arrival notice
        where a piece arrived, naming the players there), then the overview hears of rides,
        results and the match's end, then people hear what is theirs to act on, and last
        the replays of the boards it ended.
        """
        personal: list[Notice] = []
        replays: list[Notice] = []  # last: a winner's prompt, which lapses, waits for none
        found: list[Notice] = list(self.boards(events))
        found += self.declined_mid_turn(events)
        ended = [event for event in events if isinstance(event, BoardEnded)]
        folded = len(ended) > FOLDED
        played = _played(self.match.events) if ended else set()
        standing = scores(self.match, self.names) if ended else {}  # as the action leaves it
        for event in events:
            if isinstance(event, (Rode, Transferred)):
                found.append(RideNews(OVERVIEW, event))
            elif isinstance(event, Flagged):
                found.append(FlagNews(OVERVIEW, event))
            elif isinstance(event, BoardEnded):
                if not folded:
                    found.append(BoardResult(OVERVIEW, event, standing))
                elif event is ended[0]:  # a match resigned: its boards in one notice
                    said = tuple((e.board, e.result, e.ending) for e in ended)
                    found.append(BoardsResult(OVERVIEW, said, standing))
                if event.board in played:  # a board where nothing was played has no replay
                    upto = len(self.match.events)  # the log as this action leaves it
                    replays.append(ReplayShown(board_place(event.board), event.board, upto))
            elif isinstance(event, TransferDeclined):
                gone = TransferLapsed if self.actor == DEADLINE else TransferSkipped
                found.append(gone(OVERVIEW, event.board, event.side))
                personal += self._to_winner(event.board, event.side, gone)
            elif isinstance(event, MatchDecided):
                found.append(Decided(OVERVIEW, event, len(scores(self.match, self.names))))
        for board, winner in sorted(self.voided.items()):
            found.append(TransferVoid(OVERVIEW, board, winner))
            personal += self._to_winner(board, winner, TransferVoid)
        if events and finished:
            found.append(Result(OVERVIEW, self.match.result(), scores(self.match, self.names)))
        return found + personal + self.prompts() + replays

    def boards(
        self,
        events: Sequence[Event],
        *,
        undone: bool = False,
        reason: str = "",
        agreed: bool = False,
    ) -> list[BoardImage]:
        """Return one notice for each board the events touch, in the order they touch them.

        reason: the moderator's, when the events are undone; agreed: by a takeback instead.
        """
        by_board: dict[int, list[Event]] = {}
        for event in events:
            if isinstance(event, Held) and not undone:
                continue  # a held move changes no board until its side's turn is complete
            for board in boards_of(event):
                by_board.setdefault(board, []).append(event)
        found: list[BoardImage] = []
        for board, touching in by_board.items():
            if not undone:
                if turn_goes_on(self.match, board, touching):
                    continue  # shown when the turn passes, so the opponent hears of it once
                touching = whole_turn(self.match, board, touching)
            withdrawn = self.withdrawn.get(board) if self.match.is_open(board) else None
            arrival = next((e for e in touching if isinstance(e, Arrived)), None)
            place = board_place(board)
            if arrival is None or undone:
                shown = BoardShown(
                    place, board, tuple(touching), undone, withdrawn, reason=reason, agreed=agreed
                )
                found.append(shown)
            else:
                mention = tuple(self.roster.players_at(board))
                sent = any(isinstance(e, Transferred) and e.to_board == board for e in events)
                found.append(
                    ArrivalShown(
                        place,
                        board,
                        tuple(touching),
                        offer_withdrawn=withdrawn,
                        arrived=arrival,
                        mention=mention,
                        transferred=sent,
                    )
                )
        return found

    def declined_mid_turn(self, events: Sequence[Event]) -> list[Notice]:
        """Say that an action of a turn still under way declined the opponent's draw offer.

        The board itself is shown when the turn passes, but the offer fell now.
        """
        boards = {board for event in events for board in boards_of(event)}
        return [
            DrawDeclined(board_place(board), board, opponent(offered))
            for board, offered in sorted(self.withdrawn.items())
            if board in boards and turn_goes_on(self.match, board, events)
        ]

    def prompts(self) -> list[Notice]:
        """Ask each winner with a transfer offered where their piece should go, and by when."""
        found: list[Notice] = []
        for board, deadline in sorted(self.deadlines.items()):
            winner = pending_transfer(self.match, board)
            if winner is None:
                continue
            options = tuple(transfer_options(self.match, board))
            named = transfer_labels(self.match, board)
            labels = tuple(named.get(option, option) for option in options)
            found += [
                TransferPrompt(place, board, winner, options, deadline, labels)
                for place in self._winner_places(board, winner)
            ]
        return found

    def _to_winner(self, board: int, winner: Side, gone: type[TransferGone]) -> list[Notice]:
        """Tell a board's winning seat and their team that its transfer is gone."""
        return [gone(place, board, winner) for place in self._winner_places(board, winner)]

    def _winner_places(self, board: int, winner: Side) -> list[Place]:
        """Return where a board's winner hears of its transfer: their DMs and their team."""
        holder = self.roster.seated(board, winner)
        team = team_place(self.roster.team_at(board, winner))
        return [*([] if holder is None else [user_place(holder)]), team]


def _played(events: Sequence[Event]) -> set[int]:
    """Return the boards where anything but their ending happened."""
    return {
        board
        for event in events
        if not isinstance(event, (BoardEnded, BoardCleared, MatchDecided))
        for board in boards_of(event)
    }


def turn_goes_on(match: Hosted, board: int, events: Sequence[Event]) -> bool:
    """Tell whether events leave a turn of many actions under way on a board (Ender's Chess)."""
    if not match.MANY_ACTIONS or not match.is_open(board):
        return False
    moves = [e for e in events if isinstance(e, Moved) and e.board == board]
    return bool(moves) and match.side_to_move(board) == moves[-1].side  # `end` passes it


def whole_turn(match: Hosted, board: int, events: Sequence[Event]) -> list[Event]:
    """Return a board's events led by the earlier actions of the turn they end, if they end one.

    A turn of many actions played in parts is said once, whole, when it passes.
    """
    if not match.MANY_ACTIONS or not any(isinstance(e, Moved) for e in events):
        return list(events)
    earlier: list[Event] = [e for e in latest_turn(match.events, board) if e not in events]
    return earlier + list(events)


def describe(event: Event) -> str:
    """Say an event in a few words, as a moderator previewing an undo reads it."""
    data = event.to_dict()
    board = data.get("board")
    where = f"board {board}: " if board is not None else ""
    side = str(data.get("side", "")).capitalize()
    piece = kind_name(str(data.get("piece", "")))
    words = {
        "move": (
            f"{side} ended the turn"
            if data.get("san") == END_OF_TURN
            else f"{side} played {data.get('san')}"
        ),
        "ride": f"{side}'s {piece} rode {data.get('direction')} from {data.get('square')}",
        "arrive": f"{side}'s {piece} arrived on {data.get('square')}",
        "transfer": f"{side} sent a {piece} onward from {data.get('square')}",
        "decline-transfer": f"{side}'s victory transfer was let go",
        "resign": f"{side} resigned",
        "resign-match": f"{side} resigned every board left",
        "resign-team": f"{data.get('team')} resigned every board it had left",
        "agree-draw": "a draw was agreed",
        "claim-draw": f"{side} claimed a draw ({data.get('reason')})",
        "flag": f"{side} ran out of time",
        "adjudicate": f"adjudicated {data.get('result')} ({data.get('reason')})",
        "board-end": f"the board ended {data.get('result')}",
        "board-clear": "the board was cleared",
        "hold": f"{side} gave {data.get('san')}, held until every board had its move",
        "turn-move": f"{side} played {data.get('san')}",
        "pass-through": f"{side}'s {piece} passed through from {data.get('square')}",
        "carry": f"{side}'s {piece} was carried {data.get('direction')} from {data.get('square')}",
        "match-decided": "the match was decided",
    }
    return where + words.get(event.KIND, event.KIND)
