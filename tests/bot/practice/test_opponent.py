"""The practice opponent: kings taken, mates played, rides used, Stockfish or not, in time."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time

import pytest

import games
from bot import workers
from bot.hosted import Hosted
from bot.practice.opponent import Opponent
from bot.practice.turn import Turn
from games.core.pieces import Side
from games.elevator import Match
from tests.bot.test_giving_way import giving_way_of, priority
from tests.waiting import eventually

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BACK_RANK_MATE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"  # Ra8#
# White's knight on e4 of board 1 may ride to board 2, where White is to move and
# the black king stands on f6, a knight's leap from e4.
KNIGHT_ON_THE_ELEVATOR = "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1"
KING_BEYOND = "8/8/5k2/8/8/8/8/R3K3 w - - 0 1"


def answer(
    runner: asyncio.Runner,
    opponent: Opponent,
    game: Hosted,
    board: int,
    side: Side,
    *,
    strength: int = 3,
    budget: float = 1.0,
) -> str:
    """Return what the opponent plays, having checked that play_turn accepts it."""
    text = runner.run(opponent.think(Turn.of(game, board, side, strength, budget)))
    game.play_turn(board, text, side=side)
    return text


def exposed_king() -> Match:
    """Return a match where an arrival on board 2 has left Black's king to be taken."""
    match = Match(boards=2, start_fens=[KNIGHT_ON_THE_ELEVATOR, KING_BEYOND])
    events = match.play(1, "Ne4^2", side="white")
    assert events[-1].king_capturable  # type: ignore[attr-defined]
    return match


@pytest.mark.parametrize("strength", [1, 5])
def test_the_opponent_takes_a_king_an_arrival_left_exposed(
    runner: asyncio.Runner, opponent: Opponent, strength: int
) -> None:
    match = exposed_king()
    assert match.king_capturable(2)
    assert answer(runner, opponent, match, 2, "white", strength=strength) == "Nxf6"
    assert match.board_result(2) == "1-0"


@pytest.mark.parametrize("strength", [1, 5])
def test_the_opponent_mates_in_one_in_chess(
    runner: asyncio.Runner, opponent: Opponent, strength: int
) -> None:
    game = games.new_game("chess", fen=BACK_RANK_MATE)
    assert answer(runner, opponent, game, 1, "white", strength=strength) == "Ra8#"
    assert game.board_result(1) == "1-0"


def test_the_opponent_mates_in_one_on_an_elevator_chess_board(
    runner: asyncio.Runner, opponent: Opponent
) -> None:
    match = Match(boards=2, start_fens=[BACK_RANK_MATE, START])
    assert answer(runner, opponent, match, 1, "white") == "Ra8#"
    ending = match.ending(1)
    assert ending is not None and (ending.result, ending.ending) == ("1-0", "checkmate")


def test_the_opponent_rides_to_leave_a_king_it_may_take_on_the_next_board(
    runner: asyncio.Runner, opponent: Opponent
) -> None:
    match = Match(boards=2, start_fens=[KNIGHT_ON_THE_ELEVATOR, KING_BEYOND])
    assert answer(runner, opponent, match, 1, "white", strength=5) == "Ne4^2"
    assert match.king_capturable(2)


@pytest.mark.parametrize("strength", [1, 5])
def test_the_own_search_takes_a_king_an_arrival_left_exposed_on_an_escher_floor(
    runner: asyncio.Runner, opponent: Opponent, strength: int
) -> None:
    match = Match(
        boards=2, rules=["fide", "escher"], start_fens=[KNIGHT_ON_THE_ELEVATOR, KING_BEYOND]
    )
    match.play(1, "Ne4^2", side="white")
    # next to no time to search, as for a worker slowed by a loaded machine: taken all the same
    assert answer(runner, opponent, match, 2, "white", strength=strength, budget=0.001) == "Nxf6"
    assert match.board_result(2) == "1-0"


def test_stockfish_plays_fide_boards_and_is_started_again_when_its_process_dies(
    runner: asyncio.Runner, opponent: Opponent, stockfish: str
) -> None:
    game = games.new_game("chess")
    answer(runner, opponent, game, 1, "white", budget=0.5)
    engine = opponent.engine
    assert engine is not None and engine.path == stockfish
    # a loaded machine may outlast that turn's budget, which stops the engine: started here
    runner.run(engine.start())
    first = engine.pid
    assert first is not None and engine.protocol is not None
    os.kill(first, signal.SIGKILL)
    runner.run(asyncio.wait_for(engine.protocol.returncode, 10))
    # started again as the next turn would start it, within its own time to start rather
    # than a turn's budget, which a loaded machine's start can outlast
    runner.run(engine.start())
    assert engine.pid is not None and engine.pid != first
    answer(runner, opponent, game, 1, "black", budget=0.5)  # and a turn is played


