"""Lines of text as Discord shows them, fitted to the room they have.

Every image draws players' and teams' names and other text through this module. A line is
cut into grapheme clusters (a letter with its marks, an emoji sequence, a flag), each takes
the first font that has all its characters (renderer.fonts), clusters of one font and one
direction make a run, runs are shaped by raqm (HarfBuzz) and set in the order the Unicode
bidirectional algorithm gives them (renderer.bidi), so that Arabic and Hebrew read right to
left.
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass
from typing import Final

import regex
from PIL import Image, ImageDraw

from renderer.bidi import FSI, PDI, levels, visual_order
from renderer.fonts import EMOJI_STRIKE, Face, Fonts, shaping, system_fonts, warn_once
from renderer.glyphs import glyphs
from renderer.palette import Colour, mark_colour_glyphs
from renderer.sprites import SPRITES, Font, draw_text

ASCII: Final = "".join(chr(code) for code in range(32, 127))  # printable
ELLIPSIS: Final = "…"
# the bidirectional classes that leave a left-to-right line so: letters, digits and neutrals
LEFT_TO_RIGHT: Final = frozenset({"L", "EN", "ES", "ET", "CS", "ON", "WS"})
MEASURED: Final = 8192  # lines whose width is kept, a few hundred bytes each
ZWJ: Final = "\u200d"
# embeddings, overrides and directed isolates: text is drawn without them (FSI and PDI stay)
CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067")


def font(size: float) -> Font:
    """Return the regular text font at about size pixels."""
    return SPRITES.font(max(9, round(size)))


def isolate(name: str) -> str:
    """Return a name set apart from the text around it, so that it keeps its own direction.

    "مرحبا: Chess" reads right to left as a whole; with the name isolated, the line stays
    left to right and only the name reads right to left, as Discord shows a name in a line.
    """
    return FSI + "".join(char for char in name if char not in (FSI, PDI)) + PDI


@functools.lru_cache(maxsize=MEASURED)
def printable(text: str) -> str:
    """Return text on one line: line breaks and other control characters become spaces.

    Invisible format characters (joiners, direction marks, emoji tags) stay; direction
    overrides and isolates go.
    """
    return "".join(
        char if char.isprintable() or unicodedata.category(char) == "Cf" else " "
        for char in text
        if char not in CONTROLS
    )


# ---- grapheme clusters ------------------------------------------------------------------

CLUSTER: Final = regex.compile(r"\X")  # an extended grapheme cluster (UAX #29)
# shown as an emoji by default: Unicode's Emoji_Presentation, and pictographs from U+1F000 on
EMOJI_START: Final = regex.compile(
    r"\p{Emoji_Presentation}|(?=[\U0001F000-\U0010FFFF])\p{Extended_Pictographic}"
)
PICTOGRAPHIC: Final = regex.compile(r"\p{Extended_Pictographic}")
MODIFIER: Final = regex.compile(r"\p{Emoji_Modifier}")


def clusters(text: str) -> list[str]:
    """Cut text into grapheme clusters: what a reader takes as one character.

    A base and its combining marks, an emoji with its modifiers and the emoji it is joined
    to, a flag's two letters, a Hangul syllable's jamo and an Indic conjunct stay together
    (UAX #29, by the regex module, which follows Unicode's versions).
    """
    return CLUSTER.findall(text)


def emoji(cluster: str) -> bool:
    """Say whether a cluster is shown as a colour emoji rather than as text."""
    if "\ufe0e" in cluster:  # asks for text
        return False
    return bool(
        "\ufe0f" in cluster
        or "\u20e3" in cluster
        or EMOJI_START.match(cluster)
        or MODIFIER.search(cluster)
        or (ZWJ in cluster and PICTOGRAPHIC.match(cluster))
    )


def _neutral(cluster: str) -> bool:
    """Say whether a cluster is a space, a punctuation mark or a symbol, not a word's part."""
    return not emoji(cluster) and unicodedata.category(cluster[0])[0] in "ZPS"


# ---- lines ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """Clusters set in one font in one direction, in their logical order."""

    text: str
    face: Face
    rtl: bool
    width: float  # pixels the run advances the pen, at the line's size


@dataclass(frozen=True)
class Line:
    """A line of text laid out: its runs left to right, its width, and what no font has."""

    runs: tuple[Run, ...]
    width: float
    missing: tuple[str, ...]  # clusters drawn as boxes: no font here has them
    plain: bool  # one left-to-right run in the first font: drawn as a single string


def layout(text: str, size: int, *, bold: bool = False, fonts: Fonts | None = None) -> Line:
    """Lay out one line of text (already printable) at size pixels."""
    found = fonts or system_fonts()
    return SPRITES.get(("layout", found, text, size, bold), lambda: _lay(text, size, bold, found))


def _lay(text: str, size: int, bold: bool, fonts: Fonts) -> Line:
    primary = fonts.primary(bold)
    if _one_run(text, primary):
        # what _by_clusters makes of it, found without cutting, choosing and ordering clusters;
        # measured as it is drawn, in the text font as SPRITES loads it (the same file)
        run = Run(text, primary, False, _length(text, size, bold))
        return Line((run,), run.width, (), True)
    return _by_clusters(text, size, bold, fonts)


def _length(text: str, size: int, bold: bool) -> float:
    """Measure a line drawn in the text font alone: a clock by its glyphs' advances."""
    typeface = SPRITES.font(size, bold=bold)
    width = glyphs(size, bold).length(text)
    return typeface.getlength(text) if width is None else width


def _one_run(text: str, face: Face) -> bool:
    """Tell whether a line is one left-to-right run in face: clocks, moves, statuses, names.

    Each character is then a cluster of its own, shown as text, that face has and that leaves
    the line left to right: no marks, joiners or other format characters, no emoji, no
    right-to-left or Arabic digits.
    """
    if not text or not text.isprintable():
        return False
    if text.isascii():
        return _has_ascii(face)
    return all(_alone(char, face) for char in text)


@functools.lru_cache(maxsize=16)
def _has_ascii(face: Face) -> bool:
    """Tell whether a font has every printable ASCII character (Source Sans Pro has)."""
    return face.covers(ASCII)


@functools.lru_cache(maxsize=4096)
def _alone(char: str, face: Face) -> bool:
    """Tell whether a character is a cluster of its own, left to right, as text in face."""
    return (
        unicodedata.bidirectional(char) in LEFT_TO_RIGHT
        and unicodedata.category(char)[0] not in "MC"
        and not emoji(char)
        and face.has(char)
    )


def _by_clusters(text: str, size: int, bold: bool, fonts: Fonts) -> Line:
    """Lay out a line cluster by cluster: each in the first font that has it, runs in order."""
    parts = clusters(text)
    primary = fonts.primary(bold)
    faces: list[Face] = []
    missing: list[str] = []
    for part in parts:
        if faces and _neutral(part) and not faces[-1].colour and faces[-1].covers(part):
            faces.append(faces[-1])  # a space or a comma stays in the run it stands in
            continue
        face = fonts.choose(part, bold, emoji=emoji(part))
        if face is None:
            missing.append(part)
            face = primary
        faces.append(face)
    found = levels(parts)
    runs: list[Run] = []
    order = visual_order(found)
    start = 0
    while start < len(order):
        first = order[start]
        rtl = found[first] % 2 == 1
        step = -1 if rtl else 1
        end = start + 1
        while (
            end < len(order)
            and order[end] == order[end - 1] + step
            and faces[order[end]] is faces[first]
            and found[order[end]] == found[first]
        ):
            end += 1
        low, high = sorted((order[start], order[end - 1]))
        chunk = "".join(parts[low : high + 1])
        runs.append(Run(chunk, faces[first], rtl, _advance(chunk, faces[first], size, rtl)))
        start = end
    plain = all(run.face is primary and not run.rtl for run in runs)
    return Line(tuple(runs), sum(run.width for run in runs), tuple(missing), plain)


def _loaded(face: Face, size: int) -> tuple[Font, float]:
    """Return a face's font for text of size pixels, and the scale it is drawn at."""

    def load() -> Font:
        try:
            return face.font(size)
        except OSError as error:
            warn_once(f"load {face.path}", "could not load %s: %s", face.path, error)
            return SPRITES.font(size)

    loaded = SPRITES.get(("face", face, size if not face.colour else EMOJI_STRIKE), load)
    return loaded, size / EMOJI_STRIKE if face.colour else 1.0


def _shaped(text: str, rtl: bool) -> tuple[str, str | None]:
    """Return the text and direction to give Pillow: reversed by hand where it cannot shape."""
    if shaping():
        return text, "rtl" if rtl else "ltr"
    return (text[::-1] if rtl else text), None


def _advance(text: str, face: Face, size: int, rtl: bool) -> float:
    loaded, scale = _loaded(face, size)
    shaped, direction = _shaped(text, rtl)
    return loaded.getlength(shaped, direction=direction) * scale


def measure(text: str, typeface: Font, *, bold: bool = False) -> float:
    """Return how wide text stands on one line, in typeface's size, regular or bold."""
    return _measure(text, round(typeface.size), bold, system_fonts())


@functools.lru_cache(maxsize=MEASURED)
def _measure(text: str, size: int, bold: bool, fonts: Fonts) -> float:
    """Measure a line once: names and captions are measured again in every image."""
    shown = printable(text)
    line = layout(shown, size, bold=bold, fonts=fonts)
    if not line.plain or _one_run(shown, (fonts or system_fonts()).primary(bold)):
        return line.width  # one run is measured as drawn already (_lay)
    return _length(shown, size, bold)


def fit(text: str, typeface: Font, width: float, *, bold: bool = False) -> str:
    """Return text on one line, cut with an ellipsis so that it fits in width pixels.

    It is cut between grapheme clusters, never inside one (a letter and its marks, an emoji).
    """
    text = printable(text)
    if measure(text, typeface, bold=bold) <= width:
        return text
    parts = clusters(text)
    low, high = 0, len(parts)
    while low < high:
        middle = (low + high + 1) // 2
        if measure("".join(parts[:middle]).rstrip() + ELLIPSIS, typeface, bold=bold) <= width:
            low = middle
        else:
            high = middle - 1
    return "".join(parts[:low]).rstrip() + ELLIPSIS


def wrap(text: str, typeface: Font, width: float, lines: int) -> list[str]:
    """Break text into at most lines lines of width pixels, the last one cut if need be."""
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and measure(f"{line} {words[0]}", typeface) <= width:
            line = f"{line} {words.pop(0)}"
        out.append(line)
    if words:
        out[-1] = fit(f"{out[-1]} {' '.join(words)}", typeface, width)
    return [fit(line, typeface, width) for line in out]


@dataclass(frozen=True)
class Drawn:
    """A line drawn once: its mask, its colour glyphs (emoji) and its offset from the anchor."""

    mask: Image.Image
    colour: Image.Image | None
    left: int
    top: int


def write(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    typeface: Font,
    fill: Colour,
    *,
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """Draw one line of text in typeface's size, regular or bold, in any script."""
    drawn = draw_line(printable(text), round(typeface.size), anchor=anchor, bold=bold)
    x, y = round(xy[0]) + drawn.left, round(xy[1]) + drawn.top
    image.paste(fill, (x, y, x + drawn.mask.width, y + drawn.mask.height), drawn.mask)
    if drawn.colour is not None:
        image.paste(drawn.colour, (x, y), drawn.colour)
        mark_colour_glyphs(image, (x, y, x + drawn.colour.width, y + drawn.colour.height))


def draw_line(
    text: str, size: int, *, anchor: str = "la", bold: bool = False, fonts: Fonts | None = None
) -> Drawn:
    """Return a line of (printable) text drawn at size pixels, placed by anchor as Pillow's."""
    line = layout(text, size, bold=bold, fonts=fonts)
    if line.plain:
        plain = ("text", text, size, bold, anchor)
        mask, left, top = SPRITES.get(plain, lambda: _plain(text, size, bold, anchor))
        return Drawn(mask, None, left, top)
    key = ("line", fonts or system_fonts(), text, size, bold, anchor)
    return SPRITES.get(key, lambda: _draw(line, size, bold, anchor))


def _plain(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """Draw a line in the first font alone: a clock composed of its glyphs, else by Pillow."""
    typeface = SPRITES.font(size, bold=bold)
    composed = glyphs(size, bold).compose(text, anchor)
    if composed is None:
        return draw_text(typeface, text, anchor)
    return composed.mask, composed.left, composed.top


def _draw(line: Line, size: int, bold: bool, anchor: str) -> Drawn:
    """Draw a line's runs side by side on one baseline, the first font's."""
    placed: list[tuple[Run, float, tuple[float, float, float, float]]] = []
    pen = 0.0
    for run in line.runs:
        loaded, scale = _loaded(run.face, size)
        shaped, direction = _shaped(run.text, run.rtl)
        box = loaded.getbbox(shaped, direction=direction, anchor="ls")
        ink = (pen + box[0] * scale, box[1] * scale, pen + box[2] * scale, box[3] * scale)
        placed.append((run, pen, ink))
        pen += run.width
    inked = [ink for _, _, ink in placed if ink[2] > ink[0] and ink[3] > ink[1]] or [
        (0.0, 0.0, 0.0, 0.0)
    ]
    union = (
        min(ink[0] for ink in inked),
        min(ink[1] for ink in inked),
        max(ink[2] for ink in inked),
        max(ink[3] for ink in inked),
    )
    ascent, descent = SPRITES.font(size, bold=bold).getmetrics()
    across = {"l": 0.0, "m": line.width / 2, "r": line.width}[anchor[0]]
    down = {
        "a": -ascent,
        "t": union[1],
        "m": (descent - ascent) / 2,
        "s": 0.0,
        "b": union[3],
        "d": descent,
    }[anchor[1]]
    left, top = int(union[0] - across) - 1, int(union[1] - down) - 1
    width = max(1, int(union[2] - across) + 2 - left)
    height = max(1, int(union[3] - down) + 2 - top)
    mask = Image.new("L", (width, height))
    colour: Image.Image | None = None
    for run, at, _ in placed:
        loaded, scale = _loaded(run.face, size)
        shaped, direction = _shaped(run.text, run.rtl)
        x, y = at - across - left, -down - top
        if not run.face.colour:
            ImageDraw.Draw(mask).text(
                (x, y), shaped, font=loaded, fill=255, anchor="ls", direction=direction
            )
            continue
        # a colour bitmap font draws at one size: draw it there, then scale it to the text's
        raw = [round(edge) for edge in loaded.getbbox(shaped, direction=direction, anchor="ls")]
        big = Image.new("RGBA", (max(1, raw[2] - raw[0]), max(1, raw[3] - raw[1])))
        ImageDraw.Draw(big).text(
            (-raw[0], -raw[1]),
            shaped,
            font=loaded,
            anchor="ls",
            direction=direction,
            embedded_color=True,
        )
        small = big.resize(
            (max(1, round(big.width * scale)), max(1, round(big.height * scale))),
            Image.Resampling.LANCZOS,
        )
        if colour is None:
            colour = Image.new("RGBA", (width, height))
        corner = (round(x + raw[0] * scale), round(y + raw[1] * scale))
        colour.alpha_composite(small, corner)
    return Drawn(mask, colour, left, top)
