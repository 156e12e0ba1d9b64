"""Elevator Chess in the registry."""

from __future__ import annotations

from typing import Final

from games.core.entry import Entry, Explained, Offered, playing
from games.elevator.match import Match

RULES: Final = Explained(
    "Elevator Chess (Ralph Betza) is played on several boards at once. One team plays "
    "White on every board, the other Black, and each board is ordinary chess at its own "
    "pace.\n\n"
    "**Elevators.** The centre squares d4, e4, d5 and e5 are elevators. Instead of a "
    "move, a piece (never a king) on one may ride to the same square of the next board "
    "up (`^`) or down (`v`) if it is empty: `Nd4^2`. The ride uses your turn on the "
    "board you leave, not on the board you reach, so an arriving piece may even capture "
    "a king.\n\n"
    "**Won boards.** The winner of a board may send one piece standing on an elevator "
    "onward; then the board is cleared and its elevator closes. Rides pass one closed "
    "floor, never two in a row.\n\n"
    "**The match.** The team that wins most boards wins.",
    "Above: a white knight rode from d4 on board 1 up to board 2.",
    playing(lambda: Match(2), "Nf3", "d6", "Nd4", "e6", "Nd4^2"),
    board=2,
)

ENTRY: Final = Entry(
    games=(
        Offered(
            "elevator",
            "Elevator Chess (Ralph Betza): boards of chess stacked in a line or a ring, whose "
            "centre squares are elevators a piece may ride to the next board; two teams",
            Match,
            RULES,
        ),
    )
)
