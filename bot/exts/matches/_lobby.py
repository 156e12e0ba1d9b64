"""The lobby message: an embed of both teams, and buttons that keep working after a restart."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

import discord

import games
from bot.errors import RulesError
from bot.lobby import Roster
from bot.names import visible
from bot.service import MatchShape, TeamChange
from bot.ui.mentions import mention, plain
from bot.ui.words import spans
from games.core.capabilities import Rides
from games.core.clocks import TimeControl
from games.core.errors import GameError

SHOWN: Final = 30  # players listed per team; a mention with "(captain)" is about 33 characters
LISTED: Final = 144  # players listed in all, 4,800 characters, within an embed's 6,000
LOBBY_ACTIONS: Final = ("join-white", "join-black", "leave", "start", "cancel")
JOIN_TEAM: Final = re.compile(r"join-([1-8])")  # the n-th team's button, with more than two


def lobby_embed(
    match_id: int,
    match: MatchShape,
    roster: Roster,
    host: str,
    status: str,
    control: TimeControl,
    practice: Mapping[str, int] | None = None,
) -> discord.Embed:
    """Describe a lobby: the match's shape and clock, both teams with captains, and the host.

    practice: the bot's users in the match, with their strengths (the practice opponent).
    """
    practice = practice or {}
    if issubclass(games.game_class(match.kind), Rides):  # boards stacked in a line or a ring
        boards = f"{match.boards:,} board{'s' if match.boards != 1 else ''}"
        title = f"{match.title} match {match_id}: {boards} in a {match.layout}"
    else:
        title = f"{match.title} match {match_id}: one board"
    embed = discord.Embed(title=title, colour=0xC8A04A)
    shown = min(SHOWN, LISTED // len(roster.teams))
    for team, players in roster.teams.items():
        lines = [
            mention(user)
            + (" (captain)" if roster.captains.get(team) == user else "")
            + (f" ({practice_words(roster, user, practice[user])})" if user in practice else "")
            for user in players[:shown]
        ]
        if len(players) > shown:  # an embed field holds 1,024 characters
            lines.append(f"and {len(players) - shown} more")
        name = f"{plain(match.teams[team])} ({_plays(roster, team, match.boards)})"
        embed.add_field(name=name, value="\n".join(lines) or "nobody yet", inline=True)
    states = {
        "lobby": "Join a team below. The host starts the match.",
        "cancelled": "This match was cancelled.",
    }
    clock = f"Clock: {control} ({control.describe()})" if control.timed else "Clock: none"
    state = states.get(status, "The match has started.")
    variant = f"Variant: {match.variant}\n" if match.variant else ""
    embed.description = f"{variant}Host: {mention(host)}\n{clock}\n{state}"
    return embed


def practice_words(roster: Roster, user: str, strength: int) -> str:
    """Say what the practice opponent plays: practice opponent, strength 3: White on board 2."""
    seats = roster.boards_of(user)
    where = ", ".join(f"{side.capitalize()} on board {board}" for board, side in seats)
    return f"practice opponent, strength {strength}" + (f": {where}" if where else ", no seat")


def read_teams(
    kind: str, count: int, white: str | None, black: str | None, names: str | None
) -> tuple[str, str, tuple[str, ...] | None]:
    """Read /match create's team options: White's and Black's names, and every team's if more.

    names lists the teams separated by commas, White's teams first; without it the teams are
    named as the game of that kind names them (White and Black; Team A, Team B, ...), or as
    white: and black: say.
    """
    try:
        named = games.game_class(kind).default_teams(count)
    except GameError as error:  # a count this game is not played by
        raise RulesError(str(error)) from None
    listed = tuple(name.strip() for name in names.split(",")) if names is not None else ()
    if not all(visible(name) for name in listed):
        raise RulesError(
            "names: needs a team's name between every two commas, each with a visible character"
        )
    if count == 2:
        if listed and (white or black):
            raise RulesError("name the two teams with white: and black:, or with names:, not both")
        if listed and len(listed) != 2:
            raise RulesError(f"names: lists {len(listed)} teams, and the match has 2")
        if listed:
            return listed[0], listed[1], None
        return white or named[0], black or named[1], None
    if white or black:
        raise RulesError(
            f"with {count} teams, name them all with names:, White's teams first "
            "(white: and black: name the two teams of a match of two)"
        )
    if listed and len(listed) != count:
        raise RulesError(f"names: lists {len(listed)} teams, and the match has {count}")
    every = listed or named
    return every[0], every[-1], every


def _plays(roster: Roster, team: str, boards: int) -> str:
    """Say what a team plays: White, or with more than two teams, Black on boards 2, 3."""
    places = roster.places_of(team, boards)
    colour = places[0][1].capitalize() if places else team.capitalize()
    if not roster.lineup:
        return colour
    return f"{colour} on board{'s' * (len(places) != 1)} {spans([board for board, _ in places])}"


def join_action(teams: list[str], team: str) -> str:
    """Return the lobby action that joins a team: join-white, or join-3 for the third of many."""
    if len(teams) == 2:
        return f"join-{team}"
    return f"join-{teams.index(team) + 1}"


def team_words(change: TeamChange, teams: dict[str, str]) -> str:
    """Say what joining or leaving did: "You left Reds, where you were captain (...), ..."."""
    parts = []
    if change.left is not None:
        left = plain(teams[change.left])
        if change.was_captain:
            now = (
                f"{mention(change.successor)} is captain now"
                if change.successor is not None
                else f"{left} has no captain now"
            )
            left += f", where you were captain ({now})"
        parts.append(f"left {left}")
    if change.joined is not None:
        joined = plain(teams[change.joined])
        parts.append(f"joined {joined}" + (" as its captain" if change.captain else ""))
    if change.left is not None and change.was_captain and change.joined is not None:
        return f"You {parts[0]}, and {parts[1]}."
    return f"You {' and '.join(parts)}."


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lobby:(?P<match>\d+):(?P<action>[a-z1-8-]+)",
):
    """A lobby button; its custom id holds the match and the action, so it outlives restarts."""

    LABELS: Final[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join-white": ("Join White", discord.ButtonStyle.secondary),
        "join-black": ("Join Black", discord.ButtonStyle.secondary),
        "leave": ("Leave", discord.ButtonStyle.secondary),
        "start": ("Start", discord.ButtonStyle.success),
        "cancel": ("Cancel", discord.ButtonStyle.danger),
    }

    def __init__(self, match_id: int, action: str, label: str = "") -> None:
        default, style = self.LABELS.get(action, ("Join", discord.ButtonStyle.secondary))
        label = label or default
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"lobby:{match_id}:{action}")
        )
        self.match_id = match_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LobbyButton:
        """Rebuild the button from its custom id."""
        action = match["action"]
        if action not in LOBBY_ACTIONS and not JOIN_TEAM.fullmatch(action):
            raise ValueError(f"unknown lobby action {action}")
        return cls(int(match["match"]), action)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the cog, which does what the button says."""
        cog = interaction.client.get_cog("Matches")  # type: ignore[attr-defined]
        await cog.lobby_clicked(interaction, self.match_id, self.action)


def lobby_view(
    match_id: int, status: str, teams: dict[str, str] | None = None
) -> discord.ui.View | None:
    """Return the lobby's buttons while it is open: a Join button for each team.

    teams: each team's name by its key, when more than two teams play.
    """
    if status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    actions = list(LOBBY_ACTIONS)
    if teams is not None and len(teams) > 2:
        keys = list(teams)
        for team, name in teams.items():
            label = f"Join {plain(name)}"[:80]  # Discord's limit on a button's label
            view.add_item(LobbyButton(match_id, join_action(keys, team), label))
        actions = actions[2:]
    for action in actions:
        view.add_item(LobbyButton(match_id, action))
    return view
