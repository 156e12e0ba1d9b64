"""Clocks of Ender's Chess through the service: a turn of many actions is charged to its player."""

from __future__ import annotations

import pytest

from bot.errors import WrongStateError
from bot.service import MatchService, Moderator
from bot.storage import Storage
from tests.bot.scenarios import run

DAY = 24 * 3600.0
MOD = Moderator("mod", True)


async def enders(service: MatchService, time_control: str = "10+5") -> int:
    """Start an Ender's Chess game of Ana (White) against Bo (Black) with a clock."""
    return await service.create_game(
        "ana", "bo", boards=1, game="enders", time_control=time_control
    )


def test_a_turn_of_many_actions_runs_only_the_movers_clock_and_adds_the_increment_once(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        game = await enders(service)
        now[0] = 1010.0
        await service.play(game, "ana", 1, "R@f2", more=True)
        assert await service.clock_readings(game) == {1: (590.0, 600.0)}
        now[0] = 1030.0
        await service.play(game, "ana", 1, "Rf2-f4", more=True)
        assert await service.clock_readings(game) == {1: (570.0, 600.0)}  # still White's
        now[0] = 1040.0
        await service.play(game, "ana", 1, "end")
        assert await service.clock_readings(game) == {1: (565.0, 600.0)}  # +5 once, at the end
        now[0] = 1060.0
        await service.play(game, "bo", 1, "N@f10 Nf10-e8")  # a whole turn in one /move
        assert await service.clock_readings(game) == {1: (565.0, 585.0)}

    run(database_url, scenario, clock=lambda: now[0])


def test_the_flag_falls_in_the_middle_of_a_turn_when_the_movers_time_runs_out(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        game = await enders(service, "1+0")
        now[0] = 1020.0
        await service.play(game, "ana", 1, "R@f2 Rf2-f4", more=True)
        now[0] = 1059.0
        assert await service.settle_due() == []
        now[0] = 1075.0
        (fallen,) = await service.settle_due()
        ended = [e for e in fallen.events if e.KIND == "board-end"]
        assert [(e.result, e.ending) for e in ended] == [("0-1", "timeout")]  # type: ignore[attr-defined]
        flags = await store.fetch_all("SELECT at FROM events WHERE kind = 'flag'")
        assert [row["at"] for row in flags] == [1060.0]
        with pytest.raises(WrongStateError, match="finished"):
            await service.play(game, "ana", 1, "end")

    run(database_url, scenario, clock=lambda: now[0])


def test_correspondence_gives_each_turn_its_time_afresh_however_many_actions(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        game = await enders(service, "2d")
        now[0] += DAY
        await service.play(game, "ana", 1, "R@f2", more=True)
        now[0] += DAY / 2
        await service.play(game, "ana", 1, "Rf2-f4", more=True)  # the turn's time runs on
        assert await service.clock_readings(game) == {1: (DAY / 2, 2 * DAY)}
        await service.play(game, "ana", 1, "end")
        assert await service.clock_readings(game) == {1: (2 * DAY, 2 * DAY)}
        now[0] += DAY
        await service.play(game, "bo", 1, "N@f10", more=True)
        assert await service.clock_readings(game) == {1: (2 * DAY, DAY)}

    run(database_url, scenario, clock=lambda: now[0])


def test_undoing_the_end_of_a_turn_typed_whole_gives_the_mover_back_their_running_clock(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        game = await enders(service)
        now[0] = 1030.0
        await service.play(game, "ana", 1, "R@f2 Rf2-f4")  # three actions: the drop, the move, end
        assert await service.clock_readings(game) == {1: (575.0, 600.0)}
        now[0] = 1040.0
        await service.undo(game, MOD, 1, "Ana meant to go on")  # takes back `end` alone
        assert (await service.game(game)).side_to_move(1) == "white"
        assert await service.clock_readings(game) == {1: (570.0, 600.0)}  # White's, running
        now[0] = 1050.0
        assert await service.clock_readings(game) == {1: (560.0, 600.0)}
        await service.undo(game, MOD, 2, "and start the turn again")
        assert await service.clock_readings(game) == {1: (570.0, 600.0)}

    run(database_url, scenario, clock=lambda: now[0])


def test_undoing_an_action_of_a_turn_under_way_keeps_the_opponents_clock_stopped(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        game = await enders(service)
        now[0] = 1010.0
        await service.play(game, "ana", 1, "R@f2 Rf2-f4 end")
        now[0] = 1020.0
        await service.play(game, "bo", 1, "N@f10", more=True)
        now[0] = 1030.0
        await service.play(game, "bo", 1, "Nf10-e8", more=True)
        now[0] = 1040.0
        await service.undo(game, MOD, 1, "misclick")
        assert (await service.game(game)).fen(1).split()[0].startswith("n/")
        assert await service.clock_readings(game) == {1: (595.0, 580.0)}  # Black's, as at 1030
        now[0] = 1045.0
        assert await service.clock_readings(game) == {1: (595.0, 575.0)}

    run(database_url, scenario, clock=lambda: now[0])
