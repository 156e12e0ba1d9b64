"""The practice opponent's choice of a turn, made off the event loop."""

from __future__ import annotations

import asyncio
import random

from bot.practice.turn import Turn


async def think(turn: Turn) -> str:
    """Return the turn the practice opponent plays on turn.board, as /move takes it.

    In a game whose turns are many actions the answer holds them all, ending the turn.
    """
    return await asyncio.to_thread(_any_turn, turn)


def _any_turn(turn: Turn) -> str:
    """Return a legal turn chosen at random (the simplest opponent there is)."""
    game = turn.game()
    played: list[str] = []
    while game.is_open(turn.board) and game.side_to_move(turn.board) == turn.side:
        action = random.choice(game.legal_moves(turn.board))
        game.play(turn.board, action, side=turn.side)
        played.append(action)
        if not game.MANY_ACTIONS:
            break
    return " ".join(played)
