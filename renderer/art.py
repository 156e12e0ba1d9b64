"""How every kind of piece is drawn: one table from a kind's letter to its recipe.

The six FIDE pieces are python-chess's drawings (renderer.sprites). Every other kind is
made by our own code from them or from simple shapes: a compound is two FIDE pieces drawn
smaller, one before the other (a Chancellor is a rook with a knight before it),
a leaper is a disc with a dot on each square it leaps to, and a FIDE piece may carry a
small disc of extra leaps. A letter missing from the table is drawn as a lettered disc.
Adding a kind is adding a row to ART.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

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
class Scaled:
    """A FIDE piece drawn smaller, standing on the square's base: a weaker kin of it."""

    letter: str
    share: float


@dataclass(frozen=True, slots=True)
class Leaper:
    """A disc with a dot on each square a piece leaps to (moves in Betza's notation)."""

    moves: str


@dataclass(frozen=True, slots=True)
class Marked:
    """A FIDE piece with a small Leaper disc of the moves it adds or changes."""

    letter: str
    moves: str


Recipe = Fide | Compound | Scaled | Leaper | Marked

ART: Final[dict[str, Recipe]] = {
    **{letter: Fide(letter) for letter in "PNBRQK"},
    # Colorbound Clobberers
    "D": Marked("B", "D"),  # Bede: bishop and dabbaba
    "W": Leaper("WA"),  # Waffle
    "A": Leaper("FAD"),  # FAD
    "C": Compound("B", "N"),  # Cardinal: bishop and knight
    # Remarkable Rookies
    "S": Scaled("R", 0.72),  # Short Rook: a rook of up to four squares
    "M": Leaper("WD"),  # Woody Rook
    "F": Leaper("HFD"),  # Half-Duck
    "E": Compound("R", "N"),  # Chancellor: rook and knight
    # Nutty Knights
    "G": Marked("R", "bK"),  # Charging Rook: rook forwards and sideways, king backwards
    "I": Leaper("fbNF"),  # Fibnif
    "H": Marked("N", "bKsW"),  # Charging Knight: forward knight, king back, wazir aside
    "O": Marked("K", "fhN"),  # Colonel: king, forward and sideways rook, forward knight
}

_ATOMS: Final = {"W": [(1, 0)], "F": [(1, 1)], "D": [(2, 0)], "A": [(2, 2)], "N": [(2, 1)]}
_ATOMS_MORE: Final = {"H": [(3, 0)], "K": [(1, 0), (1, 1)]}


def leaps(moves: str) -> frozenset[tuple[int, int]]:
    """Return the (file, rank) steps of leapers in Betza's notation, forward being +rank.

    Atoms W F D A N H K; before an atom, f b s narrow it to forward, backward or sideways
    moves, and fh or bh to the forward or backward half.
    """
    found: set[tuple[int, int]] = set()
    modifiers = ""
    for char in moves:
        if char.islower():
            modifiers += char
            continue
        bases = _ATOMS.get(char) or _ATOMS_MORE.get(char)
        if bases is None:
            raise ValueError(f"{char!r} is no leaper a disc can show (W F D A N H K)")
        for x, y in bases:
            for dx, dy in {
                (sx * a, sy * b) for a, b in ((x, y), (y, x)) for sx in (1, -1) for sy in (1, -1)
            }:
                if _kept(dx, dy, modifiers):
                    found.add((dx, dy))
        modifiers = ""
    return frozenset(found)


def _kept(dx: int, dy: int, modifiers: str) -> bool:
    if not modifiers:
        return True
    wanted = {
        "fh": dy > 0,
        "bh": dy < 0,
        "f": dy > 0 and abs(dy) >= abs(dx),
        "b": dy < 0 and abs(dy) >= abs(dx),
        "s": abs(dx) > abs(dy),
    }
    kept = False
    rest = modifiers
    while rest:
        token = rest[:2] if rest[:2] in ("fh", "bh") else rest[:1]
        if token not in wanted:
            raise ValueError(f"{token!r} is no direction a disc can show (f b s fh bh)")
        kept = kept or wanted[token]
        rest = rest[len(token) :]
    return kept


