"""/match: create a team match in a lobby, join it, start it in channels of its own."""

from __future__ import annotations

import asyncio
import io
import logging
from functools import partial
from typing import Final, Literal

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.errors import (
    NotAllowedError,
    NotFoundError,
    RulesError,
    ServiceError,
    WrongStateError,
)
from bot.exts import kinds, variants
from bot.exts.matches._channels import remove_channels
from bot.exts.matches._lobby import practice_words, read_teams, team_words
from bot.exts.matches._lobby_message import LobbyMessages
from bot.exts.matches._resign import ConfirmMatchResign
from bot.exts.matches._starting import Starting
from bot.exts.moderators import moderator
from bot.places import LOBBY, board_of, channel_of_a_match, place_of
from bot.practice.turn import DEFAULT_STRENGTH
from bot.service import MatchService
from bot.shown import all_clocks
from bot.ui import clocks
from bot.ui.alt import game_alt
from bot.ui.errors import reply_error
from bot.ui.mentions import mention, plain
from bot.ui.words import score_words, turn_given_words
from games.core.pieces import SIDES, side_name
from games.core.starts import DEFAULT_VARIANT
from renderer import overview_view_png
from views.model import MAX_SHOWN

logger = logging.getLogger(__name__)

MOST_BOARDS: Final = games.MOST_BOARDS  # boards of the largest game, Elevator Chess's
TEAM_CHOICES: list[app_commands.Choice[int]] = [
    app_commands.Choice(name=str(count), value=count) for count in games.TEAM_COUNTS
]


