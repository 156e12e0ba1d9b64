"""A game's variants at the Discord front: the variant, armies and elevators options."""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from typing import Final

import discord
from discord import app_commands

import games
from bot.errors import RulesError
from bot.exts.kinds import ELEVATOR
from games.core.armies import ARMIES
from games.core.starts import Variant

VARIANT_HELP: Final = "one of Betza's variants of Elevator Chess (by default the core game)"
ARMIES_HELP: Final = "White's/Black's army, as clobberers/nutty; per board, fide/nutty,rookies/fide"
ELEVATORS_HELP: Final = "elevator squares, as c3 f3 c6 f6; per board, c3 f3 c6 f6; d4 e4 d5 e5"
CHOICE: Final = 100  # characters Discord allows a choice's name, and its value
CHOICES: Final = 25  # choices Discord takes in one autocomplete answer
_SQUARES: Final = re.compile(r"[\s,]+")


def _fit(text: str) -> str:
    return text if len(text) <= CHOICE else text[: CHOICE - 1] + "…"


async def variant_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Offer the chosen game's variants whose name, title or description holds what was typed."""
    typed = current.strip().lower()
    return [
        app_commands.Choice(name=_fit(f"{entry.title}: {entry.description}"), value=entry.name)
        for entry in _variants(getattr(interaction.namespace, "game", None)).values()
        if typed in f"{entry.name} {entry.title} {entry.description}".lower()
    ][:CHOICES]


def _variants(kind: object) -> Mapping[str, Variant]:
    """Return the variants of a game of a kind, Elevator Chess's if none (or none known) is."""
    if isinstance(kind, str) and kind in games.KINDS:
        return games.game_class(kind).VARIANTS
    return games.game_class(ELEVATOR).VARIANTS  # the game a command plays unless told


async def army_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Offer pairs of armies (White's/Black's) for the board being typed, boards before kept.

    A game with no variants takes no armies: it is offered none.
    """
    if not _variants(getattr(interaction.namespace, "game", None)):
        return []
    head, comma, last = current.strip().lower().rpartition(",")
    before = f"{head}{comma}".replace(" ", "")
    board = before.count(",") + 1
    offered = []
    for white, black in itertools.product(ARMIES, repeat=2):
        pair = f"{white}/{black}"
        words = f"{ARMIES[white].title} (White) v {ARMIES[black].title} (Black)"
        if last.strip() not in f"{pair} {words.lower()}" or len(before + pair) > CHOICE:
            continue
        name = f"{before}{pair}: board {board}, {words}" if before else words
        offered.append(app_commands.Choice(name=_fit(name), value=before + pair))
    typed = last.strip()
    offered.sort(key=lambda choice: not choice.value[len(before) :].startswith(typed))
    return offered[:CHOICES]


def read_armies(text: str | None) -> list[tuple[str, str]] | None:
    """Read armies typed as White's/Black's, per board separated by commas (one name: both)."""
    if text is None or not text.strip():
        return None
    pairs = []
    for entry in text.split(","):
        names = [name.strip() for name in entry.split("/")]
        if not 1 <= len(names) <= 2 or not all(names):
            raise RulesError(
                "write armies as White's/Black's, as clobberers/nutty, and separate boards "
                "with commas, as fide/nutty,rookies/fide"
            )
        pairs.append((names[0], names[-1]))
    return pairs


def read_elevators(text: str | None) -> list[tuple[str, ...]] | None:
    """Read elevator squares typed as c3 f3 c6 f6, per board separated by semicolons."""
    if text is None or not text.strip():
        return None
    lists = [tuple(_SQUARES.split(entry.strip())) for entry in text.strip().split(";")]
    if not all(squares and all(squares) for squares in lists):
        raise RulesError(
            "write elevator squares as c3 f3 c6 f6, and separate boards with semicolons, "
            "as c3 f3 c6 f6; d4 e4 d5 e5"
        )
    return lists


def team_count(kind: str, name: str, teams: int | None) -> int:
    """Return how many teams a match has: teams: as given, else its variant's own number."""
    entry = _variants(kind).get(name.strip().lower())
    if teams is not None:
        return teams
    return 2 if entry is None else entry.teams
