"""Elevator Chess for many teams: the board-to-team map, scoring by team, a team resigning."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.elevator import IllegalMoveError, Match, MatchConfigError, MatchDecided, TeamResigned
from games.elevator.standings import Standings
from games.elevator.teams import default_names, seats_of, team_map, team_order
from tests.strength import examples

BETZA = ("A", "B", "C", "D")


def test_betzas_example_four_teams_on_four_boards() -> None:
    pairs = team_map(4, BETZA)
    assert pairs == (("A", "D"), ("A", "C"), ("B", "C"), ("B", "D"))
    assert seats_of(pairs, "A") == [(1, "white"), (2, "white")]
    assert seats_of(pairs, "C") == [(2, "black"), (3, "black")]
    assert seats_of(pairs, "D") == [(1, "black"), (4, "black")]


@pytest.mark.parametrize(
    ("boards", "names", "expected"),
    [
        (3, ("W", "B"), (("W", "B"),) * 3),
        (2, BETZA, (("A", "D"), ("B", "C"))),
        (8, BETZA, (("A", "D"),) + (("A", "C"),) * 3 + (("B", "C"),) + (("B", "D"),) * 3),
        (6, "ABCDEF", (("A", "F"), ("A", "D"), ("B", "D"), ("B", "E"), ("C", "E"), ("C", "F"))),
    ],
)
def test_white_teams_take_blocks_and_black_teams_the_blocks_one_board_on(
    boards: int, names: tuple[str, ...], expected: tuple[tuple[str, str], ...]
) -> None:
    pairs = team_map(boards, names)
    assert pairs == expected
    assert team_order(pairs) == tuple(names)
    for team in names:  # every team plays as many boards, all of one colour
        assert len(seats_of(pairs, team)) == boards * 2 // len(names)
        assert len({side for _, side in seats_of(pairs, team)}) == 1


@pytest.mark.parametrize(
    ("boards", "names", "refusal"),
    [
        (4, ("A", "B", "C"), "2, 4, 6, 8 teams"),
        (4, tuple("ABCDEFGHIJ"), "not 10"),
        (5, BETZA, "a multiple of 2, not 5"),
        (4, ("A", "B", "A", "D"), "a name of its own"),
    ],
)
def test_team_counts_that_do_not_share_the_boards_are_refused(
    boards: int, names: tuple[str, ...], refusal: str
) -> None:
    with pytest.raises(MatchConfigError, match=refusal):
        team_map(boards, names)


def test_default_names_are_lettered_as_betza_does() -> None:
    assert default_names(4) == ("Team A", "Team B", "Team C", "Team D")


def test_many_teams_score_over_the_boards_each_plays_and_the_most_points_win() -> None:
    standings = Standings(team_map(4, BETZA))
    standings.record(1, "1-0")  # A beats D
    standings.record(2, "0-1")  # C beats A
    standings.record(3, "1/2-1/2")  # B and C draw
    assert standings.team_points() == {"A": 1.0, "D": 0.0, "C": 1.5, "B": 0.5}
    assert standings.winners() is None  # board 4: B may reach 1.5 and share the win
    standings.record(4, "0-1")  # D beats B
    assert standings.winners() == ("C",)


def test_a_tie_at_the_top_of_many_teams_is_shared() -> None:
    standings = Standings(team_map(4, BETZA))
    for board, result in enumerate(("1-0", "0-1", "1-0", "1/2-1/2"), 1):
        standings.record(board, result)
    assert standings.team_points() == {"A": 1.0, "B": 1.5, "C": 1.0, "D": 0.5}
    assert standings.winners() == ("B",)
    tied = Standings(team_map(4, BETZA))
    for board, result in enumerate(("1-0", "0-1", "1-0", "0-1"), 1):
        tied.record(board, result)
    assert tied.winners() == ("A", "B", "C", "D")  # everyone 1 point, in the order named


def test_a_match_names_its_teams_in_order_and_where_each_plays() -> None:
    match = Match(4, "ring", teams=team_map(4, BETZA))
    assert match.teams() == BETZA
    assert match.seats_of("C") == [(2, "black"), (3, "black")]
    assert match.team(3, "black") == "C"
    assert Match(2).teams() == ("white", "black")


def test_a_team_resigns_only_its_own_boards_as_one_action_one_undo_takes_back() -> None:
    match = Match(4, "ring", teams=team_map(4, BETZA))
    match.play(2, "e4")
    before = match.to_json()
    events = match.resign_team("C")
    assert isinstance(events[0], TeamResigned)
    assert [match.board_result(b) for b in (1, 2, 3, 4)] == ["*", "1-0", "1-0", "*"]
    assert match.team_scores() == {"A": 1.0, "D": 0.0, "C": 0.0, "B": 1.0}
    assert Match.from_json(match.to_json()).events == match.events  # it replays
    assert match.undo(1) == events
    assert match.to_json() == before


def test_a_match_of_many_teams_is_decided_when_nobody_can_catch_the_leader() -> None:
    match = Match(4, "ring", teams=team_map(4, BETZA))
    match.resign_team("A")  # D and C 1 each; B plays C and D on boards 3 and 4
    assert not match.decided()
    match.resign(3, "black")  # B 1, C 1, D 1; board 4 decides between B and D
    assert not match.decided()
    events = match.resign(4, "white")
    assert events[-1] == MatchDecided(("D",))
    assert match.team_scores() == {"A": 0.0, "D": 2.0, "C": 1.0, "B": 1.0}


def test_resigning_a_team_that_has_nothing_left_or_does_not_exist_changes_nothing() -> None:
    match = Match(4, "ring", teams=team_map(4, BETZA))
    match.resign(2, "black")
    match.resign(3, "black")
    before = match.to_json()
    with pytest.raises(IllegalMoveError, match="C plays no board that is still being played"):
        match.resign_team("C")
    with pytest.raises(IllegalMoveError, match="there is no team 'E'"):
        match.resign_team("E")
    assert match.to_json() == before


@settings(max_examples=examples(25), deadline=None)
@given(
    teams=st.sampled_from([4, 6, 8]),
    seed=st.integers(0, 10**6),
    resign_every=st.integers(8, 40),
)
def test_playouts_of_many_teams_score_every_board_once_and_replay_exactly(
    teams: int, seed: int, resign_every: int
) -> None:
    rng = random.Random(seed)
    boards = teams // 2 * rng.choice([1, 2])
    layout = "ring" if boards >= 3 else "line"
    match = Match(boards, layout, teams=team_map(boards, "ABCDEFGH"[:teams]))
    for step in range(300):
        playing = [b for b in range(1, boards + 1) if match.is_open(b)]
        if not playing:
            break
        if step % resign_every == resign_every - 1:
            team = rng.choice(
                [t for t in match.teams() if any(b in playing for b, _ in match.seats_of(t))]
            )
            match.resign_team(team)
            assert all(match.is_closed(b) for b, _ in match.seats_of(team))
            continue
        board = rng.choice(playing)
        if match.pending_transfer(board) is None:
            match.play(board, rng.choice(match.legal_moves(board)))
    finished = [b for b in range(1, boards + 1) if match.is_closed(b)]
    assert sum(match.team_scores().values()) == len(finished)  # a point a finished board
    assert match.score()[0] + match.score()[1] == len(finished)
    replayed = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert replayed.to_json() == match.to_json()
    assert replayed.team_scores() == match.team_scores()
