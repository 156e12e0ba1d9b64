"""What a moderator previewing an undo reads of each event."""

from __future__ import annotations

from bot.news import describe
from games.elevator import Rode
from games.elevator.events import Carried, PassedThrough, TeamResigned


def test_an_undo_preview_names_pieces_in_words_and_a_team_resigning() -> None:
    assert describe(PassedThrough(1, "black", "P", "d5", 2)) == (
        "board 1: Black's pawn passed through from d5"
    )
    assert describe(Carried(2, "white", "I", "e4", "up", 3)) == (
        "board 2: White's Fibnif was carried up from e4"
    )
    assert describe(Rode(1, "white", 3, "N", "d4", "up", 2)) == (
        "board 1: White's knight rode up from d4"
    )
    assert describe(TeamResigned("Golds")) == "Golds resigned every board it had left"
