"""/match against the offline Discord: the lobby, its buttons, and starting in new channels."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import CommandRefused, FakeDiscord, Interaction, Sent
from tests.waiting import eventually

SEND_MESSAGES = 1 << 11
VIEW_CHANNEL = 1 << 10


async def replied(discord: FakeDiscord, interaction: Interaction) -> str:
    """Wait for the bot's words in answer to an interaction and return them."""

    def words() -> str | None:
        texts = [sent.content for sent in discord.replies(interaction)]
        return " ".join(texts) if any(texts) else None

    return await eventually(
        words,
        "words in reply to the interaction",
        changes=discord.changes,
        seen=lambda: interaction.responses,
    )


def club(discord: FakeDiscord) -> tuple[int, int, int]:
    """Make Ana, who owns the Chess Club server, and Bo, a member; return their ids and it."""
    ana, bo = discord.add_user("ana"), discord.add_user("bo")
    guild = discord.add_guild("Chess Club", owner=ana)
    discord.add_member(guild, bo)
    return ana, bo, guild


def create(
    discord: FakeDiscord, host: int, channel: int, boards: int = 2
) -> asyncio.Future[Interaction]:
    options = [
        {"type": 4, "name": "boards", "value": boards},
        {"type": 3, "name": "layout", "value": "line"},
        {"type": 3, "name": "white", "value": "Reds"},
        {"type": 3, "name": "black", "value": "Blues"},
    ]
    return asyncio.ensure_future(
        discord.invoke(host, channel, "match", options, subcommand="create")
    )


