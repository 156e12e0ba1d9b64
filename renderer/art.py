"""How every kind of piece is drawn: one table from a kind's letter to its recipe.

The six FIDE pieces are python-chess's drawings (renderer.sprites). Every other kind is
made by our own code, so that each reads apart from the others at Discord's preview: a
compound is two FIDE pieces drawn smaller, one before the other (a Chancellor is a rook
with a knight before it); a piece no FIDE one resembles has an emblem of its own (a
Waffle is a waffle, renderer.emblems); a FIDE piece's kin carries a badge of what it adds
(a Bede, bishop and dabbaba, a cross), stands squat when it is a short-range version, or
leans forward with speed lines when it charges. A letter missing from the table is drawn
as a lettered disc. Adding a kind is adding a row to ART.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from renderer.emblems import EMBLEMS
from renderer.palette import BLACK, WHITE, Colour
from renderer.sprites import PIECE_SYMBOLS, SPRITES

_FINE: Final = 4  # shapes are drawn this many times larger, then scaled down smoothly


@dataclass(frozen=True, slots=True)
class Fide:
    """One of python-chess's six drawings, by its upper-case letter."""

    letter: str


@dataclass(frozen=True, slots=True)
class Compound:
    """Two FIDE pieces in one: the first behind at the left, the second before it at the right.

    share: how large each is drawn, against a whole piece.
    """

    first: str
    second: str
    share: float = 0.74


@dataclass(frozen=True, slots=True)
class Emblem:
    """A drawing of its own, by its name in renderer.emblems."""

    name: str


@dataclass(frozen=True, slots=True)
class Badged:
    """A FIDE piece, drawn smaller to the left, with an emblem's badge at its foot.

    squat: the piece is drawn lower than it is wide, a short-range version of it.
    """

    letter: str
    badge: str
    squat: bool = False


@dataclass(frozen=True, slots=True)
class Charging:
    """A FIDE piece leaning forward, speed lines behind it: it charges ahead."""

    letter: str


Recipe = Fide | Compound | Emblem | Badged | Charging

ART: Final[dict[str, Recipe]] = {
    **{letter: Fide(letter) for letter in "PNBRQK"},
    # Colorbound Clobberers
    "D": Badged("B", "cross"),  # Bede: bishop and dabbaba
    "W": Emblem("waffle"),  # Waffle
    "A": Emblem("fad"),  # FAD
    "C": Compound("N", "B"),  # Cardinal: bishop and knight, the bishop before
    # Remarkable Rookies
    "S": Badged("R", "four", squat=True),  # Short Rook: a rook of up to four squares
    "M": Emblem("stump"),  # Woody Rook
    "F": Emblem("duck"),  # Half-Duck
    "E": Compound("R", "N"),  # Chancellor: rook and knight
    # Nutty Knights
    "G": Charging("R"),  # Charging Rook: rook forwards and sideways, king backwards
    "I": Emblem("nut"),  # Fibnif
    "H": Charging("N"),  # Charging Knight: forward knight, king back, wazir aside
    "O": Badged("K", "chevrons"),  # Colonel: king, forward and sideways rook, forward knight
    # Ben Good's Elevator (Good's own letters C, I and O are taken above)
    "L": Emblem("camel"),  # Walking Camel
    "Y": Emblem("coronet"),  # Vaulting Prince
    "X": Emblem("ox"),  # Ox
}


def piece_sprite(symbol: str, size: int) -> Image.Image:
    """Return a piece's RGBA sprite of size pixels, by its letter (upper case White's).

    Like FIDE's, every drawing is the same whichever way its side plays up the image.
    """
    if symbol in PIECE_SYMBOLS:
        return SPRITES.pieces(size)[symbol]
    return SPRITES.get(("piece", symbol, size), lambda: _draw(symbol, size))


def tile(symbol: str, size: int, background: Colour) -> Image.Image:
    """Return a piece drawn on an opaque square of a colour: pasting it needs no mask."""

    def make() -> Image.Image:
        made = Image.new("RGB", (size, size), background)
        sprite = piece_sprite(symbol, size)
        made.paste(sprite, (0, 0), sprite)
        return made

    return SPRITES.get(("tile", symbol, size, background), make)


