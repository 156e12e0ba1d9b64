"""Fixtures of the renderer's tests: the Noto fonts that names in any script are drawn in."""

from __future__ import annotations

import os
from typing import Final

import pytest

from renderer.fonts import INSTALL, LAST, Fonts, shaping, system_fonts

REQUIRE_ENV: Final = "ELEVATOR_REQUIRE_FONTS"  # set (CI): missing fonts fail, not skip


@pytest.fixture(scope="session")
def noto() -> Fonts:
    """Return the system's fonts, or skip the test saying how to install what is missing."""
    fonts = system_fonts()
    missing = [what for what, _ in fonts.missing]
    if not any(face.name == "DejaVu Sans" for face in fonts.text[False]):
        missing.append(f"DejaVu Sans ({LAST}, fonts-dejavu-core)")
    if not shaping():
        missing.append("text shaping (Pillow's raqm needs libfribidi0)")
    if missing:
        why = f"fonts for names are missing: {', '.join(missing)}; {INSTALL} fonts-dejavu-core"
        if os.environ.get(REQUIRE_ENV):
            pytest.fail(f"{why}; {REQUIRE_ENV} is set, so the tests need them")
        pytest.skip(why)
    return fonts
