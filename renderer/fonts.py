"""The fonts text is drawn in: Source Sans Pro first, then Noto fonts for what it lacks.

Source Sans Pro comes with the package (font-source-sans-pro) and covers Latin, Greek and
Cyrillic. The rest are Debian's Noto fonts, found on the system where they are installed
(`apt-get install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji`): other scripts,
Chinese, Japanese and Korean, and colour emoji. Where one is missing, text it would have
drawn shows as boxes, and that is logged once with how to install it.
"""

from __future__ import annotations

import bisect
import logging
import os
import struct
import threading
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import BinaryIO, Final

from PIL import ImageFont, features

logger = logging.getLogger(__name__)

Font = ImageFont.FreeTypeFont

FOLDERS: Final = (
    Path("/usr/share/fonts"),
    Path("/usr/local/share/fonts"),
    Path("~/.local/share/fonts").expanduser(),
    Path("~/.fonts").expanduser(),
)
INSTALL: Final = "apt-get install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji"
EMOJI_STRIKE: Final = 109  # the one size Noto Color Emoji's bitmaps are drawn at

# (what it draws, regular file, bold file, Debian package): the fonts names most need,
# tried in this order after Source Sans Pro; any other Noto Sans found is tried after them
NAMED: Final = (
    ("Latin, Greek and Cyrillic", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "fonts-noto-core"),
    ("Arabic", "NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf", "fonts-noto-core"),
    ("Hebrew", "NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf", "fonts-noto-core"),
    (
        "Devanagari",
        "NotoSansDevanagari-Regular.ttf",
        "NotoSansDevanagari-Bold.ttf",
        "fonts-noto-core",
    ),
    ("Thai", "NotoSansThai-Regular.ttf", "NotoSansThai-Bold.ttf", "fonts-noto-core"),
    (
        "Chinese, Japanese and Korean",
        "NotoSansCJK-Regular.ttc",
        "NotoSansCJK-Bold.ttc",
        "fonts-noto-cjk",
    ),
)
EMOJI: Final = "NotoColorEmoji.ttf"  # in fonts-noto-color-emoji
SYMBOLS: Final = ("NotoSansSymbols-Regular.ttf", "NotoSansSymbols2-Regular.ttf")
LAST: Final = "DejaVuSans.ttf"  # on most Linux systems: arrows, shapes and more symbols

# code points that draw nothing (joiners, variation selectors, direction marks, tags):
# HarfBuzz hides them, so a font need not have them
IGNORABLE: Final = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def ignorable(char: str) -> bool:
    """Say whether a character draws nothing, so that no font needs a glyph for it."""
    point = ord(char)
    return any(low <= point <= high for low, high in IGNORABLE)


class Face:
    """One font file (a face of it, in a collection), the characters it has and how it draws.

    colour: a colour bitmap font (emoji), drawn at its one size and scaled to the text's.
    The characters are read from the file when first asked for.
    """

    def __init__(self, name: str, path: Path, *, index: int = 0, colour: bool = False) -> None:
        self.name, self.path, self.index, self.colour = name, path, index, colour
        self._ranges: list[tuple[int, int]] | None = None
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"Face({self.name!r})"

    def has(self, char: str) -> bool:
        """Say whether the font has a glyph for char (an ignorable character it need not)."""
        ranges = self._coverage()
        point = ord(char)
        at = bisect.bisect_right(ranges, (point, 0x110000)) - 1
        return (at >= 0 and ranges[at][0] <= point <= ranges[at][1]) or ignorable(char)

    def covers(self, text: str) -> bool:
        """Say whether the font has a glyph for every character of text."""
        return all(self.has(char) for char in text)

    def font(self, size: int) -> Font:
        """Load the font at size pixels (a colour bitmap font at the size it is drawn at)."""
        engine = ImageFont.Layout.RAQM if shaping() else ImageFont.Layout.BASIC
        at = EMOJI_STRIKE if self.colour else size
        return ImageFont.truetype(str(self.path), at, index=self.index, layout_engine=engine)

    def _coverage(self) -> list[tuple[int, int]]:
        with self._lock:
            if self._ranges is None:
                try:
                    self._ranges = read_cmap(self.path, self.index)
                except (OSError, ValueError, struct.error) as error:
                    logger.warning("could not read the characters of %s: %s", self.path, error)
                    self._ranges = []
            return self._ranges


