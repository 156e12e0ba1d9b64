"""The Rematch button under a finished game, and the answer buttons of a team's request."""

from __future__ import annotations

import logging
import re
from typing import Any, Final

import discord

from bot.errors import NotFoundError
from bot.places import GAME_DMS, GUILD, LOBBY, OVERVIEW
from bot.service import MatchService
from bot.ui.errors import reply_error
from bot.ui.invitations import InvitationButton

logger = logging.getLogger(__name__)


def rematch_view(match_id: int) -> discord.ui.View:
    """Return the Rematch button of a finished game or match."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(match_id, "ask"))
    return view


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rematch:(?P<match>\d+):(?P<action>ask|accept|decline)",
):
    """Rematch (ask), or a team's Accept and Decline; its custom id outlives restarts."""

    LABELS: Final = {"ask": "Rematch", "accept": "Accept rematch", "decline": "Decline rematch"}

    def __init__(self, match_id: int, action: str) -> None:
        style = discord.ButtonStyle.success if action == "accept" else discord.ButtonStyle.primary
        if action == "decline":
            style = discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=self.LABELS[action], style=style, custom_id=f"rematch:{match_id}:{action}"
            )
        )
        self.match_id, self.action = match_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["match"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Ask for the rematch, or answer a team's request."""
        service: MatchService = interaction.client.service  # type: ignore[attr-defined]
        try:
            bound = await service.bindings(self.match_id)
            if self.action == "ask" and str(GAME_DMS) in bound:
                if await service.practice_players(self.match_id):
                    await _practise_again(interaction, service, self.match_id)
                    return
                await _offer_in_dms(interaction, service, self.match_id)
            elif self.action == "ask":
                await _ask_as_team(interaction, service, self.match_id)
            else:
                await _answer(interaction, service, self.match_id, bound, self.action == "accept")
        except Exception as error:
            await reply_error(interaction, error)


async def _practise_again(
    interaction: discord.Interaction, service: MatchService, game: int
) -> None:
    """Start a game against the practice opponent again at once, colours swapped."""
    channel = await interaction.user.create_dm()
    new_id = await service.practice_rematch(game, str(interaction.user.id), str(channel.id))
    await interaction.response.send_message(
        f"Rematch: game {new_id} against me begins, colours swapped; your boards follow.",
        ephemeral=True,
    )


async def _offer_in_dms(interaction: discord.Interaction, service: MatchService, game: int) -> None:
    """Challenge the other player of a DM game to a rematch, colours swapped.

    Deferred first: the offer is a post in the other player's DMs, which Discord's rate
    limit there may hold for seconds, longer than an interaction waits for its answer.
    """
    user = interaction.user
    await interaction.response.defer(ephemeral=True, thinking=True)
    invitation, other = await service.offer_game_rematch(game, str(user.id))
    found = await service.invitation(invitation)
    colour = "White" if found["challenger_side"] == "black" else "Black"
    view = discord.ui.View(timeout=None)
    view.add_item(InvitationButton(invitation, "accept"))
    view.add_item(InvitationButton(invitation, "decline"))
    opponent = await interaction.client.fetch_user(int(other))
    try:
        await opponent.send(
            f"{user.mention} offers a rematch of game {game}, colours swapped: you play "
            f"{colour}. The offer is open for a day.",
            view=view,
        )
    except discord.HTTPException:
        await service.withdraw_challenge(invitation)
        raise NotFoundError(
            f"I cannot send {opponent.mention} a direct message, so no rematch was offered"
        ) from None
    await interaction.followup.send(
        f"Rematch offered to {opponent.mention}: you would play "
        f"{'Black' if colour == 'White' else 'White'}.",
        ephemeral=True,
    )


async def _ask_as_team(interaction: discord.Interaction, service: MatchService, match: int) -> None:
    """Ask for a rematch for the caller's team, with buttons for the other team to answer."""
    asked = await service.ask_rematch(match, str(interaction.user.id))
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(match, "accept"))
    view.add_item(RematchButton(match, "decline"))
    await interaction.response.send_message(
        f"{asked.team} ask for a rematch of match {match}, colours swapped ({asked.white} "
        f"play White): a {asked.answering} captain accepts or declines below.",
        view=view,
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def _answer(
    interaction: discord.Interaction,
    service: MatchService,
    match: int,
    bound: dict[str, str],
    accept: bool,
) -> None:
    """Answer a team's rematch request; on Accept, post the new lobby where the first one was."""
    new_id = await service.answer_rematch(match, str(interaction.user.id), accept=accept)
    if new_id is None:
        await interaction.response.edit_message(content="The rematch was declined.", view=None)
        return
    channel: discord.abc.Messageable | None = None
    for place in (str(LOBBY), str(OVERVIEW)):  # the first match's lobby channel, or overview
        found = interaction.client.get_channel(int(bound[place])) if place in bound else None
        if isinstance(found, discord.abc.Messageable):
            channel = found
            break
    target = channel or interaction.channel
    assert isinstance(target, discord.abc.Messageable)
    cog = interaction.client.get_cog("Matches")  # type: ignore[attr-defined]
    await cog.post_lobby(
        target,
        new_id,
        interaction.guild_id or int(bound.get(str(GUILD), "0")),
        f"Rematch of match {match}: the host starts it.",
    )
    where = getattr(target, "mention", "its channel")
    await interaction.response.edit_message(
        content=f"Rematch accepted: match {new_id}'s lobby is open in {where}.", view=None
    )
    logger.info("match %d: rematch accepted by %s as match %d", match, interaction.user.id, new_id)
