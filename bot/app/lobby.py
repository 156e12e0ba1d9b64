"""Lobby and seats: creating team matches, their teams and seats, and the start."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

from bot.app import guards
from bot.app.new_games import check_settings, chosen, clock_fits, new_hosted
from bot.app.outcomes import Moderator, Outcome, TeamChange, who
from bot.app.unit import Change, Units
from bot.errors import NotAllowedError, NotFoundError, RulesError, WrongStateError
from bot.loading import Loaded, control_of
from bot.lobby import Roster, round_robin
from bot.notices import OVERVIEW, BoardShown, Cancelled, Notice, Started, board_place, user_place
from games.core.clocks import Clocks
from games.core.pieces import Side, side_name
from games.core.starts import DEFAULT_VARIANT

logger = logging.getLogger(__name__)


class Lobby:
    """Matches before they start: teams, seats, and the start itself."""

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
        rated_in: str | None = None,
    ) -> int:
        """Open a lobby for a new match of a game and return its id; the host joins no team yet.

        floors: each board's rules in an Elevator Chess match ("fide", "escher"), or None.
        variant, armies, elevators: one of the game's variants and what it needs
        (games.core.starts); armies and elevators hold one entry, or one per board.
        teams: every team's name, White's teams first, when more than two teams play
        (bot.lobby: then white_team and black_team are not used).
        rated_in: the server whose ratings the match counts in, or None for an unrated match.
        """
        check_settings(
            game,
            boards,
            layout,
            variant=variant,
            floors=floors,
            armies=armies,
            elevators=elevators,
            teams=teams,
            start_fens=start_fens,
            rated_in=rated_in,
        )
        setup = chosen(game, boards, variant, floors, armies, elevators)
        hosted, names = new_hosted(
            game, boards, layout, white_team, black_team, start_fens, setup, teams
        )
        control = control_of(time_control)
        clock_fits(hosted, control)
        async with self._units.transaction() as founding:
            match_id = await founding.found(founding.draft(hosted, host, control, names, rated_in))
        logger.info("match %d created by %s: %s, %d boards", match_id, host, game, boards)
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
                raise NotFoundError(f"<@{user}> is not in this match")
            if current == side:
                raise RulesError(f"<@{user}> is already in the {loaded.team_name(side)} team")
            if user in loaded.practice:
                raise RulesError("the practice opponent changes team with /match seat")
            async with held.change() as change:
                change.drop(user, current)
                change.enlist(user, side)

    async def seat(self, match_id: int, actor: str, board: int, seat: str, user: str) -> Side:
        """Seat a player of a team on a board (the host or that team's captain); return the side.

        seat: the seat's colour, or the name of the team playing it on that board.
        """
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            side, team = _seating(loaded, actor, board, seat)
            if loaded.roster.team_of(user) != team:
                raise RulesError(f"<@{user}> is not in the {loaded.team_name(team)} team")
            async with held.change() as change:
                change.seat({(board, side): user})
            return side

    async def seat_practice(
        self, match_id: int, actor: str, board: int, seat: str, bot: str, strength: int
    ) -> Side:
        """Seat the practice opponent (the bot, as user bot) in an empty seat of a team one short.

        The host or that team's captain seats it; it joins the team for the seats it is given
        alone. Seated again, it keeps its other seats and plays them all at the new strength.
        seat: as for seat. Return the side it plays.
        """
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            side, team = _seating(loaded, actor, board, seat)
            guards.check_strength(strength)
            roster = loaded.roster
            named = loaded.team_name(team)
            current = roster.team_of(bot)
            if current is not None and current != team:
                raise RulesError(
                    f"the practice opponent already plays for {loaded.team_name(current)}: "
                    "it plays for one team in a match"
                )
            holder = roster.seated(board, side)
            if holder == bot:
                raise RulesError(
                    f"the practice opponent already plays {side_name(side)} on board {board}"
                )
            if holder is not None:
                raise RulesError(
                    f"{side_name(side)} on board {board} is taken by <@{holder}>: the practice "
                    "opponent fills an empty seat"
                )
            players = [user for user in roster.teams[team] if user not in loaded.practice]
            if not players:
                raise RulesError(
                    f"the {named} team has no players yet: the practice opponent fills a seat "
                    "of a team one short, beside at least one player of its own"
                )
            places = roster.places_of(team, loaded.match.boards)
            practised = [seat for seat in places if roster.seats.get(seat) in loaded.practice]
            free = len(places) - len(practised)  # the seats its own players share
            if len(players) >= free:
                held_already = " the practice opponent does not hold" if practised else ""
                raise RulesError(
                    f"the {named} team is not short: its {len(players)} player"
                    f"{'s' * (len(players) != 1)} can hold the {free} seat"
                    f"{'s' * (free != 1)}{held_already}"
                )
            async with held.change() as change:
                if current is None:
                    change.enlist(bot, team)
                change.practise(bot, strength)
                change.seat({(board, side): bot})
        logger.info("match %d: the practice opponent (%d) seated on %d", match_id, strength, board)
        return side

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
            if loaded.status in ("active", "paused"):
                raise WrongStateError(
                    f"match {match_id} has started, so it can no longer be cancelled: a "
                    "moderator can end it without a result with /mod abort"
                )
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
    change.seat(round_robin(match.boards, roster, only_theirs=change.practice))
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


def _seating(loaded: Loaded, actor: str, board: int, seat: str) -> tuple[Side, str]:
    """Refuse a seat that cannot be set now, or by actor; return its side and team.

    Seats are set in the lobby, by the host or the captain of the team playing the seat.
    """
    guards.in_lobby(loaded, "change seats")
    side = guards.seat_side(loaded, board, seat)
    team = loaded.roster.team_at(board, side)
    if actor != loaded.host and loaded.roster.captains.get(team) != actor:
        raise NotAllowedError(
            f"only the host or the {_captain_of(loaded, team, side)} captain can seat "
            f"{side_name(side)} on board {board}"
        )
    return side, team


def _captain_of(loaded: Loaded, team: str, side: Side) -> str:
    """Name the team whose captain seats a side: White, Black, or a team of many by name."""
    return loaded.team_name(team) if loaded.roster.lineup else side_name(side)


def _startable(loaded: Loaded, actor: str | Moderator, reason: str) -> None:
    guards.in_lobby(loaded, "start")
    guards.host_or_moderator(loaded, actor, reason, "start the match")
    for team, players in loaded.roster.teams.items():
        if not players:
            raise WrongStateError(f"the {loaded.team_name(team)} team has no players")
        if all(user in loaded.practice for user in players):
            raise WrongStateError(
                f"the {loaded.team_name(team)} team has only the practice opponent: it needs a "
                "player of its own"
            )
