"""Time controls and board clocks, with the time passed in."""

from __future__ import annotations

import pytest

from games.core.clocks import (
    DAY,
    HOUR,
    Clocks,
    TimeControl,
    TimeControlError,
    clock_rows,
    from_rows,
    left_words,
)


@pytest.mark.parametrize(
    ("text", "kind", "seconds", "increment", "shown"),
    [
        ("none", "none", 0, 0, "none"),
        ("", "none", 0, 0, "none"),
        ("10+5", "live", 600, 5, "10+5"),
        (" 3 + 2 ", "live", 180, 2, "3+2"),
        ("0.5+0", "live", 30, 0, "0.5+0"),
        ("3d", "correspondence", 3 * DAY, 0, "3d"),
        ("1 day", "correspondence", DAY, 0, "1d"),
        ("7 Days", "correspondence", 7 * DAY, 0, "7d"),
    ],
)
def test_time_controls_are_read_as_players_write_them(
    text: str, kind: str, seconds: float, increment: float, shown: str
) -> None:
    control = TimeControl.parse(text)
    assert (control.kind, control.seconds, control.increment) == (kind, seconds, increment)
    assert str(control) == shown
    assert TimeControl.parse(str(control)) == control


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("10", "not a time control"),
        ("blitz", "not a time control"),
        ("0+5", "0.25 to 180 minutes"),
        ("500+0", "0.25 to 180 minutes"),
        ("181+0", "0.25 to 180 minutes"),
        ("10+181", "'10\\+181' is out of range: .* 0 to 180 seconds"),
        ("fast", "0.25 to 180 minutes and 0 to 180 seconds .*, or 1 to 30 days a move"),
        ("0d", "1 to 30 days"),
        ("31d", "'31d' is out of range: .* 1 to 30 days"),
        ("x" * 500, "'xxxxxxxxxxxxxxxxxxx…'"),
    ],
)
def test_a_time_control_out_of_shape_or_range_is_refused_with_the_forms_it_takes(
    text: str, says: str
) -> None:
    with pytest.raises(TimeControlError, match=says):
        TimeControl.parse(text)


def test_controls_say_themselves_in_words() -> None:
    assert TimeControl.parse("10+5").describe() == "10 minutes per board + 5 s a move"
    assert TimeControl.parse("1+0").describe() == "1 minute per board"
    assert TimeControl.parse("3d").describe() == "3 days a move"
    assert TimeControl().describe() == "no clock"
    assert TimeControl.parse("3d").transfer_window(120) == DAY
    assert TimeControl.parse("10+5").transfer_window(120) == 120


def test_only_the_side_to_move_has_its_clock_running_and_a_move_adds_the_increment() -> None:
    clocks = Clocks.start(TimeControl.parse("10+5"), {1: "white", 2: "black"}, now=0)
    assert clocks.reading(1, 30) == (570, 600)
    assert clocks.reading(2, 30) == (600, 570)
    clocks.moved(1, 30)  # White used 30 s, gets 5 back; Black's clock starts
    assert clocks.reading(1, 30) == (575, 600)
    assert clocks.reading(1, 50) == (575, 580)
    assert clocks.boards[1].falls_at() == 30 + 600


def test_a_clock_never_shows_less_than_nothing_and_falls_when_it_runs_out() -> None:
    clocks = Clocks.start(TimeControl.parse("1+0"), {1: "white"}, now=100)
    assert clocks.due(159) == []
    assert clocks.due(160) == [(160, 1)]
    assert clocks.reading(1, 500) == (0, 60)


def test_flags_on_several_boards_come_due_in_the_order_they_fall() -> None:
    clocks = Clocks.start(TimeControl.parse("1+0"), {1: "white", 2: "white", 3: "black"}, 0)
    clocks.moved(1, 20)  # board 1: Black's 60 s start at 20
    clocks.add(3, "black", 30, now=50)
    assert clocks.due(1000) == [(60, 2), (80, 1), (90, 3)]


def test_a_pause_stops_every_clock_and_resuming_starts_them_where_they_were() -> None:
    clocks = Clocks.start(TimeControl.parse("5+0"), {1: "white", 2: "black"}, now=0)
    clocks.stop(2, 10)  # board 2 has ended: it stays stopped
    assert clocks.halt(100) == [1]
    assert clocks.reading(1, 10_000) == (200, 300)
    assert clocks.due(10_000) == []
    assert clocks.go_on(10_000) == [1]
    assert clocks.boards[1].falls_at() == 10_200
    assert clocks.reading(2, 10_000) == (300, 290)


