"""Casual games in DMs against the offline Discord: challenge, play, finish; closed DMs."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

from tests.bot.exts.test_matches import club, move, replied, resign, started, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord
from tests.waiting import eventually


async def dm_texts(discord: FakeDiscord, user: int, count: int) -> list[str]:
    """Wait until the bot has posted count messages in a user's DMs; return their texts."""

    def texts() -> list[str]:
        channel = discord.dms.get(user)
        return [m["content"] for m in discord.messages[channel]] if channel is not None else []

    return await eventually(
        lambda: texts() if len(texts()) >= count else None,
        f"{count} DMs to {user}",
        changes=discord.changes,
        seen=texts,
    )


async def dm_until(discord: FakeDiscord, user: int, words: str) -> str:
    """Wait for a DM to a user containing words; return its text."""

    def texts() -> list[str]:
        channel = discord.dms.get(user)
        found = discord.messages.get(channel, []) if channel is not None else []
        return [str(message["content"]) for message in found]

    return await eventually(
        lambda: next((text for text in texts() if words in text), None),
        f"a DM to {user} saying {words!r}",
        changes=discord.changes,
        seen=texts,
    )


async def challenged(
    discord: FakeDiscord,
    white: int,
    black: int,
    guild: int,
    game: str,
    *,
    boards: int | None = None,
    channel: int | None = None,
    more: Sequence[dict[str, object]] = (),
) -> None:
    """Have white challenge black to a game and black accept it.

    The challenge is sent from channel (default the server's #general), on boards (default
    the game's), with more options (a variant's) if given.
    """
    options = [
        {"type": 6, "name": "opponent", "value": str(black)},
        {"type": 3, "name": "game", "value": game},
        *more,
    ]
    if boards is not None:
        options.append({"type": 4, "name": "boards", "value": boards})
    where = discord.channel_named(guild, "general") if channel is None else channel
    sent = await discord.invoke(white, where, "challenge", options)
    assert "Challenge sent" in await replied(discord, sent)
    # the one message with buttons to answer (a game's notices may come after it)
    (invitation,) = [
        message
        for message in discord.messages[discord.dms[black]]
        if message["components"]
        and message["components"][0]["components"][0]["custom_id"].startswith("invite:")
    ]
    accept = invitation["components"][0]["components"][0]["custom_id"]
    await discord.click(black, int(invitation["id"]), accept)


async def dm_game(
    discord: FakeDiscord,
    ana: int,
    bo: int,
    guild: int,
    kind: str | None = None,
    title: str = "Elevator Chess on 2 boards",
) -> tuple[int, int]:
    """Have Ana challenge Bo to a game of a kind (None: the default) from #general, accepted.

    Return Ana's and Bo's DM channels once Ana, White, has heard it is her move.
    """
    general = discord.channel_named(guild, "general")
    options = [{"type": 6, "name": "opponent", "value": str(bo)}]
    if kind is not None:
        options.append({"type": 3, "name": "game", "value": kind})
    sent = await discord.invoke(ana, general, "challenge", options)
    assert "Challenge sent" in await replied(discord, sent)
    (invitation,) = discord.messages[discord.dms[bo]]
    assert f"challenges you to {title}" in invitation["content"]
    await discord.click(bo, int(invitation["id"]), "invite:1:accept")
    await dm_until(discord, ana, "Your move on board")  # "board 1." or "boards 1 and 2."
    return discord.dms[ana], discord.dms[bo]


