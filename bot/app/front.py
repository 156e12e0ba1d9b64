"""What the front reads of matches (cheap views for images and menus), and where it shows them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import games
from bot import storage
from bot.app import choices, guards
from bot.app.outcomes import MatchShape
from bot.app.summaries import MatchSummary, summary_of
from bot.app.unit import Units
from bot.errors import NotAllowedError, NotFoundError
from bot.hosted import Hosted, MatchLog
from bot.loading import Loaded
from bot.lobby import Roster
from bot.notices import Notice, notice_from_row
from bot.shown import ShownBoard, ShownGame, shown_boards, shown_game
from games.core.capabilities import HeldMoves
from games.core.clocks import TimeControl
from games.core.errors import GameError
from games.core.pieces import SIDES, Side, side_name
from games.core.starts import Setup

RECENT = 7 * 24 * 3600.0  # seconds a finished match stays in /mod's menu


class Front:
    """Reads for the front, each under the match's lock, and the places it binds."""

    def __init__(self, units: Units) -> None:
        self._units = units

    async def roster(self, match_id: int) -> Roster:
        """Return a copy of who is in a match and where they sit."""
        async with self._units.held(match_id) as held:
            found = held.loaded.roster
            return Roster(
                {team: list(users) for team, users in found.teams.items()},
                dict(found.captains),
                dict(found.seats),
                found.lineup,
            )

    async def game(self, match_id: int) -> Hosted:
        """Return a copy of a match's rules-core state, safe to render in another thread.

        It costs a restore of every board (100 ms for 1,000 boards), made off the event loop
        while the match's lock keeps its actions waiting; images, autocomplete and menus read
        the cheap views below instead.
        """
        async with self._units.held(match_id) as held:
            return await asyncio.to_thread(_copy, held.loaded.match)

    async def replay_log(self, match_id: int, board: int, upto: int | None = None) -> MatchLog:
        """Return what replays a match as its log's first upto events (all: None) leave it.

        A board's replay is drawn from it in a worker process. Raises NotFoundError when the
        log no longer reaches upto or the board has nothing to replay (a board ending that
        a moderator's undo took back).
        """
        async with self._units.held(match_id) as held:
            guards.check_board(held.loaded, board)
            match = held.loaded.match
            events = match.events
            if upto is not None and upto > len(events):
                raise NotFoundError(f"board {board}'s ending was taken back")
            kept = events if upto is None else events[:upto]
        if not any(getattr(event, "board", None) == board for event in kept):
            raise NotFoundError(f"board {board} has nothing to replay yet: no move has been made")
        return MatchLog(type(match), match.config, kept)

    async def export(self, match_id: int, board: int | None = None) -> str:
        """Return a board's game as PGN (its players and the day it started), or (no board)
        the match's JSON record.

        Written in a thread, as a long log takes a while, while the match's lock keeps its
        actions waiting.
        """
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            match = loaded.match
            if board is None:
                return await asyncio.to_thread(match.to_json)
            guards.check_board(loaded, board)
            seated = [loaded.roster.seated(board, side) for side in SIDES]
            async with self._units.store.read() as db:
                row = await storage.match_row(db, match_id)
                known = await storage.names_of(db, [user for user in seated if user])
            tags = _players(loaded, board, known)
            started = None if row is None else row["started_at"]
            if started is not None:  # the rules core has no clock: the day is the bot's
                tags["Date"] = time.strftime("%Y.%m.%d", time.gmtime(started))
            played = match.described()
            if played is not None:
                tags["Event"] = f"Elevator Chess match: {played}"
            return await asyncio.to_thread(match.pgn, board, tags)

    async def shape(self, match_id: int) -> MatchShape:
        """Return a match's boards, layout and team names."""
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            match = loaded.match
            teams = {team: loaded.team_name(team) for team in loaded.roster.teams}
            played = match.described()
            return MatchShape(match.boards, match.layout, teams, match.KIND, match.TITLE, played)

    async def boards(self, match_id: int) -> int:
        """Return how many boards a match has."""
        async with self._units.held(match_id) as held:
            return held.loaded.match.boards

    async def host(self, match_id: int) -> str:
        """Return who created a match."""
        async with self._units.held(match_id) as held:
            return held.loaded.host

    async def status(self, match_id: int) -> str:
        """Return a match's status: lobby, active, paused, finished, cancelled or aborted."""
        async with self._units.held(match_id) as held:
            return held.loaded.status

    async def turn_given(self, match_id: int) -> tuple[Side, list[int], list[int]] | None:
        """Return, while an Automatic turn is half given: the side, boards moved and awaited."""
        async with self._units.held(match_id) as held:
            match = held.loaded.match
            if not isinstance(match, HeldMoves) or not match.held_moves():
                return None
            moved = sorted(match.held_moves())
            return match.side_to_move(moved[0]), moved, match.awaiting()

    async def time_control(self, match_id: int) -> TimeControl:
        """Return a match's time control."""
        async with self._units.held(match_id) as held:
            return held.loaded.control

    async def turns(self, match_id: int, user: str) -> tuple[list[int], list[int]]:
        """Return the open boards user sits at where it is their move, and the others."""
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            match = loaded.match
            seats = [(b, side) for b, side in loaded.roster.boards_of(user) if match.is_open(b)]
            mine = [b for b, side in seats if match.side_to_move(b) == side]
            return mine, [b for b, _ in seats if b not in mine]

    async def legal_moves(self, match_id: int, board: int, user: str) -> tuple[Side, list[str]]:
        """Return the side to move on a board and its legal moves (none once it is over).

        A game in its players' DMs shows them to its players alone; a server's board, whose
        image is there for all to see, to anyone.
        """
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            if loaded.in_dms and loaded.roster.team_of(user) is None:
                raise NotAllowedError(
                    f"only the players of game {match_id} see its legal moves: it is played in "
                    "their DMs"
                )
            guards.check_board(loaded, board)
            match = loaded.match
            moves = match.legal_moves(board) if match.is_open(board) else []
            return match.side_to_move(board), moves

    async def move_options(
        self, match_id: int, user: str, board: int, typed: str = ""
    ) -> list[str]:
        """Return what user may pick to play on a board now, given what they typed.

        The legal moves that match it (none unless user may move there), or when none does
        and the game has a long form (Ben Good's 2b1-2c3), the long forms that do; in a game whose
        turns are many actions, after whole actions typed ("B@f2 "), each legal next action
        led by them, worked out on a copy of the game.
        """
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            guards.check_board(loaded, board)
            match = loaded.match
            if match.is_closed(board) or not loaded.roster.may_move(
                user, board, match.side_to_move(board)
            ):
                return []
            done, partial = choices.split_typed(typed)
            if not (match.MANY_ACTIONS and done):
                short = choices.matching(match.legal_moves(board), typed)
                return short or choices.matching(match.long_moves(board), typed)
            copy = _copy(match)
        return choices.continuations(copy, board, done, partial)

    async def playable(self, match_id: int, user: str, board: int, text: str) -> bool:
        """Tell whether user could play text on a board now, trying it on a copy of the match."""
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            match = loaded.match
            if (
                loaded.status != "active"
                or not isinstance(text, str)
                or len(text) > guards.MAX_TURN
            ):
                return False
            if not guards.whole(board) or not 1 <= board <= match.boards:
                return False
            side = match.side_to_move(board)
            if match.is_closed(board) or not loaded.roster.may_move(user, board, side):
                return False
            if text in match.legal_moves(board):
                return True
            # a move read as it may be written (nf3, e2e4, 2b1-2c3) is tried on a copy, made
            # off the loop while the match is held: a 1,000-board match takes ~80 ms to copy
            copy = await asyncio.to_thread(_copy, match)
        try:
            copy.play(board, text, side=side)
        except GameError:
            return False
        return True

    async def shown_board(self, match_id: int, board: int) -> ShownBoard:
        """Read how a board looks now, with its players and clocks: cheap, for images."""
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            guards.check_board(loaded, board)
            now = self._units.clock()
            return shown_boards(loaded.match, loaded.roster, loaded.clocks, [board], now)[board]

    async def shown_game(self, match_id: int) -> ShownGame:
        """Read a match's first 40 boards as an overview shows them now: a few ms, for images."""
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            return shown_game(loaded.match, loaded.clocks, self._units.clock(), loaded.names)

    async def clock_readings(self, match_id: int) -> dict[int, tuple[float, float]]:
        """Return each board's clocks now, White's and Black's seconds (empty if untimed)."""
        async with self._units.held(match_id) as held:
            clocks = held.loaded.clocks
            if clocks is None:
                return {}
            now = self._units.clock()
            return {board: clocks.reading(board, now) for board in clocks.boards}

    async def bind(self, match_id: int, places: Mapping[str, str]) -> None:
        """Record where places of a match live outside the bot (the front's channels)."""
        async with self._units.held(match_id) as held, held.change() as change:
            change.bind(places)

    async def unbind(self, match_id: int, places: Sequence[str]) -> None:
        """Forget where places of a match live."""
        async with self._units.lock(match_id), self._units.store.transaction() as db:
            await storage.unbind(db, match_id, list(places))

    async def bindings(
        self, match_id: int, places: Collection[str] | None = None
    ) -> dict[str, str]:
        """Return where a match's places live, place to target: all, or those named that are.

        A 1,000-board match binds some 2,000 places: naming the few wanted reads those alone.
        """
        async with self._units.store.read_one() as db:
            found = await storage.binding_rows(db, match_id, places)
            return {row["place"]: row["target"] for row in found}

    async def bound_to(self, target: str) -> list[tuple[int, str]]:
        """Return the (match, place) pairs living at a target, newest match first."""
        async with self._units.store.read_one() as db:
            return [(row["match_id"], row["place"]) for row in await storage.bound_to(db, target)]

    async def games_of(self, user: str) -> list[int]:
        """Return the active or paused matches a user plays in, newest first."""
        async with self._units.store.read_one() as db:
            return [row["id"] for row in await storage.matches_of(db, user)]

    async def moderated_matches(
        self, guild: str, *, recent: float = RECENT, limit: int = 25
    ) -> list[MatchSummary]:
        """Return a server's live matches and those over in the last week, newest first."""
        since = self._units.clock() - recent
        async with self._units.store.read_one() as db:
            found = await storage.moderated_matches(db, guild, since, limit)
        return [summary_of(row) for row in found]

    async def invitation(self, invitation: int) -> dict[str, object]:
        """Return a challenge: who, against whom, its shape and status."""
        async with self._units.store.read_one() as db:
            row = await storage.invitation_row(db, invitation)
        if row is None:
            raise NotFoundError("there is no such challenge")
        found: dict[str, object] = dict(zip(row.keys(), row, strict=True))
        found["variant"] = None
        if row["setup"] is not None:  # checked when the challenge was made
            setup = Setup.from_dict(json.loads(row["setup"]))
            made = games.game_class(row["kind"])
            found["variant"] = made.described_setup(row["boards"], row["layout"], setup)
        return found

    async def action_notices(self, action_key: str) -> tuple[list[Notice], dict[str, Any] | None]:
        """Return every notice one action queued, in order, and the game it stored, if any."""
        async with self._units.store.read_one() as db:
            found = await storage.action_notices(db, action_key)
        payloads = [(row["place"], row["kind"], json.loads(row["payload"])) for row in found]
        game = next((payload["game"] for _, _, payload in payloads if "game" in payload), None)
        return [notice_from_row(*row) for row in payloads], game

    async def next_action(
        self, match_id: int, place: str, notice_id: int, action_key: str, wait: float
    ) -> str | None:
        """Return the key of the action queued in a place after action_key's notice.

        Waits up to wait seconds for such an action to be committed; None if none came.
        """
        committed = asyncio.Event()

        def seen(loaded: Loaded) -> None:
            if loaded.id == match_id:
                committed.set()

        self._units.watchers.append(seen)
        try:
            deadline = time.monotonic() + wait
            while True:
                committed.clear()  # before the read: a commit after it wakes the wait
                async with self._units.store.read_one() as db:
                    found = await storage.next_action_key(
                        db, match_id, place, notice_id, action_key
                    )
                left = deadline - time.monotonic()
                if found is not None or left <= 0:
                    return found
                with contextlib.suppress(TimeoutError):  # then one last look
                    await asyncio.wait_for(committed.wait(), left)
        finally:
            self._units.watchers.remove(seen)


def _copy(match: Hosted) -> Hosted:
    """Copy a match from its boards' states, without replaying it."""
    states = [match.board_state(board) for board in range(1, match.boards + 1)]
    return type(match).restore(match.config, list(match.events), states)


def _players(loaded: Loaded, board: int, known: Mapping[str, str]) -> dict[str, str]:
    """Return a board's PGN tags of its players (White, Black) and teams (WhiteTeam, ...).

    A player is named as the bot last saw them; one it never saw, by the side's name. A
    side's team is named when it is not named for its player: a casual game's sides are
    its two players, so its PGN names them alone.
    """
    tags: dict[str, str] = {}
    for side in SIDES:
        tag = side_name(side)
        team = loaded.team(side, board)
        user = loaded.roster.seated(board, side)
        player = known.get(user) if user is not None else None
        tags[tag] = player or team
        if player is not None and team not in (player, user):
            tags[f"{tag}Team"] = team
    return tags
