"""Where a match's boards go: a channel each up to 40, then ten to a channel, nine as threads."""

from __future__ import annotations

import pytest

from bot.errors import ServerFullError
from bot.exts.matches._layout import Layout
from bot.ui.words import spans


def test_up_to_forty_boards_every_board_has_a_channel_in_one_category() -> None:
    layout = Layout(40, 8)
    assert not layout.threaded and layout.threads == 0
    assert layout.channels == 49 and layout.categories == 1 and layout.places == 50
    assert layout.holder(40) == 40 and list(layout.held(7)) == [7]


def test_a_thousand_boards_take_a_hundred_channels_in_three_categories_and_900_threads() -> None:
    layout = Layout(1000, 2)
    assert layout.channel_boards[:3] == [1, 11, 21] and len(layout.channel_boards) == 100
    assert layout.holder(1) == 1 and layout.holder(10) == 1 and layout.holder(1000) == 991
    assert list(layout.held(991)) == list(range(991, 1001))
    assert layout.threads == 900 and layout.channels == 103 and layout.categories == 3
    assert layout.places == 1006


def test_the_last_channel_of_an_uneven_match_holds_what_is_left() -> None:
    layout = Layout(45, 2)
    assert layout.channel_boards == [1, 11, 21, 31, 41]
    assert list(layout.held(41)) == [41, 42, 43, 44, 45] and layout.threads == 40


def test_a_server_without_room_is_refused_naming_what_is_full_and_how_many_are_free() -> None:
    layout = Layout(1000, 2)
    layout.check_room(channels_taken=394, threads_active=100)  # exactly enough
    with pytest.raises(ServerFullError, match=r"needs 106 \(categories count\) and 105 of"):
        layout.check_room(channels_taken=395, threads_active=0)
    with pytest.raises(ServerFullError, match="needs 900 active threads and 99 of the server's"):
        layout.check_room(channels_taken=1, threads_active=901)


def test_a_refusal_names_the_most_boards_the_server_can_hold_now() -> None:
    layout = Layout(1000, 2)
    # 19 channels: a category, the overview, 2 team rooms and 15 board channels of ten
    with pytest.raises(ServerFullError, match=r"or play 150 boards \(the most it can hold now\)"):
        layout.check_room(channels_taken=481, threads_active=0)
    # one thread free: no board may be a thread, so 40 boards, a channel each
    with pytest.raises(ServerFullError, match=r"1 of the server's 1,000 is free\. .* play 40 "):
        layout.check_room(channels_taken=1, threads_active=999)
    with pytest.raises(ServerFullError, match=r"or other channels\. Nothing was created\.$"):
        layout.check_room(channels_taken=500, threads_active=0)  # not even one board fits
    assert Layout(30, 2).most_boards(channels_free=19, threads_free=1000) == 15


def test_a_teams_boards_are_said_as_runs() -> None:
    assert spans([2, 3]) == "2, 3"
    assert spans(list(range(2, 502))) == "2-501"
    assert spans([1, *range(3, 7), 1000]) == "1, 3-6, 1000"
