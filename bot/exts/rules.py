"""/rules: each game of the registry explained in a short embed, with an example drawn for it."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.exts import kinds
from bot.hosted import Hosted
from games.chess.game import ChessGame
from games.cylinder.game import CylinderGame
from games.elevator import Match
from games.enders.game import EndersGame
from games.escher.game import EscherGame
from games.good.game import GoodGame
from renderer import board_view_png
from views.model import board_view

EXAMPLE_WIDTH: Final = 480  # pixels: sharp at Discord's preview size, small to upload
COLOUR: Final = 0xC8A04A


@dataclass(frozen=True)
class Explained:
    """A game's rules in a few lines, and the position its example image shows."""

    text: str
    caption: str  # what the example shows, under the image
    example: Callable[[], Hosted]  # the game as the example leaves it; board 1 unless told
    board: int = 1
    width: int = EXAMPLE_WIDTH  # wider for a board whose levels stand side by side


def _elevator_example() -> Hosted:
    """A white knight has just ridden from d4 on board 1 up to board 2."""
    match = Match(2)
    for move in ("Nf3", "d6", "Nd4", "e6"):
        match.play(1, move)
    match.play(1, "Nd4^2")
    return match


def _escher_example() -> Hosted:
    """The bishop left f1, so the staircases of row 1 and file f each moved a step."""
    game = EscherGame()
    for move in ("e4", "e5", "Bc4"):
        game.play(1, move)
    return game


def _cylinder_example() -> Hosted:
    """The white bishop went from f1 across the edge: b5, a6, then h7, taking the pawn."""
    game = CylinderGame()
    for move in ("e4", "d5", "Bb5+", "c6", "Bxh7"):
        game.play(1, move)
    return game


def _enders_example() -> Hosted:
    """Black played the rules' own example; White is in a turn of a drop and two moves."""
    game = EndersGame()
    game.play(1, "K@f2 Kf2-f3 end")
    game.play(1, "B@f10 Bf10-d8 end")
    game.play(1, "N@f2 Nf2-e4 Kf3-g4")
    return game


def _good_example() -> Hosted:
    """White's ox pushed a pawn up the a-file; Black's king rode its elevator up to level 4."""
    game = GoodGame()
    game.play(1, "O2a3/Pa4")
    game.play(1, "E3c4U")
    return game


def _chess_example() -> Hosted:
    """The Italian Game, after 1. e4 e5 2. Nf3 Nc6 3. Bc4."""
    game = ChessGame()
    for move in ("e4", "e5", "Nf3", "Nc6", "Bc4"):
        game.play(1, move)
    return game


RULES: Final[Mapping[str, Explained]] = MappingProxyType(
    {
        "elevator": Explained(
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
            _elevator_example,
            board=2,
        ),
        "escher": Explained(
            "Escher Staircase (Jim Aikin) is chess on one board, with the usual pieces and "
            "rules, except that the board moves.\n\n"
            "**Staircases.** Eight staircases of six squares each (the pink bands) run along "
            "rows 1, 3, 6 and 8 and files a, c, f and h. When a move starts on a staircase, that "
            "staircase moves one step the way its chevrons point, carrying every piece on it; "
            "the last square wraps round to the first. A move starting where two cross moves "
            "both. Shifts never capture, but they may give check.\n\n"
            "**Changes.** Black's king starts on d8 and queen on e8. There is no castling. A "
            "pawn on its first two rows may advance one or two squares; a pawn carried to its "
            "last rank promotes at once. A move is illegal if, after the shifts, your king is "
            "in check or two pieces would share a square.\n\n"
            "**The game.** Checkmate wins; stalemate is a draw.",
            "Above: the bishop left f1, so row 1 and file f each moved a step: the king is on d1.",
            _escher_example,
        ),
        "cylinder": Explained(
            "Cylindrical chess is chess on one board whose files a and h are neighbours, as if "
            "the board were rolled into a cylinder.\n\n"
            "**Across the edge.** Every piece may move across the a-h edge: a rook on a3 goes "
            "to h3 in one step, a bishop from c1 runs b2, a3, h4, a knight on a1 reaches g2 "
            "and h3, and a pawn on a5 takes on h6 (en passant too). Checks and pins cross the "
            "edge as well.\n\n"
            "**Changes.** A move must change the position: a rook may not go round its rank "
            "back to its own square. Castling is as in ordinary chess (O-O, O-O-O), with "
            "the squares between king and rook counted the ordinary way.\n\n"
            "**The game.** Checkmate wins; stalemate, threefold repetition and the fifty-move "
            "rule draw, as in chess.",
            "Above: the bishop went from f1 to b5, then across the edge by a6 to take on h7.",
            _cylinder_example,
        ),
        "enders": Explained(
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
            _enders_example,
        ),
        "good": Explained(
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
            _good_example,
            width=720,
        ),
        "chess": Explained(
            "Chess by FIDE's rules, on one board, between two players.\n\n"
            "Write moves in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) or UCI (`g1f3`); autocomplete "
            "lists your legal moves. Checkmate wins; stalemate, agreement, threefold repetition "
            "and the fifty-move rule draw (claim with `/draw action:claim`).",
            "Above: the Italian Game, after 1. e4 e5 2. Nf3 Nc6 3. Bc4.",
            _chess_example,
        ),
    }
)


@cache
def example_png(kind: str) -> bytes:
    """Draw a game's example, once per kind: it never changes."""
    explained = RULES[kind]
    view = board_view(explained.example(), explained.board)
    return board_view_png(view, size=explained.width)


def rules_embed(kind: str) -> tuple[discord.Embed, str]:
    """Return a game's rules as an embed and the name of the image file it shows."""
    explained = RULES[kind]
    filename = f"{kind}-example.png"
    embed = discord.Embed(title=kinds.title(kind), description=explained.text, colour=COLOUR)
    embed.set_image(url=f"attachment://{filename}")
    embed.set_footer(text=explained.caption)
    return embed, filename


async def example_file(kind: str) -> discord.File:
    """Return a game's example image, drawn off the event loop the first time."""
    image = await asyncio.to_thread(example_png, kind)
    return discord.File(io.BytesIO(image), filename=f"{kind}-example.png")


class Rules(commands.Cog):
    """Explains the games."""

    @app_commands.command(name="rules")
    @app_commands.describe(game="the game to explain (Elevator Chess unless you choose)")
    @app_commands.choices(game=kinds.CHOICES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def rules(self, interaction: discord.Interaction, game: str = kinds.ELEVATOR) -> None:
        """Explain a game in a few lines, with an example."""
        await interaction.response.defer(thinking=True)
        embed, _ = rules_embed(game)
        await interaction.followup.send(embed=embed, file=await example_file(game))


async def setup(bot: commands.Bot) -> None:
    """Load the extension."""
    await bot.add_cog(Rules())
