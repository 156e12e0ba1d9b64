"""Ender's Chess through the service on both engines: moderators, draws, restarts mid-turn."""

from __future__ import annotations

import pytest

from bot.errors import NotAllowedError, RulesError, WrongStateError
from bot.service import MatchService, Moderator
from bot.storage import Storage
from tests.bot.scenarios import run
from tests.bot.test_service_enders_clocks import enders

MOD = Moderator("mod", True)


def placement(fen: str) -> str:
    """Return the pieces of an Ender's FEN with its side, reserves and cells moved this turn."""
    return " ".join(fen.split()[:4])


def test_an_undo_preview_names_each_action_and_says_which_turn_it_leaves_open(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        game = await enders(service)
        await service.play(game, "ana", 1, "N@f2 Nf2-g4")  # one /move, three actions
        one = await service.undo_preview(game, 1)
        assert one.undone == ("board 1: White ended their turn",)
        assert one.after == (
            "board 1: White's turn stays open with N@f2 Nf2-g4 played; they go on with "
            "/move, or finish with /move end",
        )
        three = await service.undo_preview(game, 3)
        assert three.undone == (
            "board 1: White played N@f2",
            "board 1: White played Nf2-g4",
            "board 1: White ended their turn",
        )
        assert three.after == ("board 1: White starts their turn afresh",)
        with pytest.raises(RulesError, match="only 3 actions can be undone"):
            await service.undo_preview(game, 4)
        await service.undo(game, MOD, 1, "Ana meant to go on", expect=one.length)
        with pytest.raises(RulesError, match="a drop comes first in a turn"):
            await service.play(game, "ana", 1, "R@f2", more=True)
        with pytest.raises(RulesError, match="has already moved this turn"):
            await service.play(game, "ana", 1, "Ng4-f6", more=True)
        await service.play(game, "ana", 1, "end")
        with pytest.raises(NotAllowedError, match="Black's turn"):
            await service.play(game, "ana", 1, "end")
        fen = (await service.game(game)).fen(1)
        assert placement(fen) == "1/5/7/7/7/7/4N2/5/1 b RRBBKKNrrbbkknn -"

    run(database_url, scenario)


def test_a_draw_offer_stands_through_its_makers_actions_and_falls_at_the_opponents(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        game = await enders(service)
        await service.play(game, "ana", 1, "N@f2", more=True)
        await service.offer_draw(game, "ana", 1)
        await service.play(game, "ana", 1, "Nf2-g4", more=True)
        await service.play(game, "ana", 1, "end")
        assert await service.draw_offers(game, "bo") == [1]
        await service.play(game, "bo", 1, "N@f10", more=True)
        assert await service.draw_offers(game, "bo") == []
        await service.offer_draw(game, "bo", 1)  # in the middle of Bo's own turn
        await service.accept_draw(game, "ana", 1)
        assert (await service.game(game)).result() == "1/2-1/2"

    run(database_url, scenario)


def test_a_player_resigns_with_their_turn_under_way_and_the_clocks_stop(database_url: str) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        game = await enders(service)
        await service.play(game, "ana", 1, "N@f2 Nf2-g4", more=True)
        now[0] = 1010.0
        outcome = await service.resign(game, "ana", 1)
        assert [e.KIND for e in outcome.events] == ["resign", "board-end"]
        assert (await service.game(game)).result() == "0-1"
        now[0] = 1100.0
        assert await service.clock_readings(game) == {1: (590.0, 600.0)}
        assert await service.status(game) == "finished"

    run(database_url, scenario, clock=lambda: now[0])


def test_a_pause_mid_turn_stops_the_movers_clock_and_the_turn_goes_on_after_it(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        game = await enders(service)
        now[0] = 1010.0
        await service.play(game, "ana", 1, "N@f2", more=True)
        await service.pause(game, MOD, "a fire drill")
        with pytest.raises(WrongStateError, match="paused"):
            await service.play(game, "ana", 1, "Nf2-g4", more=True)
        now[0] = 5000.0
        await service.resume(game, MOD, "back")
        now[0] = 5010.0
        assert await service.clock_readings(game) == {1: (580.0, 600.0)}
        await service.play(game, "ana", 1, "Nf2-g4")
        assert await service.clock_readings(game) == {1: (585.0, 600.0)}

    run(database_url, scenario, clock=lambda: now[0])


def test_a_moderator_adjudicates_mid_turn_and_a_substitute_finishes_a_turn_under_way(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        game = await enders(service)
        await service.play(game, "ana", 1, "N@f2 Nf2-g4")
        await service.play(game, "bo", 1, "N@f10", more=True)
        await service.substitute(game, MOD, "bo", "cy", "Bo had to leave")
        with pytest.raises(NotAllowedError, match="not playing"):
            await service.play(game, "bo", 1, "end")
        await service.play(game, "cy", 1, "Nf10-e8", more=True)
        await service.adjudicate(game, MOD, 1, "1/2-1/2", "the server closes")
        assert (await service.game(game)).result() == "1/2-1/2"
        log = await service.audit_log(game)
        assert [entry["action"] for entry in log] == ["substitute", "adjudicate"]

    run(database_url, scenario)


def test_a_turn_under_way_survives_a_restart_with_its_drop_and_moves_used(
    database_url: str,
) -> None:
    async def before(service: MatchService, store: Storage) -> None:
        game = await enders(service)
        await service.play(game, "ana", 1, "N@f2 Nf2-g4", more=True)

    run(database_url, before)

    async def after(service: MatchService, store: Storage) -> None:
        fen = (await service.game(1)).fen(1)
        assert placement(fen) == "1/5/7/7/7/7/4N2/5/1 w RRBBKKNrrbbkknn g4"
        for used in ("R@f2", "Ng4-f6"):  # the drop was made, the knight has moved
            with pytest.raises(RulesError):
                await service.play(1, "ana", 1, used, more=True)
        assert await service.clock_readings(1) == {1: (580.0, 600.0)}  # White's ran on
        await service.play(1, "ana", 1, "end")
        assert (await service.game(1)).side_to_move(1) == "black"

    run(database_url, after, clock=lambda: 1020.0)
