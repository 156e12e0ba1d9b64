"""The Glicko-2 wrapper against Glickman's published worked example."""

from __future__ import annotations

import pytest

from bot.ratings.glicko import NEW, Rating, rated


def test_glickmans_worked_example_rates_as_published() -> None:
    # "Example of the Glicko-2 system" (Glickman, glicko.net): a 1500/200 player beats
    # 1400/30 and loses to 1550/100 and 1700/300 in one period. The paper rounds each
    # step's intermediate values (mu, phi, v, delta) to four or five digits before the
    # next, and publishes r' = 1464.06, RD' = 151.52, sigma' = 0.05999; carried out in full
    # precision the same steps give 1464.05, so the rating is compared within 0.02.
    after = rated(
        Rating(1500, 200, 0.06),
        [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)],
    )
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.000005)


def test_a_period_without_games_leaves_the_rating_as_it_was() -> None:
    assert rated(Rating(1620, 80, 0.059), []) == Rating(1620, 80, 0.059)


def test_a_new_player_starts_provisional_and_a_win_raises_a_loss_lowers() -> None:
    assert Rating(1500, 350, 0.06) == NEW and NEW.provisional
    won, lost = rated(NEW, [(NEW, 1.0)]), rated(NEW, [(NEW, 0.0)])
    assert won.rating > 1500 > lost.rating
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)  # the same step either way
    assert rated(NEW, [(NEW, 0.5)]).rating == pytest.approx(1500)
    assert not Rating(1500, 110, 0.06).provisional and Rating(1500, 110.5, 0.06).provisional
