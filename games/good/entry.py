"""Ben Good's Elevator in the registry."""

from __future__ import annotations

from typing import Final

from games.core.entry import Entry, Explained, Offered, playing
from games.good.game import GoodGame, WonkavatorGame

RULES: Final = Explained(
    "Ben Good's Elevator is 3-D chess on four levels of an 8x8 plan cut into 16 "
    "poles of 2x2 elevators. Each pole has three elevators and one empty shaft; cells "
    "are named level, file, rank (`2e1`), elevators on their own grid (`c4`).\n\n"
    "**Elevators.** Instead of a piece move, move an elevator you control (more of "
    "your pieces on it than the opponent's, at least one) one level into its shaft, "
    "with its pieces: `E3c4U` (up) or `D` (down).\n\n"
    "**Pieces.** King and pawn (forward or sideways; double step from its first two "
    "ranks; promotes only to a kind of its own already captured). Walking knight and "
    "camel also step one cell straight; the vaulting prince steps one cell or leaps "
    "three without capturing; the ox leaps, captures one step diagonally and pushes "
    "lines of pieces, which die off the board or in a shaft (`O2a3/Pa4`). Flying "
    "rook, bishop and queen may change level once, through the first shaft met on "
    "their level.\n\n"
    "**The game.** Checkmate wins; a lift can escape check, except from a flyer. "
    "Stalemate draws; whoever causes a third repetition loses. Any move may be typed "
    "long: `2b1-2c3`.",
    "Above: White's ox pushed the a-pawn to 2a4; Black's king rode pole c4 up to level 4.",
    playing(GoodGame, "O2a3/Pa4", "E3c4U"),
    width=720,
)

WONKAVATOR: Final = Explained(
    "Ben Good's Wonkavator is his Elevator with one option: elevators can also move "
    "sideways on the same level.\n\n"
    "**Sideways.** Instead of a piece move, move an elevator you control (more of your "
    "pieces on it than the opponent's, at least one) to the pole beside it, north, east, "
    "south or west on the elevators' grid, when that pole's cells on the same level are "
    "a shaft. Its pieces ride with it and a shaft is left where it stood: `E2b1N` moves "
    "pole b1's elevator on level 2 north to pole b2. Never diagonally.\n\n"
    "**Up and down** as in the Elevator: `E3c4U`, `E2c1D`. A pole may now hold two shafts "
    "or none; a flying piece still changes level once, and only where the cell above or "
    "below the shaft it meets is an elevator.\n\n"
    "**The rest** is Ben Good's Elevator: its pieces, pushes, check and repetition "
    "(`/rules game:Ben Good's Elevator`).",
    "Above: White moved pole b1's elevator on level 2 north into pole b2's shaft, with "
    "its bishop, rook and two pawns; pole b1 now has two shafts.",
    playing(WonkavatorGame, "E2b1N"),
    width=720,
)

ENTRY: Final = Entry(
    games=(
        Offered(
            "good",
            "Ben Good's Elevator: 3-D chess on four levels of 2x2 platforms that move up and "
            "down their poles, with walking, vaulting, flying and pushing pieces",
            GoodGame,
            RULES,
        ),
        Offered(
            "wonkavator",
            "Ben Good's Wonkavator: his Elevator whose platforms also move sideways, into "
            "the shaft of the pole beside them on the same level",
            WonkavatorGame,
            WONKAVATOR,
        ),
    )
)
