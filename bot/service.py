"""The match service: who may do what in a match, what is stored, and what is announced.

It imports no discord: the Discord front, the tests and a console drive it alike. Every
accepted action is one transaction (its events, the boards' new states and its notices);
the caller gets its answer only once that has committed. Actions on one match run one at
a time, behind that match's lock.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final

import aiosqlite

from bot import storage
from bot.errors import DamagedError, NotAllowedError, NotFoundError, RulesError, WrongStateError
from bot.loading import DM_PLACE, GAME_PLACE, Loaded, control_of, load
from bot.lobby import Roster, round_robin
from bot.names import clean_name, same_name, visible
from bot.news import CLOCK, DEADLINE, News, boards_of, describe
from bot.notices import OVERVIEW, Notice, board_place, user_place
from bot.shown import ShownBoard, ShownGame, shown_boards, shown_game
from bot.storage import Storage
from games.core.clocks import DAY, Clocks, TimeControl, clock_rows
from games.core.errors import shown
from games.core.pieces import SIDES, opponent, side_name
from games.elevator import (
    BoardCleared,
    BoardEnded,
    Event,
    GameError,
    Match,
    MatchConfig,
    Moved,
    Rode,
    Side,
    TransferDeclined,
    Transferred,
)
from games.elevator.config import MAX_BOARDS

logger = logging.getLogger(__name__)

Clock = Callable[[], float]
OVER: Final = frozenset({"finished", "cancelled", "aborted"})  # statuses a match ends in
MAX_NAME: Final = 40  # characters in a team's name
MAX_GAME_BOARDS: Final = 10  # boards in a casual game between two people
CHALLENGE_LIFETIME: Final = 24 * 3600.0  # seconds a challenge stays open
MAX_MOVE: Final = 24  # characters in a move as typed; the longest real one is about 10
MAX_ADDED: Final = 30 * DAY  # the most time a moderator gives back at once


@dataclass
class _Lock:
    """A match's lock and how many tasks hold it or wait for it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


@dataclass(frozen=True)
class Moderator:
    """Who is acting, and whether the front found them to be a moderator."""

    user: str
    is_moderator: bool


@dataclass(frozen=True)
class MatchShape:
    """A match's shape as the front names it: boards, layout and the teams' names."""

    boards: int
    layout: str
    teams: dict[Side, str]


@dataclass(frozen=True)
class Outcome:
    """What an accepted action produced: its events and the notices it queued."""

    match_id: int
    events: tuple[Event, ...]
    notices: tuple[Notice, ...]


