"""Images the bot sent through the offline Discord, opened, and kept for a person to look at."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Final

from PIL import Image

from tests.fakediscord.server import FakeDiscord

LOOK_AT: Final = os.environ.get("LOOK_AT")  # a folder to keep the images in, for a person


def opened(name: str, data: bytes) -> Image.Image:
    """Open an image the bot sent, in RGB, keeping it as name in LOOK_AT where that is set."""
    if LOOK_AT:
        Path(LOOK_AT, name).write_bytes(data)
    return Image.open(io.BytesIO(data)).convert("RGB")


def latest_image(discord: FakeDiscord, channel: int, name: str) -> Image.Image:
    """Open the last image the bot sent to a channel, keeping it as name."""
    found = [sent for sent in discord.sent if sent.channel_id == channel and sent.files]
    return opened(name, found[-1].files[-1][1])
