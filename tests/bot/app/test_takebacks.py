"""Takebacks by agreement: asked by the side that moved, answered by the other."""

from __future__ import annotations

import pytest

from bot.errors import NotAllowedError, RulesError, WrongStateError
from bot.service import MatchService
from bot.storage import Storage
from tests.bot.scenarios import run


async def chess(service: MatchService) -> int:
    """Start a casual game of chess: Ana White, Bo Black."""
    return await service.create_game("ana", "bo", boards=1, game="chess")


def test_a_move_taken_back_by_agreement_leaves_the_board_as_before_it(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        game = await chess(service)
        await service.play(game, "ana", 1, "e4")
        asked = await service.ask_takeback(game, "ana", 1)
        assert [(str(n.place), n.kind) for n in asked.notices] == [
            ("board:1", "takeback-asked"),
            ("user:bo", "takeback-asked"),
        ]
        with pytest.raises(NotAllowedError, match="answered by Black's player"):
            await service.answer_takeback(game, "ana", accept=True)
        done = await service.answer_takeback(game, "bo", accept=True)
        assert "undo" in [n.kind for n in done.notices]
        shown = await service.game(game)
        assert shown.fen(1).startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")
        with pytest.raises(WrongStateError, match="no takeback is asked"):
            await service.answer_takeback(game, "bo", accept=True)

    run(database_url, scenario)


def test_a_takeback_after_the_reply_takes_both_back_and_a_decline_changes_nothing(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        game = await chess(service)
        await service.play(game, "ana", 1, "e4")
        await service.play(game, "bo", 1, "e5")
        asked = await service.ask_takeback(game, "ana", 1)
        assert asked.notices[0].count == 2  # type: ignore[attr-defined]
        with pytest.raises(WrongStateError, match="already asked on board 1"):
            await service.ask_takeback(game, "ana", 1)
        declined = await service.answer_takeback(game, "bo", accept=False)
        assert [(str(n.place), n.kind) for n in declined.notices] == [
            ("board:1", "takeback-declined"),
            ("user:ana", "takeback-declined"),
        ]
        assert "4p3/4P3" in (await service.game(game)).fen(1)  # both pawns still out
        again = await service.ask_takeback(game, "ana", 1)  # asked anew once answered
        assert again.notices
        await service.answer_takeback(game, "bo", accept=True)
        assert (await service.game(game)).fen(1).startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP")

    run(database_url, scenario)


def test_a_takeback_is_refused_to_others_and_lapses_once_the_game_moves_on(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        game = await chess(service)
        with pytest.raises(RulesError, match="you have made no move on board 1 to take back"):
            await service.ask_takeback(game, "ana", 1)  # nothing played yet
        await service.play(game, "ana", 1, "e4")
        with pytest.raises(NotAllowedError, match="not playing in this match"):
            await service.ask_takeback(game, "cy", 1)
        await service.ask_takeback(game, "ana", 1)
        await service.play(game, "bo", 1, "Nc6")  # the game moves on meanwhile
        with pytest.raises(WrongStateError, match="moved on since the takeback"):
            await service.answer_takeback(game, "bo", accept=True)
        with pytest.raises(WrongStateError, match="no takeback is asked"):
            await service.answer_takeback(game, "bo", accept=True)  # the lapse was forgotten

    run(database_url, scenario)


def test_a_takeback_is_refused_once_another_board_has_moved_since(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        game = await service.create_game("ana", "bo", boards=2)
        await service.play(game, "ana", 1, "e4")
        await service.play(game, "ana", 2, "d4")
        with pytest.raises(RulesError, match="only while nothing else has been played since"):
            await service.ask_takeback(game, "ana", 1)
        asked = await service.ask_takeback(game, "ana", 2)
        assert asked.notices[0].count == 1  # type: ignore[attr-defined]

    run(database_url, scenario)
