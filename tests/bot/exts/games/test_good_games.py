"""Ben Good's Elevator through the offline Discord: challenged, played and looked at in DMs."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image

from tests.bot.exts.games.test_dm_games import dm_game, dm_until
from tests.bot.exts.games.test_enders_games import typed
from tests.bot.exts.test_matches import club, move
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord

# Where a person may look at the images a test drew (set LOOK_AT to a folder).
LOOK_AT = os.environ.get("LOOK_AT")


def _latest_image(discord: FakeDiscord, channel: int, name: str) -> Image.Image:
    """Return the last image the bot sent to a channel, saved where a person may look at it."""
    found = [s for s in discord.sent if s.channel_id == channel and s.files]
    data = found[-1].files[-1][1]
    if LOOK_AT:
        Path(LOOK_AT, f"good-{name}").write_bytes(data)
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_a_game_of_ben_goods_elevator_is_challenged_and_played_in_dms(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, bo_dm = await dm_game(discord, ana, bo, guild, "good", "Ben Good's Elevator")

            # autocomplete offers the ox's leap and its push apart
            offered = await typed(discord, ana, ana_dm, "O2a3")
            assert offered[:2] == ["O2a3", "O2a3/Pa4"]
            assert "Played O2a3/Pa4 on board 1" in await move(discord, ana, ana_dm, "O2a3/Pa4")
            await dm_until(discord, bo, "White played O2a3/Pa4.")
            start = _latest_image(discord, bo_dm, "push.png")
            assert start.width >= 400

            # a lift into no shaft is refused, saying why, and nothing changes
            refused = await move(discord, bo, bo_dm, "E2c4U")
            assert refused == (
                "An elevator moves one level, into its pole's shaft: pole c4's is on level 4, "
                "so its elevator on level 2 cannot go up"
            )
            assert "E3c4U" in await typed(discord, bo, bo_dm, "E3")
            assert "Played E3c4U on board 1" in await move(discord, bo, bo_dm, "E3c4U")
            await dm_until(discord, ana, "Black played E3c4U.")
            lifted = _latest_image(discord, ana_dm, "lift.png")
            assert lifted.size == start.size

            # the long form is always read, and autocomplete offers it once it is begun
            assert await typed(discord, ana, ana_dm, "1g1-") == ["1g1-1f3"]
            assert "Played N1f3 on board 1" in await move(discord, ana, ana_dm, "1g1-1f3")
            await dm_until(discord, bo, "White played N1f3.")

    offline(scenario)
