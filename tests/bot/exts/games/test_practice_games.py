"""A casual game against the practice opponent through the offline Discord, to its end."""

from __future__ import annotations

import os
import random
from pathlib import Path

from tests.bot.exts.games.test_dm_games import dm_texts
from tests.bot.exts.test_matches import club, move, replied
from tests.bot.practice.hasty import hasty_move
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord
from tests.waiting import eventually

ENDS = ("Your move on board 1.", "The game is over.")


async def next_turn(discord: FakeDiscord, user: int, seen: int) -> list[str]:
    """Wait until a DM after the first seen ones gives the user the move or ends the game."""

    def texts(since: int = 0) -> list[str]:
        return [m["content"] for m in discord.messages[discord.dms[user]][since:]]

    return await eventually(
        lambda: texts() if any(text.endswith(ENDS) for text in texts(seen)) else None,
        "the move, or the end of the game, in a DM",
        changes=discord.changes,
        seen=lambda: texts(seen),
    )


def test_a_chess_game_against_the_bot_is_played_to_its_end_in_the_players_dms(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, _, guild = club(discord)
        general = discord.channel_named(guild, "general")
        me = discord.application_id
        async with running_bot(tmp_path, discord):
            options = [
                {"type": 6, "name": "opponent", "value": str(me)},
                {"type": 3, "name": "game", "value": "chess"},
                # the weakest thinks least (0.5 s a turn at most): a whole game, quickly
                {"type": 4, "name": "strength", "value": 1},
            ]
            sent = await discord.invoke(ana, general, "challenge", options)
            assert await replied(discord, sent) == (
                "Game 1 against me begins in your DMs: you play White."
            )
            dm = discord.dms[ana]
            intro, first = await dm_texts(discord, ana, 2)
            assert intro == (
                "A practice game against me: Chess, no clock, at strength 1 of 5, unrated. "
                "You play White; your boards follow."
            )
            assert first.startswith("Game 1:") and first.endswith("Your move on board 1.")
            chooser = random.Random(20)
            texts = [intro, first]
            for _ in range(300):
                if texts[-1].endswith("The game is over."):
                    break
                typed = [{"type": 3, "name": "move", "value": "", "focused": True}]
                offered = [c["value"] for c in await discord.autocomplete(ana, dm, "move", typed)]
                pick = hasty_move(offered, chooser)
                assert f"Played {pick} on board 1" in await move(discord, ana, dm, pick)
                texts = await next_turn(discord, ana, len(texts))
            assert texts[-1].endswith("The game is over.")
            last = discord.messages[dm][-1]
            assert [c["custom_id"] for c in last["components"][0]["components"]] == [
                "rematch:1:ask"
            ]
            assert me not in discord.dms  # nothing was sent to the bot's own DMs
            images = [f for s in discord.sent if s.channel_id == dm for f in s.files]
            assert images and all(name == "game-1.png" for name, _ in images)
            assert all(data.startswith(b"\x89PNG") for _, data in images)
            shown = os.environ.get("PRACTICE_SHOW")  # where a reviewer keeps what the DMs got
            if shown:
                Path(shown, "texts.txt").write_text("\n----\n".join(texts))
                Path(shown, "first.png").write_bytes(images[0][1])
                Path(shown, "last.png").write_bytes(images[-1][1])

    offline(scenario)


async def _first_answer(discord: FakeDiscord, tmp_path: Path, wait: str) -> list[str]:
    """Play e4 against the bot with a setting of PRACTICE_ANSWER_WAIT; return the DMs after it."""
    ana, _, guild = club(discord)
    options = [
        {"type": 6, "name": "opponent", "value": str(discord.application_id)},
        {"type": 3, "name": "game", "value": "chess"},
        {"type": 4, "name": "strength", "value": 1},
    ]
    async with running_bot(tmp_path, discord, PRACTICE_ANSWER_WAIT=wait):
        sent = await discord.invoke(
            ana, discord.channel_named(guild, "general"), "challenge", options
        )
        assert "begins in your DMs" in await replied(discord, sent)
        dm = discord.dms[ana]
        await dm_texts(discord, ana, 2)  # the introduction, and the game with White to move
        assert "Played e4 on board 1" in await move(discord, ana, dm, "e4")
        texts = await next_turn(discord, ana, 2)
        images = [s for s in discord.sent if s.channel_id == dm and s.files]
        assert len(images) == len(texts) - 1  # each post of the game has its image
        return texts[2:]


def test_a_move_the_bot_answers_in_time_is_posted_with_its_answer_as_one_image(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        # a wait far past strength 1's half second: the answer always comes within it
        (both,) = await _first_answer(discord, tmp_path, "10")
        lines = both.splitlines()
        assert lines[:2] == ["Game 1:", "Board 1: White played e4."]
        assert lines[2].startswith("Board 1: Black played ")
        assert lines[-1] == "Your move on board 1."

    offline(scenario)


def test_without_a_wait_the_move_and_the_bots_answer_are_posted_apart(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        mine, answer = await _first_answer(discord, tmp_path, "0")
        assert mine.splitlines()[1:] == ["Board 1: White played e4.", "Your opponent's move."]
        assert answer.splitlines()[1].startswith("Board 1: Black played ")

    offline(scenario)
