"""The script that draws the sample images of the README and the docs still runs."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

import games
from scripts import samples


def test_the_samples_script_draws_the_images_of_the_readme_and_the_docs(tmp_path: Path) -> None:
    samples.main(tmp_path)
    names = sorted(path.name for path in tmp_path.iterdir())
    drawn = ["armies", "arrival", "chart", "check", "displaced", "overview", "teams", "ten"]
    examples = [*games.KINDS]  # each game's /rules example, or a sample of its own
    assert names == sorted([*(f"{name}.png" for name in drawn + examples), "replay.gif"])
    for name in names:
        with Image.open(tmp_path / name) as image:
            assert image.width >= 320
    match = samples.sample_match()
    assert match.king_capturable(2) and match.is_check(3) and match.is_closed(4)
