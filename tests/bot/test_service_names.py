"""Team names in the match service on both engines: invisible and look-alike names."""

from __future__ import annotations

import pytest

from bot.errors import RulesError
from bot.service import MatchService
from bot.storage import Storage
from tests.bot.scenarios import run

ZWSP = "\u200b"
RLO = "\u202e"
VISIBLE = "a team name needs at least one visible character"


async def create(service: MatchService, white: str, black: str) -> int:
    """Open a one-board lobby hosted by Ana with the two team names given."""
    return await service.create("ana", boards=1, layout="line", white_team=white, black_team=black)


async def teams(store: Storage, match_id: int) -> tuple[str, str]:
    """Return a match's team names as a fresh service reads them back from the file."""
    game = await MatchService(store, clock=lambda: 1000.0).game(match_id)
    return game.team(1, "white"), game.team(1, "black")


@pytest.mark.parametrize(
    "invisible",
    [ZWSP, RLO, "\u2066\u2069", "\ufeff\u180e", "\ufe0f", "\u3164", "\x00", "   ", " \t\n"],
)
def test_a_match_whose_team_name_nobody_could_see_is_refused_and_not_stored(
    database_url: str, invisible: str
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        with pytest.raises(RulesError, match=VISIBLE):
            await create(service, invisible, "Blues")
        with pytest.raises(RulesError, match=VISIBLE):
            await create(service, "Reds", invisible + ZWSP)
        assert await store.fetch_all("SELECT * FROM matches") == []

    run(database_url, scenario)


@pytest.mark.parametrize(
    ("white", "black"),
    [
        ("Reds", "Reds" + ZWSP),
        ("Reds", "REDS"),
        ("Reds", " reds  "),
        ("Reds", "R\u0435ds"),  # a Cyrillic e
        ("Peds", "\u0420\u0435ds"),  # a Cyrillic P and e
        ("Reds", "\uff32\uff45\uff44\uff53"),  # fullwidth
    ],
)
def test_a_match_whose_two_team_names_look_the_same_is_refused_naming_both(
    database_url: str, white: str, black: str
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        with pytest.raises(RulesError, match="the two teams need different names") as refused:
            await create(service, white, black)
        assert white.strip() in str(refused.value) and ZWSP not in str(refused.value)
        assert await store.fetch_all("SELECT * FROM matches") == []

    run(database_url, scenario)


def test_a_team_name_is_stored_and_shown_without_invisible_characters_or_extra_spaces(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await create(service, f" The{ZWSP}  Red\tKnights{RLO} ", "\u2066Blues\u2069")
        assert await teams(store, match_id) == ("The Red Knights", "Blues")
        await service.join(match_id, "bo", "black")
        with pytest.raises(RulesError, match="already in the Blues team"):
            await service.join(match_id, "bo", "black")

    run(database_url, scenario)


def test_a_team_name_counts_its_length_in_visible_characters(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await create(service, "A" * 40 + ZWSP * 10, "B")
        assert (await teams(store, match_id))[0] == "A" * 40
        with pytest.raises(RulesError, match="at most 40 characters"):
            await create(service, "A" * 41, "B")

    run(database_url, scenario)


@pytest.mark.parametrize(
    ("names", "shown"),
    [
        ((f"Ana{ZWSP}", f"{RLO}Bo"), ("Ana", "Bo")),
        ((ZWSP, "Bo"), ("ana", "bo")),  # a display name nobody could see: the ids stand in
        (("Ana", "ANA"), ("ana", "bo")),
        (("Ana", "\u0410na"), ("ana", "bo")),  # a Cyrillic A
    ],
)
def test_a_casual_game_names_its_sides_by_visible_distinct_display_names_or_else_by_ids(
    database_url: str, names: tuple[str, str], shown: tuple[str, str]
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        game = await service.create_game("ana", "bo", names=names)
        assert await teams(store, game) == shown
        invitation = await service.challenge("ana", "bo", names=names)
        accepted = await service.answer_challenge(invitation, "bo", accept=True)
        assert accepted is not None and await teams(store, accepted) == shown

    run(database_url, scenario)


def test_the_two_sides_of_a_one_board_game_need_names_that_look_different_too(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        with pytest.raises(RulesError, match="need different names: both are 'Reds'"):
            await service.create(
                "ana",
                boards=1,
                layout="line",
                game="escher",
                white_team="Reds",
                black_team=" Reds ",
            )
        with pytest.raises(RulesError, match="'Reds' looks like 'REDS'"):
            await service.create(
                "ana", boards=1, layout="line", game="escher", white_team="Reds", black_team="REDS"
            )
        assert await store.fetch_all("SELECT * FROM matches") == []

    run(database_url, scenario)
