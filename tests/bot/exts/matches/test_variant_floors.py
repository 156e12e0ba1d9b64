"""Matches of Betza's other boards and armies, created and played through the offline Discord."""

from __future__ import annotations

from pathlib import Path

from tests.bot.exts.matches.test_variants import create, start, started, text
from tests.bot.exts.test_matches import club, move, posted, sent_files, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord


def test_a_different_armies_match_plays_fairy_pieces_and_a_fibnif_rides_as_itself(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            created = await create(
                discord,
                ana,
                general,
                2,
                text("variant", "armies"),
                text("armies", "clobberers/nutty"),
            )
            lobby = created.original
            assert lobby is not None
            await start(discord, lobby, ana, bo)
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            await posted(discord, two)
            # The Waffle leaps two squares diagonally over its pawn; the Fibnif is a narrow knight.
            assert "Played Wd3 on board 1" in await move(discord, ana, one, "wd3")
            assert "Played Ic6 on board 1" in await move(discord, bo, one, "Ic6")
            await move(discord, ana, one, "a3")
            assert "Played Id4 on board 1" in await move(discord, bo, one, "Id4")
            await move(discord, ana, one, "h3")
            assert "Id4^2" in await move(discord, bo, one, "Id4^2")
            await until(discord, two, "A black Fibnif arrives on d4 from board 1.")
            exported = await discord.invoke(ana, one, "match", subcommand="export")
            (pgn,) = await sent_files(discord, exported)
            assert b'[Armies "Colorbound Clobberers vs Nutty Knights"]' in pgn[1]
            assert b"1. Wd3 Ic6 2. a3 Id4 3. h3 Id4^2 *" in pgn[1]

    offline(scenario)


def test_a_ride_from_an_8x8_board_lands_on_the_corresponding_square_of_a_10x10_board(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild, 2, text("variant", "10x10"))
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            await posted(discord, two)
            await move(discord, ana, one, "e4")
            await move(discord, bo, one, "e5")
            assert "Pe4^2" in await move(discord, ana, one, "Pe4^2")
            # e4 is the second elevator of an 8x8 board; f5 is the second of a 10x10 one.
            await until(discord, two, "A white pawn arrives on f5 from board 1.")
            assert "Played f6 on board 2" in await move(discord, ana, two, "f6")

    offline(scenario)


def test_7x7_boards_ride_through_their_one_elevator_in_the_centre(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild, 2, text("variant", "7x7"))
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            await posted(discord, two)
            assert "Played d4 on board 1" in await move(discord, ana, one, "d4")
            await move(discord, bo, one, "a5")
            assert "Pd4^2" in await move(discord, ana, one, "Pd4^2")
            await until(discord, two, "A white pawn arrives on d4 from board 1.")

    offline(scenario)


def test_a_cylindrical_floor_beside_fide_boards_lets_a_pawn_take_across_the_edge(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild, 3, text("variant", "cylinder"))
            two = discord.channel_named(guild, "board-2")
            await posted(discord, two)
            await move(discord, ana, two, "a4")
            await move(discord, bo, two, "h5")
            assert "Played axh5 on board 2" in await move(discord, ana, two, "axh5")

    offline(scenario)
