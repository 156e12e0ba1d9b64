"""Names as people see them: invisible characters taken out, look-alikes told apart.

A name is stored and shown as `clean_name` returns it: without format, control and other
invisible characters (zero-width spaces, bidi overrides and isolates, fillers that render
blank), with runs of whitespace collapsed to one space and none at either end. What joins
what is seen stays, as Discord shows it: a zero-width joiner or non-joiner between two
visible characters (an emoji family, a Persian word), a variation selector after an emoji,
the tags of a flag. Two names are the same name when they differ only in those, in case, in
compatibility forms (fullwidth or mathematical letters) or in Cyrillic and Greek letters that
look like Latin ones (Unicode TR39's confusables for those two scripts).
"""

from __future__ import annotations

import unicodedata
from typing import Final

import regex

from bot.errors import RulesError

JOINERS: Final = frozenset("\u200c\u200d")  # zero-width non-joiner and joiner
PRESENTATION: Final = frozenset("\ufe0e\ufe0f")  # text and emoji presentation selectors
BLACK_FLAG: Final = "\U0001f3f4"  # a subdivision flag's base, its tags after it
TAGS: Final = range(0xE0020, 0xE0080)
_EMOJI: Final = regex.compile(r"\p{Emoji}")
_CLUSTER: Final = regex.compile(r"\X")

INVISIBLE_RANGES: Final = (  # drawn as nothing, though not format characters (Cf)
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian free variation selectors and vowel separator
    (0x2065, 0x2065),  # unassigned, but default-ignorable
    (0x2800, 0x2800),  # braille pattern blank, a favourite for "empty" names
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),  # unassigned, but default-ignorable
    (0xE0000, 0xE0FFF),  # tags and variation selectors supplement
)

# The Cyrillic and Greek letters whose TR39 prototype is a single Latin letter, by the Latin
# letter they pass for; where TR39 maps to a look-alike of another case or to a digit (Greek
# capital iota to "l"), the Latin letter of the same case stands in.
LOOK_ALIKES: Final = {
    "A": ("CYRILLIC CAPITAL LETTER A", "GREEK CAPITAL LETTER ALPHA"),
    "B": ("CYRILLIC CAPITAL LETTER VE", "GREEK CAPITAL LETTER BETA"),
    "C": ("CYRILLIC CAPITAL LETTER ES", "GREEK CAPITAL LUNATE SIGMA SYMBOL"),
    "E": ("CYRILLIC CAPITAL LETTER IE", "GREEK CAPITAL LETTER EPSILON"),
    "F": ("GREEK LETTER DIGAMMA",),
    "G": ("CYRILLIC CAPITAL LETTER KOMI SJE",),
    "H": ("CYRILLIC CAPITAL LETTER EN", "GREEK CAPITAL LETTER ETA"),
    "I": (
        "CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I",
        "CYRILLIC LETTER PALOCHKA",
        "GREEK CAPITAL LETTER IOTA",
    ),
    "J": ("CYRILLIC CAPITAL LETTER JE", "GREEK CAPITAL LETTER YOT"),
    "K": ("CYRILLIC CAPITAL LETTER KA", "GREEK CAPITAL LETTER KAPPA"),
    "M": ("CYRILLIC CAPITAL LETTER EM", "GREEK CAPITAL LETTER MU", "GREEK CAPITAL LETTER SAN"),
    "N": ("GREEK CAPITAL LETTER NU",),
    "O": ("CYRILLIC CAPITAL LETTER O", "GREEK CAPITAL LETTER OMICRON"),
    "P": ("CYRILLIC CAPITAL LETTER ER", "GREEK CAPITAL LETTER RHO"),
    "S": ("CYRILLIC CAPITAL LETTER DZE",),
    "T": ("CYRILLIC CAPITAL LETTER TE", "GREEK CAPITAL LETTER TAU"),
    "V": ("CYRILLIC CAPITAL LETTER IZHITSA",),
    "W": ("CYRILLIC CAPITAL LETTER WE",),
    "X": ("CYRILLIC CAPITAL LETTER HA", "GREEK CAPITAL LETTER CHI"),
    "Y": (
        "CYRILLIC CAPITAL LETTER U",
        "CYRILLIC CAPITAL LETTER STRAIGHT U",
        "GREEK CAPITAL LETTER UPSILON",
        "GREEK UPSILON WITH HOOK SYMBOL",
    ),
    "Z": ("GREEK CAPITAL LETTER ZETA",),
    "a": ("CYRILLIC SMALL LETTER A", "GREEK SMALL LETTER ALPHA"),
    "b": ("CYRILLIC CAPITAL LETTER SOFT SIGN",),
    "c": ("CYRILLIC SMALL LETTER ES", "GREEK LUNATE SIGMA SYMBOL"),
    "d": ("CYRILLIC SMALL LETTER KOMI DE",),
    "e": ("CYRILLIC SMALL LETTER IE", "CYRILLIC SMALL LETTER ABKHASIAN CHE"),
    "h": ("CYRILLIC SMALL LETTER SHHA",),
    "i": (
        "CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I",
        "CYRILLIC SMALL LETTER IOTA",
        "CYRILLIC SMALL LETTER PALOCHKA",
        "GREEK SMALL LETTER IOTA",
    ),
    "j": ("CYRILLIC SMALL LETTER JE", "GREEK LETTER YOT"),
    "o": ("CYRILLIC SMALL LETTER O", "GREEK SMALL LETTER OMICRON", "GREEK SMALL LETTER SIGMA"),
    "p": ("CYRILLIC SMALL LETTER ER", "GREEK SMALL LETTER RHO", "GREEK RHO SYMBOL"),
    "q": ("CYRILLIC SMALL LETTER QA",),
    "r": ("CYRILLIC SMALL LETTER GHE", "GREEK LETTER SMALL CAPITAL GAMMA"),
    "s": ("CYRILLIC SMALL LETTER DZE",),
    "u": ("GREEK SMALL LETTER UPSILON",),
    "v": ("CYRILLIC SMALL LETTER IZHITSA", "GREEK SMALL LETTER NU"),
    "w": ("CYRILLIC SMALL LETTER OMEGA", "CYRILLIC SMALL LETTER WE"),
    "x": ("CYRILLIC SMALL LETTER HA",),
    "y": (
        "CYRILLIC SMALL LETTER U",
        "CYRILLIC SMALL LETTER STRAIGHT U",
        "GREEK SMALL LETTER GAMMA",
    ),
}
_AS_LATIN: Final = str.maketrans(
    {unicodedata.lookup(name): latin for latin, names in LOOK_ALIKES.items() for name in names}
)


