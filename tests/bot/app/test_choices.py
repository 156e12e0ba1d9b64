"""What /move's autocomplete offers, from the service: moves typed so far, then what follows."""

from __future__ import annotations

from bot.app.choices import split_typed
from bot.service import MatchService
from bot.storage import Storage
from tests.bot.scenarios import run


def test_typed_text_splits_into_whole_actions_and_the_one_being_typed() -> None:
    assert split_typed("B@f2 Bf2-") == ("B@f2", "Bf2-")
    assert split_typed("B@f2 ") == ("B@f2", "")
    assert split_typed("  B@f2") == ("", "B@f2")
    assert split_typed("B@f2;  Bf2-d4 e") == ("B@f2 Bf2-d4", "e")
    assert split_typed("") == ("", "")


def test_enders_choices_offer_drops_then_end_and_continue_after_whole_actions(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, _: Storage) -> None:
        game = await service.create_game("ana", "bo", boards=1, game="enders")
        before = (await service.game(game)).fen(1)
        assert await service.move_options(game, "ana", 1) == [
            "R@f2",
            "B@f2",
            "K@f2",
            "N@f2",
            "end",
        ]
        assert await service.move_options(game, "ana", 1, "b") == ["B@f2"]
        after = await service.move_options(game, "ana", 1, "B@f2 ")
        assert sorted(after) == [
            "B@f2 Bf2-d4",
            "B@f2 Bf2-e3",
            "B@f2 Bf2-g3",
            "B@f2 Bf2-h4",
            "B@f2 end",
        ]
        assert after[-1] == "B@f2 end"
        assert await service.move_options(game, "ana", 1, "B@f2 Bf2-d") == ["B@f2 Bf2-d4"]
        assert await service.move_options(game, "ana", 1, "B@f2 Bf2-d4 en") == ["B@f2 Bf2-d4 end"]
        assert await service.move_options(game, "ana", 1, "B@f2 end ") == ["B@f2 end"]
        assert await service.move_options(game, "ana", 1, "B@f3 ") == []  # not legal
        assert await service.move_options(game, "bo", 1, "") == []  # not bo's turn
        assert (await service.game(game)).fen(1) == before  # worked out on a copy

    run(database_url, scenario)


def test_continuations_over_discords_100_characters_are_left_out(database_url: str) -> None:
    async def scenario(service: MatchService, _: Storage) -> None:
        game = await service.create_game("ana", "bo", boards=1, game="enders")
        # move numbers are read (and checked) before the actions, so they lengthen the text
        fits = await service.move_options(game, "ana", 1, "1. " * 29 + "B@f2 ")
        assert len(fits) == 5 and max(len(choice) for choice in fits) == 98
        assert await service.move_options(game, "ana", 1, "1. " * 31 + "B@f2 ") == []
        assert await service.move_options(game, "ana", 1, "2. B@f2 ") == []  # not turn 2

    run(database_url, scenario)


def test_other_games_offer_their_moves_filtered_as_before(database_url: str) -> None:
    async def scenario(service: MatchService, _: Storage) -> None:
        game = await service.create_game("ana", "bo", boards=1, game="chess")
        knights = await service.move_options(game, "ana", 1, "N")
        assert sorted(knights) == ["Na3", "Nc3", "Nf3", "Nh3"]
        assert await service.move_options(game, "ana", 1, "f3") == ["f3", "Nf3"]  # starts first

    run(database_url, scenario)
