"""A game of Ben Good's Elevator in a server channel, through the offline Discord."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from tests.bot.exts.matches.test_enders_match import act, started
from tests.bot.exts.test_matches import club, sent_files, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


def test_a_game_of_ben_goods_elevator_is_played_and_exported_in_a_server_channel(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            board = await started(discord, ana, bo, guild, game=("good", "Ben Good's Elevator"))
            assert "Played O2a3/Pa4 on board 1" in await act(discord, ana, board, "O2a3/Pa4")
            assert "Played E3c4U on board 1" in await act(discord, bo, board, "E3c4U")
            shown = await until(discord, board, "Black played E3c4U.")
            image = Image.open(io.BytesIO(shown.files[-1][1]))
            assert image.width >= 600  # four levels side by side need the whole width
            refused = await act(discord, bo, board, "N1f3")
            assert refused == "It is White's turn on board 1"
            assert "Played N1f3" in await act(discord, ana, board, "1g1-1f3")  # the long form
            exported = await discord.invoke(ana, board, "match", subcommand="export")
            ((name, data),) = await sent_files(discord, exported)
            pgn = data.decode()
            assert name.endswith(".pgn") and '[Variant "Ben Good\'s Elevator"]' in pgn
            assert "1. O2a3/Pa4 E3c4U 2. N1f3 *" in pgn

    offline(scenario)
