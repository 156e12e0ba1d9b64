"""Whole games of every kind, played to their end through the offline Discord by picking alone.

Each move is picked in the menus under a player's latest DM image and the private picker it
opens; a victory transfer in its own menu. No move is typed. A game of the rules, played
alongside, says whose turn each step is and how the board stands, so that each pick is made
in the image drawn after the step before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import pytest

import games
from bot.app.picking import stamp
from games.core.game import Game
from games.core.pieces import Side
from tests.bot.exts.games.test_dm_games import challenged, dm_until
from tests.bot.exts.games.test_picker import image_menu, latest_image, menu, pick, words
from tests.bot.exts.test_matches import club, replied
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Interaction

SEND: Final = "send"  # a step's kind: a victory transfer, made in its own menu


@dataclass(frozen=True)
class Step:
    """One pick: on a board, a piece, where it goes and what it becomes, as the menus key them.

    A victory transfer's piece is the option its menu offers, and its target SEND.
    """

    board: int
    piece: str
    target: str = ""
    choice: str = ""


@dataclass(frozen=True)
class Whole:
    """A whole game: how it is challenged, the rules' game alongside, and its steps."""

    kind: str
    steps: tuple[Step, ...]
    boards: int | None = None
    more: tuple[dict[str, object], ...] = ()
    options: dict[str, Any] = field(default_factory=dict)


def moves(board: int, *picks: str) -> tuple[Step, ...]:
    """Return steps on one board from "piece target [choice]" strings."""
    return tuple(Step(board, *text.split(" ")) for text in picks)


FOOLS_MATE = ("f2 f3", "e7 e5", "g2 g4", "d8 h4")

GAMES = {
    "chess": Whole("chess", moves(1, *FOOLS_MATE)),
    "cylinder": Whole("cylinder", moves(1, "f2 f3", "e7 e6", "g2 g4", "d8 h4")),
}


async def play_step(
    discord: FakeDiscord,
    players: dict[Side, int],
    number: int,
    game: Game,
    step: Step,
    last: dict[int, Interaction],
) -> None:
    """Make a step in the menus of the player whose it is, and in the game alongside."""
    if step.target == SEND:
        winner = game.pending_transfer(step.board)  # type: ignore[attr-defined]
        user = players[winner]
        custom_id = f"transfer:{number}:{step.board}"
        prompt = await latest_image(discord, discord.dms[user], custom_id)
        sent = await discord.click(user, prompt, custom_id, values=[step.piece])
        assert words(sent) == f"Board {step.board}: sent {step.piece} onward.", sent.responses
        game.transfer(step.board, step.piece)  # type: ignore[attr-defined]
        return
    side = game.turn(step.board)
    assert side is not None, step
    user = players[side]
    (picked,) = [
        p
        for p in game.picks(step.board)
        if (p.piece, p.target, p.choice) == (step.piece, step.target, step.choice)
    ]
    mark = f"pick:{number}:{step.board}:{stamp(game, step.board)}:"
    before = last.get(user)
    still = before is not None and before.original is not None and before.original["components"]
    if before is not None and still and str(menu(before)["custom_id"]).startswith(mark):
        answer = await pick(discord, user, before, step.piece)  # a turn of many actions
    else:
        image, pieces = await image_menu(discord, discord.dms[user], number, step.board, mark)
        answer = await discord.click(user, image, pieces["custom_id"], values=[step.piece])
    if step.target:
        answer = await pick(discord, user, answer, step.target)
    if step.choice:
        answer = await pick(discord, user, answer, picked.move)
    said = words(answer) or await replied(discord, answer)
    assert said.startswith(("You played", "You ended")), (step, said)
    game.play(step.board, picked.move)
    last[user] = answer


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_whole_game_is_played_by_picking_alone(tmp_path: Path, name: str) -> None:
    whole = GAMES[name]

    async def scenario(discord: FakeDiscord) -> None:
        # what is checked is the picking; the DMs' pace, Discord's 5 posts in 5 s that other
        # tests keep, here passes 20 times faster
        discord.rate_limits.speed = 20.0
        ana, bo, guild = club(discord)
        game = games.new_game(whole.kind, **whole.options)
        async with running_bot(tmp_path, discord):
            kind, boards = whole.kind, whole.boards
            await challenged(discord, ana, bo, guild, kind, boards=boards, more=whole.more)
            last: dict[int, Interaction] = {}
            for step in whole.steps:
                await play_step(discord, {"white": ana, "black": bo}, 1, game, step, last)
            assert game.result() != "*", "the steps end the game"
            ended = await dm_until(discord, ana, "Final result")
            assert f"Final result: {game.result()}" in ended

    offline(scenario)
