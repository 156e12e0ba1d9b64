"""Moves and words against the offline Discord: moves in any case, refusals quoting what was
typed, draw answers finding their board, Resign refused at once to spectators, wording, and
transfer menus that go when their transfer does."""

from __future__ import annotations

from pathlib import Path

from bot.ui.words import shape_words
from games.core.geometry import Shape
from tests.bot.exts.games.test_dm_games import dm_game, dm_until
from tests.bot.exts.test_matches import club, move, posted, replied, resign, started, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Interaction, Json
from tests.waiting import eventually

FOOLS_MATE = ("f3", "e5", "g4", "Qh4#")  # Black wins board 1 with a pawn on the elevator e5


async def on_board(
    discord: FakeDiscord, user: int, command: str, board: int, **options: str
) -> str:
    """Run /move or /draw in a user's DMs naming a board; return the bot's answer."""
    named = [{"type": 3, "name": key, "value": value} for key, value in options.items()]
    named.append({"type": 4, "name": "board", "value": board})
    return await replied(discord, await discord.invoke(user, discord.dms[user], command, named))


async def draw(discord: FakeDiscord, user: int, action: str) -> str:
    """Run /draw naming no board in a user's DMs; return the bot's answer."""
    options = [{"type": 3, "name": "action", "value": action}]
    return await replied(discord, await discord.invoke(user, discord.dms[user], "draw", options))


async def edited(discord: FakeDiscord, message_id: int, words: str) -> Json:
    """Wait until a message has been edited to say words; return it."""

    def saying() -> Json | None:
        message = discord.message(message_id)
        return message if message is not None and words in message["content"] else None

    return await eventually(
        saying,
        f"message {message_id} to say {words!r}",
        changes=discord.changes,
        seen=lambda: (discord.message(message_id) or {}).get("content"),
    )


def test_a_dm_game_reads_moves_in_any_case_and_draw_answers_find_the_board_offered(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await dm_game(discord, ana, bo, guild)
            assert "Played Nf3 on board 1" in await on_board(discord, ana, "move", 1, move="nf3")
            refused = await on_board(discord, bo, "move", 1, move="e4")
            assert refused.startswith("e4 is not a legal move for Black on board 1")
            refused = await on_board(discord, bo, "move", 1, move="qxd8")
            assert refused.startswith("qxd8 is not a legal move for Black on board 1")
            assert await draw(discord, bo, "accept") == "There is no draw offer for you to accept"
            for board in (1, 2):
                offered = await on_board(discord, ana, "draw", board, action="offer")
                assert offered == f"You offered a draw on board {board}."
            assert await draw(discord, bo, "accept") == (
                "You have draw offers on boards 1, 2 of game 1: add the board option"
            )
            accepted = await on_board(discord, bo, "draw", 1, action="accept")
            assert accepted == "You accepted the draw on board 1."
            assert await draw(discord, bo, "accept") == "You accepted the draw on board 2."
            last = await dm_until(discord, ana, "Final result")
            assert "The match is drawn." in last and "decided" not in last
            assert "Final result: 1/2-1/2, the match is drawn (ana 1, bo 1)." in last

    offline(scenario)


def test_a_spectator_pressing_resign_is_refused_without_being_asked_to_confirm(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        cy = discord.add_user("cy")
        discord.add_member(guild, cy)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            one = discord.channel_named(guild, "board-1")
            await posted(discord, one)
            latest = discord.messages[one][-1]
            refused = await discord.click(cy, int(latest["id"]), "board:1:1:resign")
            assert await replied(discord, refused) == "You are not seated on board 1"
            assert not confirmations(refused)
            named = [{"type": 4, "name": "board", "value": 1}]
            by_command = await discord.invoke(cy, general, "resign", named + game_option())
            assert "You have no game 1 under way" in await replied(discord, by_command)
            assert not confirmations(by_command)  # a board channel takes no commands from cy
            asked = await discord.click(bo, int(latest["id"]), "board:1:1:resign")
            assert await replied(discord, asked) == (
                "Resign board 1? Your opponent may then send a piece onward, and only a "
                "moderator can take it back."
            )
            assert confirmations(asked) == ["board:1:1:confirm-resign"]

    offline(scenario)


def game_option() -> list[Json]:
    return [{"type": 4, "name": "game", "value": 1}]


def confirmations(interaction: Interaction) -> list[str]:
    """Return the buttons of the bot's private reply to an interaction."""
    reply = interaction.original
    if reply is None:
        return []
    return [b["custom_id"] for row in reply.get("components") or [] for b in row["components"]]


def test_pausing_a_paused_match_or_resuming_a_running_one_says_so(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        why = [
            {"type": 4, "name": "match", "value": 1},
            {"type": 3, "name": "reason", "value": "a dispute"},
        ]
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            resumed = await discord.invoke(ana, general, "mod", why, subcommand="resume")
            assert await replied(discord, resumed) == (
                "The match is not paused: it is already under way"
            )
            paused = await discord.invoke(ana, general, "mod", why, subcommand="pause")
            assert "Paused match 1" in await replied(discord, paused)
            again = await discord.invoke(ana, general, "mod", why, subcommand="pause")
            assert await replied(discord, again) == "The match is already paused"

    offline(scenario)


def test_a_transfer_left_with_nowhere_to_go_loses_its_menu_in_a_board_channel(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            for user, text in zip((ana, bo) * 2, FOOLS_MATE, strict=True):
                assert "Played" in await move(discord, user, one, text)
            prompt = await until(discord, one, "you won board 1")  # after the board's replay
            assert prompt.components
            assert await resign(discord, ana, two) == "You resigned board 2."
            message_id = next(
                int(m["id"]) for m in discord.messages[one] if "you won board 1" in m["content"]
            )
            gone = await edited(discord, message_id, "victory transfer has nowhere left to go")
            assert gone["components"] == []

    offline(scenario)


def test_a_transfer_left_with_nowhere_to_go_loses_its_menu_in_a_dm_game(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await dm_game(discord, ana, bo, guild)
            for user, text in zip((ana, bo) * 2, FOOLS_MATE, strict=True):
                assert "Played" in await on_board(discord, user, "move", 1, move=text)
            await dm_until(discord, bo, "Game 1: you won board 1")
            (prompt,) = [
                m for m in discord.messages[discord.dms[bo]] if "you won board 1" in m["content"]
            ]
            assert prompt["components"]
            assert await resign(discord, ana, discord.dms[ana], 2, back="nobody can") == (
                "You resigned board 2."
            )
            gone = await edited(discord, int(prompt["id"]), "victory transfer has nowhere left")
            assert gone["components"] == []

    offline(scenario)


def test_a_boards_edges_are_said_in_words_where_they_are_no_chessboards() -> None:
    assert shape_words(Shape()) == []
    assert shape_words(Shape(wrap_files=True)) == [
        "Files a and h of this board are joined: moves cross that edge."
    ]
    assert shape_words(Shape(files=10, ranks=10, cushion_files=True)) == [
        "Files a and j of this board are cushions: lines bounce off them."
    ]
