"""/leaderboard and /rating: ratings read in words, with a chart of a player's rating."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Iterable, Sequence
from typing import Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.ratings import RECENT, Leaderboard, PlayerRatings, RatedMatch, Standing
from bot.ratings.categories import categories, category_name
from bot.ratings.glicko import Rating
from bot.service import MatchService
from bot.ui.alt import chart_alt
from bot.ui.mentions import mention, plain
from renderer.chart import RatingChart, chart_png
from renderer.text import isolate

CATEGORY_CHOICES: Final = [
    app_commands.Choice(name=category_name(category), value=category) for category in categories()
]
COLOUR: Final = 0xC8A04A
FIELD: Final = 1024  # characters Discord allows an embed field's value
FIELD_NAME: Final = 256  # characters Discord allows an embed field's name
POOLS: Final = 10  # pools /rating in DMs shows, most games first: an embed holds 6,000 characters


def shown(rating: Rating) -> str:
    """Write a rating as players read it: rounded, with "?" while provisional (as lichess)."""
    return f"{round(rating.rating):,}{'?' if rating.provisional else ''}"


def _pool(interaction: discord.Interaction) -> tuple[str, str]:
    """Return the pool a command reads (the server's, or the DM games') and its name."""
    if interaction.guild_id is None:
        return "", "DM games"  # one pool of everyone's games challenged from DMs
    name = interaction.guild.name if interaction.guild is not None else "this server"
    return str(interaction.guild_id), plain(name)


def _where(pool: str) -> str:
    return "in this server" if pool else "in DM games"


def _result(games: tuple[tuple[str, float], ...]) -> str:
    if len(games) == 1:
        return {1.0: "won", 0.5: "drew", 0.0: "lost"}[games[0][1]]
    points = sum(score for _, score in games)
    return f"scored {points:g} of {len(games)}"


def _change(found: RatedMatch) -> str:
    step = round(found.after.rating) - round(found.before.rating)
    return f"{shown(found.after)} ({step:+d})"


class Ratings(commands.Cog):
    """Ratings and leaderboards."""

    def __init__(self, service: MatchService) -> None:
        self.service = service

    async def _names(self, subjects: Iterable[str]) -> dict[str, str]:
        """Return each user's display name as last seen, or a mention for one never seen."""
        wanted = list(subjects)
        known = await self.service.names(wanted)
        return {user: plain(known[user]) if user in known else mention(user) for user in wanted}

    @app_commands.command(name="leaderboard")
    @app_commands.describe(
        game="the game (Elevator Chess by board count)",
        teams="teams' ratings instead of players' (team matches in a server)",
        page="which page of 10",
    )
    @app_commands.choices(game=CATEGORY_CHOICES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        teams: bool = False,
        page: app_commands.Range[int, 1, 100_000] = 1,
    ) -> None:
        """Show the best rated players (or teams) of a game here, and your own place."""
        pool, where = _pool(interaction)
        me = str(interaction.user.id)
        board = await self.service.leaderboard(pool, game, teams=teams, page=page, asker=me)
        embed = await self._leaderboard_embed(board, pool, where, me)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _leaderboard_embed(
        self, board: Leaderboard, pool: str, where: str, me: str
    ) -> discord.Embed:
        """Write a leaderboard's page, then the asker's own line if it is not on it."""
        whom = "Teams" if board.teams else "Players"
        embed = discord.Embed(title=f"{board.title}: {whom}, {where}", colour=COLOUR)
        if not board.standings:
            embed.description = (
                f"No rated games of {board.title} {_where(pool)} yet: finish a rated "
                f"{'team match' if board.teams else 'game'} to appear here."
            )
            return embed
        names = {} if board.teams else await self._names(s.subject for s in board.standings)
        if board.own is not None:
            names |= await self._names([board.own.subject])

        def line(standing: Standing) -> str:
            who = plain(standing.name) if board.teams else names[standing.subject]
            you = " ← you" if standing.subject == me and not board.teams else ""
            games = f"{standing.games} game{'s' if standing.games != 1 else ''}"
            return f"**{standing.place}.** {who} · {shown(standing.rating)} · {games}{you}"

        lines = [line(standing) for standing in board.standings]
        own = board.own
        if own is not None and all(s.subject != own.subject for s in board.standings):
            lines += ["…", line(own)]
        embed.description = "\n".join(lines)
        embed.set_footer(
            text=f"Page {board.page} of {board.pages} · a rating with ? is provisional "
            "(its deviation is over 110) and is listed after the established ones"
        )
        return embed

    @app_commands.command(name="rating")
    @app_commands.describe(
        player="whose ratings (default yours)",
        game="one game's rating and chart (default every game, the chart of your most played)",
    )
    @app_commands.choices(game=CATEGORY_CHOICES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def rating(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        """Show a player's ratings here, their last rated games, and a chart of their rating.

        Your own, asked in DMs, are those of every server you are rated in and the DM games.
        """
        pool, where = _pool(interaction)
        user = player or interaction.user
        if interaction.guild_id is None and user.id == interaction.user.id:
            await self._everywhere(interaction, game)
            return
        found = await self.service.player_ratings(pool, str(user.id), game)
        who = plain(user.display_name)
        embed = discord.Embed(title=f"{who}'s ratings, {where}", colour=COLOUR)
        if not found.ratings:
            what = category_name(game) if game else "any game"
            me = interaction.client.user
            if me is not None and user.id == me.id:
                embed.description = "I am never rated: games against me are practice."
            elif user.id != interaction.user.id:
                embed.description = f"{who} has no rated games of {what} {_where(pool)} yet."
            else:
                embed.description = (
                    f"No rated games of {what} {_where(pool)} yet: finish a rated game to have "
                    "a rating here."
                )
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed.description = _ratings(found)
        await self._send(interaction, embed, [(None, m) for m in found.recent], found, who)

    async def _everywhere(self, interaction: discord.Interaction, game: str | None) -> None:
        """Show the caller their ratings in every pool they are rated in, a field for each."""
        user = interaction.user
        who = plain(user.display_name)
        title = f"{who}'s ratings, in every server and in DM games"
        embed = discord.Embed(title=title, colour=COLOUR)
        pools = (await self.service.rated_pools(str(user.id), game))[:POOLS]
        if not pools:
            what = category_name(game) if game else "any game"
            embed.description = (
                f"No rated games of {what} yet, in a server or in DM games: finish a rated "
                "game to have a rating."
            )
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = [
            (pool, await self.service.player_ratings(pool, str(user.id), game)) for pool in pools
        ]
        recent = []
        for pool, held in found:
            name = _pool_name(interaction.client, pool)
            embed.add_field(name=name, value=_ratings(held)[:FIELD], inline=False)
            recent += [(name, match) for match in held.recent]
        recent.sort(key=lambda pair: pair[1].at, reverse=True)
        first = found[0][1]
        where = _pool_name(interaction.client, found[0][0])
        await self._send(interaction, embed, recent[:RECENT], first, who, where)

    async def _send(
        self,
        interaction: discord.Interaction,
        embed: discord.Embed,
        recent: Sequence[tuple[str | None, RatedMatch]],
        charted: PlayerRatings,
        whose: str,
        where: str | None = None,
    ) -> None:
        """Send ratings with the last rated games and a chart of charted's history (of where)."""
        lines = await self._recent(recent)
        if lines:
            embed.add_field(name="Last rated games", value=lines, inline=False)
        title = f"{isolate(whose)}: {category_name(charted.charted or '')}"
        chart = RatingChart(title + (f", {isolate(where)}" if where else ""), charted.history)
        image = await asyncio.to_thread(chart_png, chart)
        embed.set_image(url="attachment://rating.png")
        embed.set_footer(text="A rating with ? is provisional: its deviation is over 110.")
        await interaction.followup.send(
            embed=embed,
            file=discord.File(io.BytesIO(image), "rating.png", description=chart_alt(chart)),
            ephemeral=True,
        )

    async def _recent(self, recent: Sequence[tuple[str | None, RatedMatch]]) -> str:
        """Write the last rated games: date, where (if said), match, opponents, result, change."""
        names = await self._names({o for _, m in recent for o, _ in m.games})
        lines = []
        for where, match in recent:
            date = time.strftime("%d %b %Y", time.gmtime(match.at)).lstrip("0")
            against = ", ".join(names[opponent] for opponent, _ in match.games)
            pool = "" if where is None else f"{where} · "
            lines.append(
                f"{date} · {pool}game {match.match_id} · {category_name(match.category)} · "
                f"{_result(match.games)} against {against} · {_change(match)}"
            )
        while len("\n".join(lines)) > FIELD:  # the oldest go first
            lines.pop()
        return "\n".join(lines)


def _ratings(found: PlayerRatings) -> str:
    """Write a player's ratings in a pool, a line a category: rating, deviation and games."""
    return "\n".join(
        f"**{category_name(held.category)}**: {shown(held.rating)} "
        f"(±{round(held.rating.deviation)}, {held.games} game{'s' if held.games != 1 else ''})"
        for held in found.ratings
    )


def _pool_name(client: discord.Client, pool: str) -> str:
    """Name a pool: its server's name, or DM games."""
    if not pool:
        return "DM games"
    guild = client.get_guild(int(pool))
    return plain(guild.name)[:FIELD_NAME] if guild is not None else "a server I am no longer in"
