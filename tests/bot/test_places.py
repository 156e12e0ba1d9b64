"""Places of a match as types: each read from its stored name and written back the same."""

from __future__ import annotations

import pytest

from bot.places import (
    GAME_DMS,
    LOBBY,
    OVERVIEW,
    BoardPlace,
    Named,
    PersonDMs,
    TeamRoom,
    board_of,
    place_of,
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
        ("category:2", Named("category:2")),
    ],
)
def test_a_places_name_reads_as_its_type_and_writes_back_the_same(name: str, place: object) -> None:
    assert place_of(name) == place
    assert str(place) == name


def test_only_a_boards_place_has_a_board() -> None:
    assert board_of("board:7") == 7
    assert [board_of(name) for name in ("board:", "board:x", "overview", "team:7")] == [None] * 4
