"""Rematches: a finished game or match played again with colours swapped.

A DM game's rematch is a challenge (bot.app.challenges answers it) whose challenger takes the
other colour. A server match's is asked by one team's captain and accepted by the other's;
accepting opens a new lobby with the teams and captains already joined.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot import storage
from bot.app.challenges import CHALLENGE_LIFETIME, Challenges
from bot.app.new_games import new_hosted
from bot.app.outcomes import RematchAsked
from bot.app.unit import Units
from bot.errors import NotAllowedError, NotFoundError, WrongStateError
from bot.loading import Loaded
from games.core.capabilities import Teams
from games.core.clocks import TimeControl
from games.core.pieces import Side, opponent
from games.core.starts import Setup


@dataclass(frozen=True)
class Settings:
    """What a rematch copies of a game: its kind, boards, clock, host, and sides swapped."""

    kind: str
    boards: int
    layout: str
    start_fens: tuple[str, ...] | None
    setup: Setup | None  # the game's variant: floors, armies, elevators, mode
    control: TimeControl
    host: str
    names: tuple[str, str]  # the new White's name, then the new Black's
    teams: dict[str, list[str]]  # the new teams by key (bot.lobby), each captain first
    order: tuple[str, ...] | None = None  # with more than two teams, theirs, White's first


def colour_of(loaded: Loaded, team: str) -> Side:
    """Return the colour a team plays: every team of a match plays one colour throughout."""
    return loaded.roster.places_of(team, loaded.match.boards)[0][1]


def swapped(loaded: Loaded) -> Settings:
    """Read what a rematch of a loaded game takes, the teams that played Black now White.

    With more than two teams the map is made again with Black's teams named first, so that
    each team keeps its players and its share of the boards, and plays the other colour.
    """
    match = loaded.match
    roster = loaded.roster
    teams: dict[str, list[str]] = {}
    order: tuple[str, ...] | None = None
    for team in roster.teams:
        old = team if roster.lineup else opponent("black" if team == "black" else "white")
        captain = roster.captains.get(old)
        first = [] if captain is None or captain in loaded.practice else [captain]
        # the practice opponent is seated again by hand, if wanted: it holds no seat by itself
        teams[team] = first + [
            user for user in roster.teams[old] if user != captain and user not in loaded.practice
        ]
    if roster.lineup and isinstance(match, Teams):
        keys = match.teams()
        whites = [team for team in keys if colour_of(loaded, team) == "white"]
        order = tuple(team for team in keys if team not in whites) + tuple(whites)
    return Settings(
        match.KIND,
        match.boards,
        match.layout,
        match.start_fens(),
        match.setup(),
        loaded.control,
        loaded.host,
        (loaded.team("black"), loaded.team("white")),
        teams,
        order,
    )


def _over(loaded: Loaded, user: str, noun: str) -> str:
    """Refuse a rematch of a game not over, or asked by someone who did not play it.

    Return the asker's team.
    """
    side = loaded.roster.team_of(user)
    if side is None:
        raise NotAllowedError(f"only the players of {noun} {loaded.id} can ask for a rematch")
    if loaded.status != "finished":
        raise WrongStateError(
            f"{noun} {loaded.id} is {loaded.status}: a rematch is offered once it is over"
        )
    return side


class Rematches:
    """Rematches offered, accepted and declined."""

    def __init__(self, units: Units, challenges: Challenges) -> None:
        self._units = units
        self._challenges = challenges

    async def practice_rematch(self, match_id: int, user: str, dm: str | None) -> int:
        """Start a finished game against the practice opponent again at once, colours swapped.

        dm is the player's DMs, where the new game is shown. A game has one rematch.
        """
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            side = colour_of(loaded, _over(loaded, user, "game"))
            bot = loaded.roster.teams[opponent(side)][0]
            if bot not in loaded.practice:
                raise WrongStateError(
                    f"game {match_id} was not played against the practice opponent"
                )
            strength = loaded.practice[bot]
            settings = swapped(loaded)
        async with self._units.transaction() as founding:
            db = founding.db
            for row in await storage.rematch_invitations(db, match_id):
                if row["status"] == "accepted":
                    raise WrongStateError(
                        f"game {match_id} was already played again: it is game {row['match_id']}"
                    )
            invitation = await storage.insert_invitation(
                db,
                user,
                bot,
                settings.boards,
                settings.layout,
                json.dumps(list(settings.names)),
                self._units.clock(),
                str(settings.control),
                settings.kind,
                None if settings.setup is None else json.dumps(settings.setup.to_dict()),
            )
            await storage.insert_rematch_invitation(db, invitation, match_id, opponent(side))
            white, black = settings.names
            new_id = await self._challenges.found_practice(
                founding,
                user,
                bot,
                strength,
                opponent(side),
                dm,
                settings.boards,
                settings.layout,
                (white, black) if side == "black" else (black, white),
                settings.control,
                settings.kind,
                settings.setup,
            )
            await storage.close_invitation(db, invitation, "accepted", new_id)
        return new_id

    async def offer_game_rematch(self, match_id: int, user: str) -> tuple[int, str]:
        """Challenge the opponent of a finished DM game to play it again, colours swapped.

        Returns the challenge and whom it goes to.
        """
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            side = colour_of(loaded, _over(loaded, user, "game"))
            other = loaded.roster.teams[opponent(side)][0]
            settings = swapped(loaded)
        now = self._units.clock()
        async with self._units.store.transaction() as db:
            for row in await storage.rematch_invitations(db, match_id):
                if row["status"] == "accepted":
                    raise WrongStateError(
                        f"the rematch of game {match_id} was already accepted: "
                        f"it is game {row['match_id']}"
                    )
                if row["status"] == "open" and now - row["created_at"] <= CHALLENGE_LIFETIME:
                    raise WrongStateError(
                        f"a rematch of game {match_id} is already offered: it waits for an answer"
                    )
            invitation = await storage.insert_invitation(
                db,
                user,
                other,
                settings.boards,
                settings.layout,
                json.dumps(list(settings.names)),
                now,
                str(settings.control),
                settings.kind,
                None if settings.setup is None else json.dumps(settings.setup.to_dict()),
                loaded.rated_in,  # a rematch keeps its game's choice
            )
            await storage.insert_rematch_invitation(db, invitation, match_id, opponent(side))
        return invitation, other

    async def ask(self, match_id: int, user: str) -> RematchAsked:
        """Ask, as a team's captain (or the host playing in it), to play a match again.

        With more than two teams, a captain of a team of the other colour answers.
        """
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            team = _over(loaded, user, "match")
            side = colour_of(loaded, team)
            if loaded.roster.captains.get(team) != user and loaded.host != user:
                raise NotAllowedError(
                    f"only the {loaded.team_name(team)} captain or the host can ask for a rematch"
                )
            other = _answering(loaded, opponent(side))
            asked = RematchAsked(
                side, loaded.team_name(team), other, _named(loaded, "black", " and ")
            )
        async with self._units.store.transaction() as db:
            row = await storage.rematch_row(db, match_id)
            if row is not None and row["status"] == "accepted":
                raise WrongStateError(
                    f"the rematch was already accepted: it is match {row['rematch']}"
                )
            if row is not None and row["status"] == "open":
                raise WrongStateError(
                    f"a rematch of match {match_id} is already asked: it waits for "
                    f"{other if row['side'] == side else 'your team'} to answer"
                )
            await storage.ask_rematch(db, match_id, side, user, self._units.clock())
        return asked

    async def answer(self, match_id: int, user: str, *, accept: bool) -> int | None:
        """Accept (opening the new lobby, whose id is returned) or decline a team's rematch."""
        async with self._units.held(match_id) as held:
            loaded = held.loaded
            settings = swapped(loaded)
            roster = loaded.roster
            async with self._units.store.read() as db:
                row = await storage.rematch_row(db, match_id)
            if row is None:
                raise NotFoundError(f"nobody has asked for a rematch of match {match_id}")
            side: Side = opponent(row["side"])
            team = roster.team_of(user)
            if team is None or colour_of(loaded, team) != side:
                raise NotAllowedError(
                    f"only the {_answering(loaded, side)} captain can answer the rematch"
                )
            captain = roster.captains.get(team)
            if user != captain and captain is not None:
                raise NotAllowedError(
                    f"only the {_answering(loaded, side)} captain can answer the rematch"
                )
        async with self._units.transaction() as founding:
            row = await storage.rematch_row(founding.db, match_id)
            if row is None or row["status"] != "open":
                status = "withdrawn" if row is None else row["status"]
                made = f": it is match {row['rematch']}" if row and row["rematch"] else ""
                raise WrongStateError(f"this rematch was already {status}{made}")
            if not accept:
                await storage.close_rematch(founding.db, match_id, "declined", None)
                return None
            white, black = settings.names
            hosted, names = new_hosted(
                settings.kind,
                settings.boards,
                settings.layout,
                white,
                black,
                settings.start_fens,
                settings.setup,
                settings.order,
            )
            change = founding.draft(hosted, settings.host, settings.control, names, loaded.rated_in)
            for team, users in settings.teams.items():
                for player in users:
                    change.enlist(player, team)
            new_id = await founding.found(change)
            await storage.close_rematch(founding.db, match_id, "accepted", new_id)
        return new_id


def _answering(loaded: Loaded, side: Side) -> str:
    """Name the team, or the teams of a colour, whose captain answers a rematch."""
    return _named(loaded, side, " or ")


def _named(loaded: Loaded, side: Side, joiner: str) -> str:
    """Name the team that played a colour, or its teams joined by joiner."""
    if not loaded.roster.lineup:
        return loaded.team(side)
    teams = [team for team in loaded.roster.teams if colour_of(loaded, team) == side]
    return joiner.join(teams)
