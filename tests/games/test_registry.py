"""games.KINDS, games.new_game and games.from_json: every game the bot offers, by kind."""

from __future__ import annotations

import json

import pytest

import games
from games.chess.game import ChessGame
from games.core.errors import MatchConfigError, RecordError
from games.core.game import Game
from games.elevator import Match


def test_every_kind_has_a_description_a_player_reads() -> None:
    assert {"elevator", "chess"} <= set(games.KINDS)
    assert all(len(text) > 20 for text in games.KINDS.values())


def test_new_game_starts_each_kind_with_its_options() -> None:
    match = games.new_game("elevator", boards=3, layout="ring")
    assert isinstance(match, Match) and match.boards == 3 and match.layout == "ring"
    game = games.new_game("chess", fen="4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    assert isinstance(game, ChessGame) and game.piece_at(1, "e2") is not None


@pytest.mark.parametrize("kind", sorted(games.KINDS))
def test_every_game_meets_the_game_protocol(kind: str) -> None:
    game = games.new_game(kind)
    assert isinstance(game, Game)
    assert kind == game.KIND
    assert game.turn(1) == "white"


def test_both_game_classes_are_games_to_the_type_checker() -> None:
    # mypy checks these assignments against the protocol
    match: Game = Match(boards=2)
    chess_game: Game = ChessGame()
    assert [match.boards, chess_game.boards] == [2, 1]


@pytest.mark.parametrize(
    ("kind", "options", "message"),
    [
        ("go", {}, "there is no game 'go': the games are elevator, chess"),
        (3, {}, "there is no game 3"),
        ("chess", {"boards": 2}, "chess has no option 'boards': its options are fen"),
        ("elevator", {"fen": "x"}, "elevator has no option 'fen': its options are boards,"),
        ("elevator", {"boards": 0}, "a match has 1 to 1000 boards"),
        ("chess", {"fen": 7}, "a start position is given as FEN text"),
    ],
)
def test_an_unknown_kind_or_option_is_refused_clearly(
    kind: str, options: dict[str, object], message: str
) -> None:
    with pytest.raises(MatchConfigError, match=message):
        games.new_game(kind, **options)


# A move for each side in each game; chess's unless a game's moves are written otherwise.
_OPENINGS = {
    "enders": ("B@f2 Bf2-d4 end", "N@f10 end"),
    "good": ("O2a3/Pa4", "E3c4U"),
    "wonkavator": ("E2b1N", "E2c4S"),
}


@pytest.mark.parametrize("kind", sorted(games.KINDS))
def test_from_json_rebuilds_any_game_exactly(kind: str) -> None:
    game = games.new_game(kind)
    for move in _OPENINGS.get(kind, ("e4", "e5")):
        game.play(1, move)
    game.resign(1, "black")
    again = games.from_json(game.to_json())
    assert type(again) is type(game)
    assert again.to_json() == game.to_json()
    assert again.board_result(1) == "1-0"


def test_a_match_recorded_before_games_had_kinds_loads_as_elevator_chess() -> None:
    match = Match(boards=2)
    match.play(2, "d4")
    data = json.loads(match.to_json())
    del data["kind"]
    old = json.dumps(data, separators=(",", ":"))
    loaded = games.from_json(old)
    assert isinstance(loaded, Match) and loaded.fen(2) == match.fen(2)
    assert Match.from_json(old).to_json() == match.to_json()


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1]",
        '{"format": "chess-game", "version": 1, "kind": "go", "config": {}, "events": []}',
        '{"format": "something", "version": 1, "config": {}, "events": []}',
    ],
)
def test_from_json_refuses_what_is_no_game_record(text: str) -> None:
    with pytest.raises(RecordError):
        games.from_json(text)


def test_a_game_tells_the_positions_its_boards_started_from_or_none() -> None:
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    assert games.new_game("chess").start_fens() is None
    assert games.new_game("chess", fen=fen).start_fens() == (fen,)
    assert games.new_game("elevator", boards=2).start_fens() is None
    both = games.new_game("elevator", boards=2, start_fens=[fen, fen])
    assert both.start_fens() == (fen, fen)
