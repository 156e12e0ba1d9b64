"""What an accepted action announces, and where: the notices for a match's new events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bot.lobby import Roster
from bot.notices import OVERVIEW, Notice, board_place, team_place, user_place
from games.elevator import (
    Arrived,
    BoardEnded,
    Event,
    Flagged,
    Match,
    MatchDecided,
    Rode,
    Side,
    TransferDeclined,
    Transferred,
)

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
    match: Match
    actor: str
    withdrawn: Mapping[int, Side]
    deadlines: Mapping[int, float]
    voided: Mapping[int, Side] = field(default_factory=dict)

    def of_events(self, events: Sequence[Event], *, finished: bool) -> list[Notice]:
        """Say what to announce for an action's events.

        Every board the action changed gets one notice to render it (an arrival notice
        where a piece arrived, naming the players there), then the overview hears of rides,
        results and the match's end, then people hear what is theirs to act on.
        """
        found = self.boards(events)
        personal: list[Notice] = []
        for event in events:
            if isinstance(event, (Rode, Transferred)):
                found.append(Notice(OVERVIEW, "ride", event.to_dict()))
            elif isinstance(event, Flagged):
                found.append(Notice(OVERVIEW, "flag", event.to_dict()))
            elif isinstance(event, BoardEnded):
                result = event.to_dict() | {"scores": self.match.team_scores()}
                found.append(Notice(OVERVIEW, "board-result", result))
            elif isinstance(event, TransferDeclined):
                kind = "transfer-lapsed" if self.actor == DEADLINE else "transfer-skipped"
                payload = {"board": event.board, "side": event.side}
                found.append(Notice(OVERVIEW, kind, payload))
                personal += self._to_winner(event.board, event.side, kind, payload)
            elif isinstance(event, MatchDecided):
                found.append(Notice(OVERVIEW, "decided", event.to_dict()))
        for board, winner in sorted(self.voided.items()):
            payload = {"board": board, "side": winner}
            found.append(Notice(OVERVIEW, "transfer-void", payload))
            personal += self._to_winner(board, winner, "transfer-void", payload)
        if events and finished:
            final = {"result": self.match.result(), "scores": self.match.team_scores()}
            found.append(Notice(OVERVIEW, "result", final))
        return found + personal + self.prompts()

    def boards(self, events: Sequence[Event], *, undone: bool = False) -> list[Notice]:
        """Return one notice for each board the events touch, in the order they touch them."""
        by_board: dict[int, list[Event]] = {}
        for event in events:
            for board in boards_of(event):
                by_board.setdefault(board, []).append(event)
        found = []
        for board, touching in by_board.items():
            payload: dict[str, Any] = {
                "board": board,
                "undone" if undone else "events": [event.to_dict() for event in touching],
            }
            if board in self.withdrawn and self.match.is_open(board):
                payload["offer_withdrawn"] = self.withdrawn[board]
            arrival = next((e for e in touching if isinstance(e, Arrived)), None)
            if arrival is None or undone:
                found.append(Notice(board_place(board), "board", payload))
            else:
                payload |= arrival.to_dict() | {"mention": self.roster.players_at(board)}
                found.append(Notice(board_place(board), "arrival", payload))
        return found

    def prompts(self) -> list[Notice]:
        """Ask each winner with a transfer offered where their piece should go, and by when."""
        found = []
        for board, deadline in sorted(self.deadlines.items()):
            winner = self.match.pending_transfer(board)
            if winner is None:
                continue
            prompt = {
                "board": board,
                "side": winner,
                "options": self.match.transfer_options(board),
                "deadline": deadline,
            }
            found += self._to_winner(board, winner, "transfer-prompt", prompt)
        return found

    def _to_winner(
        self, board: int, winner: Side, kind: str, payload: dict[str, Any]
    ) -> list[Notice]:
        """Address a notice to a board's winning seat and their team, who may advise."""
        holder = self.roster.seated(board, winner)
        found = [] if holder is None else [Notice(user_place(holder), kind, payload)]
        return [*found, Notice(team_place(winner), kind, payload)]


def describe(event: Event) -> str:
    """Say an event in a few words, as a moderator previewing an undo reads it."""
    data = event.to_dict()
    board = data.get("board")
    where = f"board {board}: " if board is not None else ""
    side = str(data.get("side", "")).capitalize()
    words = {
        "move": f"{side} played {data.get('san')}",
        "ride": f"{side}'s {data.get('piece')} rode {data.get('direction')} "
        f"from {data.get('square')}",
        "arrive": f"{side}'s {data.get('piece')} arrived on {data.get('square')}",
        "transfer": f"{side} sent a {data.get('piece')} onward from {data.get('square')}",
        "decline-transfer": f"{side}'s victory transfer was let go",
        "resign": f"{side} resigned",
        "resign-match": f"{side} resigned every board left",
        "agree-draw": "a draw was agreed",
        "claim-draw": f"{side} claimed a draw ({data.get('reason')})",
        "flag": f"{side} ran out of time",
        "adjudicate": f"adjudicated {data.get('result')} ({data.get('reason')})",
        "board-end": f"the board ended {data.get('result')}",
        "board-clear": "the board was cleared",
        "match-decided": "the match was decided",
    }
    return where + words.get(event.KIND, event.KIND)