def read_cmap(path: Path, index: int = 0) -> list[tuple[int, int]]:
    """Return the ranges of code points a font file's character map gives a glyph, in order."""
    with path.open("rb") as file:
        start = 0
        if file.read(4) == b"ttcf":
            file.seek(12 + 4 * index)
            (start,) = struct.unpack(">I", file.read(4))
        file.seek(start + 4)
        (count,) = struct.unpack(">H", file.read(2))
        file.seek(start + 12)
        directory = file.read(16 * count)
        for entry in range(count):
            tag, _, offset, length = struct.unpack_from(">4sIII", directory, 16 * entry)
            if tag == b"cmap":
                return _ranges(_best_subtable(file, offset, length))
    raise ValueError("the font has no character map")


def _best_subtable(file: BinaryIO, offset: int, length: int) -> Iterable[tuple[int, int]]:
    """Return (code point, glyph) pairs or ranges from the cmap's Unicode subtable."""
    file.seek(offset)
    table = file.read(length)
    (count,) = struct.unpack_from(">H", table, 2)
    found: dict[int, int] = {}
    for record in range(count):
        platform, encoding, at = struct.unpack_from(">HHI", table, 4 + 8 * record)
        if platform == 0 or (platform == 3 and encoding in (1, 10)):
            (form,) = struct.unpack_from(">H", table, at)
            if form in (4, 12):
                found[form] = at
    if 12 in found:
        return _format12(table, found[12])
    if 4 in found:
        return _format4(table, found[4])
    raise ValueError("the font's character map has no Unicode table Pillow can use")


def _format12(table: bytes, at: int) -> Iterable[tuple[int, int]]:
    (groups,) = struct.unpack_from(">I", table, at + 12)
    for group in range(groups):
        first, last, glyph = struct.unpack_from(">III", table, at + 16 + 12 * group)
        yield (first + 1, last) if glyph == 0 else (first, last)


def _format4(table: bytes, at: int) -> Iterable[tuple[int, int]]:
    (doubled,) = struct.unpack_from(">H", table, at + 6)
    segments = doubled // 2
    ends = struct.unpack_from(f">{segments}H", table, at + 14)
    starts = struct.unpack_from(f">{segments}H", table, at + 16 + doubled)
    deltas = struct.unpack_from(f">{segments}h", table, at + 16 + 2 * doubled)
    offsets_at = at + 16 + 3 * doubled
    offsets = struct.unpack_from(f">{segments}H", table, offsets_at)
    for segment, (first, last) in enumerate(zip(starts, ends, strict=True)):
        if first == 0xFFFF:
            continue
        for point in range(first, last + 1):
            if offsets[segment] == 0:
                glyph = (point + deltas[segment]) & 0xFFFF
            else:
                place = offsets_at + 2 * segment + offsets[segment] + 2 * (point - first)
                (glyph,) = struct.unpack_from(">H", table, place)
                glyph = (glyph + deltas[segment]) & 0xFFFF if glyph else 0
            if glyph:
                yield point, point