class MatchService:
    """Matches from lobby to result, kept in SQLite and announced through the outbox."""

    def __init__(
        self,
        store: Storage,
        *,
        clock: Clock = time.time,
        transfer_window: float = 120.0,
        new_key: Callable[[], str] = lambda: secrets.token_hex(8),
        cache_size: int = 5000,
    ) -> None:
        self._new_key = new_key
        self._store = store
        self._clock = clock
        self._transfer_window = transfer_window
        self._cache_size = cache_size
        self._locks: dict[int, _Lock] = {}
        self._loaded: OrderedDict[int, Loaded] = OrderedDict()

    # ------------------------------------------------------------------ lifecycle

    async def create(
        self,
        host: str,
        *,
        boards: int,
        layout: str,
        white_team: str,
        black_team: str,
        start_fens: Sequence[str] | None = None,
        time_control: str = "none",
    ) -> int:
        """Open a lobby for a new match and return its id; the host joins no team yet.

        time_control: none, live minutes+increment per board (10+5) or days a move (3d).
        """
        config = _config(boards, layout, white_team, black_team, start_fens)
        control = control_of(time_control)
        async with self._write(None) as db:
            match_id = await storage.insert_match(
                db, json.dumps(config.to_dict()), host, self._clock(), str(control)
            )
        logger.info("match %d created by %s: %d boards, %s", match_id, host, boards, layout)
        return match_id

    async def create_game(
        self,
        white: str,
        black: str,
        *,
        boards: int = 2,
        layout: str = "line",
        names: tuple[str, str] | None = None,
        places: Mapping[str, str] | None = None,
        time_control: str = "none",
    ) -> int:
        """Start a game between two people, each holding every board of their colour.

        names: the two players as the images show them (their ids if not given or alike);
        places: where the front shows the game, bound in the same transaction.
        """
        control = control_of(time_control)
        async with self._write(None) as db:  # all of it, or no game at all
            loaded = await self._new_game(db, white, black, boards, layout, names, places, control)
        self._loaded[loaded.id] = loaded
        logger.info("game %d created: %s against %s, %d boards", loaded.id, white, black, boards)
        return loaded.id

    async def _new_game(
        self,
        db: aiosqlite.Connection,
        white: str,
        black: str,
        boards: int,
        layout: str,
        names: tuple[str, str] | None,
        places: Mapping[str, str] | None,
        control: TimeControl,
    ) -> Loaded:
        if white == black:
            raise RulesError("a game needs two different players")
        teams = [visible(name)[:MAX_NAME] for name in names or ()]
        if len(teams) != 2 or not all(teams) or same_name(*teams):
            teams = [white, black]
        config = _config(boards, layout, teams[0][:MAX_NAME], teams[1][:MAX_NAME], None)
        loaded = Loaded(0, "lobby", white, Roster(), Match.from_config(config), control=control)
        now = self._clock()
        loaded.id = await storage.insert_match(
            db, json.dumps(config.to_dict()), white, now, str(control)
        )
        for user, side in zip((white, black), SIDES, strict=True):
            await self._enlist(db, loaded, user, side)
        if places:
            await storage.bind(db, loaded.id, dict(places))
            loaded.in_dms = DM_PLACE in places
        await self._begin(db, loaded)
        return loaded

    async def challenge(
        self,
        challenger: str,
        opponent: str,
        *,
        boards: int = 2,
        layout: str = "line",
        names: tuple[str, str] = ("", ""),
        time_control: str = "none",
    ) -> int:
        """Challenge someone to a casual game; return the invitation, open for a day."""
        control = control_of(time_control)
        if challenger == opponent:
            raise RulesError("you cannot challenge yourself")
        if not isinstance(boards, int) or not 1 <= boards <= MAX_GAME_BOARDS:
            raise RulesError(f"a casual game has 1 to {MAX_GAME_BOARDS} boards")
        if layout not in ("line", "ring"):
            raise RulesError("the boards stand in a 'line' or a 'ring'")
        now = self._clock()
        async with self._write(None) as db:
            if await storage.open_invitations(db, challenger, opponent, now - CHALLENGE_LIFETIME):
                raise WrongStateError("you have already challenged them: wait for their answer")
            return await storage.insert_invitation(
                db, challenger, opponent, boards, layout, json.dumps(names), now, str(control)
            )

    async def withdraw_challenge(self, invitation: int) -> None:
        """Withdraw a challenge that could not be delivered."""
        async with self._write(None) as db:
            await storage.close_invitation(db, invitation, "withdrawn", None)

    async def answer_challenge(
        self,
        invitation: int,
        user: str,
        *,
        accept: bool,
        places: Mapping[str, str] | None = None,
    ) -> int | None:
        """Accept (starting the game, the challenger playing White) or decline a challenge."""
        async with self._write(None) as db:
            row = await storage.invitation_row(db, invitation)
            if row is None:
                raise NotFoundError("there is no such challenge")
            if row["opponent"] != user:
                raise NotAllowedError("only the person challenged can answer this challenge")
            if row["status"] != "open":
                raise WrongStateError(f"this challenge was already {row['status']}")
            if self._clock() - row["created_at"] > CHALLENGE_LIFETIME:
                raise WrongStateError("this challenge has expired: challenges last a day")
            if not accept:
                await storage.close_invitation(db, invitation, "declined", None)
                return None
            names = tuple(json.loads(row["names"]))
            loaded = await self._new_game(
                db,
                row["challenger"],
                user,
                row["boards"],
                row["layout"],
                (names[0], names[1]),
                places,
                control_of(row["time_control"]),
            )
            await storage.close_invitation(db, invitation, "accepted", loaded.id)
        self._loaded[loaded.id] = loaded
        return loaded.id

    async def invitation(self, invitation: int) -> dict[str, object]:
        """Return a challenge: who, against whom, its shape and status."""
        async with self._store.read() as db:
            row = await storage.invitation_row(db, invitation)
        if row is None:
            raise NotFoundError("there is no such challenge")
        return dict(zip(row.keys(), row, strict=True))

    async def action_notices(self, action_key: str) -> list[tuple[str, str, dict[str, Any]]]:
        """Return (place, kind, payload) of every notice one action queued, in order."""
        async with self._store.read() as db:
            found = await storage.action_notices(db, action_key)
        notices = [(row["place"], row["kind"], json.loads(row["payload"])) for row in found]
        return [(payload.get("place", place), kind, payload) for place, kind, payload in notices]

    async def games_of(self, user: str) -> list[int]:
        """Return the active or paused matches a user plays in, newest first."""
        async with self._store.read() as db:
            return [row["id"] for row in await storage.matches_of(db, user)]

    async def join(self, match_id: int, user: str, side: Side) -> None:
        """Put user on a team in the lobby; the first player of a team is its captain."""
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            self._in_lobby(loaded, "join")
            _check_side(side)
            current = loaded.roster.team_of(user)
            if current == side:
                raise RulesError(f"you are already in the {self._team(loaded, side)} team")
            async with self._write(match_id) as db:
                if current is not None:
                    await self._drop(db, loaded, user, current)
                await self._enlist(db, loaded, user, side)

    async def leave(self, match_id: int, user: str) -> None:
        """Take user off their team in the lobby; a leaving captain hands over to the next."""
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            self._in_lobby(loaded, "leave")
            side = loaded.roster.team_of(user)
            if side is None:
                raise NotAllowedError("you are not in this match")
            async with self._write(match_id) as db:
                await self._drop(db, loaded, user, side)

    async def move_player(self, match_id: int, actor: str, user: str, side: Side) -> None:
        """Move a player to the other team (the host only)."""
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            self._in_lobby(loaded, "move players")
            if actor != loaded.host:
                raise NotAllowedError("only the host can move players between teams")
            _check_side(side)
            current = loaded.roster.team_of(user)
            if current is None:
                raise NotFoundError(f"{user} is not in this match")
            if current == side:
                raise RulesError(f"{user} is already in that team")
            async with self._write(match_id) as db:
                await self._drop(db, loaded, user, current)
                await self._enlist(db, loaded, user, side)

    async def seat(self, match_id: int, actor: str, board: int, side: Side, user: str) -> None:
        """Seat a player of side's team on a board (the host or that team's captain)."""
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            self._in_lobby(loaded, "change seats")
            _check_side(side)
            if actor != loaded.host and loaded.roster.captains.get(side) != actor:
                raise NotAllowedError(
                    f"only the host or the {side_name(side)} captain can seat {side_name(side)}"
                )
            self._check_board(loaded, board)
            if loaded.roster.team_of(user) != side:
                raise RulesError(f"{user} is not in the {self._team(loaded, side)} team")
            async with self._write(match_id) as db:
                await storage.set_seat(db, match_id, board, side, user)
            loaded.roster.seats[(board, side)] = user

    async def start(self, match_id: int, actor: str | Moderator, reason: str = "") -> Outcome:
        """Start a match: every board gets a White and a Black player.

        The host starts it as a player (a str); a moderator (a Moderator) gives a reason,
        and the start is audited.
        """
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            self._startable(loaded, actor, reason)
            async with self._write(match_id) as db:
                notices = await self._begin(db, loaded)
                if isinstance(actor, Moderator):
                    await self._audit(db, loaded, actor, "start", reason, {})
            logger.info("match %d started by %s", match_id, _who(actor))
            return Outcome(match_id, (), tuple(notices))

    async def check_start(self, match_id: int, actor: str | Moderator, reason: str = "") -> None:
        """Refuse now, as start would, before the front prepares anything for the match."""
        async with self._lock(match_id):
            self._startable(await self._get(match_id), actor, reason)

    def _startable(self, loaded: Loaded, actor: str | Moderator, reason: str) -> None:
        self._in_lobby(loaded, "start")
        self._host_or_moderator(loaded, actor, reason, "start the match")
        for side in SIDES:
            if not loaded.roster.teams[side]:
                raise WrongStateError(f"the {self._team(loaded, side)} team has no players")

    async def boards(self, match_id: int) -> int:
        """Return how many boards a match has."""
        async with self._lock(match_id):
            return (await self._get(match_id)).match.boards

    async def host(self, match_id: int) -> str:
        """Return who created a match."""
        async with self._lock(match_id):
            return (await self._get(match_id)).host

    def _host_or_moderator(
        self, loaded: Loaded, actor: str | Moderator, reason: str, what: str
    ) -> None:
        """Refuse anyone but the host, or a moderator who gives a reason."""
        if isinstance(actor, Moderator):
            if not actor.is_moderator:
                raise NotAllowedError(f"only the host or a moderator can {what}")
            if not reason.strip():
                raise RulesError("a moderator's action needs a reason")
        elif actor != loaded.host:
            raise NotAllowedError(f"only the host or a moderator can {what}")

    async def _begin(self, db: aiosqlite.Connection, loaded: Loaded) -> list[Notice]:
        """Seat every board, mark the match active and announce it; return the notices."""
        roster = loaded.roster
        seats = round_robin(loaded.match.boards, roster.teams, roster.seats)
        notices = [Notice(OVERVIEW, "started", {"boards": loaded.match.boards})]
        notices += [
            Notice(board_place(board), "board", {"board": board, "events": []})
            for board in range(1, loaded.match.boards + 1)
        ]
        for (board, side), user in seats.items():
            await storage.set_seat(db, loaded.id, board, side, user)
        now = self._clock()
        if loaded.control.timed:
            match = loaded.match
            turns = {board: match.turn(board) for board in range(1, match.boards + 1)}
            loaded.clocks = Clocks.start(loaded.control, turns, now)
            await self._save_clocks(db, loaded, list(turns))
        await storage.set_status(db, loaded.id, "active", now, started=True)
        roster.seats = seats  # in memory first, for the images; a failed commit forgets it
        await self._enqueue(db, loaded, notices)
        loaded.status = "active"
        return notices

    async def cancel(self, match_id: int, actor: str | Moderator, reason: str = "") -> Outcome:
        """Cancel a match before it starts, telling everyone in its lobby.

        The host cancels as a player (a str); a moderator (a Moderator) gives a reason,
        and the cancellation is audited.
        """
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            self._in_lobby(loaded, "cancel")
            self._host_or_moderator(loaded, actor, reason, "cancel the match")
            payload = {"by": _who(actor), "reason": reason}
            notices = [Notice(OVERVIEW, "cancelled", payload)]
            notices += [
                Notice(user_place(user), "cancelled", payload)
                for side in SIDES
                for user in loaded.roster.teams[side]
            ]
            async with self._write(match_id) as db:
                await storage.set_status(db, match_id, "cancelled", self._clock())
                if isinstance(actor, Moderator):
                    await self._audit(db, loaded, actor, "cancel", reason, {})
                await self._enqueue(db, loaded, notices)
            loaded.status = "cancelled"
            return Outcome(match_id, (), tuple(notices))

    async def roster(self, match_id: int) -> Roster:
        """Return a copy of who is in a match and where they sit."""
        async with self._lock(match_id):
            found = (await self._get(match_id)).roster
            return Roster(
                {side: list(users) for side, users in found.teams.items()},
                dict(found.captains),
                dict(found.seats),
            )

    async def game(self, match_id: int) -> Match:
        """Return a copy of a match's rules-core state, safe to render in another thread.

        It costs a restore of every board (100 ms for 1,000 boards), made off the event loop
        while the match's lock keeps its actions waiting; images, autocomplete and menus read
        the cheap views below instead.
        """
        async with self._lock(match_id):
            match = (await self._get(match_id)).match
            return await asyncio.to_thread(_copy, match)

    async def export(self, match_id: int, board: int | None = None) -> str:
        """Return a board's game as PGN, or (no board) the whole match's record as JSON.

        Written in a thread, as a long log takes a while, while the match's lock keeps its
        actions waiting.
        """
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            if board is None:
                return await asyncio.to_thread(loaded.match.to_json)
            self._check_board(loaded, board)
            return await asyncio.to_thread(loaded.match.pgn, board)

    async def shape(self, match_id: int) -> MatchShape:
        """Return a match's boards, layout and team names."""
        async with self._lock(match_id):
            match = (await self._get(match_id)).match
            teams = {side: match.team(1, side) for side in SIDES}
            return MatchShape(match.boards, match.layout, teams)

    async def turns(self, match_id: int, user: str) -> tuple[list[int], list[int]]:
        """Return the open boards user sits at where it is their move, and the others."""
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            match = loaded.match
            seats = [(b, side) for b, side in loaded.roster.boards_of(user) if match.is_open(b)]
            mine = [b for b, side in seats if match.turn(b) == side]
            return mine, [b for b, _ in seats if b not in mine]

    async def legal_moves(self, match_id: int, board: int) -> tuple[Side, list[str]]:
        """Return the side to move on a board and its legal moves (none once it is over)."""
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            self._check_board(loaded, board)
            match = loaded.match
            moves = match.legal_moves(board) if match.is_open(board) else []
            return match.turn(board), moves

    async def move_options(self, match_id: int, user: str, board: int) -> list[str]:
        """Return the moves user may play on a board now: none unless they may move there."""
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            self._check_board(loaded, board)
            match = loaded.match
            if match.is_closed(board) or not loaded.roster.may_move(user, board, match.turn(board)):
                return []
            return match.legal_moves(board)

    async def shown_board(self, match_id: int, board: int) -> ShownBoard:
        """Read how a board looks now, with its players and clocks: cheap, for images."""
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            self._check_board(loaded, board)
            match, roster = loaded.match, loaded.roster
            return shown_boards(match, roster, loaded.clocks, [board], self._clock())[board]

    async def shown_game(self, match_id: int) -> ShownGame:
        """Read a match's first 40 boards as an overview shows them now: a few ms, for images."""
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            return shown_game(loaded.match, loaded.clocks, self._clock())

    async def time_control(self, match_id: int) -> TimeControl:
        """Return a match's time control."""
        async with self._lock(match_id):
            return (await self._get(match_id)).control

    async def clock_readings(self, match_id: int) -> dict[int, tuple[float, float]]:
        """Return each board's clocks now, White's and Black's seconds (empty if untimed)."""
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            if loaded.clocks is None:
                return {}
            now = self._clock()
            return {board: loaded.clocks.reading(board, now) for board in loaded.clocks.boards}

    async def status(self, match_id: int) -> str:
        """Return a match's status: lobby, active, paused, finished, cancelled or aborted."""
        async with self._lock(match_id):
            return (await self._get(match_id)).status

    async def bind(self, match_id: int, places: Mapping[str, str]) -> None:
        """Record where places of a match live outside the bot (the front's channels)."""
        async with self._lock(match_id):
            loaded = await self._get(match_id)
            async with self._write(None) as db:
                await storage.bind(db, match_id, dict(places))
            loaded.in_dms = loaded.in_dms or DM_PLACE in places

    async def unbind(self, match_id: int, places: Sequence[str]) -> None:
        """Forget where places of a match live."""
        async with self._lock(match_id), self._write(None) as db:
            await storage.unbind(db, match_id, list(places))

    async def bindings(self, match_id: int) -> dict[str, str]:
        """Return where a match's places live: place to target."""
        async with self._store.read() as db:
            return {row["place"]: row["target"] for row in await storage.binding_rows(db, match_id)}

    async def bound_to(self, target: str) -> list[tuple[int, str]]:
        """Return the (match, place) pairs living at a target, newest match first."""
        async with self._store.read() as db:
            return [(row["match_id"], row["place"]) for row in await storage.bound_to(db, target)]

    # ------------------------------------------------------------------ playing

    async def play(self, match_id: int, user: str, board: int, text: str) -> Outcome:
        """Play a move or a ride on a board for the seated player to move or their captain."""
        _check_move_text(text)
        async with self._lock(match_id):
            loaded = await self._due(match_id)
            self._playing(loaded)
            self._check_board(loaded, board)
            side = loaded.match.turn(board)
            if loaded.match.is_closed(board):
                raise WrongStateError(self._finished(loaded, board))
            if not loaded.roster.may_move(user, board, side):
                if loaded.roster.team_of(user) is None:
                    raise NotAllowedError("you are not playing in this match")
                other_captain = loaded.roster.captains.get(opponent(side)) == user
                if user in loaded.roster.players_at(board) or other_captain:
                    raise NotAllowedError(f"it is {side_name(side)}'s turn on board {board}")
                raise NotAllowedError(f"you are not seated on board {board}")
            return await self._act(loaded, user, lambda: loaded.match.play(board, text, side=side))

    async def resign(self, match_id: int, user: str, board: int) -> Outcome:
        """Resign a board, for the player seated there or their team's captain."""
        async with self._lock(match_id):
            loaded = await self._due(match_id)
            side = self._open_board_side(loaded, user, board, captains=True)
            return await self._act(loaded, user, lambda: loaded.match.resign(board, side))

    async def resign_match(self, match_id: int, user: str) -> Outcome:
        """Resign every unfinished board of the captain's team at once."""
        async with self._lock(match_id):
            loaded = await self._due(match_id)
            self._playing(loaded)
            side = next((s for s, c in loaded.roster.captains.items() if c == user), None)
            if side is None:
                raise NotAllowedError("only a team's captain can resign the match")
            return await self._act(loaded, user, partial(loaded.match.resign_match, side))

    async def offer_draw(self, match_id: int, user: str, board: int) -> Outcome:
        """Offer a draw on a board; if the opponent has offered one, that agrees the draw."""
        async with self._lock(match_id):
            loaded = await self._due(match_id)
            side = self._open_board_side(loaded, user, board, captains=False)
            standing = loaded.offers.get(board)
            if standing == side:
                raise RulesError(f"you have already offered a draw on board {board}")
            if standing is not None:
                return await self._act(loaded, user, lambda: loaded.match.draw(board))
            opponent_seat = loaded.roster.seated(board, opponent(side))
            notices = [Notice(board_place(board), "draw-offer", {"board": board, "side": side})]
            if opponent_seat is not None:
                payload = {"board": board, "side": side}
                notices.append(Notice(user_place(opponent_seat), "draw-offer", payload))
            async with self._write(match_id) as db:
                await storage.set_offer(db, match_id, board, side, self._clock())
                await self._enqueue(db, loaded, notices)
            loaded.offers[board] = side
            return Outcome(match_id, (), tuple(notices))

    async def accept_draw(self, match_id: int, user: str, board: int) -> Outcome:
        """Accept the draw the opponent offered on a board."""
        async with self._lock(match_id):
            loaded = await self._due(match_id)
            side = self._open_board_side(loaded, user, board, captains=False)
            if loaded.offers.get(board) != opponent(side):
                raise RulesError(f"there is no draw offer from your opponent on board {board}")
            return await self._act(loaded, user, lambda: loaded.match.draw(board))

    async def decline_draw(self, match_id: int, user: str, board: int) -> Outcome:
        """Decline the draw the opponent offered on a board."""
        async with self._lock(match_id):
            loaded = await self._due(match_id)
            side = self._open_board_side(loaded, user, board, captains=False)
            if loaded.offers.get(board) != opponent(side):
                raise RulesError(f"there is no draw offer from your opponent on board {board}")
            notices = [Notice(board_place(board), "draw-declined", {"board": board, "side": side})]
            async with self._write(match_id) as db:
                await storage.clear_offers(db, match_id, [board])
                await self._enqueue(db, loaded, notices)
            del loaded.offers[board]
            return Outcome(match_id, (), tuple(notices))

    async def claim_draw(self, match_id: int, user: str, board: int) -> Outcome:
        """Claim a threefold-repetition or fifty-move draw, for the player to move."""
        async with self._lock(match_id):
            loaded = await self._due(match_id)
            side = self._open_board_side(loaded, user, board, captains=False)
            if side != loaded.match.turn(board):
                raise NotAllowedError(f"only the player to move on board {board} can claim a draw")
            return await self._act(loaded, user, lambda: loaded.match.claim_draw(board, side=side))

    async def transfer(self, match_id: int, user: str, board: int, text: str) -> Outcome:
        """Send one piece onward from a won board, for the winner's seat."""
        _check_move_text(text)
        async with self._lock(match_id):
            loaded, lapsed = await self._due_transfer(match_id, board)
            winner = self._winner_seat(loaded, user, board, lapsed)
            return await self._act(
                loaded, user, lambda: loaded.match.transfer(board, text, side=winner)
            )

    async def skip_transfer(self, match_id: int, user: str, board: int) -> Outcome:
        """Let a won board's victory transfer go, for the winner's seat."""
        async with self._lock(match_id):
            loaded, lapsed = await self._due_transfer(match_id, board)
            winner = self._winner_seat(loaded, user, board, lapsed)
            return await self._act(
                loaded, user, lambda: loaded.match.skip_transfer(board, side=winner)
            )

    async def _due(self, match_id: int) -> Loaded:
        """Return a match once every clock and transfer deadline due in it is settled."""
        loaded = await self._get(match_id)
        await self._settle(loaded)
        return loaded

    async def _due_transfer(self, match_id: int, board: int) -> tuple[Loaded, bool]:
        """Return a match settled as _due does, and whether board's transfer lapsed just now.

        The deadline holds whenever the scheduler last ran: a late answer finds it lapsed.
        """
        loaded = await self._get(match_id)
        settled = await self._settle(loaded)
        lapsed = any(
            isinstance(event, TransferDeclined) and event.board == board
            for outcome in settled
            for event in outcome.events
        )
        return loaded, lapsed

    async def settle_due(self) -> list[Outcome]:
        """Settle every due flag, reminder and transfer deadline, the earliest match first.

        The bot runs this every second and once on start, before it takes any action, so
        that what fell due while it was down is settled in the order it fell.
        """
        async with self._store.read() as db:
            due = await storage.due_matches(db, self._clock())
        outcomes = []
        for row in due:
            async with self._lock(row["match_id"]):
                try:
                    loaded = await self._get(row["match_id"])
                    outcomes += await self._settle(loaded)
                except DamagedError:
                    continue  # logged where found; the other matches go on
                except Exception:
                    logger.exception(
                        "match %d: what fell due could not be settled", row["match_id"]
                    )
        return outcomes

    async def _settle(self, loaded: Loaded) -> list[Outcome]:
        """Settle what has fallen due in an active match, in the order it fell.

        A flag ends its board as of when it fell; a transfer past its deadline lapses;
        a correspondence player to move is reminded. One may change what the next is.
        """
        outcomes: list[Outcome] = []
        while loaded.status == "active":
            now = self._clock()
            due = [(at, "transfer", board) for board, at in loaded.deadlines.items() if at <= now]
            if loaded.clocks is not None:
                due += [(at, "clock", board) for at, board in loaded.clocks.due(now)]
            if not due:
                break
            at, kind, board = min(due)
            match = loaded.match
            if kind == "transfer":
                winner = match.pending_transfer(board)
                if winner is None:  # the stored deadline outlived its transfer
                    async with self._write(loaded.id) as db:
                        await storage.clear_deadlines(db, loaded.id, [board])
                    loaded.deadlines.pop(board, None)
                    continue
                skip = partial(match.skip_transfer, board, side=winner)
                outcomes.append(await self._act(loaded, DEADLINE, skip, at=at))
                continue
            assert loaded.clocks is not None
            clock = loaded.clocks.boards[board]
            falls = clock.falls_at()
            if falls is not None and falls <= now and clock.running is not None:
                flag = partial(match.flag, board, clock.running)
                outcomes.append(await self._act(loaded, CLOCK, flag, at=falls))
            else:
                outcomes.append(await self._remind(loaded, board, now))
        return outcomes

    async def _clock_marks(self, loaded: Loaded, seq: int) -> dict[int, tuple[float, float, int]]:
        """Return each board's clocks as they stood before the actions from seq on changed them."""
        if loaded.clocks is None:
            return {}
        async with self._store.read() as db:
            found = await storage.clock_marks_since(db, loaded.id, seq)
        marks: dict[int, tuple[float, float, int]] = {}
        for row in found:  # the earliest mark of each board is how it stood before them all
            marks.setdefault(row["board"], (row["white"], row["black"], row["reminded"]))
        return marks

    async def _remind(self, loaded: Loaded, board: int, now: float) -> Outcome:
        """Remind a correspondence board's player to move of the time they have left."""
        clocks = loaded.clocks
        assert clocks is not None
        level = clocks.reminder(board, now)
        side = clocks.boards[board].running
        notices = []
        if level is not None and side is not None:
            seated = loaded.roster.seated(board, side)
            payload = {
                "board": board,
                "side": side,
                "left": clocks.boards[board].left(side, now),
                "falls_at": clocks.boards[board].falls_at(),
                "mention": [seated] if seated is not None else [],
            }
            notices.append(Notice(board_place(board), "reminder", payload))
        # without a level (a rounding edge), note one more, so that the look moves on
        clocks.reminded(board, clocks.boards[board].reminded + 1 if level is None else level)
        async with self._write(loaded.id) as db:
            await self._save_clocks(db, loaded, [board])
            await self._enqueue(db, loaded, notices)
        return Outcome(loaded.id, (), tuple(notices))

    # ------------------------------------------------------------------ moderators

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
        async with self._lock(match_id):
            loaded = await self._moderated(match_id, moderator, reason, started=True)
            self._check_board(loaded, board)
            details = {"board": board, "result": result, "transfer": transfer}
            return await self._act(
                loaded,
                moderator.user,
                partial(loaded.match.adjudicate, board, result, reason, transfer=transfer),
                audit=("adjudicate", reason, details),
            )

    async def forfeit(
        self, match_id: int, moderator: Moderator, side: Side, reason: str
    ) -> Outcome:
        """End every unfinished board against a side that did not show up."""
        async with self._lock(match_id):
            loaded = await self._moderated(match_id, moderator, reason, started=True)
            _check_side(side)
            boards = [b for b in range(1, loaded.match.boards + 1) if loaded.match.is_open(b)]
            return await self._act(
                loaded,
                moderator.user,
                partial(loaded.match.resign_match, side),
                audit=("forfeit", reason, {"side": side, "boards": boards}),
            )

    async def server_settings(self, guild: str) -> dict[str, str | None]:
        """Return a server's settings: its moderator role and its log channel."""
        async with self._store.read() as db:
            row = await storage.guild_settings(db, guild)
        names = ("moderator_role", "log_channel")
        return {name: (row[name] if row is not None else None) for name in names}

    async def set_server_setting(self, guild: str, name: str, value: str | None) -> None:
        """Set a server's moderator role or log channel (None clears it)."""
        async with self._write(None) as db:
            await storage.set_guild_setting(db, guild, name, value)

    async def force_resign(
        self, match_id: int, moderator: Moderator, board: int, side: Side, reason: str
    ) -> Outcome:
        """Resign a board on behalf of an absent player."""
        async with self._lock(match_id):
            loaded = await self._moderated(match_id, moderator, reason, started=True)
            self._check_board(loaded, board)
            return await self._act(
                loaded,
                moderator.user,
                partial(loaded.match.resign, board, side),
                audit=("resign", reason, {"board": board, "side": side}),
            )

    async def undo_preview(self, match_id: int, count: int) -> tuple[int, list[str]]:
        """Say what undoing the last count actions would take back, changing nothing.

        Return also the log's length now: undo(expect=it) refuses if the match moved on.
        """
        async with self._lock(match_id):
            match = (await self._get(match_id)).match
            try:
                undone = match.last_actions(count)
            except GameError as error:
                raise RulesError(str(error)) from None
            return len(match.events), [describe(event) for event in undone]

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
        async with self._lock(match_id):
            loaded = await self._moderated(
                match_id, moderator, reason, started=True, finished_too=True
            )
            if expect is not None and len(loaded.match.events) != expect:
                raise WrongStateError(
                    "the match has moved on since you saw what would be undone: ask again"
                )
            with self._changing(loaded):
                match = loaded.match
                removed = match.undo(count)
                kept = len(match.events)
                boards = sorted({board for event in removed for board in boards_of(event)})
                withdrawn = {b: side for b, side in loaded.offers.items() if b in boards}
                # a board the undo touched may have its transfer offered again, with a new deadline
                deadlines = {
                    b: self._deadline(loaded)
                    for b in boards
                    if match.pending_transfer(b) is not None
                }
                news = News(loaded.roster, match, moderator.user, withdrawn, deadlines)
                notices = news.boards(removed, undone=True)
                notices.append(Notice(OVERVIEW, "undo", {"count": count, "reason": reason}))
                notices += news.prompts()
                # a match that finished while paused (a moderator's ruling) comes back paused
                reopened = "paused" if loaded.paused_at is not None else "active"
                status = reopened if loaded.status == "finished" else loaded.status
                # the clocks go back to how they stood before the undone actions; the side
                # to move now has theirs running from now
                now = self._clock()
                marks = await self._clock_marks(loaded, kept + 1)
                clocked = sorted(marks)
                paused_at = loaded.paused_at
                undone = {"count": count, "removed": [e.to_dict() for e in removed]}
                audits: list[tuple[str, str, dict[str, object]]] = [("undo", reason, undone)]
                if loaded.clocks is not None:
                    clocks = loaded.clocks
                    for board, mark in marks.items():
                        turn = match.turn(board) if match.is_open(board) else None
                        clocks.restore(board, mark, turn, now, running=status == "active")
                    empty = [
                        b
                        for b in boards
                        if match.is_open(b) and clocks.boards[b].left(match.turn(b), now) <= 0
                    ]
                    if empty and status == "active":  # its flag would fall again at once
                        status, paused_at = "paused", now
                        clocked = sorted(set(clocked) | set(clocks.halt(now)))
                        why = (
                            f"board {empty[0]} has no time left after the undo: give time "
                            "with /mod add-time, then /mod resume"
                        )
                        payload = {"moderator": moderator.user, "reason": why}
                        notices.append(Notice(OVERVIEW, "pause", payload))
                        audits.append(("pause", why, {}))
                if loaded.status == "finished" and status != "finished":
                    # its board channels open to the players again, said with how it stands
                    notices.append(Notice(OVERVIEW, "reopened", {"status": status}))
                async with self._write(match_id) as db:
                    await self._save_clocks(db, loaded, clocked)
                    await storage.drop_clock_marks(db, match_id, kept + 1)
                    await storage.set_paused(db, match_id, paused_at)
                    await storage.truncate_events(db, match_id, kept)
                    await storage.clear_states(db, match_id)
                    touched = sorted({b for event in match.events for b in boards_of(event)})
                    states = {b: json.dumps(match.board_state(b)) for b in touched}
                    await storage.save_states(db, match_id, kept, states)
                    await storage.clear_offers(db, match_id, list(withdrawn))
                    await storage.clear_deadlines(db, match_id, boards)
                    for board, deadline in deadlines.items():
                        await storage.set_deadline(db, match_id, board, deadline)
                    await storage.set_status(db, match_id, status, self._clock())
                    for action, why, details in audits:
                        await self._audit(db, loaded, moderator, action, why, details)
                    await self._enqueue(db, loaded, notices)
            for board in withdrawn:
                del loaded.offers[board]
            for board in boards:
                loaded.deadlines.pop(board, None)
            loaded.deadlines.update(deadlines)
            loaded.status, loaded.paused_at = status, paused_at
            return Outcome(match_id, tuple(removed), tuple(notices))

    async def substitute(
        self, match_id: int, moderator: Moderator, old: str, new: str, reason: str
    ) -> Outcome:
        """Give a player's team place, captaincy and seats to someone else, and tell them."""
        async with self._lock(match_id):
            loaded = await self._moderated(match_id, moderator, reason, started=False)
            if loaded.status not in ("lobby", "active", "paused"):
                raise WrongStateError(
                    f"the match is {loaded.status}: its players stay as they were"
                )
            roster = loaded.roster
            side = roster.team_of(old)
            if side is None:
                raise NotFoundError(f"{old} is not in this match")
            if roster.team_of(new) is not None:
                raise RulesError(f"{new} already plays in this match")
            after = _substituted(roster, old, new)
            payload = {"old": old, "new": new, "reason": reason}
            notices = [Notice(OVERVIEW, "substitute", payload)]
            seats = after.boards_of(new)
            notices.append(Notice(user_place(new), "substitute", payload | {"seats": seats}))
            match = loaded.match
            # what waits on the seats taken over: transfers to make, draw offers to answer
            waiting = {
                board: deadline
                for board, deadline in loaded.deadlines.items()
                if (board, match.pending_transfer(board)) in seats
            }
            notices += News(after, match, moderator.user, {}, waiting).prompts()
            notices += [
                Notice(user_place(new), "draw-offer", {"board": board, "side": by})
                for board, by in sorted(loaded.offers.items())
                if (board, opponent(by)) in seats
            ]
            async with self._write(match_id) as db:
                await storage.replace_player(db, match_id, old, new)
                details = {"old": old, "new": new}
                await self._audit(db, loaded, moderator, "substitute", reason, details)
                await self._enqueue(db, loaded, notices)
            loaded.roster = after
            return Outcome(match_id, (), tuple(notices))

    async def pause(self, match_id: int, moderator: Moderator, reason: str) -> None:
        """Stop all play in a match, transfer deadlines included, until a moderator resumes it."""
        async with self._lock(match_id):
            loaded = await self._moderated(match_id, moderator, reason, started=True)
            if loaded.status != "active":
                raise WrongStateError(f"the match is {loaded.status}, so it cannot be paused")
            now = self._clock()
            notices = [Notice(OVERVIEW, "pause", {"moderator": moderator.user, "reason": reason})]
            halted = loaded.clocks.halt(now) if loaded.clocks is not None else []
            async with self._write(match_id) as db:
                await storage.set_status(db, match_id, "paused", now)
                await storage.set_paused(db, match_id, now)
                await self._save_clocks(db, loaded, halted)
                await self._audit(db, loaded, moderator, "pause", reason, {})
                await self._enqueue(db, loaded, notices)
            loaded.status, loaded.paused_at = "paused", now

    async def resume(self, match_id: int, moderator: Moderator, reason: str) -> Outcome:
        """Let play go on in a paused match; transfer deadlines move on by the pause."""
        async with self._lock(match_id):
            loaded = await self._moderated(match_id, moderator, reason, started=True)
            if loaded.status != "paused":
                raise WrongStateError(f"the match is {loaded.status}, not paused")
            now = self._clock()
            paused_for = max(0.0, now - (loaded.paused_at if loaded.paused_at is not None else now))
            deadlines = {board: at + paused_for for board, at in loaded.deadlines.items()}
            news = News(loaded.roster, loaded.match, moderator.user, {}, deadlines)
            payload = {"moderator": moderator.user, "reason": reason, "paused_for": paused_for}
            notices = [Notice(OVERVIEW, "resume", payload), *news.prompts()]
            started = loaded.clocks.go_on(now) if loaded.clocks is not None else []
            async with self._write(match_id) as db:
                await storage.set_status(db, match_id, "active", now)
                await storage.set_paused(db, match_id, None)
                await storage.shift_deadlines(db, match_id, paused_for)
                await self._save_clocks(db, loaded, started)
                await self._audit(db, loaded, moderator, "resume", reason, {})
                await self._enqueue(db, loaded, notices)
            loaded.status, loaded.paused_at, loaded.deadlines = "active", None, deadlines
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
        async with self._lock(match_id):
            loaded = await self._moderated(match_id, moderator, reason, started=True)
            self._check_board(loaded, board)
            _check_side(side)
            clocks = loaded.clocks
            if clocks is None:
                raise WrongStateError("this match is played without clocks")
            if loaded.match.is_closed(board):
                raise WrongStateError(self._finished(loaded, board))
            seconds = minutes * 60 if isinstance(minutes, (int, float)) else 0.0
            if not 0 < seconds <= MAX_ADDED:
                raise RulesError(
                    f"time is given back in minutes: more than 0, at most {int(MAX_ADDED // 60)}"
                )
            turn = loaded.match.turn(board)
            if clocks.control.kind == "correspondence" and side != turn:
                raise RulesError(
                    f"in correspondence each move gets its days afresh: time is given to the "
                    f"side to move, {side_name(turn)} on board {board}"
                )
            now = self._clock()
            with self._changing(loaded):
                clocks.add(board, side, seconds, now)
                left = clocks.boards[board].left(side, now)
                payload = {
                    "moderator": moderator.user,
                    "reason": reason,
                    "board": board,
                    "side": side,
                    "seconds": seconds,
                    "left": left,
                }
                notices = [
                    Notice(OVERVIEW, "add-time", payload),
                    Notice(board_place(board), "add-time", payload),
                ]
                async with self._write(match_id) as db:
                    await self._save_clocks(db, loaded, [board])
                    details = {"board": board, "side": side, "seconds": seconds}
                    await self._audit(db, loaded, moderator, "add-time", reason, details)
                    await self._enqueue(db, loaded, notices)
            return Outcome(match_id, (), tuple(notices))

    async def abort(self, match_id: int, moderator: Moderator, reason: str) -> None:
        """End a started match without a result; its draw offers and transfers lapse with it."""
        async with self._lock(match_id):
            loaded = await self._moderated(match_id, moderator, reason, started=True)
            every_board = list(range(1, loaded.match.boards + 1))
            notices = [Notice(OVERVIEW, "abort", {"moderator": moderator.user, "reason": reason})]
            now = self._clock()
            halted = loaded.clocks.halt(now) if loaded.clocks is not None else []
            async with self._write(match_id) as db:
                await self._save_clocks(db, loaded, halted)
                await storage.set_status(db, match_id, "aborted", now)
                await storage.set_paused(db, match_id, None)
                await storage.clear_offers(db, match_id, every_board)
                await storage.clear_deadlines(db, match_id, every_board)
                await self._audit(db, loaded, moderator, "abort", reason, {})
                await self._enqueue(db, loaded, notices)
            loaded.status, loaded.paused_at = "aborted", None
            loaded.offers.clear()
            loaded.deadlines.clear()

    async def audit_log(self, match_id: int) -> list[dict[str, object]]:
        """Return a match's moderator actions: who, when, what and why."""
        async with self._store.read() as db:
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

    async def _moderated(
        self,
        match_id: int,
        moderator: Moderator,
        reason: str,
        *,
        started: bool,
        finished_too: bool = False,
    ) -> Loaded:
        """Return a match for a moderator's action, refusing non-moderators and no reason."""
        if not moderator.is_moderator:
            raise NotAllowedError("only a moderator can do that")
        if not reason.strip():
            raise RulesError("a moderator's action needs a reason")
        loaded = await self._get(match_id)
        await self._settle(loaded)  # a flag that fell before the moderator acted stands
        allowed = ("active", "paused", "finished") if finished_too else ("active", "paused")
        if started and loaded.status == "lobby":
            raise WrongStateError("the match has not started yet")
        if started and loaded.status not in allowed:
            raise WrongStateError(f"the match is {loaded.status}")
        return loaded

    async def _audit(
        self,
        db: aiosqlite.Connection,
        loaded: Loaded,
        moderator: Moderator,
        action: str,
        reason: str,
        details: Mapping[str, object],
    ) -> None:
        await storage.add_audit(
            db, loaded.id, moderator.user, action, reason, json.dumps(details), self._clock()
        )

    # ------------------------------------------------------------------ the machinery

    def _open_board_side(self, loaded: Loaded, user: str, board: int, *, captains: bool) -> Side:
        """Return the side user acts for on an open board, refusing anyone else."""
        self._playing(loaded)
        self._check_board(loaded, board)
        if loaded.match.is_closed(board):
            raise WrongStateError(self._finished(loaded, board))
        for side in SIDES:
            if loaded.roster.seated(board, side) == user:
                return side
        if captains:
            for side in SIDES:
                if loaded.roster.captains.get(side) == user:
                    return side
        raise NotAllowedError(f"you are not seated on board {board}")

    def _winner_seat(self, loaded: Loaded, user: str, board: int, lapsed: bool) -> Side:
        """Return the winner of a board with a transfer pending, if user holds that seat.

        lapsed: the transfer has just lapsed, which is what the refusal then says.
        """
        self._playing(loaded)
        self._check_board(loaded, board)
        winner = loaded.match.pending_transfer(board)
        if winner is None and lapsed:
            raise WrongStateError(f"the time for the victory transfer on board {board} has run out")
        if winner is None:
            raise WrongStateError(f"board {board} has no victory transfer waiting")
        if loaded.roster.seated(board, winner) != user:
            raise NotAllowedError(
                f"only {side_name(winner)}'s player on board {board} makes its victory transfer"
            )
        return winner

    @contextmanager
    def _changing(self, loaded: Loaded) -> Iterator[None]:
        """Wrap a change to a match in memory and its storing; if either fails, forget it.

        A refusal by the rules core changes nothing, so the match stays in memory unless a
        multi-board action was refused part-way; any other failure leaves memory ahead of
        the database, so the match reloads from the database on its next use.
        """
        before = len(loaded.match.events)
        try:
            yield
        except GameError as error:
            if len(loaded.match.events) != before:
                self._loaded.pop(loaded.id, None)
            raise RulesError(str(error)) from None
        except BaseException:
            self._loaded.pop(loaded.id, None)
            raise

    @asynccontextmanager
    async def _write(self, match_id: int | None) -> AsyncIterator[aiosqlite.Connection]:
        """Run one write transaction; if it fails or is cancelled, forget the match in memory.

        The database is the truth: the match reloads from it on its next use, whether or
        not the commit happened.
        """
        try:
            async with self._store.transaction() as db:
                yield db
        except BaseException:
            if match_id is not None:
                self._loaded.pop(match_id, None)
            raise

    @asynccontextmanager
    async def _lock(self, match_id: int) -> AsyncIterator[None]:
        """Hold a match's lock; a lock nobody holds or awaits is forgotten, as is a match over."""
        if not _whole(match_id) or not 1 <= match_id < 2**63:  # SQLite's largest integer
            raise NotFoundError(f"there is no match {shown(match_id)}")
        entry = self._locks.get(match_id)
        if entry is None:
            entry = self._locks[match_id] = _Lock()
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            if entry.users == 0:
                del self._locks[match_id]
                found = self._loaded.get(match_id)
                if found is not None and found.status in OVER:
                    del self._loaded[match_id]

    async def _get(self, match_id: int) -> Loaded:
        """Return a match, loading it from the database the first time it is asked for.

        The least recently used matches beyond the cache's size are forgotten; they reload
        from the database when next asked for.
        """
        found = self._loaded.get(match_id)
        if found is not None:
            self._loaded.move_to_end(match_id)
            return found
        try:
            async with self._store.read() as db:
                found, replayed = await load(db, match_id)
        except (GameError, ValueError, KeyError, TypeError) as error:
            logger.exception("match %d does not load", match_id)
            raise DamagedError(
                f"match {match_id} cannot be loaded: its record is damaged ({error}). "
                "Nothing more can be played in it; a moderator can see the log"
            ) from None
        if replayed:
            await self._save_all_states(found)
        self._loaded[match_id] = found
        while len(self._loaded) > self._cache_size:
            self._loaded.popitem(last=False)
        return found

    async def _save_all_states(self, loaded: Loaded) -> None:
        """Write every board's state afresh, after a replay found the stored ones wanting."""
        match = loaded.match
        touched = sorted({board for event in match.events for board in boards_of(event)})
        states = {board: json.dumps(match.board_state(board)) for board in touched}
        try:
            async with self._store.transaction() as db:
                await storage.clear_states(db, loaded.id)
                await storage.save_states(db, loaded.id, len(match.events), states)
        except Exception:  # the match is sound in memory; the next load will replay again
            logger.exception("match %d: its board states could not be rewritten", loaded.id)

    async def _act(
        self,
        loaded: Loaded,
        actor: str,
        action: Callable[[], list[Event]],
        *,
        audit: tuple[str, str, dict[str, object]] | None = None,
        at: float | None = None,
    ) -> Outcome:
        """Apply an action to the match, then store it; if storing fails, forget the change.

        at: when the action happened, if not now (a flag falls when the time ran out).
        """
        now = self._clock() if at is None else at
        with self._changing(loaded):
            match = loaded.match
            seq = len(match.events)
            # transfers already offered: closing other boards may change their options or
            # leave them nowhere to go, which their winners must hear of
            offered = {b: match.transfer_options(b) for b in loaded.deadlines}
            winners = {b: match.pending_transfer(b) for b in loaded.deadlines}
            events = action()
            marks = _run_clocks(loaded.clocks, events, now)
            finished = all(match.is_closed(board) for board in range(1, match.boards + 1))
            touched = sorted({board for event in events for board in boards_of(event)})
            # judged once the whole action is done: one action may end a board and clear it
            deadlines = {
                e.board: self._deadline(loaded)
                for e in events
                if isinstance(e, BoardEnded) and match.pending_transfer(e.board) is not None
            }
            cleared = [e.board for e in events if isinstance(e, BoardCleared)]
            withdrawn = _withdrawn_offers(loaded.offers, events)
            settled = {e.board for e in events if isinstance(e, (Transferred, TransferDeclined))}
            voided = {
                b: side
                for b, side in winners.items()
                if side is not None and b in cleared and b not in settled
            }
            changed = {
                b: loaded.deadlines[b]
                for b, options in offered.items()
                if b not in cleared and match.transfer_options(b) != options
            }
            news = News(loaded.roster, match, actor, withdrawn, deadlines | changed, voided)
            notices = news.of_events(events, finished=finished)
            if audit is not None:  # a moderator's ruling is said as one, before its results
                ruling = {"moderator": actor, "reason": audit[1], **audit[2]}
                notices.insert(0, Notice(OVERVIEW, audit[0], ruling))
            async with self._write(loaded.id) as db:
                rows = [
                    (event.KIND, json.dumps(event.to_dict()), actor if event.ACTION else None)
                    for event in events
                ]
                await storage.append_events(db, loaded.id, seq + 1, rows, now)
                states = {b: json.dumps(loaded.match.board_state(b)) for b in touched}
                await storage.save_states(db, loaded.id, seq + len(events), states)
                if marks:
                    await self._save_clocks(db, loaded, sorted(marks))
                    await storage.save_clock_marks(db, loaded.id, seq + 1, marks)
                if finished:
                    await storage.set_status(db, loaded.id, "finished", self._clock())
                if withdrawn:
                    await storage.clear_offers(db, loaded.id, list(withdrawn))
                for board, deadline in deadlines.items():
                    await storage.set_deadline(db, loaded.id, board, deadline)
                if cleared:
                    await storage.clear_deadlines(db, loaded.id, cleared)
                await self._enqueue(db, loaded, notices)
                if audit is not None:
                    action_name, reason, details = audit
                    await storage.add_audit(
                        db,
                        loaded.id,
                        actor,
                        action_name,
                        reason,
                        json.dumps(details),
                        self._clock(),
                    )
        logger.info("match %d: %s by %s on boards %s", loaded.id, events[0].KIND, actor, touched)
        for board in withdrawn:
            del loaded.offers[board]
        loaded.deadlines.update(deadlines)
        for board in cleared:
            loaded.deadlines.pop(board, None)
        if finished:
            loaded.status = "finished"
        return Outcome(loaded.id, tuple(events), tuple(notices))

    def _deadline(self, loaded: Loaded) -> float:
        """Return when a transfer offered now lapses; in a pause, the clock starts on resuming.

        Offered as a flag settles after a restart, it gets its whole window from now.
        """
        start = loaded.paused_at if loaded.paused_at is not None else self._clock()
        return start + loaded.control.transfer_window(self._transfer_window)

    async def _save_clocks(
        self, db: aiosqlite.Connection, loaded: Loaded, boards: Sequence[int]
    ) -> None:
        """Store some boards' clocks, when the match has clocks."""
        if loaded.clocks is not None and boards:
            await storage.save_clocks(db, loaded.id, clock_rows(loaded.clocks, boards))

    async def _enqueue(
        self, db: aiosqlite.Connection, loaded: Loaded, notices: list[Notice]
    ) -> None:
        """Queue an action's notices, each with a key of its own that a retry reuses.

        Each board's image notice is stored with the board as it stands now, and in a game
        shown in DMs the action's first notice with the whole game, so that they show the
        position right after the action however late they are sent. A game shown in DMs is
        one place, its players' DMs, whose posts must come in order: its notices are queued
        there, each keeping the place it names in its payload.
        """
        action = self._new_key()
        now = self._clock()
        drawn = [int(n.payload["board"]) for n in notices if _draws_board(n)]
        shown = shown_boards(loaded.match, loaded.roster, loaded.clocks, drawn, now)
        rows = []
        for index, notice in enumerate(notices):
            payload = notice.payload
            if _draws_board(notice):
                payload = payload | {"shown": shown[int(payload["board"])].record()}
            place = notice.place
            if loaded.in_dms:
                place, payload = GAME_PLACE, payload | {"place": notice.place}
                if index == 0:
                    payload |= {"game": shown_game(loaded.match, loaded.clocks, now).record()}
            rows.append((place, notice.kind, json.dumps(payload), f"{loaded.id}:{action}:{index}"))
        await storage.enqueue(db, loaded.id, rows, now)

    async def _enlist(
        self, db: aiosqlite.Connection, loaded: Loaded, user: str, side: Side
    ) -> None:
        """Put a player on a team, in the database and then in memory; the first is captain.

        Memory changes inside the transaction, as in _drop: if it fails, _write forgets
        the match and it reloads from the database.
        """
        captain = not loaded.roster.teams[side]
        await storage.add_player(db, loaded.id, user, side, captain, self._clock())
        loaded.roster.teams[side].append(user)
        if captain:
            loaded.roster.captains[side] = user

    async def _drop(self, db: aiosqlite.Connection, loaded: Loaded, user: str, side: Side) -> None:
        """Take a player off a team, in the database and then in memory."""
        await storage.remove_player(db, loaded.id, user)
        team = loaded.roster.teams[side]
        team.remove(user)
        loaded.roster.seats = {
            seat: holder for seat, holder in loaded.roster.seats.items() if holder != user
        }
        if loaded.roster.captains.get(side) == user:
            del loaded.roster.captains[side]
            if team:
                await storage.set_captain(db, loaded.id, side, team[0])
                loaded.roster.captains[side] = team[0]

    def _in_lobby(self, loaded: Loaded, what: str) -> None:
        if loaded.status in ("active", "paused"):
            raise WrongStateError(
                f"you can only {what} before the match starts, and it has started"
            )
        if loaded.status != "lobby":
            raise WrongStateError(f"the match is {loaded.status}: you can no longer {what}")

    def _playing(self, loaded: Loaded) -> None:
        if loaded.status == "lobby":
            raise WrongStateError("the match has not started yet")
        if loaded.status == "paused":
            raise WrongStateError("the match is paused by a moderator")
        if loaded.status != "active":
            raise WrongStateError(f"the match is {loaded.status}")

    def _finished(self, loaded: Loaded, board: int) -> str:
        """Say that a board is finished, and how: board 2 is finished (0-1 by timeout)."""
        ending = loaded.match.ending(board)
        how = f" ({ending.result} by {ending.ending})" if ending is not None else ""
        return f"board {board} is finished{how}"

    def _check_board(self, loaded: Loaded, board: int) -> None:
        if not _whole(board) or not 1 <= board <= loaded.match.boards:
            raise RulesError(f"there is no board {shown(board)}: boards 1 to {loaded.match.boards}")

    def _team(self, loaded: Loaded, side: Side) -> str:
        return loaded.match.team(1, side)


