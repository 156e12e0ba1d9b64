"""/rules: each game of the registry explained in a short embed, with an example drawn for it.

What each game says and shows is its own (its entry in games/); this module only posts it.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Final

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.exts import kinds
from renderer import board_view_png
from views.model import board_view

COLOUR: Final = 0xC8A04A

# each game's rules and example, as its subpackage gives them (games.offered)
RULES: Final[Mapping[str, games.Explained]] = MappingProxyType(
    {kind: games.offered(kind).rules for kind in games.KINDS}
)


@cache
def example_png(kind: str) -> bytes:
    """Draw a game's example, once per kind: it never changes."""
    explained = RULES[kind]
    view = board_view(explained.example(), explained.board)
    return board_view_png(view, size=explained.width)


def rules_embed(kind: str) -> tuple[discord.Embed, str]:
    """Return a game's rules as an embed and the name of the image file it shows."""
    explained = RULES[kind]
    filename = f"{kind}-example.png"
    embed = discord.Embed(title=kinds.title(kind), description=explained.text, colour=COLOUR)
    embed.set_image(url=f"attachment://{filename}")
    embed.set_footer(text=explained.caption)
    return embed, filename


async def example_file(kind: str) -> discord.File:
    """Return a game's example image, drawn off the event loop the first time."""
    image = await asyncio.to_thread(example_png, kind)
    described = f"{kinds.title(kind)}: {RULES[kind].caption}"
    return discord.File(io.BytesIO(image), filename=f"{kind}-example.png", description=described)


class Rules(commands.Cog):
    """Explains the games."""

    @app_commands.command(name="rules")
    @app_commands.describe(game="the game to explain (Elevator Chess unless you choose)")
    @app_commands.choices(game=kinds.CHOICES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def rules(self, interaction: discord.Interaction, game: str = kinds.ELEVATOR) -> None:
        """Explain a game in a few lines, with an example."""
        await interaction.response.defer(thinking=True)
        embed, _ = rules_embed(game)
        await interaction.followup.send(embed=embed, file=await example_file(game))


async def setup(bot: commands.Bot) -> None:
    """Load the extension."""
    await bot.add_cog(Rules())