def _ranges(pairs: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Merge (first, last) ranges into sorted ones that do not touch."""
    merged: list[tuple[int, int]] = []
    for first, last in sorted(pair for pair in pairs if pair[0] <= pair[1]):
        if merged and first <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(last, merged[-1][1]))
        else:
            merged.append((first, last))
    return merged


_warned: set[str] = set()
_warned_lock = threading.Lock()


def warn_once(key: str, message: str, *args: object) -> None:
    """Log a warning the first time key is seen, never again."""
    with _warned_lock:
        if key in _warned:
            return
        _warned.add(key)
    logger.warning(message, *args)


def shaping() -> bool:
    """Say whether Pillow can shape text (joined Arabic, Indic conjuncts, emoji sequences)."""
    if features.check_feature("raqm"):
        return True
    warn_once(
        "raqm",
        "Pillow cannot shape text here (raqm needs libfribidi: apt-get install libfribidi0): "
        "Arabic, Hebrew and Indic names and emoji sequences are drawn unjoined",
    )
    return False


def _source_sans(bold: bool) -> Path:
    name = "SourceSansPro-Semibold.ttf" if bold else "SourceSansPro-Regular.ttf"
    return Path(str(resources.files("font_source_sans_pro").joinpath("files", name)))


class Fonts:
    """The fonts found in some folders (the system's), in the order text tries them."""

    def __init__(self, folders: Sequence[Path] = FOLDERS) -> None:
        files: dict[str, Path] = {}
        for folder in folders:
            for root, _, names in os.walk(folder):
                for name in names:
                    files.setdefault(name, Path(root) / name)
        self.missing = [(what, kit) for what, regular, _, kit in NAMED if regular not in files]
        self.text = {bold: _chain(files, bold) for bold in (False, True)}
        emoji = files.get(EMOJI)
        self.emoji = Face("Noto Color Emoji", emoji, colour=True) if emoji else None
        if emoji is None:
            self.missing.append(("emoji", "fonts-noto-color-emoji"))
        self._chosen: dict[tuple[str, bool, bool], Face | None] = {}
        self._told: set[str] = set()

    def primary(self, bold: bool) -> Face:
        """Return the first font tried: Source Sans Pro."""
        return self.text[bold][0]

    def choose(self, cluster: str, bold: bool, *, emoji: bool) -> Face | None:
        """Return the first font with every character of a cluster, None if none has them.

        emoji: the cluster is shown as an emoji, so the emoji font is tried first.
        """
        key = (cluster, bold, emoji)
        if key not in self._chosen:
            self._chosen[key] = self._choose(cluster, bold, emoji=emoji)
        return self._chosen[key]

    def _choose(self, cluster: str, bold: bool, *, emoji: bool) -> Face | None:
        order = self.text[bold]
        if self.emoji is not None:
            order = [self.emoji, *order] if emoji else [*order, self.emoji]
        for face in order:
            if face.covers(cluster):
                return face
        self.report(cluster)
        return None

    def report(self, cluster: str) -> None:
        """Log, once, that a character could not be drawn and which fonts are missing."""
        points = " ".join(f"U+{ord(char):04X}" for char in cluster)
        if self.missing:
            what = ", ".join(f"{name} ({package})" for name, package in self.missing)
            self._tell(
                "fonts",
                "no font here has %s; fonts missing: %s. Install them: " + INSTALL,
                points,
                what,
            )
        else:
            self._tell(points, "no font here has %s: drawn as a box", points)

    def _tell(self, key: str, message: str, *args: object) -> None:
        with _warned_lock:
            if key in self._told:
                return
            self._told.add(key)
        logger.warning(message, *args)


def _chain(files: dict[str, Path], bold: bool) -> list[Face]:
    """Return the text fonts in the order they are tried, bold ones where there are."""

    def face(regular: str, heavy: str) -> Face:
        path = files[heavy] if bold and heavy in files else files[regular]
        return Face(path.stem, path)

    faces = [Face("Source Sans Pro", _source_sans(bold))]
    faces += [face(regular, heavy) for _, regular, heavy, _ in NAMED if regular in files]
    named = {regular for _, regular, _, _ in NAMED}
    others = [
        name
        for name in sorted(files)
        if name.startswith("NotoSans") and name.endswith("-Regular.ttf") and name not in named
    ]
    for name in sorted(others, key=lambda name: name not in SYMBOLS):
        faces.append(face(name, name.replace("-Regular", "-Bold")))
    if LAST in files:
        faces.append(Face("DejaVu Sans", files[LAST]))
    return faces


_found: list[Fonts] = []


def system_fonts() -> Fonts:
    """Return the fonts of this machine, looked for once."""
    with _warned_lock:
        if not _found:
            _found.append(Fonts())
        return _found[0]
