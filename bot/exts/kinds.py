"""The games a command may start: their choices, and the floors of an Elevator Chess match."""

from __future__ import annotations

import re
from typing import Final

from discord import app_commands

import games
from bot.errors import RulesError

ELEVATOR: Final = "elevator"
GAME_HELP: Final = "the game: Elevator Chess, or a one-board game such as Escher Staircase"
FLOORS_HELP: Final = "each board's rules, as fide,escher,fide; one word for every board"
CHOICES: Final = [
    app_commands.Choice(name=games.game_class(kind).TITLE, value=kind) for kind in games.KINDS
]
_WORD: Final = re.compile(r"[a-z0-9]+")  # rule names such as escher, 7x7, 10x10


def title(kind: str) -> str:
    """Return a game's name as players read it."""
    return games.game_class(kind).TITLE


def many_boards(kind: str) -> bool:
    """Tell whether a game of a kind may have more boards than one (Elevator Chess)."""
    return kind in games.KINDS and games.game_class(kind).MOST_BOARDS > 1


def floors(text: str | None, boards: int) -> list[str] | None:
    """Read the floors typed for a match of a number of boards (None: every board FIDE)."""
    if text is None or not text.strip():
        return None
    words = re.split(r"[\s,]+", text.strip().lower())
    if not all(_WORD.fullmatch(word) for word in words):
        raise RulesError("write the floors as rule names, as fide,escher,fide")
    if len(words) == 1:
        return words * boards
    if len(words) != boards:
        raise RulesError(f"give one rule name per board ({boards}), or one for every board")
    return words