@app_commands.guild_only()
class Matches(commands.GroupCog, group_name="match"):
    """Team matches: lobby, teams, start."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self._lobbies = LobbyMessages(service)
        self._starts = Starting(service, self._lobbies)
        self._opening: set[str] = set()  # channels where a lobby is being opened
        super().__init__()

    # ------------------------------------------------------------------ commands

    @app_commands.command(name="create")
    @app_commands.describe(
        boards="how many boards (1 to 1,000; beyond 40, boards are threads of board channels)",
        layout="boards in a line (default), or in a ring where the last and first are neighbours",
        white="the name of the team playing White (default White)",
        black="the name of the team playing Black (default Black)",
        clock=f"the time control: {clocks.HELP}",
        game=kinds.GAME_HELP,
        floors=kinds.FLOORS_HELP,
        variant=variants.VARIANT_HELP,
        armies=variants.ARMIES_HELP,
        elevators=variants.ELEVATORS_HELP,
        teams="how many teams: 2, or 4, 6 or 8 (half play White, half Black, on their own boards)",
        names="every team's name, commas between, White's teams first (default Team A, B, ...)",
        rated="whether it counts in this server's ratings (default yes)",
    )
    @app_commands.autocomplete(
        clock=clocks.control_choices,
        variant=variants.variant_choices,
        armies=variants.army_choices,
    )
    @app_commands.choices(game=kinds.CHOICES)
    @app_commands.choices(teams=TEAM_CHOICES)
    @app_commands.guild_only()
    async def create(
        self,
        interaction: discord.Interaction,
        boards: app_commands.Range[int, 1, MOST_BOARDS],
        layout: Literal["line", "ring"] = "line",
        white: app_commands.Range[str, 1, 40] | None = None,
        black: app_commands.Range[str, 1, 40] | None = None,
        clock: app_commands.Range[str, 1, 40] = "none",
        game: str = kinds.ELEVATOR,
        floors: app_commands.Range[str, 1, 200] | None = None,
        variant: app_commands.Range[str, 1, 40] = DEFAULT_VARIANT,
        armies: app_commands.Range[str, 1, 400] | None = None,
        elevators: app_commands.Range[str, 1, 400] | None = None,
        teams: int | None = None,
        names: app_commands.Range[str, 1, 400] | None = None,
        rated: bool = True,
    ) -> None:
        """Open a lobby for a team match (or a one-board game) in this channel."""
        count = variants.team_count(game, variant, teams)
        white, black, every = read_teams(game, count, white, black, names)
        channel = str(interaction.channel_id)
        await self._lobbies.refuse_second(channel)
        if channel in self._opening:
            raise WrongStateError("a lobby is being opened in this channel: wait a moment")
        self._opening.add(channel)  # one lobby a channel, even for two creates at once
        try:
            match_id = await self.service.create(
                str(interaction.user.id),
                boards=boards,
                layout=layout,
                white_team=white,
                black_team=black,
                time_control=clock,
                game=game,
                floors=kinds.floors(floors, boards),
                variant=variant,
                armies=variants.read_armies(armies),
                elevators=variants.read_elevators(elevators),
                teams=every,
                rated_in=str(interaction.guild_id) if rated else None,
            )
            await self._lobbies.show(interaction, match_id)
        finally:
            self._opening.discard(channel)

    @app_commands.command(name="join")
    @app_commands.describe(team="the team to join")
    @app_commands.guild_only()
    async def join(
        self, interaction: discord.Interaction, team: app_commands.Range[str, 1, 40]
    ) -> None:
        """Join a team of the lobby in this channel."""
        match_id = await self._lobby_here(interaction)
        self._starts.refuse_while_starting(match_id)
        change = await self.service.join(match_id, str(interaction.user.id), team)
        teams = (await self.service.shape(match_id)).teams
        await interaction.response.send_message(team_words(change, teams), ephemeral=True)
        await self._lobbies.refresh(interaction, match_id)

    @join.autocomplete("team")
    async def _team_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Offer the teams of the lobby in this channel, by name."""
        try:
            match_id = await self._lobby_here(interaction)
        except ServiceError:
            return []
        typed = current.strip().lower()
        teams = (await self.service.shape(match_id)).teams
        return [
            app_commands.Choice(name=plain(name)[:100], value=key)
            for key, name in teams.items()
            if typed in name.lower() or typed in key
        ][:25]

    @app_commands.command(name="leave")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave your team in the lobby in this channel."""
        match_id = await self._lobby_here(interaction)
        self._starts.refuse_while_starting(match_id)
        change = await self.service.leave(match_id, str(interaction.user.id))
        teams = (await self.service.shape(match_id)).teams
        await interaction.response.send_message(team_words(change, teams), ephemeral=True)
        await self._lobbies.refresh(interaction, match_id)

    @app_commands.command(name="seat")
    @app_commands.describe(
        board="the board",
        team="the seat: its colour on that board, or the team that plays it there",
        player="who sits there (me: I fill an empty seat of a team one short)",
        strength="when I sit there: how strongly I play, 1 (weakest) to 5 (default 3)",
    )
    @app_commands.guild_only()
    async def seat(
        self,
        interaction: discord.Interaction,
        board: app_commands.Range[int, 1, MOST_BOARDS],
        team: app_commands.Range[str, 1, 40],
        player: discord.Member,
        strength: app_commands.Range[int, 1, 5] | None = None,
    ) -> None:
        """Seat a player of a team at a board before the start (the host or that captain)."""
        match_id = await self._lobby_here(interaction)
        self._starts.refuse_while_starting(match_id)
        me = interaction.client.user
        if me is not None and player.id == me.id:
            level = DEFAULT_STRENGTH if strength is None else strength
            await self.service.remember_name(str(player.id), player.display_name)
            side = await self.service.seat_practice(
                match_id, str(interaction.user.id), board, team, str(player.id), level
            )
            await interaction.response.send_message(
                f"I will play {side_name(side)} on board {board} as the practice opponent, "
                f"at strength {level} of 5.",
                ephemeral=True,
            )
            await self._lobbies.refresh(interaction, match_id)
            return
        if player.bot:
            raise RulesError(f"{player.mention} is a bot: of the bots, only I can take a seat")
        if strength is not None:
            raise RulesError(f"strength: is for me as the practice opponent, not {player.mention}")
        await self.service.remember_name(str(player.id), player.display_name)  # for images
        side = await self.service.seat(
            match_id, str(interaction.user.id), board, team, str(player.id)
        )
        await interaction.response.send_message(
            f"{player.mention} will play {side_name(side)} on board {board}.", ephemeral=True
        )

    @seat.autocomplete("team")
    async def _seat_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Offer the seats of the board named: each colour with the team that plays it there."""
        try:
            match_id = await self._lobby_here(interaction)
        except ServiceError:
            return []
        roster = await self.service.roster(match_id)
        shape = await self.service.shape(match_id)
        board = interaction.namespace.board
        known = isinstance(board, int) and 1 <= board <= shape.boards
        typed = current.strip().lower()
        found = []
        for side in SIDES:
            label = side_name(side)
            if known or not roster.lineup:
                label = f"{shape.teams[roster.team_at(board if known else 1, side)]} ({label})"
            if typed in label.lower():
                found.append(app_commands.Choice(name=label[:100], value=side))
        return found

    @app_commands.command(name="start")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction) -> None:
        """Start the match in this channel's lobby (the host only)."""
        await self._starts.start(interaction, await self._lobby_here(interaction))

    @app_commands.command(name="cancel")
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction) -> None:
        """Cancel the match in this channel's lobby (the host only)."""
        try:
            match_id = await self._lobby_here(interaction)
        except NotFoundError:  # a started match's channel: the refusal says what ends it
            found = await self.service.bound_to(str(interaction.channel_id))
            if not found:
                raise
            match_id = found[0][0]
        self._starts.refuse_while_starting(match_id)
        await self.service.cancel(match_id, str(interaction.user.id))
        await interaction.response.send_message(f"Match {match_id} is cancelled.")
        await self._lobbies.refresh(interaction, match_id)

    @app_commands.command(name="status")
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        """Show the match of this channel: every board at a glance, and the score."""
        match_id = await self._match_here(interaction)
        await interaction.response.defer(thinking=True)
        shown = await self.service.shown_game(match_id)
        readings = all_clocks(shown.clocks)
        image = await asyncio.to_thread(partial(overview_view_png, shown.view, clocks=readings))
        scores = score_words(dict(shown.view.scores))
        status = await self.service.status(match_id)
        control = await self.service.time_control(match_id)
        variant = (await self.service.shape(match_id)).variant
        played = f"\nVariant: {variant}" if variant else ""
        given = await self.service.turn_given(match_id)
        if given is not None:
            played += "\n" + turn_given_words(*given)
        practice = await self.service.practice_players(match_id)
        if practice:
            roster = await self.service.roster(match_id)
            played += "".join(
                f"\n{mention(user)}: {practice_words(roster, user, strength)}"
                for user, strength in practice.items()
            )
        boards = (await self.service.shape(match_id)).boards
        if boards > MAX_SHOWN:
            played += (
                f"\nThe image shows boards 1 to {MAX_SHOWN} of {boards:,}: "
                "/board show board:N shows any board."
            )
        file = discord.File(
            io.BytesIO(image),
            filename=f"match-{match_id}.png",
            description=game_alt(shown.view, f"Match {match_id}"),
        )
        await interaction.followup.send(
            f"Match {match_id} ({status}, {control.describe()}): {scores}.{played}", file=file
        )

    @app_commands.command(name="export")
    @app_commands.guild_only()
    async def export(self, interaction: discord.Interaction) -> None:
        """Attach this board's game as PGN, or, elsewhere, the whole match's record as JSON."""
        match_id = await self._match_here(interaction)
        board = await self._board_here(interaction, match_id)
        data = (await self.service.export(match_id, board)).encode()
        if board is not None:
            name = f"match-{match_id}-board-{board}.pgn"
        else:
            name = f"match-{match_id}.json"
        await interaction.response.send_message(file=discord.File(io.BytesIO(data), filename=name))

    @app_commands.command(name="archive")
    @app_commands.guild_only()
    async def archive(self, interaction: discord.Interaction) -> None:
        """Delete a finished match's channels (the host or a moderator)."""
        match_id = await self._match_here(interaction)
        host = await self.service.host(match_id)
        is_host = str(interaction.user.id) == host
        if not is_host and not (await moderator(interaction, self.service, match_id)).is_moderator:
            raise NotAllowedError("only the host or a moderator can archive the match")
        status = await self.service.status(match_id)
        if status in ("active", "paused"):
            raise WrongStateError("the match is still on: it can be archived once it is over")
        bound = await self.service.bindings(match_id)
        channel_ids = [int(t) for p, t in bound.items() if channel_of_a_match(place_of(p))]
        await interaction.response.send_message(f"Archiving match {match_id}.", ephemeral=True)
        channels = [interaction.client.get_channel(c) for c in channel_ids]
        await remove_channels([c for c in channels if c is not None])
        await self.service.unbind(match_id, [p for p, t in bound.items() if int(t) in channel_ids])
        logger.info("match %d archived by %s", match_id, interaction.user.id)

    @app_commands.command(name="resign")
    @app_commands.guild_only()
    async def resign_match(self, interaction: discord.Interaction) -> None:
        """Resign every unfinished board of your team (captains only), after confirming."""
        match_id = await self._match_here(interaction)
        captains = (await self.service.roster(match_id)).captains
        if str(interaction.user.id) not in captains.values():
            raise NotAllowedError("only a team's captain can resign the match")
        view = ConfirmMatchResign(self.service, match_id)
        await interaction.response.send_message(
            f"Resign match {match_id} for your whole team? Every unfinished board is lost, "
            "and only a moderator can take it back.",
            view=view,
            ephemeral=True,
        )

    # ------------------------------------------------------------------ buttons, rematches

    async def lobby_clicked(
        self, interaction: discord.Interaction, match_id: int, action: str
    ) -> None:
        """Do what a lobby button says, then show the lobby as it now stands."""
        user = str(interaction.user.id)
        try:
            self._starts.refuse_while_starting(match_id)
            if action == "start":
                await self._starts.start(interaction, match_id)
                return
            change = None
            if action.startswith("join-"):
                keys = list((await self.service.shape(match_id)).teams)
                chosen = action.removeprefix("join-")
                team = keys[int(chosen) - 1] if chosen.isdigit() else chosen
                change = await self.service.join(match_id, user, team)
            elif action == "leave":
                change = await self.service.leave(match_id, user)
            elif action == "cancel":
                await self.service.cancel(match_id, user)
            status = await self.service.status(match_id)
            await interaction.response.edit_message(
                embed=await self._lobbies.embed(match_id),
                view=await self._lobbies.view(match_id, status),
            )
            # a switch of teams, or a captain leaving, is told to the player: the lobby
            # shows where everyone is, not what became of a captaincy
            if (
                change is not None
                and change.left is not None
                and (change.joined is not None or change.was_captain)
            ):
                teams = (await self.service.shape(match_id)).teams
                await interaction.followup.send(team_words(change, teams), ephemeral=True)
        except Exception as error:  # every failure gets a private answer
            await reply_error(interaction, error)

    async def post_lobby(
        self, channel: discord.abc.Messageable, match_id: int, guild: int, text: str
    ) -> None:
        """Post a lobby opened elsewhere (a rematch) in a channel, and bind it there."""
        await self._lobbies.post(channel, match_id, guild, text)

    # ------------------------------------------------------------------ where we are

    async def _match_here(self, interaction: discord.Interaction) -> int:
        """Return the match whose channel (or lobby) this is, the newest if several."""
        found = await self.service.bound_to(str(interaction.channel_id))
        if not found:
            raise NotFoundError("this channel belongs to no match")
        return found[0][0]

    async def _board_here(self, interaction: discord.Interaction, match_id: int) -> int | None:
        for found, place in await self.service.bound_to(str(interaction.channel_id)):
            board = board_of(place)
            if found == match_id and board is not None:
                return board
        return None

    async def _lobby_here(self, interaction: discord.Interaction) -> int:
        """Return the newest match whose lobby is in this channel."""
        for match_id, place in await self.service.bound_to(str(interaction.channel_id)):
            if place_of(place) == LOBBY:
                return match_id
        raise NotFoundError("there is no match lobby in this channel: /match create opens one")
