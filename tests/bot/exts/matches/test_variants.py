"""Betza's variants started from /match create and /challenge, through the offline Discord."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.bot.exts.games.test_dm_games import dm_until
from tests.bot.exts.test_matches import club, move, posted, replied, sent_files, until
from tests.bot.test_main import offline, running_bot
from tests.fakediscord.server import FakeDiscord, Interaction


def text(name: str, value: str, *, focused: bool = False) -> dict[str, Any]:
    """Return a string option as Discord sends it (focused: the one being typed)."""
    return {"type": 3, "name": name, "value": value, **({"focused": True} if focused else {})}


async def create(
    discord: FakeDiscord, host: int, channel: int, boards: int, *extra: dict[str, Any]
) -> Interaction:
    options = [
        {"type": 4, "name": "boards", "value": boards},
        text("layout", "line"),
        text("white", "Reds"),
        text("black", "Blues"),
        *extra,
    ]
    return await discord.invoke(host, channel, "match", options, subcommand="create")


async def start(discord: FakeDiscord, lobby: dict[str, Any], white: int, black: int) -> None:
    await discord.click(white, int(lobby["id"]), "lobby:1:join-white")
    await discord.click(black, int(lobby["id"]), "lobby:1:join-black")
    begun = await discord.click(white, int(lobby["id"]), "lobby:1:start")
    assert "has started" in await replied(discord, begun)


async def started(
    discord: FakeDiscord, white: int, black: int, guild: int, boards: int, *extra: dict[str, Any]
) -> None:
    """Create a match of boards in #general with the extra options, join both sides, start it."""
    created = await create(discord, white, discord.channel_named(guild, "general"), boards, *extra)
    lobby = created.original
    assert lobby is not None
    await start(discord, lobby, white, black)