def piece_sprite(symbol: str, size: int, up: bool = True) -> Image.Image:
    """Return a piece's RGBA sprite of size pixels, by its letter (upper case White's).

    up: the piece's forward points up the image, as its own side sees the board.
    """
    if symbol in PIECE_SYMBOLS:
        return SPRITES.pieces(size)[symbol]
    return SPRITES.get(("piece", symbol, size, up), lambda: _draw(symbol, size, up))


def tile(symbol: str, size: int, background: Colour, up: bool = True) -> Image.Image:
    """Return a piece drawn on an opaque square of a colour: pasting it needs no mask."""

    def make() -> Image.Image:
        made = Image.new("RGB", (size, size), background)
        sprite = piece_sprite(symbol, size, up)
        made.paste(sprite, (0, 0), sprite)
        return made

    return SPRITES.get(("tile", symbol, size, background, up), make)


def _draw(symbol: str, size: int, up: bool) -> Image.Image:
    white = symbol.isupper()
    recipe = ART.get(symbol.upper())
    if isinstance(recipe, Fide):
        return piece_sprite(recipe.letter if white else recipe.letter.lower(), size)
    if isinstance(recipe, Compound):
        return _compound(recipe, size, white)
    if isinstance(recipe, Scaled):
        return _scaled(_fide(recipe.letter, size, white), recipe.share, size)
    if isinstance(recipe, Leaper):
        return _disc(leaps(recipe.moves), size, white, up, 0.84)
    if isinstance(recipe, Marked):
        return _marked(recipe, size, white, up)
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


def _scaled(sprite: Image.Image, share: float, size: int) -> Image.Image:
    small = max(1, round(size * share))
    made = Image.new("RGBA", (size, size))
    shrunk = sprite.resize((small, small), Image.Resampling.LANCZOS)
    made.alpha_composite(shrunk, ((size - small) // 2, size - small - round(size * 0.04)))
    return made


def _marked(recipe: Marked, size: int, white: bool, up: bool) -> Image.Image:
    made = Image.new("RGBA", (size, size))
    base = _scaled(_fide(recipe.letter, size, white), 0.86, size)
    made.alpha_composite(base, (-round(size * 0.08), 0))
    small = max(1, round(size * 0.5))
    disc = _disc(leaps(recipe.moves), small, white, up, 1.0)
    made.alpha_composite(disc, (size - small, size - small))
    return made


def _disc(
    steps: frozenset[tuple[int, int]], size: int, white: bool, up: bool, share: float
) -> Image.Image:
    """Draw a disc with a dot on each square of steps and a square mark where the piece is."""
    fine = size * _FINE
    ink, paper = (BLACK, WHITE) if white else (WHITE, BLACK)
    made = Image.new("RGBA", (fine, fine))
    draw = ImageDraw.Draw(made)
    radius = fine * share / 2
    centre = fine / 2
    outline = max(_FINE, round(fine * 0.035))
    draw.ellipse(
        (centre - radius, centre - radius, centre + radius, centre + radius),
        fill=(*paper, 255),
        outline=(*BLACK, 255),
        width=outline,
    )
    reach = max((max(abs(dx), abs(dy)) for dx, dy in steps), default=1)
    # the dots' grid fits inside the disc: its corners lie on a circle a little within it
    pitch = (radius - outline) * 1.38 / (2 * reach + 1)
    dot = pitch * 0.36
    mark = pitch * 0.3
    draw.rectangle((centre - mark, centre - mark, centre + mark, centre + mark), fill=(*ink, 255))
    for dx, dy in steps:
        x = centre + dx * pitch
        y = centre - dy * pitch if up else centre + dy * pitch
        draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=(*ink, 255))
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
