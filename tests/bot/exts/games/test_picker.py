"""The move picker through the offline Discord: a piece, then where, without typing a move."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.bot.exts.games.test_dm_games import challenged, dm_game, dm_until
from tests.bot.exts.test_matches import club, move, posted, replied, started
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Interaction, Json
from tests.waiting import eventually


async def latest_image(discord: FakeDiscord, channel: int, custom_id: str) -> int:
    """Return the id of the message in a channel that holds a component, once it does."""

    def found() -> int | None:
        holding = [
            int(m["id"])
            for m in discord.messages.get(channel, [])
            if custom_id in [c["custom_id"] for row in m["components"] for c in row["components"]]
        ]
        return holding[-1] if holding else None

    return await eventually(found, f"a message with {custom_id}", changes=discord.changes)


async def image_menu(
    discord: FakeDiscord, channel: int, game: int, board: int, mark: str = ""
) -> tuple[int, dict[str, Any]]:
    """Return a channel's latest image holding a board's pieces' menu, and that menu.

    mark: how the menu's custom id starts, its board's stamp within, to wait for an image
    of the board as it stands after a move.
    """
    starts = mark or f"pick:{game}:{board}:"

    def found() -> tuple[int, dict[str, Any]] | None:
        held = [
            (int(m["id"]), c)
            for m in discord.messages.get(channel, [])
            for row in m["components"]
            for c in row["components"]
            if c["custom_id"].startswith(starts)
        ]
        return held[-1] if held else None

    return await eventually(found, f"board {board}'s pieces' menu", changes=discord.changes)


async def from_image(
    discord: FakeDiscord,
    user: int,
    channel: int,
    game: int,
    board: int,
    piece: str,
    mark: str = "",
) -> Interaction | Reply:
    """Pick a piece in the menu under a channel's latest image of a board; return the answer.

    mark: as image_menu's.
    """
    image, pieces = await image_menu(discord, channel, game, board, mark)
    return await reply(
        discord, await discord.click(user, image, pieces["custom_id"], values=[piece])
    )


@dataclass(frozen=True)
class Reply:
    """The private message the bot answered an interaction with, as a picker's helper reads it."""

    original: Json | None


async def reply(discord: FakeDiscord, interaction: Interaction) -> Interaction | Reply:
    """Return the interaction, or the private follow-up it was answered with.

    A choice in a menu under a shared image is answered by setting that menu back (an
    update of the image) and then privately, in a follow-up.
    """
    found = await discord.reply_to(interaction)
    return interaction if found is interaction.original else Reply(found)


async def open_picker(
    discord: FakeDiscord,
    user: int,
    channel: int,
    custom_id: str,
    values: list[str] | None = None,
) -> Interaction:
    """Press the picker's button (or choose in its menu) under a channel's latest image."""
    image = await latest_image(discord, channel, custom_id)
    return await discord.click(user, image, custom_id, values=values)


def menu(interaction: Interaction | Reply) -> dict[str, object]:
    """Return the first component of the bot's private message a picker answer shows."""
    message = interaction.original
    assert message is not None and message["components"], interaction.responses
    component: dict[str, object] = message["components"][0]["components"][0]
    return component


async def pick(
    discord: FakeDiscord, user: int, answer: Interaction | Reply, value: str
) -> Interaction:
    """Choose value in the picker's menu shown in answer to an interaction; return the answer."""
    message = answer.original
    assert message is not None
    custom_id = str(menu(answer)["custom_id"])
    return await discord.click(user, int(message["id"]), custom_id, values=[value])


async def picked(
    discord: FakeDiscord, user: int, opened: Interaction | Reply, *values: str
) -> Interaction | Reply:
    """Choose each value in turn in the menus the picker opened shows; return the last answer."""
    answer = opened
    for value in values:
        answer = await pick(discord, user, answer, value)
    return answer


def words(interaction: Interaction | Reply) -> str:
    """Return the words of the bot's private message as the interaction left it."""
    message = interaction.original
    return "" if message is None else str(message["content"])


