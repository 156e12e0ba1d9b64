"""The service starts Betza's variants, keeps them with a challenge, and rematches them."""

from __future__ import annotations

import pytest

from bot.errors import RulesError
from bot.service import MatchService
from bot.storage import Storage
from games.elevator import Match
from tests.bot.scenarios import run

ESCHER_DISPLACED = {"variant": "escher", "elevators": [("c3", "f3", "c6", "f6")]}


async def finished(service: MatchService, match_id: int, loser: str, boards: int) -> None:
    for board in range(1, boards + 1):
        await service.resign(match_id, loser, board)


def test_a_challenge_keeps_its_variant_until_it_is_accepted(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        invitation = await service.challenge("ana", "bo", boards=2, **ESCHER_DISPLACED)
        found = await service.invitation(invitation)
        assert found["variant"] == "Escher neighbours (board 2); Displaced elevators: c3 f3 c6 f6"
        match_id = await service.answer_challenge(invitation, "bo", accept=True)
        assert match_id is not None
        game = await service.game(match_id)
        assert isinstance(game, Match)
        assert game.config.rules == ("fide", "escher")
        assert game.config.elevators_of(1) == ("c3", "f3", "c6", "f6")

    run(database_url, scenario)


def test_a_dm_rematch_plays_the_same_variant(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        invitation = await service.challenge("ana", "bo", boards=2, **ESCHER_DISPLACED)
        match_id = await service.answer_challenge(invitation, "bo", accept=True)
        assert match_id is not None
        await finished(service, match_id, "bo", 2)
        again, _ = await service.offer_game_rematch(match_id, "ana")
        rematch = await service.answer_challenge(again, "bo", accept=True)
        assert rematch is not None
        first, second = await service.game(match_id), await service.game(rematch)
        assert isinstance(first, Match) and isinstance(second, Match)
        assert second.config.rules == first.config.rules
        assert second.config.elevators == first.config.elevators

    run(database_url, scenario)


def test_a_team_rematch_opens_a_lobby_of_the_same_variant(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await service.create(
            "ana", boards=2, layout="line", white_team="Reds", black_team="Blues", variant="alice"
        )
        await service.join(match_id, "ana", "white")
        await service.join(match_id, "bo", "black")
        await service.start(match_id, "ana")
        await finished(service, match_id, "bo", 2)
        await service.ask_rematch(match_id, "ana")
        rematch = await service.answer_rematch(match_id, "bo", accept=True)
        assert rematch is not None
        assert (await service.shape(rematch)).variant == "Alice's Elevator Chess"

    run(database_url, scenario)


def test_variant_options_for_a_one_board_game_are_refused(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        refusal = "Escher Staircase has no variants, armies or elevators"
        with pytest.raises(RulesError, match=refusal):
            await service.challenge("ana", "bo", boards=1, game="escher", variant="armies")
        with pytest.raises(RulesError, match="Escher Staircase has no floors"):
            await service.challenge("ana", "bo", boards=1, game="escher", floors=["fide"])

    run(database_url, scenario)
