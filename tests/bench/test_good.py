"""The Ben Good's Elevator benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import good
from games.good.game import GoodGame
from tests.bench.conftest import Printed


def test_the_benchmark_prints_the_listings_the_moves_the_images_and_the_goals(
    printed_by: Printed,
) -> None:
    printed = printed_by(good, "--rounds", "2")
    assert "Good's legal moves / FIDE's:" in printed and "Good's board image / FIDE's:" in printed
    for row in ("Good's legal moves from the start", "Good's board image (four levels), 640 px"):
        assert row in printed


def test_the_timed_move_is_the_oxs_push_from_the_start() -> None:
    game = GoodGame()
    (played,) = game.play(1, good.GOOD_MOVE)
    assert played.san == good.GOOD_MOVE and game.side_to_move(1) == "black"
