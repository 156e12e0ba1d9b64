"""Moderation: rulings, undo, substitutes, pauses, time given back, and the audit log."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Final

from bot import storage
from bot.app import guards
from bot.app.actions import Actions, Audit
from bot.app.outcomes import Moderator, Outcome
from bot.app.scheduler import Scheduler
from bot.app.transfer_watch import deadline
from bot.app.undo_preview import UndoPreview, preview
from bot.app.unit import Change, Held, Units
from bot.errors import NotAllowedError, NotFoundError, RulesError, WrongStateError
from bot.hosted import pending_transfer, with_teams
from bot.news import News, boards_of
from bot.notices import (
    OVERVIEW,
    Aborted,
    Adjudication,
    BoardShown,
    DrawOffered,
    ForcedResignation,
    Forfeit,
    Notice,
    Paused,
    Reopened,
    Resumed,
    Substituted,
    TimeAdded,
    Undone,
    board_place,
    user_place,
)
from games.core.clocks import DAY
from games.core.errors import GameError
from games.core.events import Event
from games.core.pieces import Side, opponent, side_name

MAX_ADDED: Final = 30 * DAY  # the most time a moderator gives back at once


class Moderation:
    """What moderators do to matches, each action with a reason and audited."""

    def __init__(self, units: Units, actions: Actions, scheduler: Scheduler) -> None:
        self._units = units
        self._actions = actions
        self._scheduler = scheduler

    async def adjudicate(
        self,
        match_id: int,
        moderator: Moderator,
        board: int,
        result: str,
        reason: str,
        *,
        transfer: bool = True,
    ) -> Outcome:
        """End a board with a result, offering the winner the transfer unless told not to."""
        async with self._units.held(match_id) as held:
            await self._moderated(held, moderator, reason, started=True)
            guards.check_board(held.loaded, board)
            ruling = Adjudication(OVERVIEW, moderator.user, reason, board, result, transfer)
            details = {"board": board, "result": result, "transfer": transfer}
            return await self._actions.act(
                held,
                moderator.user,
                lambda match: match.adjudicate(board, result, reason, transfer=transfer),
                audit=Audit(moderator, ruling, details),
            )

    async def forfeit(
        self, match_id: int, moderator: Moderator, side: Side, reason: str
    ) -> Outcome:
        """End every unfinished board against a side that did not show up."""
        async with self._units.held(match_id) as held:
            await self._moderated(held, moderator, reason, started=True)
            guards.check_side(side)
            match = held.loaded.match
            boards = [b for b in range(1, match.boards + 1) if match.is_open(b)]
            ruling = Forfeit(OVERVIEW, moderator.user, reason, side, tuple(boards))
            return await self._actions.act(
                held,
                moderator.user,
                lambda match: with_teams(match, "teams to forfeit").resign_match(side),
                audit=Audit(moderator, ruling, {"side": side, "boards": boards}),
            )

    async def force_resign(
        self, match_id: int, moderator: Moderator, board: int, side: Side, reason: str
    ) -> Outcome:
        """Resign a board on behalf of an absent player."""
        async with self._units.held(match_id) as held:
            await self._moderated(held, moderator, reason, started=True)
            guards.check_board(held.loaded, board)
            ruling = ForcedResignation(OVERVIEW, moderator.user, reason, board, side)
            return await self._actions.act(
                held,
                moderator.user,
                lambda match: match.resign(board, side),
                audit=Audit(moderator, ruling, {"board": board, "side": side}),
            )

    async def undo_preview(self, match_id: int, count: int) -> UndoPreview:
        """Say what undoing the last count actions would take back, changing nothing.

        It holds also the log's length now: undo(expect=it) refuses if the match moved on.
        """
        async with self._units.held(match_id) as held:
            try:
                return preview(held.loaded.match, count)
            except GameError as error:
                raise RulesError(str(error)) from None

    async def undo(
        self,
        match_id: int,
        moderator: Moderator,
        count: int,
        reason: str,
        *,
        expect: int | None = None,
    ) -> Outcome:
        """Take back the match's last count actions with all they caused.

        expect: the log's length when the moderator saw what would be undone; if the match
        has moved on since, the undo is refused rather than take back something unseen.
        """
        async with self._units.held(match_id) as held:
            await self._moderated(held, moderator, reason, started=True, finished_too=True)
            if expect is not None and len(held.loaded.match.events) != expect:
                raise WrongStateError(
                    "the match has moved on since you saw what would be undone: ask again"
                )
            return await self.take_back(held, moderator, count, reason)

    async def take_back(
        self, held: Held, actor: Moderator, count: int, reason: str, *, agreed: bool = False
    ) -> Outcome:
        """Undo a held match's last count actions as undo does, for whoever may (checked).

        agreed: a takeback both sides agreed to, said so rather than as a moderator's undo.
        """
        async with held.change() as change:
            removed = change.undo(count)
            kept = len(change.match.events)
            marks = await self._clock_marks(held, kept + 1)
            notices = self._undone(change, actor, count, reason, removed, marks, agreed=agreed)
        return Outcome(held.loaded.id, tuple(removed), tuple(notices))

    def _undone(
        self,
        change: Change,
        moderator: Moderator,
        count: int,
        reason: str,
        removed: Sequence[Event],
        marks: Mapping[int, tuple[float, float, int]],
        *,
        agreed: bool = False,
    ) -> list[Notice]:
        """Bring offers, transfers, clocks and status back to how the undo leaves the match.

        The clocks go back to how they stood before the undone actions, the side to move
        now having theirs running from now; a match that finished while paused (a
        moderator's ruling) comes back paused, as does one with a board left without time.
        """
        match, before = change.match, change.before
        now = self._units.clock()
        boards = sorted({board for event in removed for board in boards_of(event)})
        withdrawn = {b: side for b, side in change.offers.items() if b in boards}
        # a board the undo touched may have its transfer offered again, with a new deadline
        window = self._actions.window
        lapse = deadline(change.paused_at, before.control, window, now)
        deadlines = {b: lapse for b in boards if pending_transfer(match, b) is not None}
        news = News(
            change.roster, match, moderator.user, withdrawn, deadlines, names=change.before.names
        )
        notices: list[Notice] = [
            *news.boards(removed, undone=True, reason=reason, agreed=agreed),
            Undone(OVERVIEW, count, reason, agreed),
        ]
        notices += news.prompts()
        reopened = "paused" if before.paused_at is not None else "active"
        status = reopened if before.status == "finished" else before.status
        paused_at = before.paused_at
        undone = {"count": count, "removed": [e.to_dict() for e in removed]}
        change.audit(moderator, "undo", reason, undone)
        clocks = change.clocks
        if clocks is not None:
            for board, mark in marks.items():
                turn = match.side_to_move(board) if match.is_open(board) else None
                clocks.restore(board, mark, turn, now, running=status == "active")
            change.save_clocks(sorted(marks))
            empty = [
                b
                for b in boards
                if match.is_open(b) and clocks.boards[b].left(match.side_to_move(b), now) <= 0
            ]
            if empty and status == "active":  # its flag would fall again at once
                status, paused_at = "paused", now
                change.save_clocks(clocks.halt(now))
                why = (
                    f"board {empty[0]} has no time left after the undo: give time "
                    "with /mod add-time, then /mod resume"
                )
                notices.append(Paused(OVERVIEW, moderator.user, why))
                change.audit(moderator, "pause", why, {})
        if before.status == "finished" and status != "finished":
            # its board channels open to the players again, said with how it stands
            notices.append(Reopened(OVERVIEW, status))
        change.set_paused(paused_at)
        change.withdraw(list(withdrawn))
        change.clear_deadlines(boards)
        change.set_deadlines(deadlines)
        change.set_status(status)
        change.announce(notices)
        return notices

    async def _clock_marks(self, held: Held, seq: int) -> dict[int, tuple[float, float, int]]:
        """Return each board's clocks as they stood before the actions from seq on changed them."""
        if held.loaded.clocks is None:
            return {}
        async with self._units.store.read() as db:
            found = await storage.clock_marks_since(db, held.loaded.id, seq)
        marks: dict[int, tuple[float, float, int]] = {}
        for row in found:  # the earliest mark of each board is how it stood before them all
            marks.setdefault(row["board"], (row["white"], row["black"], row["reminded"]))
        return marks

    async def substitute(
        self, match_id: int, moderator: Moderator, old: str, new: str, reason: str
    ) -> Outcome:
        """Give a player's team place, captaincy and seats to someone else, and tell them."""
        async with self._units.held(match_id) as held:
            await self._moderated(held, moderator, reason, started=False)
            loaded = held.loaded
            if loaded.status not in ("lobby", "active", "paused"):
                raise WrongStateError(
                    f"the match is {loaded.status}: its players stay as they were"
                )
            if loaded.roster.team_of(old) is None:
                raise NotFoundError(f"<@{old}> is not in this match")
            if loaded.roster.team_of(new) is not None:
                raise RulesError(f"<@{new}> already plays in this match")
            async with held.change() as change:
                change.substitute(old, new)
                after, match = change.roster, change.match
                seats = after.boards_of(new)
                notices: list[Notice] = [
                    Substituted(OVERVIEW, old, new, reason),
                    Substituted(user_place(new), old, new, reason, tuple(seats)),
                ]
                if loaded.status != "lobby":  # each open board taken over shows its new player
                    notices += [
                        BoardShown(board_place(board), board, reason=reason, substitute=(old, new))
                        for board, _ in seats
                        if match.is_open(board)
                    ]
                # what waits on the seats taken over: transfers to make, draw offers to answer
                waiting = {
                    board: at
                    for board, at in loaded.deadlines.items()
                    if (board, pending_transfer(match, board)) in seats
                }
                notices += News(
                    after, match, moderator.user, {}, waiting, names=loaded.names
                ).prompts()
                notices += [
                    DrawOffered(user_place(new), board, by)
                    for board, by in sorted(loaded.offers.items())
                    if (board, opponent(by)) in seats
                ]
                change.audit(moderator, "substitute", reason, {"old": old, "new": new})
                change.announce(notices)
            return Outcome(match_id, (), tuple(notices))

    async def pause(self, match_id: int, moderator: Moderator, reason: str) -> None:
        """Stop all play in a match, transfer deadlines included, until a moderator resumes it."""
        async with self._units.held(match_id) as held:
            await self._moderated(held, moderator, reason, started=True)
            if held.loaded.status == "paused":
                raise WrongStateError("the match is already paused")
            if held.loaded.status != "active":
                raise WrongStateError(
                    f"the match is {held.loaded.status}: only a match under way can be paused"
                )
            now = self._units.clock()
            async with held.change() as change:
                change.set_status("paused")
                change.set_paused(now)
                if change.clocks is not None:
                    change.save_clocks(change.clocks.halt(now))
                change.audit(moderator, "pause", reason, {})
                change.announce([Paused(OVERVIEW, moderator.user, reason)])

    async def resume(self, match_id: int, moderator: Moderator, reason: str) -> Outcome:
        """Let play go on in a paused match; transfer deadlines move on by the pause."""
        async with self._units.held(match_id) as held:
            await self._moderated(held, moderator, reason, started=True)
            loaded = held.loaded
            if loaded.status == "active":
                raise WrongStateError("the match is not paused: it is already under way")
            if loaded.status != "paused":
                raise WrongStateError(
                    f"the match is {loaded.status}: only a paused match can be resumed"
                )
            now = self._units.clock()
            paused_for = max(0.0, now - (loaded.paused_at if loaded.paused_at is not None else now))
            async with held.change() as change:
                change.set_status("active")
                change.set_paused(None)
                change.shift_deadlines(paused_for)
                if change.clocks is not None:
                    change.save_clocks(change.clocks.go_on(now))
                change.audit(moderator, "resume", reason, {})
                news = News(
                    change.roster,
                    change.match,
                    moderator.user,
                    {},
                    change.deadlines,
                    names=change.before.names,
                )
                notices = [Resumed(OVERVIEW, moderator.user, reason, paused_for), *news.prompts()]
                change.announce(notices)
            return Outcome(match_id, (), tuple(notices))

    async def add_time(
        self,
        match_id: int,
        moderator: Moderator,
        board: int,
        side: Side,
        minutes: float,
        reason: str,
    ) -> Outcome:
        """Give a side time back on a board's clock; in correspondence, on the move under way."""
        async with self._units.held(match_id) as held:
            await self._moderated(held, moderator, reason, started=True)
            loaded = held.loaded
            guards.check_board(loaded, board)
            guards.check_side(side)
            if loaded.clocks is None:
                raise WrongStateError("this match is played without clocks")
            if loaded.match.is_closed(board):
                raise WrongStateError(guards.finished(loaded, board))
            seconds = minutes * 60 if isinstance(minutes, (int, float)) else 0.0
            if not 0 < seconds <= MAX_ADDED:
                raise RulesError(
                    f"time is given back in minutes: more than 0, at most {int(MAX_ADDED // 60)}"
                )
            turn = loaded.match.side_to_move(board)
            if loaded.clocks.control.kind == "correspondence" and side != turn:
                raise RulesError(
                    f"in correspondence each move gets its days afresh: time is given to the "
                    f"side to move, {side_name(turn)} on board {board}"
                )
            now = self._units.clock()
            async with held.change() as change:
                clocks = change.clocks
                assert clocks is not None
                clocks.add(board, side, seconds, now)
                change.save_clocks([board])
                left = clocks.boards[board].left(side, now)
                notices = [
                    TimeAdded(place, moderator.user, reason, board, side, seconds, left)
                    for place in (OVERVIEW, board_place(board))
                ]
                details = {"board": board, "side": side, "seconds": seconds}
                change.audit(moderator, "add-time", reason, details)
                change.announce(notices)
            return Outcome(match_id, (), tuple(notices))

    async def abort(self, match_id: int, moderator: Moderator, reason: str) -> None:
        """End a started match without a result; its draw offers and transfers lapse with it."""
        async with self._units.held(match_id) as held:
            await self._moderated(held, moderator, reason, started=True)
            every_board = list(range(1, held.loaded.match.boards + 1))
            now = self._units.clock()
            async with held.change() as change:
                if change.clocks is not None:
                    change.save_clocks(change.clocks.halt(now))
                change.set_status("aborted")
                change.set_paused(None)
                change.withdraw(every_board)
                change.clear_deadlines(every_board)
                change.audit(moderator, "abort", reason, {})
                change.announce([Aborted(OVERVIEW, moderator.user, reason)])

    async def audit_log(self, match_id: int) -> list[dict[str, object]]:
        """Return a match's moderator actions: who, when, what and why."""
        async with self._units.store.read() as db:
            if await storage.match_row(db, match_id) is None:
                raise NotFoundError(f"there is no match {match_id}")
            found = await storage.audit_rows(db, match_id)
        return [
            {
                "moderator": row["moderator"],
                "action": row["action"],
                "reason": row["reason"],
                "details": json.loads(row["details"]),
                "at": row["at"],
            }
            for row in found
        ]

    async def server_settings(self, guild: str) -> dict[str, str | None]:
        """Return a server's settings: its moderator role and its log channel."""
        async with self._units.store.read() as db:
            row = await storage.guild_settings(db, guild)
        names = ("moderator_role", "log_channel")
        return {name: (row[name] if row is not None else None) for name in names}

    async def set_server_setting(self, guild: str, name: str, value: str | None) -> None:
        """Set a server's moderator role or log channel (None clears it)."""
        async with self._units.store.transaction() as db:
            await storage.set_guild_setting(db, guild, name, value)

    async def _moderated(
        self,
        held: Held,
        moderator: Moderator,
        reason: str,
        *,
        started: bool,
        finished_too: bool = False,
    ) -> None:
        """Refuse non-moderators, no reason, and a match not in a state for the action."""
        if not moderator.is_moderator:
            raise NotAllowedError("only a moderator can do that")
        if not reason.strip():
            raise RulesError("a moderator's action needs a reason")
        await self._scheduler.settle(held)  # a flag that fell before the moderator acted stands
        status = held.loaded.status
        allowed = ("active", "paused", "finished") if finished_too else ("active", "paused")
        if started and status == "lobby":
            raise WrongStateError("the match has not started yet")
        if started and status not in allowed:
            raise WrongStateError(f"the match is {status}")