def _config(
    boards: int, layout: str, white_team: str, black_team: str, start_fens: Sequence[str] | None
) -> MatchConfig:
    """Check a new match's settings and return its configuration."""
    names = (clean_name(white_team), clean_name(black_team))
    if any(len(name) > MAX_NAME for name in names):
        raise RulesError(f"a team's name is at most {MAX_NAME} characters")
    if same_name(*names):
        raise RulesError(
            f"the two teams need different names: '{names[0]}' looks like '{names[1]}'"
        )
    in_range = isinstance(boards, int) and 1 <= boards <= MAX_BOARDS
    try:
        return MatchConfig.create(
            boards, layout, start_fens, None, [names] * boards if in_range else None
        )
    except GameError as error:
        raise RulesError(str(error)) from None


def _run_clocks(
    clocks: Clocks | None, events: Sequence[Event], now: float
) -> dict[int, tuple[float, float, int]]:
    """Run the clocks as an action's events say.

    Return the boards whose clocks changed, with their clocks as they stood before (which
    an undo gives back). A move or a ride stops the mover's clock on its board and starts
    the opponent's; an arrival touches no clock; a board that ends stops its clocks.
    """
    marks: dict[int, tuple[float, float, int]] = {}
    if clocks is None:
        return marks
    for event in events:
        if not isinstance(event, (Moved, Rode, BoardEnded)):
            continue
        marks.setdefault(event.board, clocks.mark(event.board, now))
        if isinstance(event, BoardEnded):
            clocks.stop(event.board, now)
        else:
            clocks.moved(event.board, now)
    return marks


