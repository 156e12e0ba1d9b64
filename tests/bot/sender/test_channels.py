"""Board channels against the offline Discord: whose side an image faces, names, and words."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot.shown import ShownBoard
from renderer import board_view_png
from tests.bot.exts.test_matches import club, move, posted, replied, started, until
from tests.bot.exts.test_replay import sent_files
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Sent


def shown_at(tmp_path: Path, place: str, index: int) -> ShownBoard:
    """Return the board as the index-th image notice of a place stored it in the outbox."""
    with sqlite3.connect(tmp_path / "elevator.db") as db:
        found = db.execute(
            "SELECT payload FROM outbox WHERE place = ? AND kind IN ('board', 'arrival') "
            "ORDER BY id",
            (place,),
        ).fetchall()
    return ShownBoard.from_record(json.loads(found[index][0])["shown"])


def image(sent: Sent) -> bytes:
    (file,) = sent.files
    return file[1]


def test_each_board_image_faces_the_side_to_move_and_names_players_without_a_member_cache(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            one = discord.channel_named(guild, "board-1")
            first = (await posted(discord, one))[0]
            await move(discord, ana, one, "e4")
            second = (await posted(discord, one, 2))[1]
            names = ("ana", "bo")
            for sent, index, facing in ((first, 0, "white"), (second, 1, "black")):
                view = shown_at(tmp_path, "board:1", index).view
                # the bot has never cached ana or bo as members: the names come from storage
                drawn = board_view_png(view, facing, names=names)
                assert image(sent) == drawn, facing
                assert drawn != board_view_png(view, facing)  # the names are on it
            turned = board_view_png(shown_at(tmp_path, "board:1", 1).view, "white", names=names)
            assert image(second) != turned  # Black to move: not White's way round
            shown = await discord.invoke(bo, one, "board", subcommand="show")
            ((_, asked),) = await sent_files(discord, shown)
            assert asked == turned  # /board show: White's way round, names from storage

    offline(scenario)


def test_a_board_channel_says_rides_arrivals_transfers_undos_and_substitutions_in_words(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        cy = discord.add_user("cy")
        discord.add_member(guild, cy)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild, boards=3)
            one, two, three = (discord.channel_named(guild, f"board-{n}") for n in (1, 2, 3))
            for user, text in [(ana, "f3"), (bo, "e5"), (ana, "g4"), (bo, "Qh4#")]:
                assert "Played" in await move(discord, user, one, text)
            prompt = await until(discord, one, "you won board 1")
            menu = prompt.components[0]["components"][0]
            await discord.click(bo, prompt.id, menu["custom_id"], values=["Pe5^2"])
            await until(
                discord, one, "Black's pawn on e5 was sent up to board 2 by victory transfer."
            )
            arrived = "A black pawn arrives on e5 from board 1 by victory transfer."
            await until(discord, two, arrived)
            assert "Played e4" in await move(discord, ana, two, "e4")
            assert "Played a6" in await move(discord, bo, two, "a6")
            assert "Played Pe4^3" in await move(discord, ana, two, "Pe4^3")
            await until(discord, two, "White's pawn rode up from e4 to board 3.")
            await until(discord, three, "A white pawn arrives on e4 from board 2.")
            undo = [
                {"type": 4, "name": "match", "value": 1},
                {"type": 4, "name": "events", "value": 1},
                {"type": 3, "name": "reason", "value": "a misclick"},
            ]
            asked = await discord.invoke(ana, general, "mod", undo, subcommand="undo")
            assert "Confirm?" in await replied(discord, asked)
            await discord.press(ana, asked)
            taken = await until(discord, two, "A moderator took back what happened here")
            assert "(a misclick): White's pawn rode up from e4 to board 3." in taken.content
            gone = await until(discord, three, "A moderator took back what happened here")
            assert "A white pawn arrived on e4 from board 2." in gone.content
            substitute = [
                {"type": 4, "name": "match", "value": 1},
                {"type": 6, "name": "player", "value": str(bo)},
                {"type": 6, "name": "new_player", "value": str(cy)},
                {"type": 3, "name": "reason", "value": "bo left"},
            ]
            await discord.invoke(ana, general, "mod", substitute, subcommand="substitute")
            for board in (two, three):  # board 1 is over: nothing to take over there
                told = await until(discord, board, "now plays Black here")
                assert told.content.startswith(f"<@{cy}> now plays Black here, in place of <@{bo}>")
                assert told.files
            assert "now plays" not in " ".join(
                s.content for s in discord.sent if s.channel_id == one
            )

    offline(scenario)


def test_a_winners_transfer_prompt_comes_after_the_image_of_the_winning_move_and_before_its_replay(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        discord.upload_delay = 0.5  # an image takes a while to upload; words go at once
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild, boards=2)
            one = discord.channel_named(guild, "board-1")
            for user, text in [(ana, "f3"), (bo, "e5"), (ana, "g4"), (bo, "Qh4#")]:
                assert "Played" in await move(discord, user, one, text)
            prompt = await until(discord, one, "you won board 1")
            image = await until(discord, one, "Board 1 is over")
            # the replay, drawn by workers that a busy machine may starve, holds up no prompt
            replay = await until(discord, one, "Board 1's replay")
            posted = [s for s in discord.sent if s.channel_id == one]
            order = [posted.index(image), posted.index(prompt), posted.index(replay)]
            assert order == sorted(order), [s.content for s in posted]

    offline(scenario)
