"""Names in many scripts, as players give them, for the renderer's tests."""

from __future__ import annotations

from typing import Final

FULLWIDTH: Final = "".join(chr(ord(char) + 0xFEE0) for char in "Fullwidth")  # U+FF26 ...

NAMES: Final = (
    "Zoë",
    "李小龙",
    FULLWIDTH,
    "e\u0301\u0301",
    "👩\u200d👩\u200d👧 team",
    "🇯🇵",
    "مرحبا",
    "שלום",
    "नमस्ते",
    "Δημήτρης",
    "Иван",
    "สวัสดี",
    "한국어",
    "👍🏽 ok",
)
RIGHT_TO_LEFT: Final = ("مرحبا", "שלום", "مرحبا بكم", "שלום עולם")
# a Khitan character: printable, and in no font Debian's Noto packages install, so every font
# draws its box for a missing glyph (test_text checks it)
MISSING: Final = "\U00018b00"