def test_a_displaced_elevators_match_rides_between_its_chosen_squares(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            created = await create(
                discord,
                ana,
                general,
                2,
                text("variant", "displaced"),
                text("elevators", "c3 f3 c6 f6"),
            )
            lobby = created.original
            assert lobby is not None
            assert "Variant: Displaced elevators: c3 f3 c6 f6" in str(lobby["embeds"])
            await start(discord, lobby, ana, bo)
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            await posted(discord, two)
            assert "Played Nc3 on board 1" in await move(discord, ana, one, "Nc3")
            await move(discord, bo, one, "e5")
            assert "Nc3^2" in await move(discord, ana, one, "Nc3^2")
            await until(discord, two, "A white knight arrives on c3 from board 1.")
            overview = discord.channel_named(guild, "overview")
            status = await discord.invoke(bo, overview, "match", subcommand="status")
            assert "Variant: Displaced elevators: c3 f3 c6 f6" in await replied(discord, status)
            listed = await discord.invoke(bo, general, "matches")
            rows = str(listed.responses[-1]["data"]["embeds"])
            assert "Elevator Chess (Displaced elevators: c3 f3 c6 f6), 2 boards" in rows
            exported = await discord.invoke(ana, one, "match", subcommand="export")
            (pgn,) = await sent_files(discord, exported)
            assert b'[Event "Elevator Chess match: Displaced elevators: c3 f3 c6 f6"]' in pgn[1]

    offline(scenario)


def test_an_escher_neighbours_match_puts_escher_floors_beside_fide_ones(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            created = await create(discord, ana, general, 3, text("variant", "escher"))
            lobby = created.original
            assert lobby is not None
            assert "Variant: Escher neighbours (board 2)" in str(lobby["embeds"])
            await start(discord, lobby, ana, bo)
            one, two = (discord.channel_named(guild, f"board-{n}") for n in (1, 2))
            await posted(discord, two)
            await move(discord, ana, one, "e4")
            await move(discord, bo, one, "e5")
            assert "Pe4^2" in await move(discord, ana, one, "Pe4^2")
            await until(discord, two, "A white pawn arrives on e4 from board 1.")
            # a2 is on file a's staircase, so a3 carries the pawn on to a4: an Escher floor
            await move(discord, ana, two, "a3")
            await until(discord, two, "White played a3")

    offline(scenario)


def test_a_challenge_with_a_variant_starts_that_variant_in_dms(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, bo, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            options = [
                {"type": 6, "name": "opponent", "value": str(bo)},
                text("variant", "displaced"),
                text("elevators", "c3 f3 c6 f6; d3 e3 d6 e6"),
            ]
            sent = await discord.invoke(ana, general, "challenge", options)
            assert "Challenge sent" in await replied(discord, sent)
            (invitation,) = discord.messages[discord.dms[bo]]
            assert (
                "Elevator Chess on 2 boards in a line (Displaced elevators chosen per board)"
                in invitation["content"]
            )
            await discord.click(bo, int(invitation["id"]), "invite:1:accept")
            await dm_until(discord, ana, "Your move on boards 1 and 2.")
            ana_dm = discord.dms[ana]
            board = {"type": 4, "name": "board", "value": 1}
            for user, channel, played in ((ana, ana_dm, "Nc3"), (bo, discord.dms[bo], "e5")):
                moved = await discord.invoke(user, channel, "move", [text("move", played), board])
                assert f"Played {played}" in await replied(discord, moved)
            # c3 on board 1 leads to d3, the first elevator of board 2
            rode = await discord.invoke(ana, ana_dm, "move", [text("move", "Nc3^2"), board])
            assert "Nc3^2" in await replied(discord, rode)
            await dm_until(discord, ana, "A white knight arrives on d3 from board 1.")

    offline(scenario)


def test_autocomplete_offers_the_variants_and_pairs_of_armies(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, _, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            every = await discord.autocomplete(
                ana, general, "match", [_create(text("variant", "", focused=True))]
            )
            assert len(every) == 10
            assert {
                "name": "7x7 Elevator Chess: every board 7x7; its one elevator is the "
                "centre square, d4",
                "value": "7x7",
            } in every
            typed = [text("variant", "alice", focused=True)]
            (alice,) = await discord.autocomplete(ana, general, "challenge", typed)
            assert alice["value"] == "alice" and alice["name"].startswith(
                "Alice's Elevator Chess: "
            )
            pairs = await discord.autocomplete(
                ana, general, "match", [_create(text("armies", "clob", focused=True))]
            )
            assert {
                "name": "Colorbound Clobberers (White) v Nutty Knights (Black)",
                "value": "clobberers/nutty",
            } in pairs
            assert all("clobberers" in pair["value"] for pair in pairs)
            second = await discord.autocomplete(
                ana, general, "match", [_create(text("armies", "fide/nutty, rook", focused=True))]
            )
            assert [pair["value"] for pair in second][:4] == [
                "fide/nutty,rookies/fide",
                "fide/nutty,rookies/clobberers",
                "fide/nutty,rookies/rookies",
                "fide/nutty,rookies/nutty",
            ]
            assert second[0]["name"] == (
                "fide/nutty,rookies/fide: board 2, Remarkable Rookies (White) v Fabulous FIDEs "
                "(Black)"
            )

    offline(scenario)


def test_the_variants_and_armies_offered_are_those_of_the_game_chosen(tmp_path: Path) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, _, guild = club(discord)
        general = discord.channel_named(guild, "general")
        async with running_bot(tmp_path, discord):
            typed = [text("game", "escher"), text("variant", "", focused=True)]
            assert await discord.autocomplete(ana, general, "challenge", typed) == []
            typed = [text("game", "elevator"), text("variant", "ali", focused=True)]
            (alice,) = await discord.autocomplete(ana, general, "challenge", typed)
            assert alice["value"] == "alice"
            typed = [text("game", "escher"), text("armies", "clob", focused=True)]
            assert await discord.autocomplete(ana, general, "challenge", typed) == []

    offline(scenario)


def _create(typed: dict[str, Any]) -> dict[str, Any]:
    """Wrap an option typed into /match create as Discord nests a subcommand's options."""
    return {"type": 1, "name": "create", "options": [typed]}


def test_a_variant_that_cannot_be_started_is_refused_clearly_and_opens_no_lobby(
    tmp_path: Path,
) -> None:
    async def scenario(discord: FakeDiscord) -> None:
        ana, _, guild = club(discord)
        general = discord.channel_named(guild, "general")
        refusals = [
            (
                (text("variant", "armies"), text("armies", "fide/zebra")),
                "There is no army called 'zebra': the armies are fide, clobberers, rookies, nutty",
            ),
            ((text("variant", "armies"),), "Different Armies needs armies: (as armies:"),
            (
                (text("variant", "7x7"), text("floors", "7x7,fide")),
                "7x7 Elevator Chess plays every board on a 7x7 floor: leave floors: out",
            ),
            (
                (text("variant", "displaced"), text("elevators", "c3 f3 c6; d4 e4 d5 e5")),
                "has 3 elevator squares and board 2 4",
            ),
            (
                (text("variant", "displaced"), text("elevators", "c3 f3;")),
                "separate boards with semicolons",
            ),
            ((text("variant", "bughouse"),), "There is no variant called 'bughouse'"),
            ((text("variant", "alice"),), "Alice's Elevator Chess is played on two boards"),
        ]
        async with running_bot(tmp_path, discord):
            for extra, words in refusals:
                refused = await create(
                    discord, ana, general, 3 if "alice" in str(extra) else 2, *extra
                )
                assert words in await replied(discord, refused)
            listed = await discord.invoke(ana, general, "matches")
            assert "No matches here yet" in str(listed.responses[-1]["data"]["embeds"])
            # Alice's mode reaches the rules on two boards
            created = await create(discord, ana, general, 2, text("variant", "alice"))
            assert created.original is not None
            assert "Variant: Alice's Elevator Chess" in str(created.original["embeds"])

    offline(scenario)
