"""Sentences the bot posts, read from notices as stored."""

from __future__ import annotations

from bot.notices import Decided, Started, notice_from_row
from bot.places import OVERVIEW
from bot.ui.words import overview_words
from games.core.multiboard import MatchDecided


def test_two_winners_of_two_teams_draw_and_of_four_teams_share_the_win() -> None:
    tied = MatchDecided(("Greens", "Golds"))
    assert overview_words(Decided(OVERVIEW, tied, 2)) == "The match is drawn."
    assert overview_words(Decided(OVERVIEW, tied, 4)) == (
        "The match is decided: Greens and Golds share the win."
    )


def test_a_decision_stored_before_many_teams_reads_as_two_teams() -> None:
    stored = Decided(OVERVIEW, MatchDecided(("Reds", "Blues")), 4).payload
    assert stored["teams"] == 4
    older = {key: value for key, value in stored.items() if key != "teams"}
    notice = notice_from_row("overview", "decided", older)
    assert isinstance(notice, Decided) and notice.teams == 2
    assert notice_from_row("overview", "decided", stored) == Decided(
        OVERVIEW, MatchDecided(("Reds", "Blues")), 4
    )


def test_a_one_board_game_starts_as_a_game_and_many_boards_are_counted() -> None:
    assert overview_words(Started(OVERVIEW, 1)) == "The game has started."
    assert overview_words(Started(OVERVIEW, 1000)) == "The match has started on 1,000 boards."
