"""Team names: invisible characters refused or taken out, look-alike names told equal."""

from __future__ import annotations

import unicodedata

import pytest

from bot.errors import RulesError
from bot.names import LOOK_ALIKES, clean_name, same_name, shortened, visible

ZWSP = "\u200b"
PERSIAN = "تیم می\u200cخواهم"  # noqa: RUF001  (Arabic letters, not Latin look-alikes)
RLO = "\u202e"

INVISIBLE = [
    ZWSP,
    "\u200c\u200d\u200e\u200f",  # joiners and direction marks
    "\u2060\u2061\u2064\u2066\u2069\u206f",  # word joiner, invisible operators, isolates
    "\ufeff",  # byte order mark
    "\u180e",  # Mongolian vowel separator
    "\ufe0f\U000e0101",  # variation selectors
    "\u202a\u202b\u202c\u202d\u202e",  # bidi embeddings and overrides
    "\u00ad",  # soft hyphen
    "\x00\x07\x7f",  # controls
    "\u3164\u2800",  # Hangul filler, braille blank
    "\U000e0041\U000e007f",  # tags
    " \t\n\u00a0\u3000 ",  # whitespace alone
    "",
]


@pytest.mark.parametrize("text", INVISIBLE)
def test_a_name_nobody_could_see_is_refused_with_what_to_do(text: str) -> None:
    with pytest.raises(RulesError, match="a team name needs at least one visible character"):
        clean_name(text)


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Reds" + ZWSP, "Reds"),
        (f"{RLO}sdeR", "sdeR"),
        ("  The \u200b  Red\tKnights \n", "The Red Knights"),
        ("Red\u00a0\u3000Knights", "Red Knights"),
        ("Ré\ufe0fds", "Réds"),
        ("Rooks 🏰", "Rooks 🏰"),
        ("\uff32\uff45\uff44\uff53", "\uff32\uff45\uff44\uff53"),  # fullwidth is kept as typed
        ("\u200dReds\u200d", "Reds"),  # a joiner that joins nothing
        ("Red \u200d Knights", "Red Knights"),
    ],
)
def test_a_name_is_stored_without_invisible_characters_and_with_single_spaces(
    typed: str, stored: str
) -> None:
    assert clean_name(typed) == stored
    assert visible(stored) == stored


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Reds", "Reds"),
        ("Reds", "Reds" + ZWSP),
        ("Reds", "REDS"),
        ("Reds", " reds "),
        ("Reds", "R\u0435ds"),  # Cyrillic small ie
        ("Peds", "\u0420\u0435ds"),  # Cyrillic capital er and small ie
        ("Reds", "Red\u0455"),  # Cyrillic small dze
        ("Pawns", "\u0420\u0430wns"),
        ("Knights", "\u039anights"),  # Greek capital kappa
        ("Rooks", "R\u03bf\u03c3ks"),  # Greek small omicron and sigma
        ("Cove", "\u03f9\u03bf\u03bde"),  # Greek lunate sigma, omicron and nu
        ("Kings", "KING\u0405"),  # Cyrillic capital dze, in capitals
        ("Reds", "\uff32\uff45\uff44\uff53"),  # fullwidth
        ("Reds", "\U0001d411\U0001d41e\U0001d41d\U0001d42c"),  # mathematical bold
        ("\u039d\u0391\u039d", "\u03bd\u03b1\u03bd"),  # Greek that differs only in case
        ("Straße", "STRASSE"),
    ],
)
def test_names_that_differ_only_in_case_or_look_alike_letters_are_the_same(
    first: str, second: str
) -> None:
    assert same_name(first, second)
    assert same_name(second, first)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Reds", "Blues"),
        ("Reds", "Rëds"),
        ("Reds", "Red s"),
        ("Reds", "Reds 2"),
        ("\u0432ob", "Bob"),  # Cyrillic small ve looks like nothing Latin
        ("Красные", "Синие"),
    ],
)
def test_names_that_look_different_are_different(first: str, second: str) -> None:
    assert not same_name(first, second)


def test_every_look_alike_is_a_cyrillic_or_greek_letter_that_passes_for_its_latin_one() -> None:
    for latin, names in LOOK_ALIKES.items():
        for name in names:
            char = unicodedata.lookup(name)
            assert name.split()[0] in ("CYRILLIC", "GREEK")
            assert unicodedata.category(char).startswith("L")
            assert same_name(latin, char)


@pytest.mark.parametrize(
    "name",
    [
        "👩\u200d👩\u200d👧 team",  # a family: one emoji, as Discord shows it
        "👩🏽\u200d💻 coders",
        "❤\ufe0f\u200d🔥 Hearts",  # an emoji's presentation selector kept with it
        "1\ufe0f\u20e3 First",  # a keycap
        "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Scots",  # a flag's tags
        PERSIAN,  # the non-joiner keeps its word spelt right
        "क्\u200dष",  # Devanagari: a joiner asks for the half form
    ],
)
def test_what_joins_the_characters_of_a_name_stays_as_discord_shows_it(name: str) -> None:
    assert clean_name(name) == name
    assert visible(name) == name


def test_names_that_differ_only_in_joiners_are_the_same() -> None:
    assert same_name("👩\u200d👩\u200d👧 team", "👩👩👧 team")
    assert same_name(PERSIAN, PERSIAN.replace("\u200c", ""))


def test_a_name_is_shortened_between_what_shows_as_one_character() -> None:
    family = "👩\u200d👩\u200d👧"  # five characters, one emoji
    assert shortened("ab" + family, 6) == "ab"
    assert shortened("ab" + family, 7) == "ab" + family
    assert shortened("e\u0301\u0301xyz", 2) == ""
    assert shortened("Reds", 40) == "Reds"
