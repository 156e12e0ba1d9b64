"""A score against an anchor is read as an Elo difference with its interval."""

from __future__ import annotations

from bench import rating


def test_a_score_of_three_quarters_is_about_191_elo_above_the_anchor() -> None:
    assert round(rating.elo(0.75)) == 191
    low, high = rating.interval(7.5, 10)
    assert low < 191 < high


def test_a_clean_sweep_says_the_anchor_is_too_far_off_to_tell() -> None:
    lines = rating.report(4, 4, 1500)
    assert lines[0] == "score 4 of 4 (100%)"
    assert "the anchor is too far off to tell" in lines[1]


def test_an_even_score_against_a_rated_anchor_gives_its_rating() -> None:
    assert rating.report(2, 4, 1500)[1].endswith(": a rating of about 1500")
