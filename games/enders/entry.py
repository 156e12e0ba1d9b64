"""Ender's Chess in the registry."""

from __future__ import annotations

from typing import Final

from games.core.entry import Entry, Explained, Offered, playing
from games.enders.game import EndersGame

RULES: Final = Explained(
    "Ender's Chess is played on a board of 47 cells (the original map is lost: we "
    "play a reconstruction). Both sides start with every piece off the board, in "
    "reserve: two rooks, bishops, kings and knights each.\n\n"
    "**Pieces.** A rook goes one or two cells straight and a king one cell any way, "
    "both leaping; a bishop goes one or two cells diagonally, not leaping; a knight "
    "leaps as in chess. Kings are not royal: there is no check. Any piece captures "
    "by landing on an enemy.\n\n"
    "**A turn.** If your gate (White f2, Black f10) is empty when your turn starts, "
    "first drop a reserve piece on it: `B@f2`. Then move as many of your pieces as "
    "you like, each once: `Bf2-d4`. `/move` with the whole turn ends it; add "
    "`more:True` to go on, and finish with `/move end`.\n\n"
    "**Winning.** The first to occupy the opponent's gate wins, but Black draws by "
    "taking White's gate in the turn straight after White took Black's. A side with "
    "no piece left loses.",
    "Above: Black played the rules' example 1... B@f10 Bf10-d8. White, in turn 2, "
    "dropped a knight at f2, moved it to e4, then the king f3-g4: ticked pieces may "
    "not move again this turn.",
    playing(EndersGame, "K@f2 Kf2-f3 end", "B@f10 Bf10-d8 end", "N@f2 Nf2-e4 Kf3-g4"),
)

ENTRY: Final = Entry(
    games=(
        Offered(
            "enders",
            "Ender's Chess: a 47-cell board the pieces enter by a gate, in turns where a side "
            "may move every piece it has once; first to take the opponent's gate wins",
            EndersGame,
            RULES,
        ),
    )
)
