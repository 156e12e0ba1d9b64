"""Many tasks at once: actions on one match run one at a time, and never corrupt a board."""

from __future__ import annotations

import asyncio

from bot.errors import RulesError
from bot.service import MatchService
from bot.storage.opening import open_storage

KNIGHT_D5 = "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1"
BARE_KINGS = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


async def started(service: MatchService, boards: int, fens: list[str] | None = None) -> int:
    match_id = await service.create(
        "ana", boards=boards, layout="line", white_team="W", black_team="B", start_fens=fens
    )
    await service.join(match_id, "ana", "white")
    await service.join(match_id, "bo", "black")
    await service.start(match_id, "ana")
    return match_id


def test_two_riders_racing_for_one_square_get_one_success_and_one_refusal(
    database_url: str,
) -> None:
    async def scenario() -> None:
        store = await open_storage(database_url)
        try:
            service = MatchService(store)
            match_id = await started(service, 3, [KNIGHT_D5, BARE_KINGS, KNIGHT_D5])
            results = await asyncio.gather(
                service.play(match_id, "ana", 1, "Nd5^2"),
                service.play(match_id, "ana", 3, "Nd5v2"),
                return_exceptions=True,
            )
            refused = [r for r in results if isinstance(r, BaseException)]
            assert len(refused) == 1 and isinstance(refused[0], RulesError)
            assert "d5" in str(refused[0]) and "board 2" in str(refused[0])
            fresh = MatchService(store)  # what the database says
            roster = await fresh.roster(match_id)
            assert roster.seated(2, "white") == "ana"
            outcome = await fresh.play(match_id, "ana", 2, "Ke2")
            assert outcome.events[0].KIND == "move"
        finally:
            await store.close()

    asyncio.run(scenario())


def test_many_tasks_on_many_matches_leave_every_log_whole(database_url: str) -> None:
    moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]

    async def scenario() -> None:
        store = await open_storage(database_url)
        try:
            service = MatchService(store)
            matches = [await started(service, 3) for _ in range(6)]

            async def play_board(match_id: int, board: int) -> None:
                for index, move in enumerate(moves):
                    user = "ana" if index % 2 == 0 else "bo"
                    await service.play(match_id, user, board, move)

            await asyncio.gather(*(play_board(m, b) for m in matches for b in (1, 2, 3)))
            rows = await store.fetch_all(
                "SELECT match_id, COUNT(*), MAX(seq) FROM events GROUP BY match_id"
            )
            assert [(r[1], r[2]) for r in rows] == [(24, 24)] * 6
            fresh = MatchService(store)
            for match_id in matches:
                outcome = await fresh.play(match_id, "ana", 2, "O-O")
                assert outcome.events[0].to_dict()["san"] == "O-O"
        finally:
            await store.close()

    asyncio.run(scenario())