def test_a_dm_game_from_challenge_to_result(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            options = [{"type": 6, "name": "opponent", "value": str(bo)}]
            sent = await discord.invoke(ana, general, "challenge", options)
            assert "Challenge sent" in await replied(discord, sent)
            (invitation,) = discord.messages[discord.dms[bo]]
            assert "challenges you to Elevator Chess on 2 boards" in invitation["content"]
            buttons = [b["custom_id"] for b in invitation["components"][0]["components"]]
            assert buttons == ["invite:1:accept", "invite:1:decline"]
            await discord.click(bo, int(invitation["id"]), "invite:1:accept")
            assert "is out: the game appears here" in (await dm_texts(discord, ana, 1))[0]
            first = await dm_until(discord, ana, "Your move on boards 1 and 2.")
            assert first.startswith("Game 1:")
            assert "Your opponent's move." in (await dm_texts(discord, bo, 2))[1]
            ana_dm, bo_dm = discord.dms[ana], discord.dms[bo]
            assert discord.messages[ana_dm][1]["attachments"][0]["filename"] == "game-1.png"
            unclear = await discord.invoke(
                ana, ana_dm, "move", [{"type": 3, "name": "move", "value": "e4"}]
            )
            assert (
                "e4 can be played on boards 1 and 2 of game 1: add the board option, or write "
                "it as 'e4 on board 1'" in await replied(discord, unclear)
            )
            played = await discord.invoke(
                ana,
                ana_dm,
                "move",
                [
                    {"type": 3, "name": "move", "value": "e4"},
                    {"type": 4, "name": "board", "value": 1},
                ],
            )
            assert "Played e4 on board 1" in await replied(discord, played)
            assert "Your move on board 1" in await dm_until(
                discord, bo, "Board 1: White played e4."
            )
            assert "Played e5 on board 1" in await move(discord, bo, bo_dm, "e5")  # the one board
            choices = await discord.autocomplete(
                ana,
                ana_dm,
                "move",
                [
                    {"type": 3, "name": "move", "value": "", "focused": False},
                    {"type": 4, "name": "board", "value": "", "focused": True},
                ],
            )
            assert [c["value"] for c in choices] == [1, 2]
            await dm_until(discord, ana, "Board 1: Black played e5.")
            await eventually(  # the older images lose their menu once the latest is up
                lambda: len([m for m in discord.messages[ana_dm] if m["components"]]) == 1,
                "one image alone to keep its menu",
                changes=discord.changes,
            )
            (latest,) = [m for m in discord.messages[ana_dm] if m["components"]]
            assert latest["attachments"][0]["filename"] == "game-1.png"
            menus = [row["components"][0] for row in latest["components"]]
            # a menu of pieces for each board she is to move on, then the other actions
            assert [m["custom_id"].split(":")[:3] for m in menus[:2]] == [
                ["pick", "1", "1"],
                ["pick", "1", "2"],
            ]
            assert [m["placeholder"] for m in menus[:2]] == [
                "Board 1: pick a piece to move",
                "Board 2: pick a piece to move",
            ]
            assert [m["custom_id"] for m in menus[2:]] == [
                f"game-act:1:{a}" for a in ("draw", "claim", "resign")
            ]
            shown = await discord.click(
                ana, int(latest["id"]), menus[1]["custom_id"], values=["g1"]
            )
            assert await replied(discord, shown) == "Board 2: Knight g1 to…"
            listed = await discord.invoke(ana, ana_dm, "games")
            said = "Game 1 (Elevator Chess): ana against bo, your move on boards 1 and 2"
            assert said in await replied(discord, listed)
            done = await resign(discord, bo, bo_dm, 1, back="nobody can")
            assert done == "You resigned board 1."
            assert await resign(discord, bo, bo_dm, 2, back="nobody can") == "You resigned board 2."
            last = await dm_until(discord, ana, "Final result")
            assert "Final result: 1-0 (ana 2, bo 0)." in last and "The game is over." in last

    offline(scenario)


def test_a_player_sees_each_move_while_the_other_players_dms_are_slow(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            ana_dm, _ = await dm_game(discord, ana, bo, guild, "chess", "Chess")
            discord.held[ana_dm] = asyncio.Event()  # Ana's DMs answer slowly from now on
            assert "Played e4 on board 1" in await move(discord, ana, ana_dm, "e4")
            # Bo is shown it is his move without waiting for Ana's copy of the same news
            said = await dm_until(discord, bo, "White played e4.")
            assert said.endswith("Your move on board 1."), said
            assert not any("e4" in str(m["content"]) for m in discord.messages[ana_dm])
            discord.held.pop(ana_dm).set()
            said = await dm_until(discord, ana, "White played e4.")
            assert said.endswith("Your opponent's move."), said

    offline(scenario)


def test_a_challenge_to_someone_with_closed_dms_says_so_and_creates_nothing(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        discord.closed_dms.add(bo)
        async with running_bot(tmp_path, discord):
            options = [{"type": 6, "name": "opponent", "value": str(bo)}]
            sent = await discord.invoke(
                ana, discord.channel_named(guild, "general"), "challenge", options
            )
            text = await replied(discord, sent)
            assert (
                f"I cannot send <@{bo}> a direct message" in text and "Nothing was created" in text
            )
            listed = await discord.invoke(ana, discord.channel_named(guild, "general"), "games")
            assert "You have no game under way" in await replied(discord, listed)

    offline(scenario)


def test_a_challenger_whose_dms_are_closed_is_told_and_nothing_is_created(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        discord.closed_dms.add(ana)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            options = [{"type": 6, "name": "opponent", "value": str(bo)}]
            sent = await discord.invoke(ana, general, "challenge", options)
            assert "I cannot send you a direct message" in await replied(discord, sent)
            assert discord.messages.get(discord.dms.get(bo, 0), []) == []  # bo was not asked

    offline(scenario)


def test_when_one_player_closes_their_dms_the_other_sees_each_action_once(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            options = [{"type": 6, "name": "opponent", "value": str(bo)}]
            sent = await discord.invoke(
                ana, discord.channel_named(guild, "general"), "challenge", options
            )
            assert "Challenge sent" in await replied(discord, sent)
            (invitation,) = discord.messages[discord.dms[bo]]
            await discord.click(bo, int(invitation["id"]), "invite:1:accept")
            await dm_until(discord, bo, "Your opponent's move.")
            discord.closed_dms.add(bo)
            played = await discord.invoke(
                ana,
                discord.dms[ana],
                "move",
                [
                    {"type": 3, "name": "move", "value": "e4"},
                    {"type": 4, "name": "board", "value": 1},
                ],
            )
            assert "Played e4 on board 1" in await replied(discord, played)
            await dm_until(discord, ana, "Board 1: White played e4.")
            replied_to = await move(discord, bo, discord.dms[bo], "e5")
            assert "Played e5 on board 1" in replied_to
            # a game's posts come in order: a repeat of e4 would come before e5's
            await dm_until(discord, ana, "Board 1: Black played e5.")
            shown = [
                m for m in discord.messages[discord.dms[ana]] if "White played e4" in m["content"]
            ]
            assert len(shown) == 1

    offline(scenario)


async def offered(discord: FakeDiscord, user: int, typed: str) -> list[tuple[str, str]]:
    """Return what /move's autocomplete offers a user in their DMs for what they typed."""
    focused = [{"type": 3, "name": "move", "value": typed, "focused": True}]
    choices = await discord.autocomplete(user, discord.dm_of(user), "move", focused)
    return [(c["name"], c["value"]) for c in choices]


def test_a_move_offered_and_typed_in_dms_finds_the_one_board_where_it_is_legal(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await challenged(discord, ana, bo, guild, "elevator", boards=2)
            await dm_until(discord, ana, "Your move on boards 1 and 2.")
            dm = discord.dms[ana]
            choices = await offered(discord, ana, "e")
            assert {
                ("board 1: e3", "e3 on board 1"),
                ("board 2: e3", "e3 on board 2"),
                ("board 1: e4", "e4 on board 1"),
                ("board 2: e4", "e4 on board 2"),
            } <= set(choices)
            assert [name[:9] for name, _ in choices[:2]] == ["board 1: ", "board 2: "]
            assert await offered(discord, ana, "e4 on board 2") == [
                ("board 2: e4", "e4 on board 2")
            ]
            assert "Played e4 on board 2" in await move(discord, ana, dm, "e4 on board 2")
            assert "Played e5 on board 2" in await move(discord, bo, discord.dms[bo], "e5")
            assert ("board 2: Bc4", "Bc4 on board 2") in await offered(discord, ana, "B")
            assert await move(discord, ana, dm, "Nd4") == (
                "Nd4 cannot be played on boards 1 and 2 of game 1, where it is your move: add "
                "the board option to hear why"
            )
            assert "Played Bc4 on board 2" in await move(discord, ana, dm, "Bc4")  # only there

    offline(scenario)


def test_with_two_games_a_move_is_played_in_the_one_game_where_it_is_legal(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await challenged(discord, ana, bo, guild, "elevator", boards=1)
            await challenged(discord, ana, bo, guild, "elevator", boards=1)
            for _ in range(2):
                await dm_until(discord, ana, "Your move on board 1.")
            dm, bo_dm = discord.dms[ana], discord.dms[bo]
            assert (await offered(discord, ana, "e4"))[:2] == [
                ("game 2, board 1: e4", "e4 on board 1 of game 2"),
                ("game 1, board 1: e4", "e4 on board 1 of game 1"),
            ]
            unclear = await move(discord, ana, dm, "e4")
            assert unclear == (
                "e4 can be played on board 1 of game 2 and board 1 of game 1: add the game and "
                "board options, or write it as 'e4 on board 1 of game 2'"
            )
            assert "Played e4 on board 1" in await move(discord, ana, dm, "e4 on board 1 of game 1")
            assert "Played d4 on board 1" in await move(discord, ana, dm, "d4")  # game 2's turn
            both = [{"type": 3, "name": "move", "value": "e5"}]
            for game in (1, 2):
                answered = await discord.invoke(
                    bo, bo_dm, "move", [*both, {"type": 4, "name": "game", "value": game}]
                )
                assert "Played e5 on board 1" in await replied(discord, answered)
            assert "Played Bc4 on board 1" in await move(discord, ana, dm, "Bc4")  # game 1's only
            listed = await discord.invoke(ana, dm, "games")
            said = "Game 1 (Elevator Chess): ana against bo, the other side's move"
            assert said in await replied(discord, listed)

    offline(scenario)


def test_a_dm_games_pieces_menu_answers_its_player_to_move_alone(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        cy = discord.add_user("cy")
        discord.add_member(guild, cy)
        async with running_bot(tmp_path, discord):
            await challenged(discord, ana, bo, guild, "chess")
            await dm_until(discord, ana, "Your move on board 1.")
            (latest,) = [m for m in discord.messages[discord.dms[ana]] if m["components"]]
            pieces = latest["components"][0]["components"][0]
            assert pieces["placeholder"] == "Pick a piece to move"  # one board: no number
            image, menu = int(latest["id"]), pieces["custom_id"]
            refused = await discord.click(cy, image, menu, values=["g1"])
            assert await replied(discord, refused) == "You are not playing in this match"
            private = await discord.reply_to(refused)
            assert private is not None and private["flags"] & 64  # privately
            early = await discord.click(bo, image, menu, values=["g1"])
            assert await replied(discord, early) == "It is White's turn on board 1"
            shown = await discord.click(ana, image, menu, values=["g1"])
            assert await replied(discord, shown) == "Board 1: Knight g1 to…"
            private = await discord.reply_to(shown)
            assert private is not None and private["flags"] & 64
            # the menu is set back, as it was: a phone shows its placeholder, not Knight g1
            assert shown.responses[0]["type"] == 7
            assert discord.message(image)["components"][0]["components"][0] == pieces
            again = await discord.click(ana, image, menu, values=["g1"])  # sent again
            assert await replied(discord, again) == "Board 1: Knight g1 to…"

    offline(scenario)


def test_a_move_typed_in_a_matchs_own_channel_means_that_match_not_the_players_dm_games(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        async with running_bot(tmp_path, discord):
            await started(discord, ana, bo, guild, boards=1)  # match 1: ana is White
            await challenged(discord, ana, bo, guild, "chess")  # game 2: ana is White too
            overview = discord.channel_named(guild, "overview")
            assert await move(discord, ana, overview, "e4") == "Played e4 on board 1."
            await until(discord, discord.channel_named(guild, "board-1"), "White played e4.")

    offline(scenario)
