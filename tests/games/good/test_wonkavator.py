"""The Wonkavator, Ben Good's option of his Elevator: elevators that move sideways too.

Positions worked by hand; every other pole's shaft is on level 4 (tests.games.good.scenes).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.core.errors import IllegalMoveError, MatchConfigError
from games.good.attacks import in_check
from games.good.cells import NAMES, POLE_NAMES
from games.good.game import GoodGame, WonkavatorGame
from games.good.moves import legal_actions, play
from games.good.notation import parse, write
from games.good.position import Lift, Position
from games.good.text import read_fen, write_fen
from tests.games.good.scenes import board, scene, targets

KINGS = {"1a7": "K", "1c7": "k"}
A2, B2, A3 = (POLE_NAMES.index(name) for name in ("a2", "b2", "a3"))


def wonky(pieces: dict[str, str], shafts: dict[str, int], *, white: bool = True) -> Position:
    """Build a Wonkavator position: scene's, its elevators free to move sideways."""
    return replace(scene(pieces, shafts=shafts, white=white), sideways=True)


def lifts_written(position: Position) -> set[str]:
    legal = legal_actions(position)
    return {write(action, position, legal) for action in legal if isinstance(action, Lift)}


def refusal(position: Position, text: str) -> str:
    with pytest.raises(IllegalMoveError) as refused:
        parse(text, legal_actions(position), position)
    return str(refused.value)


def test_an_elevator_moves_east_into_the_shaft_beside_it_with_its_pieces() -> None:
    position = wonky({"3a3": "P", "3b4": "n", "3a4": "R"} | KINGS, {"b2": 3})
    lift = parse("E3a2E", legal_actions(position), position)
    assert lift == Lift(A2, 2, B2, 2)
    after = play(position, lift)
    # a3 b4 a4 of pole a2 are now c3 d4 c4 of pole b2, on the same level
    assert {n: p for n, p in board(after).items() if n[0] == "3"} == {
        "3c3": "P",
        "3d4": "n",
        "3c4": "R",
    }
    assert after.shafts[A2] == 0b1100  # its own on level 4 and the one it left on level 3
    assert after.shafts[B2] == 0  # its only shaft is filled: it has none now
    assert not after.exists(NAMES.index("3a3")) and after.exists(NAMES.index("3c3"))


def test_a_pole_without_a_shaft_lifts_no_elevator_up_or_down_and_says_so() -> None:
    after = play(wonky({"3a3": "P"} | KINGS, {"b2": 3}), Lift(A2, 2, B2, 2))
    black_moved = replace(after, white=True)
    assert not any(lift.pole == B2 and lift.to_pole == B2 for lift in _lifts(black_moved))
    assert refusal(black_moved, "E3b2U") == (
        "an elevator moves one level, into its pole's shaft: pole b2 has none now, "
        "so its elevator on level 3 cannot go up"
    )


def test_sideways_is_north_east_south_or_west_never_diagonally() -> None:
    # shafts on level 3 beside pole b2 (north b3, east c2, south b1, west a2) and diagonally
    shafts = {"b3": 3, "c2": 3, "b1": 3, "a2": 3, "c3": 3, "a1": 3}
    position = wonky({"3c3": "P"} | KINGS, shafts)
    assert {t for t in lifts_written(position) if t.startswith("E3b2") and t[-1] in "NESW"} == {
        "E3b2N",
        "E3b2E",
        "E3b2S",
        "E3b2W",
    }


def test_a_sideways_lift_goes_into_a_shaft_on_its_level_and_stays_on_the_grid() -> None:
    position = wonky({"3a3": "P"} | KINGS, {"b2": 3})
    assert refusal(position, "E3a2N") == (
        "an elevator moves sideways into a shaft on its level: pole a3 has none on level 3, "
        "so pole a2's elevator cannot go north on board 1"
    )
    assert refusal(position, "E3a2W") == (
        "pole a2 has no pole west of it on the elevators' grid, on board 1"
    )


def test_ben_goods_elevator_itself_moves_elevators_up_and_down_only() -> None:
    plain = scene({"3a3": "P"} | KINGS, shafts={"b2": 3})
    assert refusal(plain, "E3a2E") == (
        "an elevator moves up (U) or down (D) on board 1; it moves sideways (N, E, S, W) "
        "only in the Wonkavator"
    )


