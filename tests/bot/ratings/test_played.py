"""The rated games of a finished match, from its seats and board results."""

from __future__ import annotations

from bot.ratings.played import Board, Game, periods, player_games, team_games


def test_a_casual_game_of_two_boards_is_one_game_scored_by_the_match_result() -> None:
    boards = [Board("ana", "bo", "1-0"), Board("ana", "bo", "1/2-1/2")]
    assert player_games(boards) == [Game("ana", "bo", 1.0)]
    split = [Board("ana", "bo", "1-0"), Board("ana", "bo", "0-1")]
    assert player_games(split) == [Game("ana", "bo", 0.5)]


def test_in_a_team_match_each_board_is_a_game_against_the_one_seated_opposite() -> None:
    boards = [
        Board("ana", "bo", "0-1"),
        Board("cy", "di", "1/2-1/2"),
        Board("ana", "di", "1-0"),
    ]
    assert player_games(boards) == [
        Game("ana", "bo", 0.0),
        Game("cy", "di", 0.5),
        Game("ana", "di", 1.0),
    ]
    assert periods(player_games(boards)) == {
        "ana": [("bo", 0.0), ("di", 1.0)],
        "bo": [("ana", 1.0)],
        "cy": [("di", 0.5)],
        "di": [("cy", 0.5), ("ana", 0.0)],
    }


def test_a_pair_is_ordered_the_same_whoever_played_white() -> None:
    # zed had White on board 1 and Black on board 2: one game, zed scoring 1.5 to 0.5
    boards = [Board("zed", "al", "1-0"), Board("al", "zed", "1/2-1/2")]
    assert player_games(boards) == [Game("al", "zed", 0.0)]


def test_an_empty_seat_a_practice_seat_and_an_open_board_give_no_game() -> None:
    boards = [
        Board("ana", None, "1-0"),
        Board("bot", "bo", "0-1"),
        Board("cy", "di", "*"),
        Board("ed", "ed", "1-0"),
    ]
    assert player_games(boards, practice={"bot"}) == []


def test_every_two_teams_of_a_match_of_many_play_one_game_by_match_points() -> None:
    games = team_games({"reds": 3.0, "blues": 1.5, "greens": 3.0})
    assert games == [
        Game("reds", "blues", 1.0),
        Game("reds", "greens", 0.5),
        Game("blues", "greens", 0.0),
    ]
