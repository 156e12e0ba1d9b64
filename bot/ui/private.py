"""Private answers to a choice in a menu under a message everyone shares.

A phone keeps showing the option chosen in such a menu, and sends nothing when the same one
is chosen again, until the message changes. So the answer first sets the menu back (an
update of the message, as it stands) and then answers privately in a follow-up.
"""

from __future__ import annotations

from typing import Any

import discord


def _chosen_under_shared(interaction: discord.Interaction) -> bool:
    """Say whether the interaction is a choice in a menu (or a form opened from one) under a
    message others see too, rather than a button or a private message's menu."""
    message = interaction.message
    if message is None or message.flags.ephemeral:
        return False
    data: Any = interaction.data or {}
    chosen = data.get("component_type") == discord.ComponentType.select.value
    return chosen or interaction.type == discord.InteractionType.modal_submit


async def answer_privately(
    interaction: discord.Interaction, text: str, view: discord.ui.View | None = None
) -> None:
    """Answer privately; a menu chosen in under a shared message is set back first."""
    shown: dict[str, Any] = {} if view is None else {"view": view}
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **shown)
        return
    if not _chosen_under_shared(interaction):
        await interaction.response.send_message(text, ephemeral=True, **shown)
        return
    assert interaction.message is not None
    as_it_was = discord.ui.View.from_message(interaction.message, timeout=None)
    as_it_was.stop()  # its items answer as the bot's dynamic items: none to keep here
    await interaction.response.edit_message(view=as_it_was)
    await interaction.followup.send(text, ephemeral=True, **shown)