def test_a_sideways_lift_needs_control_of_its_elevator() -> None:
    position = wonky({"3a3": "P", "3b3": "n", "3b4": "n"} | KINGS, {"b2": 3})
    assert "E3a2E" not in lifts_written(position)
    assert refusal(position, "E3a2E").startswith(
        "White does not control pole a2's elevator on level 3 on board 1: it holds 1"
    )


def test_a_king_escapes_a_flyer_sideways_where_going_up_would_follow_it_through() -> None:
    # the rook on 3h3 checks along rank 3; north to pole a3 takes the king off its line,
    # while up leaves a shaft on 3a3 through which the rook flies on to 4a3
    position = wonky({"3a3": "K", "3h3": "r", "1h8": "k"}, {"a3": 3})
    assert in_check(position)
    assert "E3a2N" in lifts_written(position) and "E3a2U" not in lifts_written(position)
    assert board(play(position, parse("E3a2N", legal_actions(position), position)))["3a5"] == "K"


def test_a_flyer_changes_level_once_and_not_into_a_shaft_below_or_above_the_one_it_meets() -> None:
    # pole b1 has shafts on levels 2 and 3, pole d4 none: the rook on 2a1 meets 2c1's shaft
    # and may go on along level 1 only, level 3 being a shaft there too
    position = scene({"2a1": "R", "1h8": "K", "3h8": "k"}, shafts={"b1": 2})
    shafts = list(position.shafts)
    shafts[POLE_NAMES.index("b1")] |= 1 << 2
    shafts[POLE_NAMES.index("d4")] = 0
    position = replace(position, shafts=tuple(shafts), sideways=True)
    found = targets(position, "2a1")
    assert {"1c1", "1d1", "1h1"} <= found
    assert not {name for name in found if name[0] == "3"}


def test_the_text_form_keeps_a_pole_of_two_shafts_which_the_elevator_itself_refuses() -> None:
    game = WonkavatorGame()
    game.play(1, "E2b1N")  # pole b1 now has shafts on levels 2 and 4, pole b2 none
    text = game.fen(1)
    position, halfmove, fullmove = read_fen(text, sideways=True)
    assert write_fen(position, halfmove, fullmove) == text
    with pytest.raises(
        MatchConfigError, match="pole b1 needs its shaft on one level, not on 2 and 4"
    ):
        read_fen(text)
    shafts = (0, *position.shafts[1:])  # pole a1's shaft filled in, by hand
    fewer = write_fen(replace(position, shafts=shafts), halfmove, fullmove)
    with pytest.raises(MatchConfigError, match="has 16 shafts, as many as its poles, not 15"):
        read_fen(fewer, sideways=True)


def test_the_wonkavator_is_a_game_of_its_own_whose_records_replay() -> None:
    game = WonkavatorGame()
    assert "E2b1N" in game.legal_moves(1) and "E2b1N" in game.long_moves(1)
    assert "E2b1N" not in GoodGame().legal_moves(1)
    game.play(1, "E2b1N")
    game.play(1, "E2c4S")
    assert game.piece_at(1, "2c3").symbol == "B"  # type: ignore[union-attr]
    copy = WonkavatorGame.from_json(game.to_json())
    assert copy.fen(1) == game.fen(1) and copy.events == game.events
    with pytest.raises(IllegalMoveError, match="only in the Wonkavator"):
        GoodGame().play(1, "E2b1N")


def _lifts(position: Position) -> list[Lift]:
    return [action for action in legal_actions(position) if isinstance(action, Lift)]


def test_a_lift_written_without_its_way_is_refused_saying_which_ways_there_are() -> None:
    with pytest.raises(IllegalMoveError) as sideways:
        WonkavatorGame().play(1, "E2b1")
    assert str(sideways.value) == (
        "E2b1 names pole b1's elevator on level 2 but not where it goes, on board 1: "
        "add U (up) or D (down), or N, E, S or W sideways, as in E2b1U"
    )
    with pytest.raises(IllegalMoveError, match=r"add U \(up\) or D \(down\), as in E2b1U$"):
        GoodGame().play(1, "E2b1")
