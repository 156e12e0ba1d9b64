"""Lines of text in any script: clusters, fonts that have every glyph, direction, fitting."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from renderer.fonts import EMOJI_STRIKE, Face, Fonts, ignorable
from renderer.text import (
    ELLIPSIS,
    _by_clusters,
    _lay,
    _one_run,
    clusters,
    draw_line,
    emoji,
    fit,
    font,
    layout,
    levels,
    measure,
    printable,
    visual_order,
)
from tests.renderer.names import FULLWIDTH, MISSING, NAMES, RIGHT_TO_LEFT


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Zoë", ["Z", "o", "ë"]),
        ("e\u0301\u0301x", ["e\u0301\u0301", "x"]),
        ("👩\u200d👩\u200d👧 t", ["👩\u200d👩\u200d👧", " ", "t"]),
        ("🇯🇵🇫🇷🇩", ["🇯🇵", "🇫🇷", "🇩"]),
        ("👍🏽!", ["👍🏽", "!"]),
        ("1\ufe0f\u20e3", ["1\ufe0f\u20e3"]),
        (
            "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
            ["🏴" + "\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"],
        ),
        ("नमस्ते", ["न", "म", "स्ते"]),
        ("\u1100\u1161\u11a8\u1100", ["\u1100\u1161\u11a8", "\u1100"]),
        ("สวัสดี", ["ส", "วั", "ส", "ดี"]),
        ("น้ำ คำ", ["น้ำ", " ", "คำ"]),
        ("ক্ষমা", ["ক্ষ", "মা"]),
    ],
)
def test_text_is_cut_into_what_a_reader_takes_as_one_character(
    text: str, expected: list[str]
) -> None:
    assert clusters(text) == expected


def test_joiners_and_emoji_tags_survive_and_line_breaks_become_spaces() -> None:
    assert printable("a\nb\u200d\u202ec") == "a b\u200dc"


def test_a_flag_a_skin_tone_and_a_joined_family_are_emoji_and_a_text_symbol_is_not() -> None:
    assert all(emoji(part) for part in ("🇯🇵", "👍🏽", "👩\u200d👩\u200d👧", "😀", "☺\ufe0f"))
    assert not any(emoji(part) for part in ("☺", "♟", "a", "😀\ufe0e"))


def test_symbols_unicode_shows_as_emoji_are_emoji_and_other_symbols_are_text() -> None:
    assert all(emoji(part) for part in ("⚽", "✅", "⭐", "🖥"))
    assert not any(emoji(part) for part in ("⚽\ufe0e", "\U0001fa00", "\U0001f130"))


def _draws_a_glyph(face: Face, size: int, char: str) -> bool:
    """Say whether the font draws char as something other than its box for a missing glyph."""
    return _drawn(face, size, char) != _drawn(face, size, MISSING)


def _drawn(face: Face, size: int, char: str) -> bytes:
    image = Image.new("RGBA", (4 * EMOJI_STRIKE, 4 * EMOJI_STRIKE))
    ImageDraw.Draw(image).text(
        (EMOJI_STRIKE, EMOJI_STRIKE), char, font=face.font(size), embedded_color=face.colour
    )
    return image.tobytes()


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("bold", [False, True])
def test_every_name_is_set_in_fonts_that_have_all_its_glyphs(
    noto: Fonts, name: str, bold: bool
) -> None:
    line = layout(name, 20, bold=bold, fonts=noto)
    assert line.missing == ()
    for run in line.runs:
        for char in run.text:
            if not ignorable(char) and not char.isspace():
                assert _draws_a_glyph(run.face, 20, char), (name, run.face, f"U+{ord(char):04X}")


def test_a_glyph_that_no_font_has_is_found_missing_as_the_test_above_needs(noto: Fonts) -> None:
    line = layout(printable(f"a{MISSING}"), 20, fonts=noto)
    assert line.missing == (MISSING,)
    assert not _draws_a_glyph(line.runs[0].face, 20, MISSING)


def test_names_take_the_font_of_their_script(noto: Fonts) -> None:
    fonts = {name: [run.face.name for run in layout(name, 20, fonts=noto).runs] for name in NAMES}
    assert fonts["Zoë"] == fonts["Иван"] == fonts["Δημήτρης"] == ["Source Sans Pro"]
    assert fonts["李小龙"] == fonts[FULLWIDTH] == ["NotoSansCJK-Regular"]
    assert fonts["مرحبا"] == ["NotoSansArabic-Regular"]
    assert fonts["שלום"] == ["NotoSansHebrew-Regular"]
    assert fonts["नमस्ते"] == ["NotoSansDevanagari-Regular"]
    assert fonts["👩\u200d👩\u200d👧 team"] == ["Noto Color Emoji", "Source Sans Pro"]


def _ink(image: Image.Image) -> Image.Image:
    box = image.getbbox()
    assert box is not None
    return image.crop(box)


@pytest.mark.parametrize("name", RIGHT_TO_LEFT)
def test_a_right_to_left_name_is_drawn_as_raqm_draws_it_whole_in_its_font(
    noto: Fonts, name: str
) -> None:
    line = layout(name, 30, fonts=noto)
    assert [run.rtl for run in line.runs] == [True]
    ours = draw_line(name, 30, fonts=noto).mask
    reference = Image.new("L", (400, 60))
    typeface = line.runs[0].face.font(30)
    ImageDraw.Draw(reference).text((10, 10), name, font=typeface, fill=255, direction="rtl")
    assert ImageChops.difference(_ink(ours), _ink(reference)).getbbox() is None


MIXED = (
    "abc مرحبا 123 def",
    "שלום (team) 42",
    "x (שלום) y",
    "1 שלום",
    "a 12% שלום",
    "עדד 1,000 x",
    "شطرنج ٣٤ بك",
    "a (b [שלום] c)",
    "שלום [abc (d)]",
    "abc  שלום  ",
    "\u2068مرحبا 👍\u2069: Elevator Chess",  # noqa: RUF001
    "a \u2068שלום 12\u2069 b",  # noqa: RUF001
    "\u2068abc\u2069 שלום",
    "x \u2068ש \u2068a ש\u2069 b\u2069 y",
    "\u2068שלום",  # noqa: RUF001
    "מלך ⟨FC⟩ FC",
    "شطرنج, ⦃Ann⦄, 12",
)


@pytest.mark.parametrize("text", MIXED)
def test_mixed_directions_come_in_the_order_fribidi_gives_them(noto: Fonts, text: str) -> None:
    """Set each run of our order in one font that has every script; compare with raqm's whole."""
    dejavu = next(face for face in noto.text[False] if face.name == "DejaVu Sans")
    typeface = dejavu.font(24)
    whole = Image.new("L", (700, 40))
    ImageDraw.Draw(whole).text((5, 30), text, font=typeface, fill=255, anchor="ls")
    ours = Image.new("L", (700, 40))
    pen = 5.0
    for run, rtl in _runs(text):
        direction = "rtl" if rtl else "ltr"
        ImageDraw.Draw(ours).text(
            (pen, 30), run, font=typeface, fill=255, anchor="ls", direction=direction
        )
        pen += typeface.getlength(run, direction=direction)
    assert ImageChops.difference(whole, ours).getbbox() is None


