"""Whole games of every kind, played to their end through the offline Discord by picking alone.

Each move is picked in the pieces' menu under the player's latest image of its board (in
their DMs, or a server match's board channel) and the private picker it opens; a victory
transfer in its own menu. No move is typed. A game of the rules, played alongside, says whose
turn each step is and how the board stands, so that each pick is made in the image drawn
after the step before. The games are short mates (a winning gate in Ender's Chess), found by
a cooperative search, each with what its kind does that others do not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import pytest

import games
from bot.app.picking import stamp
from games.core.game import Game
from games.core.picks import choices
from games.core.pieces import Side
from tests.bot.exts.games.test_dm_games import challenged
from tests.bot.exts.games.test_picker import Reply, from_image, latest_image, menu, pick, words
from tests.bot.exts.matches.test_variants import started as match_started
from tests.bot.exts.test_matches import club, replied
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Interaction
from tests.waiting import eventually

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
    server: bool = False  # a team match in a server, picked under its boards' channels' images


def variant(name: str, *more: tuple[str, str]) -> tuple[dict[str, object], ...]:
    """Return /challenge's options for a variant, and any more options it takes."""
    chosen = [("variant", name), *more]
    return tuple({"type": 3, "name": key, "value": value} for key, value in chosen)


ON_TWO_BOARDS: Final = 2  # Elevator Chess's own games are played on two boards here
GAMES: Final = {
    "chess": Whole(
        "chess",
        (Step(1, "f2", "f3"), Step(1, "e7", "e5"), Step(1, "g2", "g4"), Step(1, "d8", "h4")),
    ),
    "escher": Whole(  # the c file's staircase carries the knight round and a pawn to c8
        "escher",
        (
            Step(1, "b1", "c3"),  # Nc3
            Step(1, "c7", "c6"),  # c6
            Step(1, "c2", "c4"),  # c4
            Step(1, "c7", "b6"),  # Bb6
            Step(1, "c7", "e6", "queen"),  # Ne6=Q#
        ),
    ),
    "billiards": Whole(  # the queen's line bounces off h5 to cover g6
        "billiards",
        (
            Step(1, "g1", "f3"),  # Nf3
            Step(1, "f7", "f6"),  # f6
            Step(1, "e2", "e3"),  # e3
            Step(1, "e8", "f7"),  # Kf7
            Step(1, "f3", "g5"),  # Ng5#
        ),
    ),
    "cylinder": Whole(
        "cylinder",
        (Step(1, "f2", "f3"), Step(1, "e7", "e6"), Step(1, "g2", "g4"), Step(1, "d8", "h4")),
    ),
    "elevator, with a ride and a victory transfer": Whole(
        "elevator",
        (
            Step(2, "f2", "f3"),  # f3
            Step(2, "e7", "e5"),  # e5
            Step(2, "g2", "g4"),  # g4
            Step(2, "e5", "down 1"),  # Pe5v1: a ride
            Step(1, "f2", "f3"),  # f3
            Step(1, "e7", "e6"),  # e6
            Step(1, "g2", "g4"),  # g4
            Step(1, "d8", "h4"),  # Qh4#
            Step(1, "Pe5^2", SEND),  # the pawn rides back up as board 1's victory transfer
            Step(2, "a2", "a3"),  # a3
            Step(2, "d8", "h4"),  # Qh4#
        ),
        boards=ON_TWO_BOARDS,
        options={"boards": ON_TWO_BOARDS},
    ),
    "different armies": Whole(
        "elevator",
        (
            Step(1, "d1", "c3"),  # Cc3
            Step(1, "a7", "a6"),  # a6
            Step(1, "c3", "g7"),  # Cxg7#
            Step(2, "d1", "c3"),  # Cc3
            Step(2, "a7", "a6"),  # a6
            Step(2, "c3", "g7"),  # Cxg7#
        ),
        boards=ON_TWO_BOARDS,
        more=variant("armies", ("armies", "clobberers/nutty")),
        options={"boards": ON_TWO_BOARDS, "armies": [("clobberers", "nutty")] * ON_TWO_BOARDS},
        server=True,
    ),
    "automatic": Whole(
        "elevator",
        tuple(
            Step(board, *move)
            for move in (("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4"))
            for board in (1, 2)
        ),
        boards=ON_TWO_BOARDS,
        more=variant("automatic"),
        options={"boards": ON_TWO_BOARDS, "mode": "automatic"},
    ),
    "alice": Whole(  # the bishop passes through to board 2 and mates there on arrival
        "elevator",
        (
            Step(1, "f2", "f4"),  # f4
            Step(1, "e7", "e6"),  # e6
            Step(1, "g2", "g4"),  # g4
            Step(2, "d2", "d4"),  # d4
            Step(2, "a7", "a6"),  # a6
            Step(1, "f8", "b4"),  # Bb4
            Step(1, "a2", "a3"),  # a3
            Step(1, "d8", "h4"),  # Qh4#
        ),
        boards=ON_TWO_BOARDS,
        more=variant("alice"),
        options={"boards": ON_TWO_BOARDS, "mode": "alice"},
    ),
    "ender's chess": Whole(  # Black's rook, dropped at its gate, reaches White's
        "enders",
        (
            Step(1, "end"),
            Step(1, "hand-R", "f10"),  # R@f10
            Step(1, "f10", "f8"),  # Rf10-f8
            *(
                step
                for start, to in (("f8", "f6"), ("f6", "f4"))
                for step in (Step(1, "end"), Step(1, "end"), Step(1, start, to))
            ),
            Step(1, "end"),
            Step(1, "end"),
            Step(1, "f4", "f2"),  # Rf4-f2: at the gate
        ),
    ),
    "ben good's elevator, with lifts and pushes": Whole(
        "good",
        (
            Step(1, "4g1", "4h4"),  # C4h4
            Step(1, "E3c4", "U"),  # E3c4U: a lift
            Step(1, "4h4", "4g4"),  # C4g4
            Step(1, "4h8", "4h7", "pushing the pawn to h6"),  # O4h7/Ph6: a push
            Step(1, "2a1", "2a3", "pushing the pawn to a4"),  # O2a3/Pa4
            Step(1, "E2c4", "U"),  # E2c4U
            Step(1, "4g4", "4d5"),  # C4d5#
        ),
    ),
    "wonkavator, with a lift sideways": Whole(
        "wonkavator",
        (
            Step(1, "4g1", "4h4"),  # C4h4
            Step(1, "E3c4", "U"),  # E3c4U
            Step(1, "4h4", "4g4"),  # C4g4
            Step(1, "4h8", "4h7", "pushing the pawn to h6"),  # O4h7/Ph6
            Step(1, "E2b1", "N"),  # E2b1N: north, on its level
            Step(1, "E2c4", "U"),  # E2c4U
            Step(1, "4g4", "4d5"),  # C4d5#
        ),
    ),
}


