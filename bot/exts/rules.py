"""/rules: Elevator Chess explained in a short embed, with an example drawn by the renderer."""

from __future__ import annotations

import asyncio
import io
from functools import lru_cache
from typing import Final

import discord
from discord import app_commands
from discord.ext import commands

from games.elevator import Match
from renderer import board_png

RULES: Final = (
    "Elevator Chess (Ralph Betza) is played on several boards at once. One team plays White "
    "on every board, the other Black, and each board is ordinary chess at its own pace.\n\n"
    "**Elevators.** The centre squares d4, e4, d5 and e5 are elevators. Instead of a move, "
    "a piece (never a king) on one may ride to the same square of the next board up (`^`) "
    "or down (`v`) if it is empty: `Nd4^2`. The ride uses your turn on the board you "
    "leave, not on the board you reach, so an arriving piece may even capture a king.\n\n"
    "**Won boards.** The winner of a board may send one piece standing on an elevator "
    "onward; then the board is cleared and its elevator closes. Rides pass one closed "
    "floor, never two in a row.\n\n"
    "**The match.** The team that wins most boards wins."
)


@lru_cache(maxsize=1)
def example_png() -> bytes:
    """Draw the example: a white knight has just ridden from board 1 up to board 2."""
    match = Match(2)
    for move in ("Nf3", "d6", "Nd4", "e6"):
        match.play(1, move)
    match.play(1, "Nd4^2")
    return board_png(match, 2, size=480)


class Rules(commands.Cog):
    """Explains the game."""

    @app_commands.command(name="rules")
    async def rules(self, interaction: discord.Interaction) -> None:
        """Explain Elevator Chess in a few lines, with an example."""
        await interaction.response.defer(thinking=True)
        image = await asyncio.to_thread(example_png)
        embed = discord.Embed(title="Elevator Chess", description=RULES, colour=0xC8A04A)
        embed.set_image(url="attachment://elevator-example.png")
        embed.set_footer(text="Above: a white knight rode from d4 on board 1 up to board 2.")
        file = discord.File(io.BytesIO(image), filename="elevator-example.png")
        await interaction.followup.send(embed=embed, file=file)


async def setup(bot: commands.Bot) -> None:
    """Load the extension."""
    await bot.add_cog(Rules())