def test_a_correspondence_move_gets_the_whole_time_from_the_previous_move() -> None:
    clocks = Clocks.start(TimeControl.parse("3d"), {1: "white"}, now=0)
    clocks.moved(1, 2 * DAY)
    assert clocks.reading(1, 2 * DAY) == (3 * DAY, 3 * DAY)
    assert clocks.boards[1].falls_at() == 5 * DAY


def test_correspondence_reminders_come_at_a_quarter_of_the_time_and_at_one_hour() -> None:
    clocks = Clocks.start(TimeControl.parse("2d"), {1: "white"}, now=0)
    quarter = 2 * DAY * 3 / 4
    assert clocks.due_at(1) == quarter
    assert clocks.reminder(1, quarter - 1) is None
    assert clocks.reminder(1, quarter) == 1
    clocks.reminded(1, 1)
    assert clocks.due_at(1) == 2 * DAY - HOUR
    assert clocks.reminder(1, 2 * DAY - HOUR) == 2
    clocks.reminded(1, 2)
    assert clocks.due_at(1) == 2 * DAY
    clocks.moved(1, 2 * DAY - 60)  # a move starts the count again
    assert clocks.boards[1].reminded == 0


def test_time_given_back_brings_back_the_reminders_above_it() -> None:
    clocks = Clocks.start(TimeControl.parse("1d"), {1: "white"}, now=0)
    clocks.reminded(1, 2)
    clocks.add(1, "white", 2 * HOUR, now=DAY - HOUR)  # 3 hours left: under a quarter still
    assert clocks.boards[1].reminded == 1
    clocks.add(1, "white", DAY, now=DAY - HOUR)
    assert clocks.boards[1].reminded == 0


def test_a_late_look_sends_only_the_one_hour_reminder() -> None:
    clocks = Clocks.start(TimeControl.parse("1d"), {1: "white"}, now=0)
    assert clocks.reminder(1, DAY - 30 * 60) == 2


def test_live_clocks_have_no_reminders() -> None:
    clocks = Clocks.start(TimeControl.parse("10+0"), {1: "white"}, now=0)
    assert clocks.reminder(1, 599) is None
    assert clocks.due_at(1) == 600


def test_clocks_survive_their_stored_form() -> None:
    clocks = Clocks.start(TimeControl.parse("3d"), {1: "white", 2: "black"}, now=5)
    clocks.moved(2, 50)
    clocks.halt(60)
    clocks.reminded(1, 1)
    rows = clock_rows(clocks, [1, 2])
    again = from_rows(clocks.control, rows)
    assert clock_rows(again, [1, 2]) == rows
    assert rows[0]["due_at"] is None  # paused: nothing is due


def test_time_left_is_said_in_its_two_largest_units() -> None:
    assert left_words(2 * DAY + 3 * HOUR + 59) == "2 days 3 hours"
    assert left_words(2 * DAY + 5 * 60) == "2 days"
    assert left_words(HOUR + 60) == "1 hour 1 minute"
    assert left_words(42 * 60 + 3) == "42 minutes 3 seconds"
    assert left_words(0.4) == "0 seconds"


def test_a_due_time_a_change_has_moved_is_not_reported() -> None:
    clocks = Clocks.start(TimeControl.parse("1+0"), {1: "white", 2: "white"}, now=0)
    clocks.moved(1, 30)  # board 1 was due at 60; now Black's clock there falls at 90
    clocks.halt(40)
    assert clocks.due(10_000) == []
    clocks.go_on(100)
    assert clocks.due(10_000) == [(120, 2), (150, 1)]
    assert clocks.due(10_000) == [(120, 2), (150, 1)]  # still due until dealt with
    clocks.stop(2, 120)
    assert clocks.due(10_000) == [(150, 1)]


def test_a_fallen_flag_counts_from_when_it_fell_not_from_a_reminder_never_sent() -> None:
    clocks = Clocks.start(TimeControl.parse("1d"), {1: "white", 2: "white"}, now=0)
    clocks.moved(1, 3600)  # board 1: Black's day ends at 90000, the quarter is due at 68400
    clocks.reminded(2, 1)  # board 2: its flag falls at 86400
    assert clocks.due(100_000) == [(86_400, 2), (90_000, 1)]
    assert clocks.due(70_000) == [(68_400, 1)]  # before either flag, the reminder counts