def test_only_the_player_to_move_may_pick_and_is_told_so_privately(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            board = discord.channel_named(guild, "board-1")
            await posted(discord, board)
            image = await latest_image(discord, board, "board:1:1:pick")
            refused = await discord.click(bo, image, "board:1:1:pick")
            assert "It is White's turn on board 1" in await replied(discord, refused)
            cy = discord.add_user("cy")
            discord.add_member(guild, cy)
            stranger = await discord.click(cy, image, "board:1:1:pick")
            assert "You are not playing in this match" in await replied(discord, stranger)
            opened = await discord.click(ana, image, "board:1:1:pick")
            chosen = await pick(discord, ana, opened, "g1")
            assert words(chosen) == "Board 1: Knight g1 to…"
            other = await discord.click(
                bo, int(chosen.original["id"]), str(menu(chosen)["custom_id"]), values=["f3"]
            )
            assert "It is White's turn on board 1" in await replied(discord, other)

    offline(scenario)


def test_a_pick_on_a_board_that_changed_since_is_refused_and_the_picker_shown_again(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            board = discord.channel_named(guild, "board-1")
            opened = await open_picker(discord, ana, board, "board:1:1:pick")
            chosen = await pick(discord, ana, opened, "e2")
            assert "Played" in await move(discord, ana, board, "d4")  # typed meanwhile
            assert "Played" in await move(discord, bo, board, "d5")
            late = await pick(discord, ana, chosen, "e4")
            assert words(late) == "Board 1 has changed since: Board 1: pick a piece to move."
            again = await picked(discord, ana, late, "e2", "e4")
            assert words(again) == "You played e4 on board 1."

    offline(scenario)


def test_a_ride_is_picked_as_a_ride_to_the_next_board(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            one = discord.channel_named(guild, "board-1")
            for user, text in [(ana, "Nf3"), (bo, "d6"), (ana, "Nd4"), (bo, "e6")]:
                assert "Played" in await move(discord, user, one, text)
            opened = await open_picker(discord, ana, one, "board:1:1:pick")
            chosen = await pick(discord, ana, opened, "d4")
            labels = [o["label"] for o in menu(chosen)["options"]]  # type: ignore[attr-defined]
            assert "ride up to board 2, d4" in labels
            done = await pick(discord, ana, chosen, "up 2")
            assert words(done) == "You played Nd4^2 on board 1."
            two = discord.channel_named(guild, "board-2")
            arrival = (await posted(discord, two, 2))[-1]
            assert "A white knight arrives on d4 from board 1" in arrival.content

    offline(scenario)


def test_an_enders_turn_is_picked_action_by_action_and_ended(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, _ = await dm_game(discord, ana, bo, guild, "enders", "Ender's Chess")
            _, pieces = await image_menu(discord, ana_dm, 1, 1)
            assert [o["label"] for o in pieces["options"]] == [  # FIDE's order, the end last
                "King in hand",
                "Rook in hand",
                "Bishop in hand",
                "Knight in hand",
                "End the turn",
                "Type the move instead…",
            ]
            rook = await from_image(discord, ana, ana_dm, 1, 1, "hand-R")
            dropped = await pick(discord, ana, rook, "f2")
            assert words(dropped) == ("You played R@f2 on board 1. Board 1: pick a piece to move.")
            moved = await picked(discord, ana, dropped, "f2", "f3")
            assert words(moved).startswith("You played Rf2-f3 on board 1. ")
            ended = await pick(discord, ana, moved, "end")
            assert words(ended) == "You ended your turn on board 1."
            await dm_until(discord, bo, "Your move on board 1")

    offline(scenario)


def test_ben_goods_lift_and_push_are_picked_as_an_elevator_and_a_move(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, bo_dm = await dm_game(discord, ana, bo, guild, "good", "Ben Good's Elevator")
            chosen = await from_image(discord, ana, ana_dm, 1, 1, "E2a1")
            assert words(chosen) == "Board 1: Elevator on level 2, a1 to…"
            lifted = await pick(discord, ana, chosen, "U")
            assert words(lifted) == "You played E2a1U on board 1."
            await dm_until(discord, bo, "Your move on board 1")
            _, pieces = await image_menu(discord, bo_dm, 1, 1)
            assert any(o["value"] == "1e7" for o in pieces["options"])

    offline(scenario)


def test_a_board_channels_image_carries_the_pieces_menu_which_answers_privately(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            board = discord.channel_named(guild, "board-1")
            (first,) = await posted(discord, board)
            menu_row = first.components[1]["components"][0]
            assert menu_row["custom_id"].startswith("pick:1:1:")
            assert menu_row["custom_id"].endswith(":public")
            assert "Knight g1" in [o["label"] for o in menu_row["options"]]
            image = await latest_image(discord, board, menu_row["custom_id"])
            refused = await discord.click(bo, image, menu_row["custom_id"], values=["b8"])
            assert "It is White's turn on board 1" in await replied(discord, refused)
            clicked = await discord.click(ana, image, menu_row["custom_id"], values=["g1"])
            chosen = await reply(discord, clicked)
            assert words(chosen) == "Board 1: Knight g1 to…"
            assert chosen.original is not None and chosen.original["flags"] & 64  # privately
            done = await pick(discord, ana, chosen, "f3")
            assert words(done) == "You played Nf3 on board 1."

    offline(scenario)


def test_a_whole_enders_turn_is_typed_in_the_pickers_form(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, _ = await dm_game(discord, ana, bo, guild, "enders", "Ender's Chess")
            form = await from_image(discord, ana, ana_dm, 1, 1, "type")
            wrong = await discord.submit(ana, form, {"turn": "Q@f2"})
            refused = await replied(discord, wrong)
            told = await discord.reply_to(wrong)
            assert "Q@f2" in refused and told is not None and told["flags"] & 64, refused
            form = await from_image(discord, ana, ana_dm, 1, 1, "type")
            done = await discord.submit(ana, form, {"turn": "R@f2 Rf2-f3"})
            said = await replied(discord, done)  # privately, below the image, which stays
            assert said == "You played R@f2 Rf2-f3 on board 1, and your turn ended."
            private = await discord.reply_to(done)
            assert private is not None and private["flags"] & 64
            await dm_until(discord, bo, "Your move on board 1")

    offline(scenario)


def test_a_move_typed_in_the_pickers_form_is_said_in_place_of_the_picker(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            board = discord.channel_named(guild, "board-1")
            opened = await open_picker(discord, ana, board, "board:1:1:pick")
            message = opened.original
            assert message is not None
            typed = message["components"][1]["components"][0]["custom_id"]
            assert typed == "pick-type:1:1"
            form = await discord.click(ana, int(message["id"]), typed)
            done = await discord.submit(ana, form, {"turn": "e7e5"})
            assert "e7e5" in await replied(discord, done)  # Black's pawn: refused
            form = await discord.click(ana, int(message["id"]), typed)
            done = await discord.submit(ana, form, {"turn": "e2e4"})
            # said in place of the picker it was opened from, whose menus go
            assert done.responses[-1]["type"] == 7
            assert done.responses[-1]["data"]["content"] == "You played e4 on board 1."
            assert done.responses[-1]["data"]["components"] == []

    offline(scenario)


def test_a_picker_opened_before_a_restart_plays_its_move_after_it(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            board = discord.channel_named(guild, "board-1")
            opened = await open_picker(discord, ana, board, "board:1:1:pick")
            chosen = await pick(discord, ana, opened, "g1")
        async with running_bot(tmp_path, discord):  # the bot restarted: its menus still answer
            done = await pick(discord, ana, chosen, "f3")
            assert words(done) == "You played Nf3 on board 1."

    offline(scenario)


def test_a_dm_image_with_more_boards_to_move_on_than_rows_lists_the_rest_in_one_menu(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await challenged(discord, ana, bo, guild, "elevator", boards=3)
            await dm_until(discord, ana, "Your move on boards 1, 2 and 3.")
            image = await latest_image(discord, discord.dms[ana], "game-act:1:pick")
            (latest,) = [m for m in discord.messages[discord.dms[ana]] if m["id"] == str(image)]
            menus = [row["components"][0] for row in latest["components"]]
            assert len(menus) == 5  # as many rows as Discord allows
            assert menus[0]["custom_id"].startswith("pick:1:1:")
            assert [m["custom_id"] for m in menus[1:]] == [
                f"game-act:1:{a}" for a in ("pick", "draw", "claim", "resign")
            ]
            assert [o["value"] for o in menus[1]["options"]] == ["1", "2", "3"]
            opened = await discord.click(ana, image, "game-act:1:pick", values=["3"])
            assert words(await reply(discord, opened)) == "Board 3: pick a piece to move."

    offline(scenario)
