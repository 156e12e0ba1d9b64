"""Ben Good's Elevator through the offline Discord: challenged, played and looked at in DMs."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.games.test_dm_games import dm_game, dm_until
from tests.bot.exts.games.test_enders_games import typed
from tests.bot.exts.images import latest_image
from tests.bot.exts.test_matches import club, move
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


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
            start = latest_image(discord, bo_dm, "good-push.png")
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
            lifted = latest_image(discord, ana_dm, "good-lift.png")
            assert lifted.size == start.size

            # the long form is always read, and autocomplete offers it once it is begun
            assert await typed(discord, ana, ana_dm, "1g1-") == ["1g1-1f3"]
            assert "Played N1f3 on board 1" in await move(discord, ana, ana_dm, "1g1-1f3")
            await dm_until(discord, bo, "White played N1f3.")

    offline(scenario)
