"""Ender's Chess through the offline Discord: challenged and played in DMs, turn by turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.bot.exts.games.test_dm_games import dm_game, dm_texts, dm_until
from tests.bot.exts.images import opened
from tests.bot.exts.test_matches import club, move, replied, sent_files
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Interaction


async def more(discord: FakeDiscord, user: int, channel: int, text: str) -> Interaction:
    """Play actions by /move with more:True, keeping the turn open; return the interaction."""
    options: list[dict[str, Any]] = [
        {"type": 3, "name": "move", "value": text},
        {"type": 5, "name": "more", "value": True},
    ]
    return await discord.invoke(user, channel, "move", options)


async def typed(discord: FakeDiscord, user: int, channel: int, text: str) -> list[str]:
    """Return the values /move's autocomplete offers for text."""
    options = [{"type": 3, "name": "move", "value": text, "focused": True}]
    return [str(c["value"]) for c in await discord.autocomplete(user, channel, "move", options)]


def test_an_enders_game_is_played_in_dms_whole_turns_and_turns_in_parts(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, bo_dm = await dm_game(discord, ana, bo, guild, "enders", "Ender's Chess")

            # autocomplete: the drops and end, then what may follow the actions typed
            assert await typed(discord, ana, ana_dm, "") == ["R@f2", "B@f2", "K@f2", "N@f2", "end"]
            following = await typed(discord, ana, ana_dm, "B@f2 ")
            assert "B@f2 Bf2-d4" in following and following[-1] == "B@f2 end"
            assert await typed(discord, ana, ana_dm, "B@f2 Bf2-d") == ["B@f2 Bf2-d4"]
            assert await typed(discord, bo, bo_dm, "") == []  # not bo's turn

            # a whole turn typed at once ends it, and bo hears of it in one line
            assert await move(discord, ana, ana_dm, "B@f2 Bf2-d4") == (
                "Played B@f2 Bf2-d4 on board 1 and ended your turn."
            )
            told = await dm_until(discord, bo, "White played B@f2, Bf2-d4 and ended the turn.")
            assert "Your move on board 1." in told
            # both players are shown an action at once: Ana's copy may come after Bo's
            await dm_until(discord, ana, "White played B@f2, Bf2-d4 and ended the turn.")
            ana_seen = len(await dm_texts(discord, ana, 1))

            # a turn in parts: the mover sees the board privately, the opponent nothing yet
            first = await more(discord, bo, bo_dm, "N@f10")
            assert await replied(discord, first) == (
                "Played N@f10 on board 1: your turn goes on; /move end finishes it."
            )
            ((name, data),) = [f for s in discord.replies(first) for f in s.files]
            assert all(s.ephemeral for s in discord.replies(first))
            assert opened(f"enders-mid-turn-{name}", data).width >= 400
            refused = await more(discord, bo, bo_dm, "Nf10-e8 Nf10-d9")
            assert await replied(discord, refused) == (
                "There is no piece on f10 on board 1 (action 2 of 2, Nf10-d9: none was played)"
            )
            assert "Nf10-e8" in await typed(discord, bo, bo_dm, "Nf10-")  # nothing was played
            assert await typed(discord, bo, bo_dm, "N@") == []  # the drop is made
            second = await more(discord, bo, bo_dm, "Nf10-e8")
            assert "Played Nf10-e8 on board 1: your turn goes on" in await replied(discord, second)
            assert await move(discord, bo, bo_dm, "end") == "You ended your turn on board 1."
            told = await dm_until(discord, ana, "Black played N@f10, Nf10-e8 and ended the turn.")
            assert "Your move on board 1." in told
            texts = await dm_texts(discord, ana, ana_seen + 1)
            assert len(texts) == ana_seen + 1  # one message for bo's whole turn, none before
            image = [s for s in discord.sent if s.channel_id == ana_dm and s.files][-1]
            assert opened("enders-turn-passed.png", image.files[-1][1]).width >= 400

            # an empty turn, then Black's knight reaches White's gate and wins
            assert await move(discord, ana, ana_dm, "end") == "You ended your turn on board 1."
            await dm_until(discord, bo, "White ended the turn without moving.")
            assert "ended your turn" in await move(discord, bo, bo_dm, "Ne8-f6")
            assert "ended your turn" in await move(discord, ana, ana_dm, "end")
            assert "ended your turn" in await move(discord, bo, bo_dm, "Nf6-e4")
            assert "ended your turn" in await move(discord, ana, ana_dm, "end")
            won = await more(discord, bo, bo_dm, "Ne4-f2")
            assert await replied(discord, won) == (
                "Played Ne4-f2 on board 1: it is over, 0-1 (gate reached)."
            )
            for player in (ana, bo):
                last = await dm_until(discord, player, "Final result")
                assert "Black played Ne4-f2, reaching White's gate f2." in last
                assert "The game is over." in last
            final = [s for s in discord.sent if s.channel_id == bo_dm and s.files]
            opened("enders-won.png", final[-1].files[-1][1])
            # the game is over, yet its players may still look at its board
            options = [{"type": 4, "name": "game", "value": 1}]
            shown = await discord.invoke(ana, ana_dm, "board", options, subcommand="show")
            ((name, png),) = await sent_files(discord, shown)
            assert name == "board-1.png" and png.startswith(b"\x89PNG")
            refused = await discord.invoke(ana, ana_dm, "board", subcommand="show")
            assert "you have no game under way" in (await replied(discord, refused)).lower()

    offline(scenario)
