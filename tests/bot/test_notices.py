"""Typed notices: each kind reads back from the outbox row it writes, and older rows still send."""

from __future__ import annotations

import json
from typing import Any

from bot.delivery import Delivery
from bot.notices import (
    ArrivalShown,
    BoardResult,
    BoardShown,
    DrawOffered,
    Reminder,
    TransferPrompt,
    notice_from_row,
    posted_in,
)
from bot.places import PersonDMs
from bot.sender import DiscordSender
from bot.service import MatchService, Moderator
from bot.storage import Storage
from tests.bot.scenarios import run
from tests.bot.test_sender import Channel
from tests.bot.test_sender import Client as DMClient

MOD = Moderator("mo", is_moderator=True)


class Client(DMClient):
    """The client as the sender uses it in a server: channels by id, and nobody's name."""

    def get_user(self, user: int) -> None:
        return None


async def two_boards(service: MatchService) -> int:
    match_id = await service.create(
        "ana", boards=2, layout="line", white_team="Reds", black_team="Blues"
    )
    await service.join(match_id, "ana", "white")
    await service.join(match_id, "bo", "black")
    return match_id


def test_every_row_the_service_queues_reads_back_as_the_notice_that_wrote_it(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await two_boards(service)
        await service.start(match_id, "ana")
        for user, move in [("ana", "e4"), ("bo", "e5"), ("ana", "Pe4^2")]:
            await service.play(match_id, user, 1, move)
        await service.offer_draw(match_id, "bo", 2)
        await service.resign(match_id, "bo", 1)
        await service.pause(match_id, MOD, "a break")
        await service.resume(match_id, MOD, "back")
        await service.undo(match_id, MOD, 1, "a slip")
        rows = await store.fetch_all("SELECT place, kind, payload FROM outbox ORDER BY id")
        kinds = {row["kind"] for row in rows}
        assert {"started", "board", "arrival", "draw-offer", "board-result"} <= kinds
        assert {"pause", "resume", "undo", "ride"} <= kinds
        for row in rows:
            payload = json.loads(row["payload"])
            notice = notice_from_row(row["place"], row["kind"], payload)
            named = payload.get("place", row["place"])
            assert (str(notice.place), notice.kind) == (named, row["kind"])
            assert str(posted_in(notice)) == row["place"]  # queued where it is posted
            shown = {key: value for key, value in payload.items() if key != "place"}
            assert json.loads(json.dumps(notice.payload)) == shown

    run(database_url, scenario)


def test_rows_queued_in_the_format_of_earlier_versions_still_read_and_send(
    database_url: str,
) -> None:
    move = {"kind": "move", "board": 1, "side": "white", "fullmove": 1, "uci": "e2e4"}
    move["san"] = "e4"
    arrival = {
        "board": 2,
        "events": [],
        "kind": "arrive",
        "side": "white",
        "piece": "N",
        "square": "e5",
        "from_board": 1,
        "check": True,
        "king_capturable": False,
        "mention": ["1", "2"],
    }
    ended = {
        "kind": "board-end",
        "board": 1,
        "result": "1-0",
        "ending": "resignation",
        "fen": "8/8/8/8/8/8/8/8 w - - 0 1",
        "transfer_pending": True,
        "scores": {"Reds": 1.0, "Blues": 0.0},
    }
    prompt = {"board": 1, "side": "white", "options": ["Pe4^2"], "deadline": 1120.0}
    reminder = {"board": 1, "side": "white", "left": 3600.0, "falls_at": 4600.0, "mention": []}
    rows: list[tuple[str, str, dict[str, Any]]] = [
        ("board:1", "board", {"board": 1, "events": [move]}),  # before notices carried "shown"
        ("board:2", "arrival", arrival),
        ("overview", "board-result", ended),
        ("team:white", "transfer-prompt", prompt),
        ("board:1", "reminder", reminder),
        ("board:1", "draw-offer", {"board": 1, "side": "black"}),
    ]
    read = [notice_from_row(place, kind, payload) for place, kind, payload in rows]
    assert [type(notice) for notice in read] == [
        BoardShown,
        ArrivalShown,
        BoardResult,
        TransferPrompt,
        Reminder,
        DrawOffered,
    ]
    assert read[0].payload == rows[0][2]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await service.create(
            "1", boards=2, layout="line", white_team="Reds", black_team="Blues"
        )
        await service.join(match_id, "1", "white")
        await service.join(match_id, "2", "black")
        await service.start(match_id, "1")
        places = {"overview": "21", "board:1": "22", "board:2": "23", "team:white": "24"}
        await service.bind(match_id, places)
        channels = {int(target): Channel() for target in places.values()}
        sender = DiscordSender(Client(channels), service)  # type: ignore[arg-type]
        for index, (place, kind, payload) in enumerate(rows):
            key = f"{match_id}:old:{index}"
            await sender.send(Delivery(index + 1, match_id, place, kind, payload, key, 0))
        assert "White played e4." in channels[22].posted[0]
        assert "A white knight arrives on e5 from board 1: check." in channels[23].posted[0]
        assert channels[21].posted == ["Board 1 ends 1-0 (resignation). Score: Reds 1, Blues 0."]
        assert "the piece may go Pe4^2" in channels[24].posted[0]
        assert "Board 1 waits on your move as White: 1 hour left" in channels[22].posted[1]
        assert "Black offers a draw on board 1" in channels[22].posted[2]

    run(database_url, scenario)


def test_a_transfer_prompt_stored_before_its_options_had_words_reads_back_without_them() -> None:
    prompt = TransferPrompt(PersonDMs("1"), 1, "black", ("Pe5^2",), 5.0, ("Pawn e5, up",))
    older = {key: value for key, value in prompt.payload.items() if key != "labels"}
    read = notice_from_row("user:1", TransferPrompt.KIND, older)
    assert isinstance(read, TransferPrompt)
    assert (read.options, read.labels) == (("Pe5^2",), ())
