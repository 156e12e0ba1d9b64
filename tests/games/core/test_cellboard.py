"""The shared part of boards that keep their own cells, checked on every such board."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.core.errors import IllegalMoveError, RecordError
from games.core.geometry import CHESSBOARD
from games.core.reach import Reach
from games.cylinder import CYLINDER, CylinderBoard
from games.escher import EscherBoard
from games.fairy import FairyBoard

ELEVATORS = ("d4", "e4", "d5", "e5")
BOARDS: dict[str, Callable[[], CylinderBoard | EscherBoard | FairyBoard]] = {
    "cylinder": lambda: CylinderBoard(1, ELEVATORS),
    "escher": lambda: EscherBoard(1, ELEVATORS),
    "fairy": lambda: FairyBoard(1, ELEVATORS, armies=("clobberers", "nutty")),
}


@pytest.mark.parametrize("kind", sorted(BOARDS))
def test_a_state_that_does_not_load_leaves_the_board_as_it_was(kind: str) -> None:
    board = BOARDS[kind]()
    board.push(board.parse_move("e4"))
    before = (board.fen(), board.state())
    bad = {"root": board.state()["root"], "moves": ["e7e5", "a1a8"]}
    with pytest.raises(RecordError, match="the state of board 1 does not load"):
        board.restore(bad)
    assert (board.fen(), board.state()) == before


@pytest.mark.parametrize("kind", sorted(BOARDS))
def test_a_restored_state_plays_on_as_the_board_it_came_from(kind: str) -> None:
    board = BOARDS[kind]()
    for move in ("e4", "e5"):
        board.push(board.parse_move(move))
    copy = BOARDS[kind]()
    copy.restore(board.state())
    assert (copy.fen(), copy.state(), copy.turn) == (board.fen(), board.state(), board.turn)


@pytest.mark.parametrize("kind", sorted(BOARDS))
def test_a_square_off_the_board_is_refused_by_name(kind: str) -> None:
    with pytest.raises(IllegalMoveError, match="'z9' is not a square of board 1"):
        BOARDS[kind]().piece_at("z9")


def test_a_ray_round_a_cylinder_stops_before_its_own_square() -> None:
    east = Reach(CYLINDER).orthogonal[0][0]  # from a1 along the first rank
    assert east == (1, 2, 3, 4, 5, 6, 7)


def test_a_rook_attacks_across_the_edge_only_where_files_wrap() -> None:
    cells: list[str | None] = [None] * 64
    cells[7] = "R"  # h1 attacks a1 round the edge of a cylinder
    assert Reach(CYLINDER).attacked(cells, 0, True)
    assert Reach(CHESSBOARD).attacked(cells, 0, True)  # along the rank, the ordinary way
    cells[1] = "p"
    assert Reach(CYLINDER).attacked(cells, 0, True)
    assert not Reach(CHESSBOARD).attacked(cells, 0, True)
