"""Moves typed in the wrong case are read as the one legal move they can only mean, in every
game of the registry (games.core.reading)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.chess.game import ChessGame
from games.core.boardgame import BoardGame
from games.core.errors import AmbiguousMoveError, IllegalMoveError
from games.elevator import Match
from games.escher.game import EscherGame

# White may take on c3 with the b-pawn or the bishop, and castle short.
BOTH_TAKE = "4k3/8/8/8/8/2n5/1P1B4/4K2R w K - 0 1"

Start = Callable[[str | None], BoardGame]
GAMES: dict[str, Start] = {
    "chess": lambda fen: ChessGame(fen=fen),
    "escher": lambda fen: EscherGame(fen=fen),
    "elevator": lambda fen: Match(boards=2, start_fens=None if fen is None else [fen, fen]),
    "elevator with an Escher floor": lambda fen: Match(
        boards=2,
        rules=["escher", "fide"],
        start_fens=None if fen is None else [fen, fen],
    ),
}


def last_san(game: BoardGame) -> str:
    moved = game.events[-1].to_dict()
    return str(moved.get("san") or moved.get("notation"))


@pytest.fixture(params=list(GAMES))
def start(request: pytest.FixtureRequest) -> Start:
    return GAMES[request.param]


@pytest.mark.parametrize(("typed", "meant"), [("nf3", "Nf3"), ("NF3", "Nf3"), ("E4", "e4")])
def test_a_move_in_the_wrong_case_is_played_as_the_one_move_it_means(
    start: Start, typed: str, meant: str
) -> None:
    game = start(None)
    game.play(1, typed)
    assert last_san(game) == meant


def test_a_uci_move_in_capitals_is_played(start: Start) -> None:
    game = start(None)
    game.play(1, "G1F3")
    assert last_san(game) == "Nf3"


def test_a_move_written_right_is_read_as_written(start: Start) -> None:
    game = start(BOTH_TAKE)
    game.play(1, "bxc3")
    assert last_san(game) == "bxc3"
    game = start(BOTH_TAKE)
    game.play(1, "Bxc3")
    assert last_san(game) == "Bxc3"


def test_a_move_that_could_be_two_moves_names_both_and_changes_nothing(start: Start) -> None:
    game = start(BOTH_TAKE)
    before = game.to_json()
    with pytest.raises(AmbiguousMoveError, match=r"^BXC3 could be (Bxc3 or bxc3|bxc3 or Bxc3) "):
        game.play(1, "BXC3")
    assert game.to_json() == before


def test_an_illegal_pawn_capture_is_not_swapped_for_the_bishop_capture(start: Start) -> None:
    game = start("4k3/8/8/8/8/2n5/3B4/4K3 w - - 0 1")
    with pytest.raises(IllegalMoveError, match=r"^bxc3 is not a legal move .*did you mean Bxc3\?"):
        game.play(1, "bxc3")
    assert not game.events


def test_an_illegal_move_in_the_wrong_case_is_refused_as_typed(start: Start) -> None:
    game = start(None)
    with pytest.raises(IllegalMoveError, match=r"^qxd8 is not a legal move for White on board 1"):
        game.play(1, "qxd8")
    with pytest.raises(IllegalMoveError, match=r"^ND2 is not a legal move for White on board 1"):
        game.play(1, "ND2")


def test_text_that_is_no_move_in_any_case_is_refused_as_typed(start: Start) -> None:
    game = start(None)
    with pytest.raises(IllegalMoveError, match=r"^'hello' is not a move on board 1"):
        game.play(1, "hello")


@pytest.mark.parametrize("kind", ["chess", "elevator"])
def test_castling_in_lower_case_is_played(kind: str) -> None:
    game = GAMES[kind](BOTH_TAKE)
    game.play(1, "o-o")
    assert last_san(game) == "O-O"


def test_castling_in_lower_case_in_escher_says_there_is_none() -> None:
    with pytest.raises(IllegalMoveError, match="there is no castling in Escher Staircase"):
        EscherGame(fen=BOTH_TAKE).play(1, "o-o")


def test_a_ride_in_lower_case_is_played() -> None:
    match = Match(boards=2)
    for move in ("nf3", "e5", "nd4", "a6"):
        match.play(1, move)
    rode = match.play(1, "nd4^2")[0].to_dict()
    assert (rode["piece"], rode["square"], rode["to_board"]) == ("N", "d4", 2)
