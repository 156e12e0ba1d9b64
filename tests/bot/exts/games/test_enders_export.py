"""An Ender's Chess DM game exported mid-turn and finished, then played again by a rematch."""

from __future__ import annotations

from pathlib import Path

import games
from games.enders.game import EndersGame
from tests.bot.exts.games.test_dm_games import challenged, dm_until
from tests.bot.exts.matches.test_enders_match import act
from tests.bot.exts.test_export import exported
from tests.bot.exts.test_matches import club, replied, resign
from tests.bot.exts.test_rematch import button_shown, with_button
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Interaction
from tests.waiting import eventually

JSON = [{"type": 3, "name": "format", "value": "json"}]


async def export(
    discord: FakeDiscord, user: int, channel: int, options: list[dict[str, object]]
) -> tuple[str, str]:
    """Ask for /export in a channel and return the file it answers with."""
    asked: Interaction = await discord.invoke(user, channel, "export", options)
    await replied_or_file(discord, asked)
    return exported(discord, asked)


async def replied_or_file(discord: FakeDiscord, interaction: Interaction) -> None:
    """Wait until the bot has answered an interaction with words or a file."""
    await eventually(
        lambda: any(sent.files or sent.content for sent in discord.replies(interaction)),
        "words or a file in answer",
        changes=discord.changes,
        seen=lambda: interaction.responses,
    )


def test_an_enders_dm_game_exports_mid_turn_and_finished_and_its_rematch_is_enders(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await challenged(discord, ana, bo, guild, "enders")
            await dm_until(discord, ana, "Your move on board 1.")
            ana_dm, bo_dm = discord.dm_of(ana), discord.dm_of(bo)
            assert "Played" in await act(discord, ana, ana_dm, "N@f2 Nf2-g4", more=True)
            name, record = await export(discord, ana, ana_dm, JSON)
            assert name == "game-1.json"
            mid_turn = games.from_json(record)
            assert isinstance(mid_turn, EndersGame)
            assert mid_turn.fen(1).split()[3] == "g4"  # the knight has moved this turn
            name, pgn = await export(discord, bo, bo_dm, [])
            assert name == "game-1-board-1.pgn"
            assert "N@f2" in pgn and "Nf2-g4" in pgn and pgn.rstrip().endswith("*")
            assert "You ended your turn on board 1." in await act(discord, ana, ana_dm, "end")
            await resign(discord, bo, bo_dm, back="nobody can")
            await dm_until(discord, ana, "Final result")
            name, pgn = await export(discord, ana, ana_dm, [])
            assert '[Result "1-0"]' in pgn and pgn.rstrip().endswith("1-0")
            name, record = await export(discord, bo, bo_dm, JSON)
            finished = games.from_json(record)
            assert finished.result() == "1-0"
            assert finished.to_json() == games.from_json(finished.to_json()).to_json()
            last = await button_shown(discord, ana_dm, "rematch:1:ask")
            asked = await discord.click(ana, int(last["id"]), "rematch:1:ask")
            assert "Rematch offered to" in await replied(discord, asked)
            await dm_until(discord, bo, "offers a rematch of game 1")
            answer = with_button(discord, bo_dm, "invite:2:accept")
            await discord.click(bo, int(answer["id"]), "invite:2:accept")
            await dm_until(discord, bo, "Game 2:")
            assert "Played" in await act(discord, bo, bo_dm, "N@f2 Nf2-g4")  # Bo is White now
            name, record = await export(
                discord, bo, bo_dm, [{"type": 4, "name": "game", "value": 2}, *JSON]
            )
            again = games.from_json(record)
            assert isinstance(again, EndersGame) and again.side_to_move(1) == "black"

    offline(scenario)
