"""Casual games between two people: challenges, their answers, and the game they start."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from typing import Final

import games
from bot import storage
from bot.app import guards
from bot.app.lobby import begin
from bot.app.new_games import MAX_NAME, check_settings, chosen, clock_fits, new_hosted
from bot.app.unit import Founding, Units
from bot.errors import NotAllowedError, NotFoundError, RulesError, WrongStateError
from bot.loading import control_of
from bot.names import same_name, shortened, visible
from bot.places import dms_bound
from bot.practice.turn import DEFAULT_STRENGTH
from games.core.clocks import TimeControl
from games.core.pieces import SIDES, Side
from games.core.starts import DEFAULT_VARIANT, Setup

logger = logging.getLogger(__name__)

MAX_GAME_BOARDS: Final = 10  # boards in a casual game between two people
CASUAL: Final = "a casual game"  # as a refusal of its settings names it
CHALLENGE_LIFETIME: Final = 24 * 3600.0  # seconds a challenge stays open


class Challenges:
    """Games between two people: a challenge open for a day, then the game itself."""

    def __init__(self, units: Units) -> None:
        self._units = units

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
        rated_in: str | None = None,
    ) -> int:
        """Start a game between two people, each holding every board of their colour.

        rated_in: whose ratings it counts in (a server's id, '' for DMs), None for unrated.
        """
        check_settings(
            game,
            boards,
            layout,
            most=MAX_GAME_BOARDS,
            what=CASUAL,
            rated_in=rated_in,
        )
        if names is not None:
            _check_names(names)
        control = control_of(time_control)
        async with self._units.transaction() as founding:  # all of it, or no game at all
            match_id = await self._new_game(
                founding,
                white,
                black,
                boards,
                layout,
                names,
                places,
                control,
                game,
                setup,
                rated_in,
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
        rated_in: str | None = None,
        *,
        practice: tuple[str, int] | None = None,
    ) -> int:
        if white == black:
            raise RulesError("a game needs two different players")
        teams = [shortened(visible(name), MAX_NAME) for name in names or ()]
        if len(teams) != 2 or not all(teams) or same_name(*teams):
            teams = [white, black]
        hosted, sides = new_hosted(
            game,
            boards,
            layout,
            shortened(teams[0], MAX_NAME),
            shortened(teams[1], MAX_NAME),
            None,
            setup,
        )
        change = founding.draft(hosted, white, control, sides, rated_in)
        for user, side in zip((white, black), SIDES, strict=True):
            change.enlist(user, side)
        if practice is not None:  # the bot plays one side: an unrated game (rated_in NULL)
            change.practise(*practice)
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
        rated_in: str | None = None,
    ) -> int:
        """Challenge someone to a casual game; return the invitation, open for a day.

        floors, variant, armies and elevators are as Lobby.create's: the game plays that variant.
        rated_in: whose ratings the game counts in (the server it was challenged from, '' from
        DMs), or None for an unrated game.
        """
        _check_names(names)
        control = control_of(time_control)
        setup = _casual(game, boards, layout, control, variant, floors, armies, elevators, rated_in)
        if challenger == opponent:
            raise RulesError("you cannot challenge yourself")
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
                rated_in,
            )

    async def practice_game(
        self,
        player: str,
        bot: str,
        *,
        strength: int = DEFAULT_STRENGTH,
        side: Side = "white",
        dm: str | None = None,
        boards: int = 2,
        layout: str = "line",
        names: tuple[str, str] = ("", ""),
        time_control: str = "none",
        game: str = "elevator",
        floors: Sequence[str] | None = None,
        variant: str = DEFAULT_VARIANT,
        armies: Sequence[tuple[str, str]] | None = None,
        elevators: Sequence[Sequence[str]] | None = None,
        check: bool = False,
    ) -> int:
        """Start a casual game against the practice opponent (the bot, as user bot) at once.

        The player plays side; dm is their DMs, where the game is shown (the bot has none);
        names are the player's, then the bot's. The other options are as challenge's.
        check: only refuse as it would, starting nothing (returns 0), for the front to ask
        before it writes to the player.
        """
        guards.check_strength(strength)
        if side not in SIDES:
            raise RulesError("you play 'white' or 'black'")
        if dm is not None and not isinstance(dm, str):
            raise RulesError("a game is shown in a player's DMs, named by the channel's id")
        _check_names(names)
        control = control_of(time_control)
        setup = _casual(game, boards, layout, control, variant, floors, armies, elevators)
        if check:
            return 0
        async with self._units.transaction() as founding:
            match_id = await self.found_practice(
                founding,
                player,
                bot,
                strength,
                side,
                dm,
                boards,
                layout,
                names,
                control,
                game,
                setup,
            )
        logger.info("game %d: %s plays the practice opponent (%d)", match_id, player, strength)
        return match_id

    async def found_practice(
        self,
        founding: Founding,
        player: str,
        bot: str,
        strength: int,
        side: Side,
        dm: str | None,
        boards: int,
        layout: str,
        names: tuple[str, str],
        control: TimeControl,
        game: str,
        setup: Setup | None,
    ) -> int:
        """Start a game against the practice opponent in a transaction (its settings checked)."""
        white, black = (player, bot) if side == "white" else (bot, player)
        shown = names if side == "white" else (names[1], names[0])
        places = None if dm is None else dms_bound(dm, side)
        return await self._new_game(
            founding,
            white,
            black,
            boards,
            layout,
            shown,
            places,
            control,
            game,
            setup,
            practice=(bot, strength),
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
                row["rated_in"],
            )
            await storage.close_invitation(db, invitation, "accepted", match_id)
        return match_id


def _casual(
    game: str,
    boards: int,
    layout: str,
    control: TimeControl,
    variant: str,
    floors: Sequence[str] | None,
    armies: Sequence[tuple[str, str]] | None,
    elevators: Sequence[Sequence[str]] | None,
    rated_in: str | None = None,
) -> Setup | None:
    """Check a casual game's settings; return its variant's setup."""
    check_settings(
        game,
        boards,
        layout,
        most=MAX_GAME_BOARDS,
        what=CASUAL,
        variant=variant,
        floors=floors,
        armies=armies,
        elevators=elevators,
        rated_in=rated_in,
    )
    many = games.game_class(game).VARIANTS.get(variant.strip().lower())
    if many is not None and many.teams > 2:
        raise RulesError(
            f"{many.title} is played by teams in a server: start it there with "
            f"/match create {many.example}"
        )
    setup = chosen(game, boards, variant, floors, armies, elevators)
    hosted, _ = new_hosted(game, boards, layout, "White", "Black", None, setup)  # or refused
    clock_fits(hosted, control)
    return setup


def _check_names(names: object) -> None:
    """Refuse the sides' names of a casual game unless they are two texts."""
    if not (
        isinstance(names, list | tuple)
        and len(names) == 2
        and all(isinstance(name, str) for name in names)
    ):
        raise RulesError("a casual game's names are two: White's, then Black's")