async def play_step(
    discord: FakeDiscord,
    players: dict[Side, int],
    where: Callable[[int, int], int],
    number: int,
    game: Game,
    step: Step,
    last: dict[int, Interaction | Reply],
) -> None:
    """Make a step in the menus of the player whose it is, and in the game alongside.

    where: the channel where a player (by id) sees a board's image.
    """
    if step.target == SEND:
        winner = game.pending_transfer(step.board)  # type: ignore[attr-defined]
        user = players[winner]
        custom_id = f"transfer:{number}:{step.board}"
        prompt = await latest_image(discord, discord.dms[user], custom_id)
        sent = await discord.click(user, prompt, custom_id, values=[step.piece])
        said = words(sent)  # as its menu named it
        assert said.startswith(f"Board {step.board}: sent onward: "), sent.responses
        assert "ride" in said and step.piece not in said, said
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
        channel = where(user, step.board)
        answer = await from_image(discord, user, channel, number, step.board, step.piece, mark)
    if step.target:
        answer = await pick(discord, user, answer, step.target)
    if choices(game.picks(step.board), step.piece, step.target)[1:]:  # more than one: asked
        answer = await pick(discord, user, answer, picked.move)
    said = words(answer) or await replied(discord, answer)
    assert said.startswith(("You played", "You ended")), (step, said)
    game.play(step.board, picked.move)
    last[user] = answer


async def play_whole(
    discord: FakeDiscord, players: dict[Side, int], guild: int, number: int, whole: Whole
) -> str:
    """Challenge, accept and play a whole game by picking alone; return its result.

    A server match is created, joined and started instead (as the bot's first match).
    """
    game = games.new_game(whole.kind, **whole.options)
    white, black = players["white"], players["black"]
    more, boards = whole.more, whole.boards
    if whole.server:
        assert boards is not None and number == 1
        await match_started(discord, white, black, guild, boards, *more)
        told = discord.channel_named(guild, "overview")

        def where(user: int, board: int) -> int:
            return discord.channel_named(guild, f"board-{board}")

    else:
        await challenged(discord, white, black, guild, whole.kind, boards=boards, more=more)
        told = discord.dms[white]

        def where(user: int, board: int) -> int:
            return discord.dms[user]

    last: dict[int, Interaction | Reply] = {}
    for step in whole.steps:
        await play_step(discord, players, where, number, game, step, last)
    assert game.result() != "*", "the steps end the game"

    def said() -> str | None:
        texts = [str(m["content"]) for m in discord.messages.get(told, [])]
        dm = f"Game {number}:"
        ended = [t for t in texts if "Final result" in t and (whole.server or t.startswith(dm))]
        return ended[-1] if ended else None

    ended = await eventually(said, f"game {number}'s result", changes=discord.changes)
    assert f"Final result: {game.result()}" in ended, ended
    return game.result()


# each group in one bot, the two side by side: a bot's start and stop cost more than a game
GROUPS: Final = {
    "one board": [name for name, whole in GAMES.items() if whole.boards is None],
    "two boards": sorted(  # a server match first: it must be match 1
        (name for name, whole in GAMES.items() if whole.boards is not None),
        key=lambda name: not GAMES[name].server,
    ),
}


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_whole_games_of_every_kind_are_played_by_picking_alone(tmp_path: Path, group: str) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        # what is checked is the picking; the DMs' pace, Discord's 5 posts in 5 s that other
        # tests keep, here passes 20 times faster
        discord.rate_limits.speed = 20.0
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            for number, name in enumerate(GROUPS[group], 1):
                players: dict[Side, int] = {"white": ana, "black": bo}
                result = await play_whole(discord, players, guild, number, GAMES[name])
                assert result in ("1-0", "0-1"), name

    offline(scenario)
