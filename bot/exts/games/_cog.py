"""/challenge and /games: casual games in DMs, from an invitation to the first image."""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.exts import kinds, variants
from bot.places import SideDMs
from bot.practice.turn import DEFAULT_STRENGTH
from bot.service import MatchService
from bot.ui import clocks
from bot.ui.invitations import InvitationButton
from bot.ui.turns import listed
from bot.ui.words import teams_named
from games.core.clocks import TimeControl, left_words
from games.core.pieces import SIDES, Side
from games.core.starts import DEFAULT_VARIANT

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Options:
    """What /challenge says of the game itself, for a practice game to take whole."""

    boards: int
    layout: str
    clock: str
    game: str
    variant: str
    armies: str | None
    elevators: str | None
    floors: str | None


class Games(commands.Cog):
    """Casual games between two people."""

    def __init__(self, service: MatchService) -> None:
        self.service = service

    @app_commands.command(name="challenge")
    @app_commands.describe(
        opponent="who to play",
        boards="how many boards (1 to 10; 2 is the recommended game for two)",
        layout="boards in a line, or in a ring",
        clock=f"the time control: {clocks.HELP}",
        game=kinds.GAME_HELP,
        variant=variants.VARIANT_HELP,
        armies=variants.ARMIES_HELP,
        elevators=variants.ELEVATORS_HELP,
        floors=kinds.FLOORS_HELP,
        strength="against me: how strongly I play, 1 (weakest) to 5 (default 3)",
        side="against me: the colour you play (default White)",
        rated="whether it counts in the ratings (this server's, or the DM games'; default yes)",
    )
    @app_commands.autocomplete(
        clock=clocks.control_choices,
        variant=variants.variant_choices,
        armies=variants.army_choices,
    )
    @app_commands.choices(game=kinds.CHOICES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        boards: app_commands.Range[int, 1, 10] | None = None,
        layout: Literal["line", "ring"] = "line",
        clock: app_commands.Range[str, 1, 40] = "none",
        game: str = kinds.ELEVATOR,
        variant: app_commands.Range[str, 1, 40] = DEFAULT_VARIANT,
        armies: app_commands.Range[str, 1, 400] | None = None,
        elevators: app_commands.Range[str, 1, 400] | None = None,
        floors: app_commands.Range[str, 1, 200] | None = None,
        strength: app_commands.Range[int, 1, 5] | None = None,
        side: Literal["white", "black", "random"] | None = None,
        rated: bool = True,
    ) -> None:
        """Challenge someone to a casual game in your DMs with the bot, or practise against me."""
        me = interaction.user
        if boards is None:
            boards = 2 if kinds.many_boards(game) else 1
        client = interaction.client.user
        if client is not None and opponent.id == client.id:
            chosen: Side = "black" if side == "black" else "white"
            if side == "random":
                chosen = random.choice(SIDES)
            options = Options(boards, layout, clock, game, variant, armies, elevators, floors)
            await self._practise(interaction, opponent, options, strength, chosen)
            return
        if opponent.bot:
            await interaction.response.send_message(
                f"Bots do not play {kinds.title(game)}; I do: /challenge opponent:@"
                f"{client.name if client else 'me'} plays a practice game against me.",
                ephemeral=True,
            )
            return
        if strength is not None or side is not None:
            await interaction.response.send_message(
                "strength: and side: are for a practice game against me; in a challenge you "
                "play White, and a rematch swaps the colours.",
                ephemeral=True,
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # DMs may be slow
        invitation = await self.service.challenge(
            str(me.id),
            str(opponent.id),
            boards=boards,
            layout=layout,
            names=(me.display_name, opponent.display_name),
            time_control=clock,
            game=game,
            floors=kinds.floors(floors, boards),
            variant=variant,
            armies=variants.read_armies(armies),
            elevators=variants.read_elevators(elevators),
            rated_in=(str(interaction.guild_id or "")) if rated else None,
        )
        control = TimeControl.parse(clock)  # the service has read it already
        view = discord.ui.View(timeout=None)
        view.add_item(InvitationButton(invitation, "accept"))
        view.add_item(InvitationButton(invitation, "decline"))
        what = kinds.title(game)
        if kinds.many_boards(game):
            what += f" on {boards} board{'s' if boards != 1 else ''} in a {layout}"
            played = (await self.service.invitation(invitation))["variant"]
            what += f" ({played})" if played else ""
        text = (
            f"{me.mention} challenges you to {what}, "
            f"{control.describe()}, {'rated' if rated else 'unrated'}; they play White. "
            "The challenge is open for a day."
        )
        # both players are shown the game in their DMs: both must take DMs from the bot
        told_me = f"Your challenge to {opponent.mention} is out: the game appears here."
        for person, words, buttons in ((me, told_me, None), (opponent, text, view)):
            if not await _direct(person, words, buttons):
                await self.service.withdraw_challenge(invitation)
                whom = "you" if person == me else person.mention
                await interaction.followup.send(
                    f"I cannot send {whom} a direct message: DMs are closed to me, or we share "
                    "no server. Nothing was created.",
                    ephemeral=True,
                )
                return
        logger.info("challenge %d: %s challenged %s", invitation, me.id, opponent.id)
        await interaction.followup.send(
            f"Challenge sent to {opponent.mention}. You will play in your DMs with me.",
            ephemeral=True,
        )

    async def _practise(
        self,
        interaction: discord.Interaction,
        bot: discord.User,
        options: Options,
        strength: int | None,
        side: Side,
    ) -> None:
        """Start a practice game against the bot at once, shown in the player's DMs alone."""
        me = interaction.user
        strength = DEFAULT_STRENGTH if strength is None else strength
        settings: dict[str, Any] = {
            "strength": strength,
            "side": side,
            "boards": options.boards,
            "layout": options.layout,
            "names": (me.display_name, bot.display_name),
            "time_control": options.clock,
            "game": options.game,
            "floors": kinds.floors(options.floors, options.boards),
            "variant": options.variant,
            "armies": variants.read_armies(options.armies),
            "elevators": variants.read_elevators(options.elevators),
        }
        await self.service.practice_game(str(me.id), str(bot.id), check=True, **settings)
        await interaction.response.defer(ephemeral=True, thinking=True)  # DMs may be slow
        control = TimeControl.parse(options.clock)  # the service has read it already
        what = kinds.title(options.game)
        if kinds.many_boards(options.game):
            count = options.boards
            what += f" on {count} board{'s' if count != 1 else ''} in a {options.layout}"
        words = (
            f"A practice game against me: {what}, {control.describe()}, at strength "
            f"{strength} of 5, unrated. You play {side.capitalize()}; your boards follow."
        )
        try:
            channel = await me.create_dm()
        except discord.HTTPException:
            channel = None
        if channel is None or not await _direct(me, words, None):
            await interaction.followup.send(
                "I cannot send you a direct message: DMs are closed to me, or we share no "
                "server. Nothing was created.",
                ephemeral=True,
            )
            return
        match_id = await self.service.practice_game(
            str(me.id), str(bot.id), dm=str(channel.id), **settings
        )
        logger.info("game %d: %s practises against the bot (%d)", match_id, me.id, strength)
        await interaction.followup.send(
            f"Game {match_id} against me begins in your DMs: you play {side.capitalize()}.",
            ephemeral=True,
        )

    async def answered(
        self, interaction: discord.Interaction, invitation: int, accept: bool
    ) -> None:
        """Accept or decline a challenge; on Accept both players get the game in their DMs."""
        found = await self.service.invitation(invitation)
        if not accept:
            await self.service.answer_challenge(invitation, str(interaction.user.id), accept=False)
            declined = "You declined the challenge."
            await interaction.response.edit_message(content=declined, view=None)
            try:
                challenger = await interaction.client.fetch_user(int(str(found["challenger"])))
                await challenger.send(f"{interaction.user.mention} declined your challenge.")
            except discord.HTTPException:
                logger.info("challenge %d: the challenger was not told of the decline", invitation)
            return
        challenger = await interaction.client.fetch_user(int(str(found["challenger"])))
        places = {}
        try:
            players = [challenger, interaction.user]
            if found["challenger_side"] == "black":  # a rematch, colours swapped
                players.reverse()
            for side, user in zip(SIDES, players, strict=True):
                places[str(SideDMs(side))] = str((await user.create_dm()).id)
        except discord.HTTPException:
            await interaction.response.send_message(
                f"I cannot open a direct message with {challenger.mention}; the game was not "
                "started. Try again later.",
                ephemeral=True,
            )
            return
        match_id = await self.service.answer_challenge(
            invitation, str(interaction.user.id), accept=True, places=places
        )
        await interaction.response.edit_message(
            content=f"You accepted: game {match_id} begins. Your boards follow.", view=None
        )
        logger.info("challenge %d accepted: game %s", invitation, match_id)

    @app_commands.command(name="games")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def games(self, interaction: discord.Interaction) -> None:
        """List your games and matches under way, with whose turn it is."""
        user = str(interaction.user.id)
        lines = []
        for match_id in await self.service.games_of(user):
            shape = await self.service.shape(match_id)
            seats = dict((await self.service.roster(match_id)).boards_of(user))
            mine, _ = await self.service.turns(match_id, user)
            readings = await self.service.clock_readings(match_id)
            boards = [
                f"{b} ({left_words(readings[b][0 if seats[b] == 'white' else 1])} left)"
                if b in readings
                else str(b)
                for b in mine
            ]
            turn = f"your move on board{'s' * (len(boards) > 1)} {listed(boards)}" if mine else ""
            waiting = "the other side's move"
            game = f"Game {match_id} ({shape.title})"  # two games of one pair told apart
            lines.append(f"{game}: {teams_named(shape.teams)}, {turn or waiting}")
        text = "\n".join(lines) or "You have no game under way: /challenge starts one."
        await interaction.response.send_message(text[:2000], ephemeral=True)


async def _direct(
    user: discord.User | discord.Member, text: str, view: discord.ui.View | None
) -> bool:
    """Send a user a direct message; say whether Discord took it."""
    try:
        if view is None:
            await user.send(text)
        else:
            await user.send(text, view=view)
    except discord.HTTPException:
        return False
    return True
