"""What Ender's Chess tells views of a board: its placement, reserves, gates and pieces moved."""

from __future__ import annotations

from games.core.pieces import Piece
from games.core.placement import read_placement
from games.enders.game import EndersGame


def test_a_board_shows_its_reserves_gates_and_the_pieces_moved_this_turn() -> None:
    game = EndersGame()
    game.play(1, "B@f2 Bf2-d4 end")
    game.play(1, "N@f10 Nf10-e8")
    beside = game.beside(1, game.fen(1))
    assert beside is not None
    assert beside.reserves == ("RRBKKNN", "RRBBKKN")
    assert beside.gates == ("f2", "f10")
    assert beside.moved == ("e8",)


def test_the_placement_views_read_has_every_rank_whole_and_the_pieces_where_they_stand() -> None:
    game = EndersGame()
    game.play(1, "N@f2 Nf2-e4 end B@f10")
    placement = game.view_placement(1, game.fen(1))
    assert read_placement(placement, game.shape(1)) == {
        "e4": Piece("N", "white"),
        "f10": Piece("B", "black"),
    }
