"""Lobby and seats: creating matches, challenges to casual games, teams, seats and the start."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final

import games
from bot import storage
from bot.app import guards
from bot.app.outcomes import Moderator, Outcome, TeamChange, who
from bot.app.unit import Change, Founding, Units
from bot.errors import NotAllowedError, NotFoundError, RulesError, WrongStateError
from bot.hosted import Hosted
from bot.loading import Loaded, control_of
from bot.lobby import Roster, round_robin
from bot.names import clean_name, same_name, visible
from bot.notices import OVERVIEW, BoardShown, Cancelled, Notice, Started, board_place, user_place
from games.core.clocks import Clocks, TimeControl
from games.core.errors import shown
from games.core.pieces import SIDES, Side, side_name
from games.elevator import GameError, Match, MatchConfig
from games.elevator.config import MAX_BOARDS
from games.elevator.teams import team_map
from games.elevator.variants import DEFAULT_VARIANT, Setup, variant

logger = logging.getLogger(__name__)

MAX_NAME: Final = 40  # characters in a team's name
MAX_GAME_BOARDS: Final = 10  # boards in a casual game between two people
CHALLENGE_LIFETIME: Final = 24 * 3600.0  # seconds a challenge stays open


class Lobby:
    """Matches before they start: teams, seats, challenges, and the start itself."""

    def __init__(self, units: Units) -> None:
        self._units = units

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
        game: str = "elevator",
        floors: Sequence[str] | None = None,
        variant: str = DEFAULT_VARIANT,
        armies: Sequence[tuple[str, str]] | None = None,
        elevators: Sequence[Sequence[str]] | None = None,
        teams: Sequence[str] | None = None,
    ) -> int:
        """Open a lobby for a new match of a game and return its id; the host joins no team yet.

        floors: each board's rules in an Elevator Chess match ("fide", "escher"), or None.
        variant, armies, elevators: one of Betza's variants and what it needs
        (games.elevator.variants); armies and elevators hold one entry, or one per board.
        teams: every team's name, White's teams first, when more than two teams play
        (bot.lobby: then white_team and black_team are not used).
        """
        setup = chosen(game, boards, variant, floors, armies, elevators)
        hosted, names = new_hosted(
            game, boards, layout, white_team, black_team, start_fens, setup, teams
        )
        control = control_of(time_control)
        _clock_fits(setup, control)
        async with self._units.transaction() as founding:
            match_id = await founding.found(founding.draft(hosted, host, control, names))
        logger.info("match %d created by %s: %s, %d boards", match_id, host, game, boards)
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
        game: str = "elevator",
        setup: Setup | None = None,
    ) -> int:
        """Start a game between two people, each holding every board of their colour."""
        control = control_of(time_control)
        async with self._units.transaction() as founding:  # all of it, or no game at all
            match_id = await self._new_game(
                founding, white, black, boards, layout, names, places, control, game, setup
            )
        logger.info("game %d created: %s against %s, %d boards", match_id, white, black, boards)
        return match_id

    async def _new_game(
        self,
        founding: Founding,
        white: str,
        black: str,
        boards: int,
        layout: str,
        names: tuple[str, str] | None,
        places: Mapping[str, str] | None,
        control: TimeControl,
        game: str = "elevator",
        setup: Setup | None = None,
    ) -> int:
        if white == black:
            raise RulesError("a game needs two different players")
        teams = [visible(name)[:MAX_NAME] for name in names or ()]
        if len(teams) != 2 or not all(teams) or same_name(*teams):
            teams = [white, black]
        hosted, sides = new_hosted(
            game, boards, layout, teams[0][:MAX_NAME], teams[1][:MAX_NAME], None, setup
        )
        change = founding.draft(hosted, white, control, sides)
        for user, side in zip((white, black), SIDES, strict=True):
            change.enlist(user, side)
        if places:
            change.bind(places)
        begin(change, self._units.clock())
        return await founding.found(change)

    async def challenge(
        self,
        challenger: str,
        opponent: str,
        *,
        boards: int = 2,
        layout: str = "line",
        names: tuple[str, str] = ("", ""),
        time_control: str = "none",
        game: str = "elevator",
        floors: Sequence[str] | None = None,
        variant: str = DEFAULT_VARIANT,
        armies: Sequence[tuple[str, str]] | None = None,
        elevators: Sequence[Sequence[str]] | None = None,
    ) -> int:
        """Challenge someone to a casual game; return the invitation, open for a day.

        floors, variant, armies and elevators are as create's: the game plays that variant.
        """
        control = control_of(time_control)
        setup = chosen(game, boards, variant, floors, armies, elevators)
        _clock_fits(setup, control)
        new_hosted(game, boards, layout, "White", "Black", None, setup)  # refuses what cannot be
        if challenger == opponent:
            raise RulesError("you cannot challenge yourself")
        if not isinstance(boards, int) or not 1 <= boards <= MAX_GAME_BOARDS:
            raise RulesError(f"a casual game has 1 to {MAX_GAME_BOARDS} boards")
        if layout not in ("line", "ring"):
            raise RulesError("the boards stand in a 'line' or a 'ring'")
        now = self._units.clock()
        async with self._units.store.transaction() as db:
            if await storage.open_invitations(db, challenger, opponent, now - CHALLENGE_LIFETIME):
                raise WrongStateError("you have already challenged them: wait for their answer")
            return await storage.insert_invitation(
                db,
                challenger,
                opponent,
                boards,
                layout,
                json.dumps(names),
                now,
                str(control),
                game,
                None if setup is None else json.dumps(setup.to_dict()),
            )

    async def withdraw_challenge(self, invitation: int) -> None:
        """Withdraw a challenge that could not be delivered."""
        async with self._units.store.transaction() as db:
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
        async with self._units.transaction() as founding:
            db = founding.db
            row = await storage.invitation_row(db, invitation)
            if row is None:
                raise NotFoundError("there is no such challenge")
            if row["opponent"] != user:
                raise NotAllowedError("only the person challenged can answer this challenge")
            if row["status"] != "open":
                raise WrongStateError(f"this challenge was already {row['status']}")
            if self._units.clock() - row["created_at"] > CHALLENGE_LIFETIME:
                raise WrongStateError("this challenge has expired: challenges last a day")
            if not accept:
                await storage.close_invitation(db, invitation, "declined", None)
                return None
            names = tuple(json.loads(row["names"]))  # White's, then Black's
            # a rematch's challenger may take Black; a plain challenge's always plays White
            white, black = row["challenger"], user
            if row["challenger_side"] == "black":
                white, black = black, white
            match_id = await self._new_game(
                founding,
                white,
                black,
                row["boards"],
                row["layout"],
                (names[0], names[1]),
                places,
                control_of(row["time_control"]),
                row["kind"],
                None if row["setup"] is None else Setup.from_dict(json.loads(row["setup"])),
            )
            await storage.close_invitation(db, invitation, "accepted", match_id)
        return match_id

    async def join(self, match_id: int, user: str, team: str) -> TeamChange:
        """Put user on a team (known by its key) in the lobby; its first player is its captain.

        A player on another team leaves it first, handing its captaincy to the next.
        """
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            guards.in_lobby(loaded, "join")
            side = guards.check_team(loaded, team)
            current = loaded.roster.team_of(user)
            if current == side:
                raise RulesError(f"you are already in the {loaded.team_name(side)} team")
            async with held.change() as change:
                left = TeamChange()
                if current is not None:
                    left = _left(change.roster, user, current)
                    change.drop(user, current)
                change.enlist(user, side)
                captain = change.roster.captains.get(side) == user
            successor = _captain(change.roster, current)
            return replace(left, successor=successor, joined=side, captain=captain)

    async def leave(self, match_id: int, user: str) -> TeamChange:
        """Take user off their team in the lobby; a leaving captain hands over to the next."""
        async with self._units.held(match_id) as held:
            guards.in_lobby(held.loaded, "leave")
            side = held.loaded.roster.team_of(user)
            if side is None:
                raise NotAllowedError("you are not in this match")
            async with held.change() as change:
                left = _left(change.roster, user, side)
                change.drop(user, side)
            return replace(left, successor=_captain(change.roster, side))

    async def move_player(self, match_id: int, actor: str, user: str, team: str) -> None:
        """Move a player to another team (the host only)."""
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            guards.in_lobby(loaded, "move players")
            if actor != loaded.host:
                raise NotAllowedError("only the host can move players between teams")
            side = guards.check_team(loaded, team)
            current = loaded.roster.team_of(user)
            if current is None:
                raise NotFoundError(f"{user} is not in this match")
            if current == side:
                raise RulesError(f"{user} is already in that team")
            async with held.change() as change:
                change.drop(user, current)
                change.enlist(user, side)

    async def seat(self, match_id: int, actor: str, board: int, side: Side, user: str) -> None:
        """Seat a player of the team playing side on a board (the host or that team's captain)."""
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            guards.in_lobby(loaded, "change seats")
            guards.check_side(side)
            guards.check_board(loaded, board)
            team = loaded.roster.team_at(board, side)
            if actor != loaded.host and loaded.roster.captains.get(team) != actor:
                raise NotAllowedError(
                    f"only the host or the {_captain_of(loaded, team, side)} captain can seat "
                    f"{side_name(side)} on board {board}"
                )
            if loaded.roster.team_of(user) != team:
                raise RulesError(f"{user} is not in the {loaded.team_name(team)} team")
            async with held.change() as change:
                change.seat({(board, side): user})

    async def start(self, match_id: int, actor: str | Moderator, reason: str = "") -> Outcome:
        """Start a match: every board gets a White and a Black player.

        The host starts it as a player (a str); a moderator (a Moderator) gives a reason,
        and the start is audited.
        """
        async with self._units.held(match_id) as held:
            _startable(held.loaded, actor, reason)
            async with held.change() as change:
                notices = begin(change, self._units.clock())
                if isinstance(actor, Moderator):
                    change.audit(actor, "start", reason, {})
            logger.info("match %d started by %s", match_id, who(actor))
            return Outcome(match_id, (), tuple(notices))

    async def check_start(self, match_id: int, actor: str | Moderator, reason: str = "") -> None:
        """Refuse now, as start would, before the front prepares anything for the match."""
        async with self._units.held(match_id) as held:
            _startable(held.loaded, actor, reason)

    async def cancel(self, match_id: int, actor: str | Moderator, reason: str = "") -> Outcome:
        """Cancel a match before it starts, telling everyone in its lobby.

        The host cancels as a player (a str); a moderator (a Moderator) gives a reason,
        and the cancellation is audited.
        """
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            guards.in_lobby(loaded, "cancel")
            guards.host_or_moderator(loaded, actor, reason, "cancel the match")
            by = who(actor)
            notices: list[Notice] = [Cancelled(OVERVIEW, by, reason)]
            notices += [
                Cancelled(user_place(user), by, reason)
                for players in loaded.roster.teams.values()
                for user in players
            ]
            async with held.change() as change:
                change.set_status("cancelled")
                if isinstance(actor, Moderator):
                    change.audit(actor, "cancel", reason, {})
                change.announce(notices)
            return Outcome(match_id, (), tuple(notices))


def begin(change: Change, now: float) -> list[Notice]:
    """Seat every board, start the clocks, mark the match active and announce it."""
    match, roster = change.match, change.roster
    change.seat(round_robin(match.boards, roster))
    if change.before.control.timed:
        turns = {board: match.side_to_move(board) for board in range(1, match.boards + 1)}
        change.start_clocks(Clocks.start(change.before.control, turns, now))
    change.set_status("active", started=True)
    notices: list[Notice] = [Started(OVERVIEW, match.boards)]
    notices += [BoardShown(board_place(board), board) for board in range(1, match.boards + 1)]
    change.announce(notices)
    return notices


def _left(roster: Roster, user: str, team: str) -> TeamChange:
    """Say which team a player is about to leave, and whether they captain it."""
    return TeamChange(left=team, was_captain=roster.captains.get(team) == user)


def _captain(roster: Roster, team: str | None) -> str | None:
    return None if team is None else roster.captains.get(team)


def _captain_of(loaded: Loaded, team: str, side: Side) -> str:
    """Name the team whose captain seats a side: White, Black, or a team of many by name."""
    return loaded.team_name(team) if loaded.roster.lineup else side_name(side)


def _startable(loaded: Loaded, actor: str | Moderator, reason: str) -> None:
    guards.in_lobby(loaded, "start")
    guards.host_or_moderator(loaded, actor, reason, "start the match")
    for team, players in loaded.roster.teams.items():
        if not players:
            raise WrongStateError(f"the {loaded.team_name(team)} team has no players")


def new_hosted(
    kind: str,
    boards: int,
    layout: str,
    white_team: str,
    black_team: str,
    start_fens: Sequence[str] | None,
    setup: Setup | None,
    teams: Sequence[str] | None = None,
) -> tuple[Hosted, tuple[str, str] | None]:
    """Check a new game's settings; return it, and its sides' names if it has no teams.

    setup: the floors, armies, elevators and mode of an Elevator Chess match, or None.
    teams: every team's name, White's teams first, when more than two play (then
    white_team and black_team are not used).
    """
    try:
        made = games.game_class(kind)
    except GameError as error:
        raise RulesError(str(error)) from None
    if teams is not None and len(teams) > 2 and made is not Match:
        raise RulesError(f"{made.TITLE} is played by two sides: only Elevator Chess has more")
    if made is Match:
        every = list(teams) if teams is not None and len(teams) > 2 else [white_team, black_team]
        config = _config(boards, layout, every, start_fens, setup or Setup())
        try:
            return Match.from_config(config), None
        except GameError as error:  # what a mode refuses (Alice on an Escher floor, ...)
            raise RulesError(str(error)) from None
    if setup is not None and setup.rules is not None:
        raise RulesError(f"{made.TITLE} has no floors: only Elevator Chess stacks boards")
    if setup is not None:
        raise RulesError(f"{made.TITLE} has no variants: they are Elevator Chess's")
    if boards != 1:
        raise RulesError(f"{made.TITLE} is played on one board, not {shown(boards)}")
    names = (clean_name(white_team), clean_name(black_team))
    if any(len(name) > MAX_NAME for name in names) or not all(names):
        raise RulesError(f"a side's name is 1 to {MAX_NAME} characters")
    try:
        game = made.from_config(made.read_config({"fen": start_fens[0] if start_fens else None}))
    except GameError as error:
        raise RulesError(str(error)) from None
    return game, names


def _config(
    boards: int,
    layout: str,
    teams: Sequence[str],
    start_fens: Sequence[str] | None,
    setup: Setup,
) -> MatchConfig:
    """Check a new match's settings and return its configuration.

    teams: the teams' names, White's teams first; two, or more (games.elevator.teams).
    """
    names = [clean_name(name) for name in teams]
    if any(len(name) > MAX_NAME for name in names):
        raise RulesError(f"a team's name is at most {MAX_NAME} characters")
    if not all(names):
        raise RulesError("every team needs a name")
    for index, name in enumerate(names):
        other = next((o for o in names[index + 1 :] if same_name(name, o)), None)
        if other is not None:
            which = "the two teams" if len(names) == 2 else "the teams"
            raise RulesError(f"{which} need different names: '{name}' looks like '{other}'")
    in_range = isinstance(boards, int) and 1 <= boards <= MAX_BOARDS
    try:
        pairs = team_map(boards, names) if in_range else None
        return MatchConfig.create(boards, layout, start_fens, teams=pairs, **setup.kwargs())
    except GameError as error:
        raise RulesError(str(error)) from None


def _clock_fits(setup: Setup | None, control: TimeControl) -> None:
    """Refuse a clock for Automatic Elevator Chess, whose turn spans every board."""
    if setup is not None and setup.mode == "automatic" and control.timed:
        raise RulesError(
            "Automatic Elevator Chess is played without clocks: a side's turn spans every "
            "board, which the per-board clocks cannot time; leave clock out"
        )


def chosen(
    kind: str,
    boards: int,
    name: str,
    floors: Sequence[str] | None,
    armies: Sequence[tuple[str, str]] | None,
    elevators: Sequence[Sequence[str]] | None,
) -> Setup | None:
    """Turn a variant and its options into a match's setup; None when nothing was chosen."""
    if kind != "elevator":
        if name != DEFAULT_VARIANT or armies or elevators:
            raise RulesError(
                "variant:, armies: and elevators: set up Elevator Chess: leave them out for "
                "another game"
            )
        return None if floors is None else Setup(rules=tuple(floors))
    if name == DEFAULT_VARIANT and floors is None and not armies and not elevators:
        return None
    try:
        return variant(name).setup(boards, floors=floors, armies=armies, elevators=elevators)
    except GameError as error:
        raise RulesError(str(error)) from None
