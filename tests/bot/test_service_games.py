"""The service hosts any game of the registry: one-board games beside Elevator Chess."""

from __future__ import annotations

import json

import pytest

import games
from bot.errors import RulesError
from bot.service import MatchService, Moderator
from bot.storage import Storage
from games.elevator import Match
from games.elevator.floors import FLOORS
from games.escher.game import EscherGame
from tests.bot.scenarios import run

SAMPLE = ["e4", "e5", "Bc4", "c5", "Ba5+", "b6", "Bxc3", "Bxa4", "Ba6", "Nf6", "Nc3", "B4c6"]
AFTER_SIX = "brn1kq1r/p2p1ppp/1pb2n2/4p3/P3P3/R1N5/1PPP2PP/B1QK1NRB"


def test_an_escher_game_is_played_stored_and_loaded_again(database_url: str) -> None:
    async def play(service: MatchService, store: Storage) -> None:
        match_id = await service.create_game("ana", "bo", boards=1, game="escher")
        for index, san in enumerate(SAMPLE):
            await service.play(match_id, "ana" if index % 2 == 0 else "bo", 1, san)
        rows = await store.fetch_all("SELECT kind, teams FROM matches")
        assert [(row["kind"], json.loads(row["teams"])) for row in rows] == [
            ("escher", ["ana", "bo"])
        ]

    run(database_url, play)

    async def reload(service: MatchService, store: Storage) -> None:
        game = await service.game(1)
        assert isinstance(game, EscherGame)
        assert game.fen(1).split()[0] == AFTER_SIX
        shape = await service.shape(1)
        assert (shape.kind, shape.title, shape.teams) == (
            "escher",
            "Escher Staircase",
            {"white": "ana", "black": "bo"},
        )
        record = games.from_json(await service.export(1))
        assert isinstance(record, EscherGame) and record.to_json() == game.to_json()
        assert "Escher Staircase" in await service.export(1, 1)

    run(database_url, reload)


def test_a_one_board_game_refuses_what_only_elevator_chess_has(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        with pytest.raises(RulesError, match="Escher Staircase is played on one board"):
            await service.create_game("ana", "bo", boards=2, game="escher")
        with pytest.raises(RulesError, match="there is no game 'go'"):
            await service.challenge("ana", "bo", boards=1, game="go")
        match_id = await service.create_game("ana", "bo", boards=1, game="chess")
        with pytest.raises(RulesError, match="Chess has no captains"):
            await service.resign_match(match_id, "ana")
        await service.play(match_id, "ana", 1, "e4")
        with pytest.raises(RulesError, match="not a legal move"):
            await service.play(match_id, "bo", 1, "e4")
        assert (await service.game(match_id)).fen(1).split()[1] == "b"

    run(database_url, scenario)


def test_a_challenge_to_escher_starts_an_escher_game_when_accepted(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        invitation = await service.challenge(
            "ana", "bo", boards=1, names=("Ana", "Bo"), game="escher"
        )
        match_id = await service.answer_challenge(invitation, "bo", accept=True)
        assert match_id is not None
        game = await service.game(match_id)
        assert isinstance(game, EscherGame) and not isinstance(game, Match)
        await service.play(match_id, "ana", 1, "e4")
        outcome = await service.resign(match_id, "bo", 1)
        assert (await service.game(match_id)).result() == "1-0"
        assert outcome.events

    run(database_url, scenario)


def test_a_moderator_undoes_a_move_in_an_escher_game(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await service.create_game("ana", "bo", boards=1, game="escher")
        await service.play(match_id, "ana", 1, "e4")
        await service.play(match_id, "bo", 1, "e5")
        await service.play(match_id, "ana", 1, "Bc4")  # carries the c1 bishop round to h1
        await service.undo(match_id, Moderator("mod", True), 1, "misclick")
        game = await service.game(match_id)
        assert game.piece_at(1, "c1") is not None and game.piece_at(1, "h1") is not None
        assert game.fen(1).split()[1] == "w"

    run(database_url, scenario)


def test_a_team_match_may_stack_an_escher_floor(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await service.create(
            "ana",
            boards=3,
            layout="line",
            white_team="Reds",
            black_team="Blues",
            floors=["fide", "escher", "fide"],
        )
        game = await service.game(match_id)
        assert isinstance(game, Match)
        assert [game.rules(b) for b in (1, 2, 3)] == ["fide", "escher", "fide"]
        every = ", ".join(sorted(FLOORS))
        with pytest.raises(RulesError, match=f"the rules a floor may have are {every}$"):
            await service.create(
                "ana", boards=2, layout="line", white_team="A", black_team="B", floors=["x", "y"]
            )

    run(database_url, scenario)


def test_an_escher_game_loads_from_its_snapshot_after_a_choice_for_a_carried_pawn(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def play(service: MatchService, store: Storage) -> None:
        match_id = await service.create(
            "ana",
            boards=1,
            layout="line",
            white_team="Ana",
            black_team="Bo",
            game="escher",
            start_fens=["8/3k4/p7/3n4/8/8/P3K3/8 w - - 5 9"],
        )
        await service.join(match_id, "ana", "white")
        await service.join(match_id, "bo", "black")
        await service.start(match_id, "ana")
        await service.play(match_id, "ana", 1, "a3")  # carries Black's pawn to a1
        await service.play(match_id, "bo", 1, "a1=Q")  # Black's choice keeps Black's turn

    run(database_url, play)

    async def reload(service: MatchService, store: Storage) -> None:
        game = await service.game(1)
        assert game.fen(1) == "8/3k4/8/3n4/P7/8/4K3/q7 b - - 0 9"
        await service.play(1, "bo", 1, "Qc3")

    run(database_url, reload)
    assert "replaying it" not in caplog.text
