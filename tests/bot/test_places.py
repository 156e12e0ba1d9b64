"""Places of a match as types: each read from its stored name and written back the same."""

from __future__ import annotations

import pytest

from bot.places import (
    GAME_DMS,
    GUILD,
    LOBBY,
    LOBBY_MESSAGE,
    NO_DMS,
    OVERVIEW,
    BoardPlace,
    Category,
    Named,
    PersonDMs,
    SideDMs,
    TeamRoom,
    board_of,
    channel_of_a_match,
    dms_bound,
    dms_of,
    place_of,
    shown_in_a_match,
)


@pytest.mark.parametrize(
    ("name", "place"),
    [
        ("board:12", BoardPlace(12)),
        ("team:white", TeamRoom("white")),
        ("team:3", TeamRoom("3")),
        ("user:42", PersonDMs("42")),
        ("overview", OVERVIEW),
        ("lobby", LOBBY),
        ("dm:white", GAME_DMS),
        ("dm:black", SideDMs("black")),
        ("category", Category(1)),
        ("category:2", Category(2)),
        ("guild", GUILD),
        ("lobby-message", LOBBY_MESSAGE),
        ("dm:grey", Named("dm:grey")),
        ("category:1", Named("category:1")),
    ],
)
def test_a_places_name_reads_as_its_type_and_writes_back_the_same(name: str, place: object) -> None:
    assert place_of(name) == place
    assert str(place) == name


def test_only_a_boards_place_has_a_board() -> None:
    assert board_of("board:7") == 7
    assert [board_of(name) for name in ("board:", "board:x", "overview", "team:7")] == [None] * 4


def test_a_server_match_made_channels_for_its_categories_overview_boards_and_rooms() -> None:
    made = ["category", "category:3", "overview", "board:2", "team:black"]
    assert all(channel_of_a_match(place_of(name)) for name in made)
    assert not any(
        channel_of_a_match(place_of(n)) for n in ("lobby", "guild", "user:4", "dm:white")
    )
    shown = ["overview", "lobby", "board:2", "team:black"]
    assert all(shown_in_a_match(place_of(name)) for name in shown)
    assert not any(shown_in_a_match(place_of(n)) for n in ("category", "guild", "lobby-message"))


def test_a_practice_game_binds_the_player_s_dms_and_none_for_the_opponent() -> None:
    bound = dms_bound("77", "black")
    assert bound == {"dm:black": "77", "dm:white": NO_DMS}
    assert (dms_of(bound, "black"), dms_of(bound, "white"), dms_of({}, "white")) == (
        "77",
        None,
        None,
    )
