"""An Ender's Chess game in a server channel, through the offline Discord."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tests.bot.exts.test_matches import club, posted, replied, sent_files, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord

# White's knight runs f2-g4-f6-g8 to Black's gate f10; Black's runs f10-e8-d6-e4 to f2
WHITE_RUN = ["N@f2 Nf2-g4", "Ng4-f6", "Nf6-g8", "Ng8-f10"]
BLACK_RUN = ["N@f10 Nf10-e8", "Ne8-d6", "Nd6-e4", "Ne4-f2"]
MOVES = "SELECT data FROM events WHERE kind = 'move' ORDER BY seq"


async def act(
    discord: FakeDiscord, user: int, channel: int, text: str, *, more: bool = False
) -> str:
    """Play actions by /move in a channel (more: keep the turn open); return the answer."""
    options: list[dict[str, object]] = [{"type": 3, "name": "move", "value": text}]
    if more:
        options.append({"type": 5, "name": "more", "value": True})
    return await replied(discord, await discord.invoke(user, channel, "move", options))


async def started(
    discord: FakeDiscord,
    ana: int,
    bo: int,
    guild: int,
    clock: str = "10+5",
    game: tuple[str, str] = ("enders", "Ender's Chess"),
) -> int:
    """Create, fill and start Ana's one-board match against Bo; return board-1.

    game: the kind and its title (Ender's Chess unless told).
    """
    general = discord.channel_named(guild, "general")
    options = [
        {"type": 4, "name": "boards", "value": 1},
        {"type": 3, "name": "layout", "value": "line"},
        {"type": 3, "name": "white", "value": "Ana"},
        {"type": 3, "name": "black", "value": "Bo"},
        {"type": 3, "name": "clock", "value": clock},
        {"type": 3, "name": "game", "value": game[0]},
    ]
    created = await discord.invoke(ana, general, "match", options, subcommand="create")
    lobby = created.original
    assert lobby is not None
    assert f"{game[1]} match 1: one board" in str(lobby["embeds"])
    await discord.click(ana, int(lobby["id"]), "lobby:1:join-white")
    await discord.click(bo, int(lobby["id"]), "lobby:1:join-black")
    begun = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
    assert "has started" in await replied(discord, begun)
    board = discord.channel_named(guild, "board-1")
    await posted(discord, board)
    return board


def test_an_enders_game_in_a_server_channel_is_won_at_the_gate_with_whole_and_open_turns(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            board = await started(discord, ana, bo, guild)
            assert "Played" in await act(discord, ana, board, WHITE_RUN[0])  # a whole turn
            assert "Black's turn" in await act(discord, ana, board, "end")  # it has passed
            for action in ("N@f10", "Nf10-e8"):  # a turn action by action
                assert "Played" in await act(discord, bo, board, action, more=True)
            assert "It is Black's turn" in await act(discord, ana, board, "R@f2")
            assert "You ended your turn on board 1." in await act(discord, bo, board, "end")
            for white in ("R@f2 Ng4-f6", "Nf6-g8", "Ng8-f10"):  # Ng8-f10 ends White's turn
                assert "Played" in await act(discord, ana, board, white)
                assert "You ended your turn on board 1" in await act(
                    discord, bo, board, "end"
                )  # empty turns
            overview = discord.channel_named(guild, "overview")
            assert (
                "Board 1 ends 1-0 (gate reached)" in (await until(discord, overview, "1-0")).content
            )
            await until(discord, board, "1-0 (gate reached)")
            exported = await discord.invoke(ana, board, "match", subcommand="export")
            ((name, data),) = await sent_files(discord, exported)
            pgn = data.decode()
            assert name.endswith(".pgn") and '[Event "Ender\'s Chess game"]' in pgn
            assert pgn.rstrip().endswith("1-0")
        with sqlite3.connect(tmp_path / "elevator.db") as db:
            played = [json.loads(row[0])["uci"] for row in db.execute(MOVES)]
        assert played == [
            *("N@f2", "f2g4", "end", "N@f10", "f10e8", "end", "R@f2", "g4f6", "end", "end"),
            *("f6g8", "end", "end", "g8f10", "end"),
        ]

    offline(scenario)


def test_a_moderator_reopens_a_turn_and_black_draws_by_answering_at_whites_gate(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            board = await started(discord, ana, bo, guild)
            await act(discord, ana, board, WHITE_RUN[0])
            undo = [
                {"type": 4, "name": "events", "value": 1},
                {"type": 3, "name": "reason", "value": "Ana meant to go on"},
            ]
            asked = await discord.invoke(ana, board, "mod", undo, subcommand="undo")  # the owner
            preview = await replied(discord, asked)
            assert "- board 1: White ended their turn\n" in preview
            reopened = "board 1: White's turn stays open with N@f2 Nf2-g4 played"
            assert f"Afterwards {reopened}" in preview
            done = await discord.press(ana, asked)
            assert f"Now {reopened}" in str(done.responses[-1]["data"].get("content"))
            assert "You ended your turn on board 1." in await act(discord, ana, board, "end")
            await act(discord, bo, board, BLACK_RUN[0])
            for white, black in zip(WHITE_RUN[1:], BLACK_RUN[1:], strict=True):
                await act(discord, ana, board, white)
                await act(discord, bo, board, black)
            await until(discord, board, "1/2-1/2 (gate answered)")
            await until(discord, discord.channel_named(guild, "overview"), "Final result")

    offline(scenario)
