"""/matches: a server's matches, so that players and spectators find games to join or watch."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.listing import GuildMatches, Listed
from bot.places import LOBBY, OVERVIEW, BoardPlace
from bot.service import MatchService
from bot.ui.mentions import plain
from bot.ui.words import against

FIELD: Final = 1024  # characters Discord allows an embed field's value
BOARD_LINKS: Final = 6  # board channels linked per match; the overview links them all


def _what(match: Listed) -> str:
    boards = f", {match.boards:,} boards" if match.boards > 1 else ""
    variant = f" ({match.variant})" if match.variant else ""
    return f"**Match {match.id}** · {match.title}{variant}{boards}"


def _score(match: Listed) -> str:
    points = match.score or (0.0,) * len(match.sides)
    return ", ".join(
        f"{plain(side)} {won:g}" for side, won in zip(match.sides, points, strict=True)
    )


def lobby_line(match: Listed) -> str:
    """Say where a lobby is and who plays: Match 5 · Elevator Chess, 2 boards · Reds against ..."""
    sides = against([plain(side) for side in match.sides])
    lobby = match.places.get(str(LOBBY))
    return " · ".join([_what(match), sides, *([f"join in <#{lobby}>"] if lobby else [])])


def live_line(match: Listed) -> str:
    """Say a live match's score and link its overview and first boards."""
    boards = [match.places.get(str(BoardPlace(b))) for b in range(1, match.boards + 1)]
    links = " ".join(f"<#{target}>" for target in boards[:BOARD_LINKS] if target)
    if match.boards > BOARD_LINKS:
        links += f" … ({match.boards:,} boards)"
    paused = " (paused)" if match.status == "paused" else ""
    overview = match.places.get(str(OVERVIEW))
    parts = [f"{_what(match)}{paused}", _score(match), f"<#{overview}>" if overview else "", links]
    return " · ".join(part for part in parts if part)


def ended_line(match: Listed) -> str:
    """Say how an ended match came out, and where it was played if that is still there."""
    overview = match.places.get(str(OVERVIEW))
    where = f" · <#{overview}>" if overview else ""
    return f"{_what(match)} · {_score(match)}: {match.result()}{where}"


def fitted(lines: Sequence[str], more: int, limit: int = FIELD) -> str:
    """Join as many lines as fit an embed field, ending with "and N more" for the rest."""
    for count in range(len(lines), 0, -1):
        left = len(lines) - count + more
        text = "\n".join([*lines[:count], *([f"and {left} more"] if left else [])])
        if len(text) <= limit:
            return text
    return f"and {len(lines) + more} more"


def matches_embed(found: GuildMatches, server: str) -> discord.Embed:
    """List a server's lobbies, then its live matches, then the latest ended ones."""
    embed = discord.Embed(title=f"Matches in {plain(server)}", colour=0xC8A04A)
    sections: list[tuple[str, Sequence[Listed], int, Callable[[Listed], str]]] = [
        ("Open lobbies", found.lobbies, found.more[0], lobby_line),
        ("Under way", found.live, found.more[1], live_line),
        ("Ended lately", found.ended, found.more[2], ended_line),
    ]
    for title, listed, more, line in sections:
        if listed:
            embed.add_field(name=title, value=fitted([line(m) for m in listed], more), inline=False)
    if not embed.fields:
        embed.description = "No matches here yet: /match create opens a lobby."
    return embed


class MatchList(commands.Cog):
    """Lists a server's matches."""

    def __init__(self, service: MatchService) -> None:
        self.service = service

    @app_commands.command(name="matches")
    @app_commands.guild_only()
    async def matches(self, interaction: discord.Interaction) -> None:
        """List this server's matches: open lobbies, those under way, and the latest ended."""
        found = await self.service.guild_matches(str(interaction.guild_id))
        server = interaction.guild.name if interaction.guild else "this server"
        await interaction.response.send_message(embed=matches_embed(found, server), ephemeral=True)
