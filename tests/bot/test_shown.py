"""What a notice shows is read at its action and stored with it, so a late send shows it."""

from __future__ import annotations

import asyncio
import json

import chess

from bot.service import MatchService
from bot.shown import ShownBoard, ShownGame
from bot.storage.opening import open_storage


def test_queued_board_notices_keep_each_position_and_player_to_move_across_a_restart(
    database_url: str,
) -> None:
    async def main() -> None:
        store = await open_storage(database_url)
        service = MatchService(store, clock=lambda: 1000.0)
        match_id = await service.create_game("ana", "bo", boards=2, time_control="10+5")
        reference = chess.Board()
        expected = []
        for user, san in (("ana", "e4"), ("bo", "e5"), ("ana", "Nf3")):
            await service.play(match_id, user, 1, san)
            reference.push_san(san)
            expected.append(reference.board_fen())
        await store.close()

        store = await open_storage(database_url)  # the bot restarted
        try:
            queued = await store.fetch_all("SELECT * FROM outbox ORDER BY id")
            shown = [
                ShownBoard.from_record(json.loads(row["payload"])["shown"])
                for row in queued
                if row["place"] == "board:1" and json.loads(row["payload"]).get("events")
            ]
            assert [s.view.placement for s in shown] == expected
            assert [s.view.turn for s in shown] == ["black", "white", "black"]
            assert [s.seated(s.view.turn) for s in shown] == ["bo", "ana", "bo"]
            # the clocks as each move left them: the mover's increment added, no time passing
            assert [s.clocks for s in shown] == [(605.0, 600.0), (605.0, 605.0), (610.0, 605.0)]
        finally:
            await store.close()

    asyncio.run(main())


def test_a_game_not_shown_in_dms_stores_no_whole_game_and_one_shown_there_does(
    database_url: str,
) -> None:
    async def main() -> None:
        store = await open_storage(database_url)
        try:
            service = MatchService(store, clock=lambda: 1000.0)
            plain = await service.create_game("ana", "bo")
            in_dms = await service.create_game(
                "cy", "di", places={"dm:white": "1", "dm:black": "2"}
            )
            for match_id, user in ((plain, "ana"), (in_dms, "cy")):
                await service.play(match_id, user, 2, "d4")
            rows = await store.fetch_all("SELECT * FROM outbox ORDER BY id")
            games = {
                row["match_id"]: ShownGame.from_record(json.loads(row["payload"])["game"])
                for row in rows
                if "game" in json.loads(row["payload"])
            }
            assert set(games) == {in_dms}
            # a game shown in DMs is one place, so its posts come in order
            assert {row["place"] for row in rows if row["match_id"] == in_dms} == {"game"}
            assert {row["place"] for row in rows if row["match_id"] == plain} > {"board:2"}
            key = next(r["idempotency_key"] for r in rows if r["match_id"] == in_dms)
            notices, _ = await service.action_notices(key.rsplit(":", 1)[0])
            places = [str(notice.place) for notice in notices]
            assert places[0] == "overview" and "board:1" in places
            latest = games[in_dms]  # the last action's whole game: d4 played on board 2
            assert [v.turn for v in latest.view.views] == ["white", "black"]
            assert latest.open_boards() == [1, 2]
        finally:
            await store.close()

    asyncio.run(main())