def visible(text: str) -> str:
    """Return text as it shows: no invisible characters but those joining what is seen.

    Its whitespace is collapsed to single spaces.
    """
    kept: list[str] = []
    for index, char in enumerate(text):
        before = kept[-1] if kept else " "
        if char.isspace() or not _invisible(char):
            kept.append(char)
        elif char in JOINERS:  # between two characters seen, it joins or parts them
            after = text[index + 1 : index + 2]
            if not before.isspace() and after and not after.isspace() and not _invisible(after):
                kept.append(char)
        elif char in PRESENTATION:
            if _EMOJI.match(before):
                kept.append(char)
        elif ord(char) in TAGS and (before == BLACK_FLAG or ord(before) in TAGS):
            kept.append(char)
    return " ".join("".join(kept).split())


def shortened(text: str, most: int) -> str:
    """Return text cut to at most so many characters, never inside what shows as one."""
    kept = ""
    for cluster in _CLUSTER.findall(text):
        if len(kept) + len(cluster) > most:
            break
        kept += cluster
    return kept


def clean_name(text: str) -> str:
    """Return a team's name as it is stored and shown, or refuse one nobody could see."""
    if not isinstance(text, str):
        raise RulesError("a team's name is written as text")
    name = visible(text)
    if not name:
        raise RulesError("a team name needs at least one visible character")
    return name


def same_name(first: str, second: str) -> bool:
    """Tell whether two names would look the same: equal but for case or look-alike letters.

    Both ways are tried because Greek letters fold to lower case differently from the Latin
    letters they resemble (capital nu looks like N, small nu like v).
    """
    return any(_folded(first, table) == _folded(second, table) for table in ({}, _AS_LATIN))


def name_key(name: str) -> str:
    """Return one key for a name that names looking the same share (Latin look-alikes folded)."""
    return _folded(name, _AS_LATIN)


def _folded(name: str, table: dict[int, str]) -> str:
    # before NFKC too, which turns some look-alikes (the lunate sigmas) into letters that are not
    seen = "".join(char for char in visible(name) if not _invisible(char))
    text = unicodedata.normalize("NFKC", seen.translate(table))
    return text.translate(table).casefold()


def _invisible(char: str) -> bool:
    if unicodedata.category(char) in ("Cc", "Cf"):
        return True
    point = ord(char)
    return any(low <= point <= high for low, high in INVISIBLE_RANGES)
