"""Clocks at the Discord front: the time-control option, and clocks for images and messages."""

from __future__ import annotations

from typing import Final

import discord
from discord import app_commands

from games.core.clocks import TimeControl, TimeControlError

CONTROLS: Final = ("none", "3+2", "5+3", "10+5", "15+10", "30+0", "1d", "3d", "7d")
HELP: Final = "none, live minutes+increment per board (10+5), or days a move (3d)"


async def control_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Offer the usual time controls, and what was typed if it reads as one."""
    offered = [
        app_commands.Choice(name=f"{text}: {TimeControl.parse(text).describe()}", value=text)
        for text in CONTROLS
        if text.startswith(current.strip().lower())
    ]
    try:
        typed = TimeControl.parse(current)
    except TimeControlError:
        return offered
    if current.strip() and str(typed) not in CONTROLS:
        shown = f"{typed}: {typed.describe()}"
        offered.insert(0, app_commands.Choice(name=shown, value=str(typed)))
    return offered


def lapses(at: float) -> str:
    """Say when something lapses, as Discord shows a time to each reader: in 2 minutes."""
    return f"<t:{int(at)}:R>"