def _runs(text: str) -> list[tuple[str, bool]]:
    """Return text's runs of one level, in the order they are shown, and which go right to left."""
    parts = clusters(text)
    found = levels(parts)
    order = visual_order(found)
    out: list[tuple[str, bool]] = []
    start = 0
    while start < len(order):
        rtl = found[order[start]] % 2 == 1
        end = start + 1
        while (
            end < len(order)
            and order[end] == order[end - 1] + (-1 if rtl else 1)
            and found[order[end]] == found[order[start]]
        ):
            end += 1
        low, high = sorted((order[start], order[end - 1]))
        out.append(("".join(parts[low : high + 1]), rtl))
        start = end
    return out


@pytest.mark.parametrize(
    "name",
    ["👩\u200d👩\u200d👧" * 6, "नमस्ते " * 5, "e\u0301\u0301" * 30, "🇯🇵🇫🇷" * 8, "李小龙" * 9],
)
def test_a_long_name_is_cut_between_clusters_with_an_ellipsis(noto: Fonts, name: str) -> None:
    typeface = font(20)
    cut = fit(name, typeface, 90)
    assert cut.endswith(ELLIPSIS) and len(cut) > 1
    kept = cut.removesuffix(ELLIPSIS)
    assert clusters(name)[: len(clusters(kept))] == clusters(kept)
    assert measure(cut, typeface) <= 90


def test_a_bold_name_is_fitted_with_the_bold_fonts_width() -> None:
    name = "Mmmmmmmmmmmmmmmm"
    typeface = font(20)
    room = measure(name, typeface) + 1
    assert fit(name, typeface, room) == name
    assert fit(name, typeface, room, bold=True).endswith(ELLIPSIS)


def test_without_the_noto_fonts_names_are_drawn_with_boxes_and_that_is_logged_once(
    caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    bare = Fonts([tmp_path])
    assert {what for what, _ in bare.missing} >= {"emoji", "Chinese, Japanese and Korean"}
    with caplog.at_level(logging.WARNING, logger="renderer.fonts"):
        for name in NAMES:
            drawn = draw_line(name, 20, fonts=bare)
            assert drawn.mask.getbbox() is not None
    assert layout("李小龙", 20, fonts=bare).missing == ("李", "小", "龙")
    told = [
        record.getMessage() for record in caplog.records if "fonts missing" in record.getMessage()
    ]
    assert len(told) == 1
    assert "apt-get install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji" in told[0]


@pytest.mark.parametrize("bold", [False, True])
def test_a_line_of_one_run_is_laid_out_as_cluster_by_cluster(noto: Fonts, bold: bool) -> None:
    printable_ascii = "".join(chr(code) for code in range(32, 127))
    latin = "".join(chr(code) for code in range(0xA0, 0x250))
    lines = [
        *printable_ascii,
        printable_ascii,
        *latin,
        latin,
        "4:05",
        "0:09.3",
        "2d 5h",
        "Board 12",
        "White to move · move 12",
        "Black won by checkmate · board closed",
        "Zoë Ångström",
        "Алексей Петров",
        "Νίκος Καζαντζάκης",
        "e\u0301 combined",
        "a\u200db joined",
        "© ® ™ ↑ → ½ “quoted” — «guillemets» …",
        "12 (34) [56] -7 +8 #9 %",
    ]
    for text in [*lines, *NAMES]:
        assert _lay(text, 19, bold, noto) == _by_clusters(text, 19, bold, noto), text
    primary = noto.primary(bold)
    assert _one_run("White to move · move 12", primary) and _one_run("Алексей Петров", primary)
    assert not _one_run("e\u0301 combined", primary) and not _one_run("a\u200db joined", primary)
