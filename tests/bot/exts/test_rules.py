"""/rules for every game of the registry: a short text and a drawn example each."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

import games
from bot.exts.rules import example_png
from renderer.palette import STAIR_MARK
from tests.bot.exts.test_matches import club
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Interaction, Sent
from tests.waiting import eventually


def _stair_marks(png: bytes) -> int:
    """Count the pixels drawn in the staircases' chevron colour."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return dict((colour, count) for count, colour in image.getcolors(1 << 20) or []).get(
        STAIR_MARK, 0
    )


def test_every_game_of_the_registry_has_rules_that_fit_one_screen() -> None:
    for explained in (games.offered(kind).rules for kind in games.KINDS):
        assert len(explained.text) <= 1200  # a phone screen beside its example
        assert "http" not in explained.text


def test_only_the_escher_example_shows_staircases() -> None:
    assert _stair_marks(example_png("escher")) > 100
    assert _stair_marks(example_png("chess")) == _stair_marks(example_png("elevator")) == 0


async def answer(discord: FakeDiscord, asked: Interaction) -> Sent:
    """Wait for the one message that answers a deferred command."""
    found = await eventually(
        lambda: discord.replies(asked),
        "the answer to the command",
        changes=discord.changes,
        seen=lambda: asked.responses,
    )
    return found[0]


def test_rules_game_escher_explains_the_staircases_with_a_board_that_shows_them(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, _, guild = club(discord)
        async with running_bot(tmp_path, discord):
            asked = await discord.invoke(
                ana,
                discord.channel_named(guild, "general"),
                "rules",
                [{"type": 3, "name": "game", "value": "escher"}],
            )
            reply = await answer(discord, asked)
            (embed,) = reply.embeds
            assert embed["title"] == "Escher Staircase"
            assert "staircase" in embed["description"].lower()
            assert embed["image"]["url"] == "attachment://escher-example.png"
            (file,) = reply.files
            assert file[0] == "escher-example.png"
            image = Image.open(io.BytesIO(file[1]))
            assert image.width == 480 and _stair_marks(file[1]) > 100
            in_dm = await discord.invoke(
                ana, discord.dm_of(ana), "rules", [{"type": 3, "name": "game", "value": "chess"}]
            )
            assert (await answer(discord, in_dm)).embeds[0]["title"] == "Chess"

    offline(scenario)
