"""Playouts of every game where the practice opponent plays both sides: every turn is legal."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from bot.hosted import Hosted
from bot.practice.opponent import Opponent
from bot.practice.turn import STRENGTHS, Turn
from games.elevator import Match
from tests.strength import examples

TURNS = 6  # per playout: each side's turns all come from the opponent
BUDGET = 0.08  # seconds a turn: a few plies at most


def _every_kind() -> dict[str, Callable[[], Hosted]]:
    made: dict[str, Callable[[], Hosted]] = {
        kind: (lambda kind=kind: games.game_class(kind)()) for kind in games.KINDS
    }
    made["elevator, an Escher floor"] = lambda: Match(boards=3, rules=["fide", "escher", "fide"])
    made["elevator, Different Armies"] = lambda: Match(boards=2, armies=("clobberers", "nutty"))
    made["elevator, Alice"] = lambda: Match(boards=2, mode="alice")
    made["elevator, Automatic"] = lambda: Match(boards=2, mode="automatic")
    return made


GAMES = _every_kind()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_turn_the_opponent_plays_is_accepted(
    runner: asyncio.Runner, opponent: Opponent, name: str
) -> None:
    @settings(
        max_examples=examples(3),
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(strengths=st.lists(st.sampled_from(STRENGTHS), min_size=2, max_size=2), board=st.data())
    def playout(strengths: list[int], board: st.DataObject) -> None:
        game = GAMES[name]()
        number = board.draw(st.integers(1, game.boards), label="board")
        for _ in range(TURNS):
            if not game.is_open(number):
                break
            side = game.side_to_move(number)
            strength = strengths[side == "black"]
            turn = Turn.of(game, number, side, strength, BUDGET)
            text = runner.run(opponent.think(turn))
            game.play_turn(number, text, side=side)

    playout()
