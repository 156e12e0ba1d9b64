from __future__ import annotations

from games.elevator.standings import Standings


def test_points_go_to_colours_and_teams() -> None:
    standings = Standings([("white", "black")] * 3)
    standings.record(1, "1-0")
    standings.record(2, "1/2-1/2")
    assert standings.colour_score() == (1.5, 0.5)
    assert standings.team_points() == {"white": 1.5, "black": 0.5}
    assert standings.unfinished == 1


def test_a_lead_larger_than_what_remains_decides_the_match() -> None:
    standings = Standings([("white", "black")] * 4)
    standings.record(1, "1-0")
    standings.record(2, "1-0")
    assert standings.winners() is None  # 2 - 0 with two boards left: Black may still draw
    standings.record(3, "1/2-1/2")
    assert standings.winners() == ("white",)


def test_a_tie_is_decided_only_when_nothing_can_break_it() -> None:
    standings = Standings([("A", "B"), ("C", "D"), ("A", "B")])
    standings.record(1, "1/2-1/2")
    standings.record(3, "1/2-1/2")
    assert standings.winners() is None  # C or D may still win board 2 with 1 point
    standings.record(2, "1/2-1/2")
    assert standings.winners() == ("A", "B")
