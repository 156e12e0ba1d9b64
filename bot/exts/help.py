"""/help: what the bot does, its commands by task, and the rules in brief with their example."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.exts.rules import COLOUR, example_file, rules_embed


def _about() -> str:
    """Say what the bot does, naming every game of the registry, the first its own."""
    first, *family = (games.game_class(kind).TITLE for kind in games.KINDS)
    return (
        f"This bot hosts {first} (Ralph Betza's chess on several boards linked by elevators) "
        f"and its family: {', '.join(family[:-1])} and {family[-1]}. A server plays team "
        "matches in channels of their own, friends play casual games in their DMs with the "
        "bot, and moderators keep matches fair. Board images, clocks and exports come with "
        "every game."
    )


ABOUT: Final = _about()


@dataclass(frozen=True)
class Entry:
    """A line of the help: commands (as typed after the slash) and what they are for."""

    commands: tuple[str, ...]
    text: str


# Every command the bot registers is named here once (a test holds this against the tree).
SECTIONS: Final[tuple[tuple[str, tuple[Entry, ...]], ...]] = (
    (
        "Play (in a board's channel, or in your DMs for a casual game)",
        (
            Entry(
                ("move",),
                "play a move; autocomplete lists your legal moves and rides (in Ender's "
                "Chess a whole turn, or part of one with more:True)",
            ),
            Entry(("board show",), "a board's image, from the side you choose"),
            Entry(("board replay",), "a board's game so far as an animated replay"),
            Entry(("resign",), "resign your board"),
            Entry(("draw",), "offer, accept, decline or claim a draw"),
            Entry(("takeback",), "ask to take back your last move, or answer such an ask"),
            Entry(("export",), "a game's moves as PGN or its record as JSON, finished ones too"),
            Entry(("rules",), "the rules of each game, with a drawn example"),
            Entry(("help",), "this page"),
        ),
    ),
    (
        "Team matches (in a server)",
        (
            Entry(("match create",), "open a lobby in this channel; variant: for Betza's variants"),
            Entry(("match join", "match leave", "match seat"), "pick teams and seats"),
            Entry(("match start", "match cancel"), "start the match (the host), or call it off"),
            Entry(("matches",), "the server's lobbies, live matches and results, to join or watch"),
            Entry(("match status",), "every board of this channel's match and the score"),
            Entry(("match resign",), "resign the whole match (captains)"),
            Entry(("match export",), "this match's record, or this board's PGN"),
            Entry(("match archive",), "delete a finished match's channels (host or moderator)"),
        ),
    ),
    (
        "Casual games (anywhere, played in DMs)",
        (
            Entry(("challenge",), "challenge someone: any game or variant, boards and clock"),
            Entry(("games",), "your games under way and whose move it is"),
        ),
    ),
    (
        "Ratings (this server's; in DMs, the DM games'; rated:False plays unrated)",
        (
            Entry(("leaderboard",), "a game's best rated players or teams, and your place"),
            Entry(("rating",), "a player's ratings, last rated games and rating chart"),
        ),
    ),
    (
        "Moderators (Manage Server, or the moderator role)",
        (
            Entry(
                (
                    "mod adjudicate",
                    "mod resign",
                    "mod forfeit",
                    "mod undo",
                    "mod substitute",
                    "mod add-time",
                    "mod pause",
                    "mod resume",
                    "mod abort",
                    "mod log",
                ),
                "settle boards, undo, replace players, clocks; each is audited",
            ),
            Entry(
                ("config moderator-role", "config log-channel"), "who moderates, where it is logged"
            ),
        ),
    ),
)


def named_commands() -> list[str]:
    """Return every command the help names, as typed after the slash."""
    return [name for _, entries in SECTIONS for entry in entries for name in entry.commands]


def _line(entry: Entry) -> str:
    """Write an entry: /match join, leave, seat: pick teams and seats."""
    first, *others = entry.commands
    group = first.split(" ")[0] + " " if " " in first else ""
    shown = [f"`/{first}`", *(f"`{name.removeprefix(group)}`" for name in others)]
    return f"{' '.join(shown)}: {entry.text}"


def help_embed() -> discord.Embed:
    """Return the help: what the bot does and its commands by task."""
    embed = discord.Embed(title="Elevator Chess Bot", description=ABOUT, colour=COLOUR)
    for title, entries in SECTIONS:
        embed.add_field(name=title, value="\n".join(_line(e) for e in entries), inline=False)
    return embed


class Help(commands.Cog):
    """Explains the bot."""

    @app_commands.command(name="help")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def help(self, interaction: discord.Interaction) -> None:
        """Say what the bot does, its commands by task, and the rules in brief."""
        await interaction.response.defer(thinking=True, ephemeral=True)
        rules, _ = rules_embed("elevator")
        rules.set_footer(text=f"{rules.footer.text} /rules game: explains the other games.")
        await interaction.followup.send(
            embeds=[help_embed(), rules], file=await example_file("elevator"), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    """Load the extension."""
    await bot.add_cog(Help())