def test_a_lobby_fills_through_its_buttons_and_starts_in_channels_of_its_own(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            created = await create(discord, ana, general)
            lobby = created.original
            assert lobby is not None and lobby["embeds"][0]["title"].startswith(
                "Elevator Chess match 1"
            )
            buttons = [b["custom_id"] for row in lobby["components"] for b in row["components"]]
            assert buttons == [
                f"lobby:1:{a}" for a in ("join-white", "join-black", "leave", "start", "cancel")
            ]
            await discord.click(ana, int(lobby["id"]), "lobby:1:join-white")
            refused = await discord.click(bo, int(lobby["id"]), "lobby:1:start")
            assert "only the host" in (await replied(discord, refused)).lower()
            await discord.click(bo, int(lobby["id"]), "lobby:1:join-black")
            fields = discord.message(int(lobby["id"]))["embeds"][0]["fields"]  # type: ignore[index]
            assert [f["value"] for f in fields] == [f"<@{ana}> (captain)", f"<@{bo}> (captain)"]
            started = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            assert "has started" in await replied(discord, started)
            names = sorted(
                c["name"] for c in discord.channels.values() if c["guild_id"] == str(guild)
            )
            assert names == sorted(
                [
                    "general",
                    "Elevator match 1",
                    "overview",
                    "board-1",
                    "board-2",
                    "team-reds",
                    "team-blues",
                ]
            )
            board = discord.channel_named(guild, "board-1")
            allow, deny = discord.overwrite(board, guild) or (0, 0)  # @everyone: read, not write
            assert allow & VIEW_CHANNEL and deny & SEND_MESSAGES
            assert (discord.overwrite(board, ana) or (0, 0))[0] & SEND_MESSAGES
            reds = discord.channel_named(guild, "team-reds")
            assert (discord.overwrite(reds, guild) or (0, 0))[1] & VIEW_CHANNEL
            assert (discord.overwrite(reds, ana) or (0, 0))[0] & VIEW_CHANNEL
            assert discord.overwrite(reds, bo) is None
            await eventually(  # the lobby loses its buttons just after the start is told
                lambda: discord.message(int(lobby["id"]))["components"] == [],  # type: ignore[index]
                "the lobby to lose its buttons",
                changes=discord.changes,
            )

    offline(scenario)


def test_a_start_without_the_permissions_it_needs_says_which_and_creates_nothing(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        discord.bot_permissions[guild] = VIEW_CHANNEL | SEND_MESSAGES
        async with running_bot(tmp_path, discord):
            lobby = (await create(discord, ana, general)).original
            assert lobby is not None
            await discord.click(ana, int(lobby["id"]), "lobby:1:join-white")
            await discord.click(bo, int(lobby["id"]), "lobby:1:join-black")
            refused = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            text = await replied(discord, refused)
            assert (
                "Manage Channels" in text
                and "Attach Files" in text
                and "Nothing was created" in text
            )
            assert len(discord.channels) == 1

    offline(scenario)


def test_channels_made_before_a_failure_are_removed_and_the_host_told(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            lobby = (await create(discord, ana, general)).original
            assert lobby is not None
            await discord.click(ana, int(lobby["id"]), "lobby:1:join-white")
            await discord.click(bo, int(lobby["id"]), "lobby:1:join-black")
            discord.refuse_channels_after = 3
            failed = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            assert "refused to create" in await replied(discord, failed)
            assert [c["name"] for c in discord.channels.values()] == ["general"]
            discord.refuse_channels_after = None
            again = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            assert "has started" in await replied(discord, again)

    offline(scenario)


async def posted(discord: FakeDiscord, channel: int, count: int = 1) -> list[Sent]:
    """Wait until the bot has posted count messages in a channel (outside interactions)."""

    def found() -> list[Sent]:
        return [s for s in discord.sent if s.channel_id == channel and s.interaction_id is None]

    def enough() -> list[Sent] | None:
        posts = found()
        return posts if len(posts) >= count else None

    return await eventually(
        enough,
        f"{count} posts of the bot's in channel {channel}",
        changes=discord.changes,
        seen=lambda: [s.content for s in found()],
    )


async def filled(
    discord: FakeDiscord, host: int, other: int, guild: int, boards: int = 2, *, number: int = 1
) -> int:
    """Open match number's lobby in #general with host (White) and other (Black); return it."""
    lobby = (await create(discord, host, discord.channel_named(guild, "general"), boards)).original
    assert lobby is not None
    await discord.click(host, int(lobby["id"]), f"lobby:{number}:join-white")
    await discord.click(other, int(lobby["id"]), f"lobby:{number}:join-black")
    return int(lobby["id"])


async def started(
    discord: FakeDiscord, host: int, other: int, guild: int, boards: int = 2, *, number: int = 1
) -> None:
    """Open match number's lobby, fill it with host (White) and other (Black), and start it."""
    lobby = await filled(discord, host, other, guild, boards, number=number)
    begun = await discord.click(host, lobby, f"lobby:{number}:start")
    assert "has started" in await replied(discord, begun)


def test_a_move_in_a_board_channel_posts_the_new_board_and_autocomplete_offers_moves(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            board = discord.channel_named(guild, "board-1")
            (first,) = await posted(discord, board)
            assert first.files[0][1].startswith(b"\x89PNG")
            assert f"Board 1: <@{ana}> (White) against <@{bo}> (Black)." in first.content
            assert "Elevators lead to board 2 up." in first.content
            typed = [{"type": 3, "name": "move", "value": "N", "focused": True}]
            choices = await discord.autocomplete(ana, board, "move", typed)
            assert sorted(c["value"] for c in choices) == ["Na3", "Nc3", "Nf3", "Nh3"]
            assert await discord.autocomplete(bo, board, "move", typed) == []  # not bo's turn
            cy = discord.add_user("cy")  # a spectator
            discord.add_member(guild, cy)
            with pytest.raises(CommandRefused):  # a spectator cannot type in a board channel
                await discord.invoke(
                    cy, board, "move", [{"type": 3, "name": "move", "value": "e4"}]
                )
            moved = await discord.invoke(
                ana, board, "move", [{"type": 3, "name": "move", "value": "e4"}]
            )
            assert "Played e4 on board 1" in await replied(discord, moved)
            second = (await posted(discord, board, 2))[1]
            assert (
                "White played e4" in second.content and f"Black to move: <@{bo}>" in second.content
            )
            wrong = await discord.invoke(
                ana, board, "move", [{"type": 3, "name": "move", "value": "e5"}]
            )
            assert "Black's turn on board 1" in await replied(discord, wrong)
            overview = discord.channel_named(guild, "overview")
            assert "has started on 2 boards" in (await posted(discord, overview))[0].content

    offline(scenario)


async def resign(
    discord: FakeDiscord,
    user: int,
    channel: int,
    board: int | None = None,
    *,
    back: str = "only a moderator can",
) -> str:
    """Resign a board by /resign (board: if given) and its confirmation; return the answer.

    back: who the question says can take the resignation back.
    """
    named = [] if board is None else [{"type": 4, "name": "board", "value": board}]
    asked = await discord.invoke(user, channel, "resign", named)
    assert f"{back} take it back" in await replied(discord, asked)
    done = await discord.press(user, asked)
    return str(done.responses[-1]["data"].get("content"))


async def move(discord: FakeDiscord, user: int, channel: int, text: str) -> str:
    """Play a move by /move in a channel; return the bot's private answer."""
    moved = await discord.invoke(
        user, channel, "move", [{"type": 3, "name": "move", "value": text}]
    )
    return await replied(discord, moved)


def test_a_move_without_a_board_is_tried_on_a_few_boards_and_not_on_eleven(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild, boards=11)
            overview = discord.channel_named(guild, "overview")
            assert await move(discord, ana, overview, "e4") == (
                "It is your move on 11 boards: add the board option"
            )
            assert "Played e4 on board 3" in await move(discord, ana, overview, "e4 on board 3")

    offline(scenario)


def test_cancel_after_the_start_points_to_a_moderators_abort(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            for name in ("overview", "general", "board-1"):
                channel = discord.channel_named(guild, name)
                asked = await discord.invoke(ana, channel, "match", subcommand="cancel")
                assert await replied(discord, asked) == (
                    "Match 1 has started, so it can no longer be cancelled: a moderator can "
                    "end it without a result with /mod abort"
                ), name

    offline(scenario)


def test_a_match_under_way_is_no_longer_starting_while_its_lobby_waits_to_be_retired(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            lobby = await filled(discord, ana, bo, guild)
            discord.held[general] = asyncio.Event()  # the lobby's edit waits (a rate limit, say)
            begun = await discord.click(ana, lobby, "lobby:1:start")
            assert "has started" in await replied(discord, begun)
            overview = discord.channel_named(guild, "overview")
            asked = await discord.invoke(ana, overview, "match", subcommand="cancel")
            assert "a moderator can end it without a result with /mod abort" in (
                await replied(discord, asked)
            )
            discord.held[general].set()

    offline(scenario)


def test_a_won_board_offers_its_winner_a_menu_and_the_piece_arrives_next_door(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild, boards=3)
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            for user, text in [(ana, "f3"), (bo, "e5"), (ana, "g4"), (bo, "Qh4#")]:
                assert "Played" in await move(discord, user, one, text)
            prompt = await until(discord, one, "you won board 1")  # after the board's replay
            menu = prompt.components[0]["components"][0]
            assert [(o["label"], o["value"]) for o in menu["options"]] == [
                ("Pawn e5, ride up to board 2, e5", "Pe5^2")  # in words, played by its notation
            ]
            message_id = next(
                int(m["id"]) for m in discord.messages[one] if "you won board 1" in m["content"]
            )
            refused = await discord.click(ana, message_id, menu["custom_id"], values=["Pe5^2"])
            assert "Only Black's player on board 1" in await replied(discord, refused)
            await discord.click(bo, message_id, menu["custom_id"], values=["Pe5^2"])
            arrival = (await posted(discord, two, 2))[-1]
            assert "A black pawn arrives on e5 from board 1" in arrival.content
            assert f"<@{ana}>" in arrival.content and arrival.files
            assert await resign(discord, ana, two) == "You resigned board 2."
            three = discord.channel_named(guild, "board-3")
            accept = [{"type": 3, "name": "action", "value": "accept"}]
            offered = await discord.invoke(ana, three, "draw", accept)
            assert "There is no draw offer from your opponent" in await replied(discord, offered)
            await discord.invoke(
                ana, three, "draw", [{"type": 3, "name": "action", "value": "offer"}]
            )
            told = await until(discord, three, "offers a draw on board 3")
            assert told.content.startswith(f"<@{bo}>, White offers a draw")
            agreed = await discord.invoke(bo, three, "draw", accept)
            assert "You accepted the draw on board 3" in await replied(discord, agreed)

    offline(scenario)


def test_only_the_latest_board_image_has_buttons_and_resigning_asks_first(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            one = discord.channel_named(guild, "board-1")
            await posted(discord, one)
            await move(discord, ana, one, "e4")
            await posted(discord, one, 2)
            await eventually(  # the first image loses its buttons once the second is up
                lambda: not discord.messages[one][0]["components"],
                "the first image to lose its buttons",
                changes=discord.changes,
            )
            first, latest = discord.messages[one][0], discord.messages[one][-1]
            assert first["components"] == []
            ids = [b["custom_id"] for b in latest["components"][0]["components"]]
            assert ids == [
                "board:1:1:pick",
                "board:1:1:resign",
                "board:1:1:draw",
                "board:1:1:moves",
            ]
            listed = await discord.click(bo, int(latest["id"]), "board:1:1:moves")
            assert "Nf6" in await replied(discord, listed)
            asked = await discord.click(bo, int(latest["id"]), "board:1:1:resign")
            assert "only a moderator can take it back" in await replied(discord, asked)
            assert asked.original is not None
            button = asked.original["components"][0]["components"][0]["custom_id"]
            assert button == "board:1:1:confirm-resign"
            done = await discord.press(bo, asked)
            assert done.responses[-1]["data"]["content"] == "You resigned board 1."

    offline(scenario)


def test_status_export_read_only_boards_at_the_end_and_archiving(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            await move(discord, ana, one, "e4")
            exported = await discord.invoke(ana, one, "match", subcommand="export")
            (pgn,) = await sent_files(discord, exported)
            assert pgn[0] == "match-1-board-1.pgn" and b"1. e4" in pgn[1]
            overview = discord.channel_named(guild, "overview")
            shown = await discord.invoke(bo, overview, "match", subcommand="status")
            (image,) = await sent_files(discord, shown)
            assert image[1].startswith(b"\x89PNG")
            assert "Match 1 (active, no clock): Reds 0, Blues 0" in await replied(discord, shown)
            early = await discord.invoke(ana, overview, "match", subcommand="archive")
            assert "can be archived once it is over" in await replied(discord, early)
            for channel in (one, two):
                await resign(discord, bo, channel)
            await eventually(  # the result reaches the overview, then boards close
                lambda: (discord.overwrite(two, ana) or (0, 0))[1] & SEND_MESSAGES,
                "board 2 to close to Ana",
                changes=discord.changes,
            )
            assert (discord.overwrite(one, bo) or (0, 0))[1] & SEND_MESSAGES
            lines = [s.content for s in await posted(discord, overview, 1)]
            assert sum("Final result" in line for line in lines) == 1
            refused = await discord.invoke(bo, overview, "match", subcommand="archive")
            assert "only the host or a moderator" in (await replied(discord, refused)).lower()
            await discord.invoke(ana, overview, "match", subcommand="archive")
            await eventually(
                lambda: len(discord.channels) == 1,
                "the match's channels to be deleted",
                changes=discord.changes,
                seen=lambda: [c["name"] for c in discord.channels.values()],
            )
            assert [c["name"] for c in discord.channels.values()] == ["general"]

    offline(scenario)


async def sent_files(discord: FakeDiscord, interaction: Interaction) -> list[tuple[str, bytes]]:
    """Wait for the files the bot sent in answer to an interaction."""
    return await eventually(
        lambda: [f for sent in discord.replies(interaction) for f in sent.files],
        "a file in answer to the interaction",
        changes=discord.changes,
        seen=lambda: [sent.content for sent in discord.replies(interaction)],
    )


def test_after_a_restart_buttons_work_and_nothing_is_lost_or_posted_twice(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            one = discord.channel_named(guild, "board-1")
            await move(discord, ana, one, "e4")
            await posted(discord, one, 2)
        async with running_bot(tmp_path, discord):
            latest = discord.messages[one][-1]
            listed = await discord.click(bo, int(latest["id"]), "board:1:1:moves")
            assert "Nf6" in await replied(discord, listed)
            await move(discord, bo, one, "e5")
            await move(discord, ana, one, "Nf3")
            # a place's posts come in order: a duplicate of e4 or e5 would come before Nf3's
            await until(discord, one, "White played Nf3")
            images = [s for s in discord.sent if s.channel_id == one and s.interaction_id is None]
            assert [("played" in s.content) for s in images] == [False, True, True, True], [
                s.content for s in images
            ]
            assert "White played e4" in images[1].content
            assert "Black played e5" in images[2].content

    offline(scenario)


def test_a_board_channel_the_bot_may_no_longer_post_in_is_reported_and_play_goes_on(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            overview = discord.channel_named(guild, "overview")
            await posted(discord, two)
            discord.muted.add(two)  # a server admin took Send Messages from the bot there
            assert "Played d4 on board 2" in await move(discord, ana, two, "d4")
            lost = await until(discord, overview, "can no longer post")
            assert f"<#{two}>" in lost.content
            assert (
                "White played e4"
                in (
                    await move(discord, ana, one, "e4"),
                    await until(discord, one, "White played e4"),
                )[1].content
            )

    offline(scenario)


def test_a_deleted_board_channel_is_reported_once_and_the_match_goes_on(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            overview = discord.channel_named(guild, "overview")
            await posted(discord, two)
            await discord.delete_channel(two)
            moved = await discord.invoke(
                ana,
                one,
                "move",
                [
                    {"type": 3, "name": "move", "value": "d4"},
                    {"type": 4, "name": "board", "value": 2},
                ],
            )
            assert "Played d4 on board 2" in await replied(discord, moved)
            lost = await eventually(
                lambda: [
                    s
                    for s in discord.sent
                    if s.channel_id == overview and "no longer post" in s.content
                ],
                "the overview to say a board is lost",
                changes=discord.changes,
            )
            assert len(lost) == 1 and f"<#{two}>" in lost[0].content
            await move(discord, ana, one, "e4")  # the other boards carry on
            assert "White played e4" in (await posted(discord, one, 2))[-1].content

    offline(scenario)


def test_a_three_board_match_from_create_to_result_through_the_offline_discord(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild, boards=3)
            one, two, three = (discord.channel_named(guild, f"board-{n}") for n in (1, 2, 3))
            overview = discord.channel_named(guild, "overview")
            script = [
                (three, ana, "a3"),
                (three, bo, "e6"),
                (three, ana, "a4"),
                (three, bo, "Ke7"),
                (one, ana, "a3"),
                (one, bo, "f6"),
                (one, ana, "a4"),
                (one, bo, "Kf7"),
                (one, ana, "a5"),
                (two, ana, "Nf3"),
                (two, bo, "a6"),
                (two, ana, "Ne5"),
                (two, bo, "a5"),
                (two, ana, "Ne5v1"),  # down to board 1: check there
                (two, bo, "b6"),
                (two, ana, "Nc3"),
                (two, bo, "b5"),
                (two, ana, "Nd5"),
                (two, bo, "b4"),
                (two, ana, "Nd5^3"),  # up to board 3: the king can be taken
                (three, ana, "Nxe7"),
                (one, bo, "fxe5"),
            ]
            for channel, user, text in script:
                assert "Played" in await move(discord, user, channel, text), text
            checked = await until(discord, one, "arrives on e5 from board 2")
            assert "check" in checked.content and f"<@{bo}>" in checked.content
            capture = await until(discord, three, "arrives on d5 from board 2")
            assert "the black king can be captured" in capture.content
            ended = await until(discord, overview, "Board 3 ends 1-0")
            assert "Score: Reds 1, Blues 0." in ended.content
            await resign(discord, ana, one)
            prompt = await until(discord, one, "you won board 1")
            menu = prompt.components[0]["components"][0]
            message = next(m for m in discord.messages[one] if "you won board 1" in m["content"])
            await discord.click(bo, int(message["id"]), menu["custom_id"], values=["Pe5^2"])
            await until(discord, two, "A black pawn arrives on e5 from board 1")
            await resign(discord, bo, two)
            result = await until(discord, overview, "Final result")
            assert result.content == "Final result: 1-0 (Reds 2, Blues 1)."

    offline(scenario)


async def until(discord: FakeDiscord, channel: int, words: str) -> Sent:
    """Wait for the bot to post a message containing words in a channel; return it."""
    return await eventually(
        lambda: next(
            (s for s in discord.sent if s.channel_id == channel and words in s.content), None
        ),
        f"{words!r} in channel {channel}",
        changes=discord.changes,
        seen=lambda: [s.content for s in discord.sent if s.channel_id == channel],
    )


def test_the_host_seats_a_player_at_a_board_before_the_start(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, cy = (discord.add_user(name) for name in ("ana", "bo", "cy"))
        guild = discord.add_guild("Chess Club", owner=ana)
        for user in (bo, cy):
            discord.add_member(guild, user)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            lobby = (await create(discord, ana, general)).original
            assert lobby is not None
            for user, action in ((ana, "join-white"), (cy, "join-white"), (bo, "join-black")):
                await discord.click(user, int(lobby["id"]), f"lobby:1:{action}")
            options = [
                {"type": 4, "name": "board", "value": 1},
                {"type": 3, "name": "team", "value": "white"},
                {"type": 6, "name": "player", "value": str(cy)},
            ]
            refused = await discord.invoke(bo, general, "match", options, subcommand="seat")
            assert "Only the host or the White captain can seat White" in await replied(
                discord, refused
            )
            seated = await discord.invoke(ana, general, "match", options, subcommand="seat")
            assert f"<@{cy}> will play White on board 1" in await replied(discord, seated)
            begun = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            assert "has started" in await replied(discord, begun)
            one = discord.channel_named(guild, "board-1")
            assert f"White to move: <@{cy}>" in (await posted(discord, one))[0].content

    offline(scenario)


def test_a_team_is_joined_and_seated_by_the_name_the_lobby_shows(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, cy = (discord.add_user(name) for name in ("ana", "bo", "cy"))
        guild = discord.add_guild("Chess Club", owner=ana)
        for user in (bo, cy):
            discord.add_member(guild, user)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            lobby = (await create(discord, ana, general)).original  # Reds against Blues
            assert lobby is not None
            for user, typed in ((bo, "Blues"), (cy, "BLUES"), (ana, "reds")):
                named = [{"type": 3, "name": "team", "value": typed}]
                joined = await discord.invoke(user, general, "match", named, subcommand="join")
                said = await replied(discord, joined)
                assert said.startswith("You joined " + typed.capitalize()), said
            named = [{"type": 3, "name": "team", "value": "Greens"}]
            refused = await discord.invoke(cy, general, "match", named, subcommand="join")
            assert (
                "There is no team 'Greens' in this match: the teams are Reds (White) and "
                "Blues (Black)" in await replied(discord, refused)
            )
            typed = [
                {"type": 4, "name": "board", "value": 2},
                {"type": 3, "name": "team", "value": "bl", "focused": True},
            ]
            offered = await discord.autocomplete(
                ana, general, "match", [{"type": 1, "name": "seat", "options": typed}]
            )
            assert offered == [{"name": "Blues (Black)", "value": "black"}]
            options = [
                {"type": 4, "name": "board", "value": 2},
                {"type": 3, "name": "team", "value": "Blues"},
                {"type": 6, "name": "player", "value": str(cy)},
            ]
            seated = await discord.invoke(ana, general, "match", options, subcommand="seat")
            assert f"<@{cy}> will play Black on board 2" in await replied(discord, seated)
            begun = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            assert "has started" in await replied(discord, begun)
            two = discord.channel_named(guild, "board-2")
            assert f"against <@{cy}> (Black)" in (await posted(discord, two))[0].content

    offline(scenario)


def test_while_a_match_is_being_started_a_second_start_or_a_join_is_refused(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, cy = (discord.add_user(name) for name in ("ana", "bo", "cy"))
        guild = discord.add_guild("Chess Club", owner=ana)
        for user in (bo, cy):
            discord.add_member(guild, user)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            lobby = (await create(discord, ana, general)).original
            assert lobby is not None
            await discord.click(ana, int(lobby["id"]), "lobby:1:join-white")
            await discord.click(bo, int(lobby["id"]), "lobby:1:join-black")
            discord.channel_delay = 0.3
            first = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            again = await discord.click(ana, int(lobby["id"]), "lobby:1:start")
            late = await discord.click(cy, int(lobby["id"]), "lobby:1:join-white")
            assert "being started" in await replied(discord, again)
            assert "being started" in await replied(discord, late)
            assert "has started" in await replied(discord, first)
            made = [c["name"] for c in discord.channels.values() if c["name"] == "overview"]
            assert made == ["overview"]
            one = discord.channel_named(guild, "board-1")
            assert "Played e4" in await move(discord, ana, one, "e4")

    offline(scenario)


def test_a_lost_overview_is_reported_to_the_host_in_a_direct_message(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            overview = discord.channel_named(guild, "overview")
            await posted(discord, overview)
            await discord.delete_channel(overview)
            await resign(discord, bo, discord.channel_named(guild, "board-2"))
            await eventually(
                lambda: ana in discord.dms and discord.messages[discord.dms[ana]],
                "a direct message to the host",
                changes=discord.changes,
            )
            (told,) = discord.messages[discord.dms[ana]]
            assert f"<#{overview}>" in told["content"] and "The game goes on" in told["content"]

    offline(scenario)


def test_a_board_the_match_does_not_have_is_refused_plainly(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            overview = discord.channel_named(guild, "overview")
            shown = await discord.invoke(
                ana,
                overview,
                "board",
                [{"type": 4, "name": "board", "value": 9}],
                subcommand="show",
            )
            assert "There is no board 9: this match has boards 1 to 2" in await replied(
                discord, shown
            )

    offline(scenario)


def test_a_captain_resigns_the_match_only_after_confirming_and_the_overview_hears(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        cy = discord.add_user("cy")
        discord.add_member(guild, cy)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild)
            overview = discord.channel_named(guild, "overview")
            outsider = await discord.invoke(cy, overview, "match", subcommand="resign")
            assert "Only a team's captain can resign the match" in await replied(discord, outsider)
            asked = await discord.invoke(bo, overview, "match", subcommand="resign")
            assert "only a moderator can take it back" in await replied(discord, asked)
            await discord.press(bo, asked)
            await until(discord, overview, f"<@{bo}> resigned the match for their team.")
            assert "(Reds 2, Blues 0)" in (await until(discord, overview, "Final result")).content

    offline(scenario)


def test_a_team_name_of_a_zero_width_space_is_refused_readably_and_creates_nothing(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, _, guild = club(discord)
        general = discord.channel_named(guild, "general")
        options = [
            {"type": 4, "name": "boards", "value": 2},
            {"type": 3, "name": "layout", "value": "line"},
            {"type": 3, "name": "white", "value": "\u200b"},
            {"type": 3, "name": "black", "value": "Blues"},
        ]
        async with running_bot(tmp_path, discord):
            refused = await discord.invoke(ana, general, "match", options, subcommand="create")
            assert await replied(discord, refused) == (
                "A team name needs at least one visible character"
            )
            assert all(sent.ephemeral for sent in discord.replies(refused))
            assert discord.messages[general] == []
        with sqlite3.connect(tmp_path / "elevator.db") as stored:
            assert stored.execute("SELECT COUNT(*) FROM matches").fetchone() == (0,)

    offline(scenario)