def _draw(symbol: str, size: int) -> Image.Image:
    white = symbol.isupper()
    recipe = ART.get(symbol.upper())
    if isinstance(recipe, Fide):
        return piece_sprite(recipe.letter if white else recipe.letter.lower(), size)
    if isinstance(recipe, Compound):
        return _compound(recipe, size, white)
    if isinstance(recipe, Emblem):
        return _emblem(recipe.name, size, white)
    if isinstance(recipe, Badged):
        return _badged(recipe, size, white)
    if isinstance(recipe, Charging):
        return _charging(recipe.letter, size, white)
    return _lettered(symbol.upper(), size, white)


def _fide(letter: str, size: int, white: bool) -> Image.Image:
    return SPRITES.pieces(size)[letter if white else letter.lower()]


def _compound(recipe: Compound, size: int, white: bool) -> Image.Image:
    made = Image.new("RGBA", (size, size))
    small = max(1, round(size * recipe.share))
    shift = round(size * 0.16)
    for letter, dx in ((recipe.first, -shift), (recipe.second, shift)):
        shrunk = _fide(letter, size, white).resize((small, small), Image.Resampling.LANCZOS)
        made.alpha_composite(shrunk, (max(0, (size - small) // 2 + dx), size - small))
    return made


def _emblem(name: str, size: int, white: bool) -> Image.Image:
    """Draw an emblem size pixels wide, in a piece's colours."""
    fine = size * _FINE
    ink, paper = (BLACK, WHITE) if white else (WHITE, BLACK)
    made = Image.new("RGBA", (fine, fine))
    EMBLEMS[name](ImageDraw.Draw(made), fine, ink, paper)
    return made.resize((size, size), Image.Resampling.LANCZOS)


def _badged(recipe: Badged, size: int, white: bool) -> Image.Image:
    made = Image.new("RGBA", (size, size))
    sprite = _fide(recipe.letter, size, white)
    wide, high = (0.82, 0.6) if recipe.squat else (0.84, 0.84)
    shrunk = sprite.resize(
        (max(1, round(size * wide)), max(1, round(size * high))), Image.Resampling.LANCZOS
    )
    made.alpha_composite(shrunk, (0, size - shrunk.height - round(size * 0.03)))
    badge = max(1, round(size * 0.46))
    made.alpha_composite(_emblem(recipe.badge, badge, white), (size - badge, size - badge))
    return made


def _charging(letter: str, size: int, white: bool) -> Image.Image:
    """Draw a FIDE piece leaning forward with three speed lines behind it."""
    fine = size * _FINE
    made = Image.new("RGBA", (fine, fine))
    sprite = _fide(letter, size, white).resize((fine, fine), Image.Resampling.LANCZOS)
    leaning = sprite.resize((round(fine * 0.84),) * 2, Image.Resampling.LANCZOS).rotate(
        -16, resample=Image.Resampling.BICUBIC, expand=False
    )
    made.alpha_composite(leaning, (fine - leaning.width, fine - leaning.height))
    draw = ImageDraw.Draw(made)
    paper = (*(WHITE if white else BLACK), 255)
    for k, length in enumerate((0.22, 0.3, 0.22)):
        y = fine * (0.42 + 0.14 * k)
        box = (fine * 0.02, y - fine * 0.04, fine * (0.02 + length), y + fine * 0.04)
        draw.rounded_rectangle(
            box, radius=fine * 0.04, fill=paper, outline=(*BLACK, 255), width=round(fine * 0.02)
        )
    return made.resize((size, size), Image.Resampling.LANCZOS)


def _lettered(letter: str, size: int, white: bool) -> Image.Image:
    """Draw the fallback for a kind without art: its letter on a disc."""
    fine = size * _FINE
    ink, paper = (BLACK, WHITE) if white else (WHITE, BLACK)
    made = Image.new("RGBA", (fine, fine))
    draw = ImageDraw.Draw(made)
    inset = fine * 0.1
    draw.ellipse(
        (inset, inset, fine - inset, fine - inset),
        fill=(*paper, 255),
        outline=(*BLACK, 255),
        width=max(_FINE, round(fine * 0.035)),
    )
    typeface = SPRITES.font(round(fine * 0.5), bold=True)
    draw.text((fine / 2, fine / 2), letter, font=typeface, fill=(*ink, 255), anchor="mm")
    return made.resize((size, size), Image.Resampling.LANCZOS)