def _draws_board(notice: Notice) -> bool:
    """Tell whether a notice posts a board's image."""
    return notice.place.startswith("board:") and notice.kind in ("board", "arrival")


def _withdrawn_offers(offers: Mapping[int, Side], events: Sequence[Event]) -> dict[int, Side]:
    """Return the draw offers (board: who offered) that an action's events take back.

    An offer stands through its maker's own moves, as in over-the-board chess, and falls
    when the opponent acts on the board, or when anything else changes it.
    """
    by_board: dict[int, list[Event]] = {}
    for event in events:
        for board in boards_of(event):
            by_board.setdefault(board, []).append(event)
    return {
        board: side
        for board, side in offers.items()
        if board in by_board
        and not all(isinstance(e, (Moved, Rode)) and e.side == side for e in by_board[board])
    }


def _substituted(roster: Roster, old: str, new: str) -> Roster:
    """Return a roster in which new holds old's team place, captaincy and seats."""
    swap = {old: new}
    return Roster(
        {side: [swap.get(user, user) for user in users] for side, users in roster.teams.items()},
        {side: swap.get(user, user) for side, user in roster.captains.items()},
        {seat: swap.get(user, user) for seat, user in roster.seats.items()},
    )


def _who(actor: str | Moderator) -> str:
    return actor.user if isinstance(actor, Moderator) else actor


def _check_side(side: object) -> None:
    if side not in SIDES:
        raise RulesError(f"a team is 'white' or 'black', not {_clip(str(side))!r}")


def _copy(match: Match) -> Match:
    """Copy a match from its boards' states, without replaying it."""
    states = [match.board_state(board) for board in range(1, match.boards + 1)]
    return Match.restore(match.config, list(match.events), states)


def _whole(number: object) -> bool:
    """Tell whether a number as given is a whole number (not a flag, text or fraction)."""
    return isinstance(number, int) and not isinstance(number, bool)


def _check_move_text(text: str) -> None:
    if not isinstance(text, str):
        raise RulesError("a move is written as text: e4, Nf3 or Ne4^2")
    if len(text.strip()) > MAX_MOVE:
        raise RulesError(f"{_clip(text)!r} is too long for a move: write it as e4, Nf3 or Ne4^2")


def _clip(text: str, length: int = 20) -> str:
    """Shorten what a person typed to quote it back in a refusal."""
    return text if len(text) <= length else text[: length - 1] + "…"