def test_without_stockfish_the_opponent_says_why_once_and_still_plays_legally(
    runner: asyncio.Runner,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    tmp_path: object,
) -> None:
    monkeypatch.setenv("STOCKFISH_PATH", f"{tmp_path}/no-stockfish-here")
    alone = Opponent()
    game = games.new_game("chess")
    with caplog.at_level(logging.WARNING, logger="bot.practice.opponent"):
        for side in ("white", "black", "white"):
            answer(runner, alone, game, 1, side, budget=0.3)  # type: ignore[arg-type]
    runner.run(alone.close())
    assert alone.engine is None
    warnings = [r.getMessage() for r in caplog.records if "STOCKFISH_PATH" in r.getMessage()]
    assert len(warnings) == 1
    assert "apt-get install stockfish" in warnings[0]
    assert "no-stockfish-here" in warnings[0]


@pytest.mark.parametrize("kind", ["chess", "good", "enders", "escher"])
def test_the_opponent_answers_within_its_budget_even_on_its_first_turn(
    runner: asyncio.Runner, kind: str
) -> None:
    fresh = Opponent()  # its first turn starts the worker process (and Stockfish)
    game = games.new_game(kind)
    budget = 0.3
    try:
        for side in ("white", "black", "white"):
            started = time.monotonic()
            answer(runner, fresh, game, 1, side, budget=budget)  # type: ignore[arg-type]
            # A correctness bound with a generous margin for a loaded machine, not a speed target.
            assert time.monotonic() - started < budget + 1.0
    finally:
        runner.run(fresh.close())


def test_a_warmed_opponent_has_its_worker_started_before_its_first_turn(
    runner: asyncio.Runner,
) -> None:
    fresh = Opponent()
    assert fresh.worker.starting is None  # nothing runs for a bot nobody practises against
    fresh.warm()
    starting = fresh.worker.starting
    assert starting is not None
    try:
        runner.run(asyncio.wait_for(asyncio.wrap_future(starting), 60))
        assert runner.run(fresh.worker.run(60, abs, -7)) == 7  # a live worker process
        answer(runner, fresh, games.new_game("escher"), 1, "white", budget=0.3)
        assert fresh.worker.starting is starting  # the first turn used the warmed worker
    finally:
        runner.run(fresh.close())


@pytest.mark.parametrize("idle", [True, False], ids=["the bot's", "the tests'"])
def test_practice_thinking_gives_way_to_the_bot_for_the_cpu(
    runner: asyncio.Runner, idle: bool
) -> None:
    made = Opponent(1, idle=idle)
    goal = giving_way_of(priority(0), idle=idle)
    try:
        (worker,) = made.worker.warm().result(timeout=60)
        # read from here: an idle worker may get no CPU to answer while other tests run
        pid = worker.process.pid
        runner.run(eventually(lambda: priority(pid) == goal, "the worker to give way"))
    finally:
        runner.run(made.close())


@pytest.mark.parametrize("idle", [True, False], ids=["the bot's", "the tests'"])
def test_every_thread_of_stockfish_gives_way_to_the_bot_for_the_cpu(
    runner: asyncio.Runner, stockfish: str, idle: bool
) -> None:
    made = Opponent(idle=idle)
    try:
        answer(runner, made, games.new_game("chess"), 1, "white", budget=0.3)
        engine = made.engine
        assert engine is not None
        runner.run(engine.start())  # as in the restart's test: a loaded machine may stop it
        assert engine.pid is not None
        threads = [int(name) for name in os.listdir(f"/proc/{engine.pid}/task")]
        priorities = {priority(thread) for thread in threads}
    finally:
        runner.run(made.close())
    assert len(threads) > 1  # its search threads besides the one that reads UCI
    assert priorities == {giving_way_of(priority(0), idle=idle)}


def test_a_worker_that_failed_to_start_is_started_again_by_the_next_turn(
    runner: asyncio.Runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = workers._started
    tries: list[int] = []

    def failing_once(size: int, idle: bool) -> list[workers._Process]:
        tries.append(1)
        if len(tries) == 1:
            raise OSError("no more processes")
        return real(size, idle)

    monkeypatch.setattr(workers, "_started", failing_once)
    fresh = Opponent()
    game = games.new_game("escher")  # the own search: the worker's work
    try:
        answer(runner, fresh, game, 1, "white", budget=0.3)  # a random turn, the start failed
        answer(runner, fresh, game, 1, "black", budget=5.0)
        assert len(tries) == 2
        starting = fresh.worker.starting
        assert starting is not None and starting.exception() is None
    finally:
        runner.run(fresh.close())


def test_more_games_at_once_than_thinkers_each_get_their_answer_within_the_budget(
    runner: asyncio.Runner, stockfish: str
) -> None:
    few = Opponent(thinkers=1)  # six games wait for one thinker: each thinks for less
    budget = 2.0

    async def at_once() -> list[float]:
        async def one() -> float:
            game = games.new_game("chess")
            started = time.monotonic()
            text = await few.think(Turn.of(game, 1, "white", 3, budget))
            game.play_turn(1, text, side="white")
            return time.monotonic() - started

        return await asyncio.gather(*(one() for _ in range(6)))

    try:
        took = runner.run(at_once())
    finally:
        runner.run(few.close())
    # one at a time, each thinking its whole share, the last answered after about 7 s
    assert max(took) < budget + 1.0  # with a margin for a loaded machine
