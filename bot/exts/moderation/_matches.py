"""Which match and board a /mod command is about, and the menus that offer them."""

from __future__ import annotations

from discord import Interaction, app_commands

from bot.errors import NotFoundError
from bot.places import place_of, shown_in_a_match
from bot.service import MatchService

MAX_CHOICES = 25
MATCH_HELP = "the match (in a match's channel, that match); its menu lists this server's"
BOARD_HELP = "the board's number"
REASON_HELP = "why, as the players and the log channel will read it"


async def match_here(interaction: Interaction, service: MatchService, given: int | None) -> int:
    """Return the match named, or the one of the channel used (overview, board, team, lobby)."""
    if given is not None:
        return given
    for match_id, place in await service.bound_to(str(interaction.channel_id)):
        if shown_in_a_match(place_of(place)):
            return match_id
    raise NotFoundError(
        "this channel belongs to no match: name one with the match option, "
        "which lists this server's matches"
    )


async def match_choices(
    interaction: Interaction, service: MatchService, current: str
) -> list[app_commands.Choice[int]]:
    """Offer the server's live and recently finished matches, newest first."""
    typed = current.strip().lower()
    found = []
    for summary in await service.moderated_matches(str(interaction.guild_id)):
        label = summary.label()[:100]
        if typed in label.lower():
            found.append(app_commands.Choice(name=label, value=summary.id))
    return found[:MAX_CHOICES]


async def board_choices(
    interaction: Interaction, service: MatchService, current: str
) -> list[app_commands.Choice[int]]:
    """Offer the boards of the match named so far, or of the channel's match."""
    named = getattr(interaction.namespace, "match", None)
    try:
        match_id = await match_here(interaction, service, named)
        boards = await service.boards(match_id)
    except NotFoundError:
        return []
    typed = current.strip()
    return [
        app_commands.Choice(name=f"board {board}", value=board)
        for board in range(1, boards + 1)
        if typed in str(board)
    ][:MAX_CHOICES]
