"""The match service on both engines: lifecycle, who may act, and what is announced."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any, Final

import pytest

from bot import loading, storage
from bot.errors import DamagedError, NotAllowedError, NotFoundError, RulesError, WrongStateError
from bot.news import News
from bot.notices import BoardsResult, ReplayShown
from bot.service import MatchService, Moderator
from bot.storage import Storage
from bot.storage.opening import open_storage
from bot.ui.words import overview_words
from games.chess.board import FideBoard
from tests.bot.scenarios import run

KNIGHT_D5 = "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1"
KING_E7_BLACK_TO_MOVE = "8/4k3/8/8/8/8/8/4K3 b - - 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


async def lobby(service: MatchService, boards: int = 3, **options: object) -> int:
    """Create a match with Ana and Cy for the Reds (White) and Bo for the Blues (Black)."""
    match_id = await service.create(
        "ana", boards=boards, layout="line", white_team="Reds", black_team="Blues", **options
    )
    await service.join(match_id, "ana", "white")
    await service.join(match_id, "bo", "black")
    await service.join(match_id, "cy", "white")
    return match_id


def test_the_first_player_of_a_team_is_its_captain_and_hands_over_on_leaving(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service)
        roster = await service.roster(match_id)
        assert roster.teams == {"white": ["ana", "cy"], "black": ["bo"]}
        assert roster.captains == {"white": "ana", "black": "bo"}
        await service.leave(match_id, "ana")
        assert (await service.roster(match_id)).captains["white"] == "cy"
        with pytest.raises(NotAllowedError, match="not in this match"):
            await service.leave(match_id, "ana")
        with pytest.raises(RulesError, match="already in the Blues team"):
            await service.join(match_id, "bo", "black")

    run(database_url, scenario)


def test_start_seats_every_board_round_robin_keeping_seats_set_by_hand(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service)
        with pytest.raises(NotAllowedError, match="Black captain"):
            await service.seat(match_id, "cy", 1, "black", "bo")
        await service.seat(match_id, "ana", 1, "white", "cy")
        with pytest.raises(NotAllowedError, match="only the host or a moderator"):
            await service.start(match_id, "bo")
        outcome = await service.start(match_id, "ana")
        roster = await service.roster(match_id)
        assert roster.seats == {
            (1, "white"): "cy",
            (2, "white"): "ana",
            (3, "white"): "cy",
            (1, "black"): "bo",
            (2, "black"): "bo",
            (3, "black"): "bo",
        }
        assert [str(n.place) for n in outcome.notices] == [
            "overview",
            "board:1",
            "board:2",
            "board:3",
        ]
        assert await service.status(match_id) == "active"
        with pytest.raises(WrongStateError, match="before the match starts"):
            await service.join(match_id, "dee", "black")

    run(database_url, scenario)


def test_a_match_cannot_start_with_an_empty_team_and_can_be_cancelled(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await service.create(
            "ana", boards=2, layout="line", white_team="Reds", black_team="Blues"
        )
        await service.join(match_id, "ana", "white")
        with pytest.raises(WrongStateError, match="the Blues team has no players"):
            await service.start(match_id, "ana")
        with pytest.raises(NotAllowedError):
            await service.cancel(match_id, "bo")
        await service.cancel(match_id, "ana")
        assert await service.status(match_id) == "cancelled"
        with pytest.raises(NotFoundError, match="no match 99"):
            await service.status(99)

    run(database_url, scenario)


def test_only_the_seated_player_to_move_or_the_captain_may_move(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service)
        with pytest.raises(WrongStateError, match="not started"):
            await service.play(match_id, "ana", 1, "e4")
        await service.start(match_id, "ana")  # ana sits on 1 and 3, cy on 2, bo everywhere
        with pytest.raises(NotAllowedError, match="you are not seated on board 1"):
            await service.play(match_id, "cy", 1, "e4")
        with pytest.raises(NotAllowedError, match="you are not playing in this match"):
            await service.play(match_id, "dee", 2, "e4")
        with pytest.raises(NotAllowedError, match="it is White's turn on board 1"):
            await service.play(match_id, "bo", 1, "e5")
        outcome = await service.play(match_id, "ana", 2, "e4")  # the captain plays for cy
        assert [n.kind for n in outcome.notices] == ["board"]
        with pytest.raises(RulesError, match="e4 is not a legal move for Black on board 2"):
            await service.play(match_id, "bo", 2, "e4")

    run(database_url, scenario)


def test_a_ride_announces_the_board_it_left_and_an_arrival_where_it_lands(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2, start_fens=[KNIGHT_D5, KING_E7_BLACK_TO_MOVE])
        await service.seat(match_id, "ana", 2, "white", "cy")
        await service.start(match_id, "ana")
        outcome = await service.play(match_id, "ana", 1, "Nd5^2")
        kinds = [(str(n.place), n.kind) for n in outcome.notices]
        assert kinds == [("board:1", "board"), ("board:2", "arrival"), ("overview", "ride")]
        arrival = outcome.notices[1].payload
        assert (arrival["piece"], arrival["square"], arrival["from_board"]) == ("N", "d5", 1)
        assert arrival["check"] is True and arrival["mention"] == ["cy", "bo"]
        async with store.read() as db:
            queued = await storage.due_notices(db, 2000.0, 50)
        assert {row["place"] for row in queued} == {"overview", "board:1", "board:2"}

    run(database_url, scenario)


def test_a_won_board_prompts_its_winner_for_the_victory_transfer(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2)
        await service.start(match_id, "ana")
        for user, move in [("ana", "f3"), ("bo", "e5"), ("ana", "g4"), ("bo", "Qh4#")]:
            outcome = await service.play(match_id, user, 1, move)
        kinds = [(str(n.place), n.kind) for n in outcome.notices]
        assert ("overview", "board-result") in kinds
        prompts = [n for n in outcome.notices if n.kind == "transfer-prompt"]
        assert [str(n.place) for n in prompts] == ["user:bo", "team:black"]
        assert prompts[0].payload["options"] == ["Pe5^2"]
        assert prompts[0].payload["deadline"] == 1000.0 + 120.0

    run(database_url, scenario)


def test_a_match_loads_back_from_the_file_as_it_was(database_url: str) -> None:
    async def play(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2, start_fens=[KNIGHT_D5, START])
        await service.start(match_id, "ana")
        await service.play(match_id, "ana", 1, "Nd5^2")
        await service.play(match_id, "cy", 2, "e4")

    run(database_url, play)

    async def reload(service: MatchService, store: Storage) -> None:
        assert await service.status(1) == "active"
        roster = await service.roster(1)
        assert roster.seated(2, "white") == "cy"
        with pytest.raises(NotAllowedError, match="it is Black's turn on board 2"):
            await service.play(1, "cy", 2, "d4")
        outcome = await service.play(1, "bo", 2, "e5")
        assert outcome.events[0].to_dict()["san"] == "e5"

    run(database_url, reload)


def test_a_cold_load_lets_other_tasks_run_while_it_makes_and_restores_the_boards(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=40)
        await service.start(match_id, "ana")
        for board in (1, 2):
            await service.play(match_id, "ana", board, "e4")

    run(database_url, play)
    monkeypatch.setattr(loading, "SLICE", 0.0, raising=False)  # a pause after every step
    steps: list[str] = []
    make, restore = FideBoard.__init__, FideBoard.restore

    def made(board: FideBoard, *args: Any) -> None:
        steps.append("made")
        make(board, *args)

    def restored(board: FideBoard, state: object) -> None:
        steps.append("restored")
        restore(board, state)

    monkeypatch.setattr(FideBoard, "__init__", made)
    monkeypatch.setattr(FideBoard, "restore", restored)

    async def reload(service: MatchService, store: Storage) -> None:
        loaded = False

        async def other() -> None:
            while not loaded:
                steps.append("other")
                await asyncio.sleep(0)

        task = asyncio.create_task(other())
        await service.shown_game(1)
        loaded = True
        await task

    run(database_url, reload)
    making = steps[steps.index("made") : len(steps) - steps[::-1].index("made")]
    restoring = steps[steps.index("restored") : len(steps) - steps[::-1].index("restored")]
    assert making.count("made") == 40 and "other" in making
    assert restoring.count("restored") == 2 and "other" in restoring


D4 = json.dumps({"root": START, "moves": ["d2d4"]})
STALE = json.dumps({"root": START, "moves": []})


@pytest.mark.parametrize(
    ("seq", "data", "why"),
    [
        (0, STALE, "older than the log's last event"),
        (1, STALE, "does not fit the log"),  # its position counter lies: the content tells
        (1, D4, "does not show the move e2e4"),
        (1, "null", "the state of board 1 is null"),
        (1, "{not json", "Expecting property name"),
        (9, D4, "past the log's end"),
    ],
)
def test_board_states_that_disagree_with_the_log_are_rebuilt_from_it(
    database_url: str, caplog: pytest.LogCaptureFixture, seq: int, data: str, why: str
) -> None:
    async def play(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2)
        await service.start(match_id, "ana")
        await service.play(match_id, "ana", 1, "e4")
        async with store.transaction() as db:  # written as a defect would write it
            checksum = storage.snapshot_checksum(match_id, 1, seq, data)
            await db.execute(
                "UPDATE snapshots SET seq = ?, data = ?, checksum = ? WHERE board = 1",
                (seq, data, checksum),
            )

    run(database_url, play)

    async def reload(service: MatchService, store: Storage) -> None:
        game = await service.game(1)
        assert game.fen(1).startswith("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")
        outcome = await service.play(1, "bo", 1, "e5")
        assert outcome.events[0].to_dict()["uci"] == "e7e5"

    run(database_url, reload)
    assert "board states disagree with the log" in caplog.text
    assert why in caplog.text


@pytest.mark.parametrize("checksum", ["kept", "null"])
def test_a_snapshot_edited_behind_the_services_back_is_caught_by_its_checksum(
    database_url: str, caplog: pytest.LogCaptureFixture, checksum: str
) -> None:
    async def play(service: MatchService, store: Storage) -> None:
        match_id = await service.create_game("ana", "bo")
        for user, move in [("ana", "Nf3"), ("bo", "Nf6"), ("ana", "Ng1"), ("bo", "Ng8")]:
            await service.play(match_id, user, 1, move)
        rows = await store.fetch_all("SELECT data FROM snapshots WHERE board = 1")
        state = json.loads(rows[0]["data"])
        state["root"] = state["root"].replace(" 0 1", " 99 1")  # a fifty-move claim appears
        async with store.transaction() as db:
            await db.execute("UPDATE snapshots SET data = ? WHERE board = 1", (json.dumps(state),))
            if checksum == "null":  # a snapshot from before checksums: the content check only
                await db.execute("UPDATE snapshots SET checksum = NULL")

    run(database_url, play)

    async def reload(service: MatchService, store: Storage) -> None:
        claimable = (await service.game(1)).claimable_draw(1)
        assert claimable == (None if checksum == "kept" else "fifty-move rule")

    run(database_url, reload)
    assert ("does not match its checksum" in caplog.text) == (checksum == "kept")


def test_a_state_for_a_board_the_log_never_touched_is_trusted_only_if_it_fits(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def play(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2)
        await service.start(match_id, "ana")
        await service.play(match_id, "ana", 1, "e4")
        async with store.transaction() as db:
            await db.execute(
                "INSERT INTO snapshots (match_id, board, seq, data) VALUES (1, 2, 1, ?)", (D4,)
            )

    run(database_url, play)

    async def reload(service: MatchService, store: Storage) -> None:
        assert (await service.game(1)).fen(2) == START

    run(database_url, reload)
    assert "board states disagree" in caplog.text


def test_resigning_a_board_or_the_whole_match(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=3)
        await service.start(match_id, "ana")  # ana on 1 and 3, cy on 2, bo on all
        with pytest.raises(NotAllowedError, match="not seated on board 1"):
            await service.resign(match_id, "cy", 1)
        outcome = await service.resign(match_id, "cy", 2)
        assert outcome.events[0].to_dict() == {"kind": "resign", "board": 2, "side": "white"}
        with pytest.raises(NotAllowedError, match="only a team's captain"):
            await service.resign_match(match_id, "cy")
        outcome = await service.resign_match(match_id, "bo")
        assert outcome.events[0].to_dict() == {"kind": "resign-match", "side": "black"}
        resigned = [e.to_dict()["board"] for e in outcome.events if e.KIND == "board-end"]
        assert resigned == [1, 3]
        assert ("overview", "result") in [(str(n.place), n.kind) for n in outcome.notices]
        assert await service.status(match_id) == "finished"
        with pytest.raises(WrongStateError, match="finished"):
            await service.play(match_id, "ana", 1, "e4")

    run(database_url, scenario)


def test_a_match_resigned_on_many_boards_is_one_overview_line_and_replays_only_played_boards(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=8)
        await service.start(match_id, "ana")  # ana on 1, 3, 5, 7, cy on 2, 4, 6, 8
        await service.play(match_id, "ana", 1, "e4")
        await service.play(match_id, "cy", 2, "d4")
        await service.resign(match_id, "cy", 4)  # 4 ends alone: said on its own
        outcome = await service.resign_match(match_id, "bo")
        kinds = [(str(n.place), n.kind) for n in outcome.notices]
        assert ("overview", "board-result") not in kinds
        (folded,) = [n for n in outcome.notices if isinstance(n, BoardsResult)]
        assert [board for board, _, _ in folded.ended] == [1, 2, 3, 5, 6, 7, 8]
        assert overview_words(folded) == (
            "Boards 1-3, 5-8 end 1-0 (resignation). Score: Reds 7, Blues 1."
        )
        replayed = sorted(n.board for n in outcome.notices if isinstance(n, ReplayShown))
        assert replayed == [1, 2]  # nothing was played on the others

    run(database_url, scenario)


def test_a_draw_is_offered_then_accepted_or_declined_by_the_seated_players(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2)
        await service.start(match_id, "ana")  # ana on 1, cy on 2, bo on both
        with pytest.raises(NotAllowedError, match="not seated on board 2"):
            await service.offer_draw(match_id, "ana", 2)  # captains do not offer draws
        offer = await service.offer_draw(match_id, "cy", 2)
        assert [(str(n.place), n.kind) for n in offer.notices] == [
            ("board:2", "draw-offer"),
            ("user:bo", "draw-offer"),
        ]
        with pytest.raises(RulesError, match="already offered"):
            await service.offer_draw(match_id, "cy", 2)
        with pytest.raises(RulesError, match="no draw offer from your opponent"):
            await service.accept_draw(match_id, "cy", 2)
        await service.decline_draw(match_id, "bo", 2)
        with pytest.raises(RulesError, match="no draw offer"):
            await service.accept_draw(match_id, "bo", 2)
        await service.offer_draw(match_id, "bo", 1)
        agreed = await service.accept_draw(match_id, "ana", 1)
        assert agreed.events[0].KIND == "agree-draw"

    run(database_url, scenario)


def test_a_draw_offer_survives_a_restart_and_its_makers_move_but_not_the_reply(
    database_url: str,
) -> None:
    async def offer(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2)
        await service.start(match_id, "ana")
        await service.offer_draw(match_id, "ana", 1)

    run(database_url, offer)

    async def later(service: MatchService, store: Storage) -> None:
        moved = await service.play(1, "ana", 1, "e4")  # offer, then move, as over the board
        assert "offer_withdrawn" not in moved.notices[0].payload
        replied = await service.play(1, "bo", 1, "e5")  # a move in reply declines it
        assert replied.notices[0].payload["offer_withdrawn"] == "white"
        with pytest.raises(RulesError, match="no draw offer"):
            await service.accept_draw(1, "bo", 1)

    run(database_url, later)


def test_an_arrival_withdraws_the_draw_offer_on_its_board_and_says_so(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2, start_fens=[KNIGHT_D5, KING_E7_BLACK_TO_MOVE])
        await service.start(match_id, "ana")
        await service.offer_draw(match_id, "bo", 2)
        outcome = await service.play(match_id, "ana", 1, "Nd5^2")
        arrival = next(n for n in outcome.notices if n.kind == "arrival")
        assert arrival.payload["offer_withdrawn"] == "black"
        with pytest.raises(RulesError, match="no draw offer"):
            await service.accept_draw(match_id, "cy", 2)
        assert await store.fetch_all("SELECT * FROM offers") == []

    run(database_url, scenario)


def test_the_victory_transfer_belongs_to_the_winners_seat_and_lapses_at_its_deadline(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=3)
        await service.start(match_id, "ana")
        await service.play(match_id, "ana", 3, "e4")
        for user, move in [("ana", "f3"), ("bo", "e5"), ("ana", "g4"), ("bo", "Qh4#")]:
            await service.play(match_id, user, 1, move)
        with pytest.raises(NotAllowedError, match="only Black's player on board 1"):
            await service.transfer(match_id, "ana", 1, "Pe5^2")
        assert await service.settle_due() == []
        now[0] += 121
        lapsed = await service.settle_due()
        assert [e.KIND for e in lapsed[0].events] == ["decline-transfer", "board-clear"]
        with pytest.raises(WrongStateError, match="no victory transfer waiting"):
            await service.transfer(match_id, "bo", 1, "Pe5^2")

    async def main() -> None:
        store = await open_storage(database_url)
        try:
            await scenario(MatchService(store, clock=lambda: now[0]), store)
        finally:
            await store.close()

    asyncio.run(main())


MOD = Moderator("mod", True)
NOT_MOD = Moderator("bo", False)


def test_moderator_tools_refuse_everyone_else_and_need_a_reason(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2)
        await service.start(match_id, "ana")
        for action in (
            service.adjudicate(match_id, NOT_MOD, 1, "1-0", "no show"),
            service.force_resign(match_id, NOT_MOD, 1, "white", "absent"),
            service.undo(match_id, NOT_MOD, 1, "misclick"),
            service.substitute(match_id, NOT_MOD, "cy", "dee", "left"),
            service.pause(match_id, NOT_MOD, "lunch"),
            service.abort(match_id, NOT_MOD, "spam"),
        ):
            with pytest.raises(NotAllowedError, match="only a moderator"):
                await action
        with pytest.raises(RulesError, match="needs a reason"):
            await service.pause(match_id, MOD, "  ")
        assert await service.audit_log(match_id) == []

    run(database_url, scenario)


def test_adjudication_pause_resume_and_abort_are_audited_and_announced(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2)
        await service.start(match_id, "ana")
        outcome = await service.adjudicate(match_id, MOD, 1, "0-1", "flag fell", transfer=False)
        assert [e.KIND for e in outcome.events][:2] == ["adjudicate", "board-end"]
        await service.pause(match_id, MOD, "lunch break")
        with pytest.raises(WrongStateError, match="paused by a moderator"):
            await service.play(match_id, "cy", 2, "e4")
        await service.resume(match_id, MOD, "back")
        await service.play(match_id, "cy", 2, "e4")
        await service.abort(match_id, MOD, "server closing")
        assert await service.status(match_id) == "aborted"
        log = await service.audit_log(match_id)
        assert [(a["moderator"], a["action"], a["reason"]) for a in log] == [
            ("mod", "adjudicate", "flag fell"),
            ("mod", "pause", "lunch break"),
            ("mod", "resume", "back"),
            ("mod", "abort", "server closing"),
        ]

    run(database_url, scenario)


def test_undo_takes_back_a_ride_with_its_arrival_and_survives_a_restart(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2, start_fens=[KNIGHT_D5, KING_E7_BLACK_TO_MOVE])
        await service.start(match_id, "ana")
        await service.play(match_id, "ana", 1, "Nd5^2")
        undone = await service.undo(match_id, MOD, 1, "misclick")
        assert [e.KIND for e in undone.events] == ["ride", "arrive"]
        assert {str(n.place) for n in undone.notices} == {"board:1", "board:2", "overview"}
        assert (await service.audit_log(match_id))[0]["details"]["count"] == 1  # type: ignore[index]

    run(database_url, scenario)

    async def restarted(service: MatchService, store: Storage) -> None:
        outcome = await service.play(1, "ana", 1, "Nd5^2")  # the knight is back on board 1
        assert [e.KIND for e in outcome.events] == ["ride", "arrive"]

    run(database_url, restarted)


def test_a_substitute_takes_the_team_place_the_captaincy_and_the_seats(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2)
        await service.start(match_id, "ana")
        await service.substitute(match_id, MOD, "bo", "dee", "bo had to leave")
        roster = await service.roster(match_id)
        assert roster.captains["black"] == "dee"
        assert roster.seated(1, "black") == roster.seated(2, "black") == "dee"
        await service.play(match_id, "ana", 1, "e4")
        await service.play(match_id, "dee", 1, "e5")
        with pytest.raises(NotAllowedError, match="not playing in this match"):
            await service.play(match_id, "bo", 2, "e5")

    run(database_url, scenario)


def test_the_player_to_move_may_claim_a_threefold_repetition(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2)
        await service.start(match_id, "ana")
        for user, move in [("ana", "Nf3"), ("bo", "Nf6"), ("ana", "Ng1"), ("bo", "Ng8")] * 2:
            await service.play(match_id, user, 1, move)
        with pytest.raises(NotAllowedError, match="only the player to move"):
            await service.claim_draw(match_id, "bo", 1)
        claimed = await service.claim_draw(match_id, "ana", 1)
        assert claimed.events[0].to_dict()["reason"] == "threefold repetition"

    run(database_url, scenario)


def test_a_game_between_two_people_gives_each_every_board_of_their_colour(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await service.create_game("ana", "bo")
        roster = await service.roster(match_id)
        assert roster.boards_of("ana") == [(1, "white"), (2, "white")]
        assert roster.boards_of("bo") == [(1, "black"), (2, "black")]
        await service.play(match_id, "ana", 2, "d4")
        await service.play(match_id, "bo", 2, "d5")
        with pytest.raises(RulesError, match="two different players"):
            await service.create_game("ana", "ana")

    run(database_url, scenario)


def test_the_host_moves_players_between_teams_before_the_start(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service)
        with pytest.raises(NotAllowedError, match="only the host"):
            await service.move_player(match_id, "bo", "cy", "black")
        await service.move_player(match_id, "ana", "cy", "black")
        roster = await service.roster(match_id)
        assert roster.teams == {"white": ["ana"], "black": ["bo", "cy"]}
        assert roster.captains == {"white": "ana", "black": "bo"}
        with pytest.raises(NotFoundError, match="<@dee> is not in this match"):
            await service.move_player(match_id, "ana", "dee", "black")
        with pytest.raises(RulesError, match="<@cy> is already in the Blues team"):
            await service.move_player(match_id, "ana", "cy", "Blues")

    run(database_url, scenario)


def test_a_task_cancelled_mid_action_leaves_the_service_usable_and_consistent(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2)
        await service.start(match_id, "ana")
        for _ in range(5):  # cancel at the first await points of an action
            task = asyncio.create_task(service.play(match_id, "ana", 1, "e4"))
            await asyncio.sleep(0)
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, RulesError, NotAllowedError):
                await task
        game = await service.game(match_id)
        stored = await store.fetch_all("SELECT COUNT(*) FROM events")
        assert len(game.events) == stored[0][0]
        turn = game.turn(1)
        user = "ana" if turn == "white" else "bo"
        await service.play(match_id, user, 1, "d4" if turn == "white" else "d5")

    run(database_url, scenario)


def test_a_moderator_can_undo_the_action_that_finished_the_match(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2)
        await service.start(match_id, "ana")
        await service.resign(match_id, "bo", 1)
        await service.resign(match_id, "cy", 2)
        assert await service.status(match_id) == "finished"
        await service.undo(match_id, MOD, 1, "resigned by mistake")
        assert await service.status(match_id) == "active"
        await service.play(match_id, "cy", 2, "e4")

    run(database_url, scenario)


def test_a_bad_team_name_is_refused_without_touching_the_roster(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service)
        with pytest.raises(RulesError, match="there is no team 'red' in this match: the teams"):
            await service.move_player(match_id, "ana", "cy", "red")
        with pytest.raises(RulesError, match="or name the seat 'white' or 'black'"):
            await service.seat(match_id, "ana", 1, "red", "cy")
        assert (await service.roster(match_id)).teams["white"] == ["ana", "cy"]
        with pytest.raises(RulesError, match="1 to 1000"):
            await service.create(
                "ana", boards=10**10, layout="line", white_team="A", black_team="B"
            )

    run(database_url, scenario)


FOOLS_MATE = [("ana", "f3"), ("bo", "e5"), ("ana", "g4"), ("bo", "Qh4#")]
KNIGHT_D5_BLACK = "4k3/8/8/3n4/8/8/8/4K3 w - - 0 1"


def places(notices: object, kind: str) -> list[str]:
    """Return where the notices of one kind go."""
    return [str(n.place) for n in notices if n.kind == kind]  # type: ignore[attr-defined]


def test_a_lapsed_or_skipped_transfer_is_announced_to_the_board_overview_winner_and_team(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=3)
        await service.start(match_id, "ana")
        for user, move in FOOLS_MATE:
            await service.play(match_id, user, 1, move)
        now[0] += 121
        (lapsed,) = await service.settle_due()
        assert places(lapsed.notices, "board") == ["board:1"]
        assert lapsed.notices[0].payload["events"][-1]["kind"] == "board-clear"
        assert places(lapsed.notices, "transfer-lapsed") == ["overview", "user:bo", "team:black"]
        for user, move in FOOLS_MATE:
            await service.play(match_id, user, 3, move)
        skipped = await service.skip_transfer(match_id, "bo", 3)
        assert places(skipped.notices, "transfer-skipped") == ["overview", "user:bo", "team:black"]
        assert await store.fetch_all("SELECT * FROM transfer_deadlines") == []

    run(database_url, scenario, clock=lambda: now[0])


def test_resigning_the_match_prompts_only_for_transfers_still_open_at_its_end(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2, start_fens=[KNIGHT_D5_BLACK] * 2)
        await service.start(match_id, "ana")
        # board 1 is lost with Black's knight on d5, then board 2 closes: nowhere to send it
        outcome = await service.resign_match(match_id, "ana")
        assert [e.KIND for e in outcome.events].count("board-end") == 2
        assert places(outcome.notices, "transfer-prompt") == []
        assert await store.fetch_all("SELECT * FROM transfer_deadlines") == []
        assert places(outcome.notices, "result") == ["overview"]

    run(database_url, scenario)


def test_a_pause_holds_transfer_deadlines_and_resuming_moves_them_on(database_url: str) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=3)
        await service.start(match_id, "ana")
        for user, move in FOOLS_MATE:
            await service.play(match_id, user, 1, move)  # lapses at 1120
        now[0] = 1100.0
        await service.pause(match_id, MOD, "a dispute")
        now[0] = 5000.0
        assert await service.settle_due() == []
        resumed = await service.resume(match_id, MOD, "settled")
        prompts = [n for n in resumed.notices if n.kind == "transfer-prompt"]
        assert [str(n.place) for n in prompts] == ["user:bo", "team:black"]
        assert prompts[0].payload["deadline"] == 1120.0 + 3900.0
        now[0] = 5019.0
        assert await service.settle_due() == []
        now[0] = 5020.0
        assert len(await service.settle_due()) == 1

    run(database_url, scenario, clock=lambda: now[0])


def test_a_transfer_offered_during_a_pause_gets_its_whole_window_after_it(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=3)
        await service.start(match_id, "ana")
        for user, move in FOOLS_MATE[:3]:
            await service.play(match_id, user, 1, move)
        await service.pause(match_id, MOD, "a dispute")
        now[0] = 2000.0
        ruled = await service.adjudicate(match_id, MOD, 1, "0-1", "ruled lost")
        prompt = next(n for n in ruled.notices if n.kind == "transfer-prompt")
        assert prompt.payload["deadline"] == 1000.0 + 120.0
        now[0] = 3000.0
        resumed = await service.resume(match_id, MOD, "settled")
        prompt = next(n for n in resumed.notices if n.kind == "transfer-prompt")
        assert prompt.payload["deadline"] == 3000.0 + 120.0

    run(database_url, scenario, clock=lambda: now[0])


def test_a_deadline_is_checked_again_once_the_match_is_locked(database_url: str) -> None:
    now = [1000.0]
    readings: list[float] = []  # what the clock reads next, before it reads now[0] again

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=3)
        await service.start(match_id, "ana")
        for user, move in FOOLS_MATE:
            await service.play(match_id, user, 1, move)  # lapses at 1120
        # due when the deadlines are read, no longer due once the match is locked (as if
        # the deadline had moved on in between)
        readings[:] = [1200.0, 1000.0]
        assert await service.settle_due() == []
        assert readings == []
        await service.transfer(match_id, "bo", 1, "Pe5^2")

    async def main() -> None:
        store = await open_storage(database_url)
        try:
            service = MatchService(store, clock=lambda: readings.pop(0) if readings else now[0])
            await scenario(service, store)
        finally:
            await store.close()

    asyncio.run(main())


def test_undo_withdraws_offers_only_where_it_acts_and_prompts_for_a_reopened_transfer(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=3)
        await service.start(match_id, "ana")
        for user, move in FOOLS_MATE:
            await service.play(match_id, user, 1, move)
        await service.offer_draw(match_id, "cy", 2)
        await service.play(match_id, "ana", 3, "e4")
        await service.offer_draw(match_id, "bo", 3)
        await service.skip_transfer(match_id, "bo", 1)
        now[0] = 2000.0
        undone = await service.undo(match_id, MOD, 2, "skipped by mistake")
        assert [(str(n.place), n.kind) for n in undone.notices] == [
            ("board:3", "board"),
            ("board:1", "board"),
            ("overview", "undo"),
            ("user:bo", "transfer-prompt"),
            ("team:black", "transfer-prompt"),
        ]
        assert undone.notices[0].payload["offer_withdrawn"] == "black"
        assert "offer_withdrawn" not in undone.notices[1].payload
        assert undone.notices[3].payload["deadline"] == 2120.0
        deadlines = await store.fetch_all("SELECT board, deadline FROM transfer_deadlines")
        assert [tuple(row) for row in deadlines] == [(1, 2120.0)]
        agreed = await service.accept_draw(match_id, "bo", 2)  # board 2's offer stands
        assert agreed.events[0].KIND == "agree-draw"
        with pytest.raises(RulesError, match="no draw offer"):
            await service.accept_draw(match_id, "ana", 3)

    run(database_url, scenario, clock=lambda: now[0])


def test_an_aborted_match_drops_its_offers_and_deadlines(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=3)
        await service.start(match_id, "ana")
        for user, move in FOOLS_MATE:
            await service.play(match_id, user, 1, move)
        await service.offer_draw(match_id, "cy", 2)
        await service.abort(match_id, MOD, "a dispute")
        assert await store.fetch_all("SELECT * FROM offers") == []
        assert await store.fetch_all("SELECT * FROM transfer_deadlines") == []
        with pytest.raises(WrongStateError, match="the match is aborted"):
            await service.transfer(match_id, "bo", 1, "Pe5^2")

    run(database_url, scenario)


def test_memory_holds_no_idle_locks_no_matches_over_and_at_most_the_cache(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        ids = [await lobby(service, boards=1) for _ in range(4)]
        with pytest.raises(NotFoundError, match="no match 99"):
            await service.status(99)
        assert service._locks == {}
        assert list(service._loaded) == ids[-2:]  # the cache holds two
        await service.cancel(ids[-1], "ana")
        assert list(service._loaded) == ids[-2:-1]
        assert await service.status(ids[-1]) == "cancelled"  # loads again when asked for
        assert list(service._loaded) == ids[-2:-1]
        assert service._locks == {}

    async def main() -> None:
        store = await open_storage(database_url)
        try:
            await scenario(MatchService(store, clock=lambda: 1000.0, cache_size=2), store)
        finally:
            await store.close()

    asyncio.run(main())


def test_a_substitute_in_the_lobby_keeps_the_place_in_the_team_order(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service)
        await service.substitute(match_id, MOD, "ana", "dee", "ana cannot play")
        assert (await service.roster(match_id)).teams["white"] == ["dee", "cy"]

    run(database_url, scenario)

    async def restarted(service: MatchService, store: Storage) -> None:
        roster = await service.roster(1)
        assert roster.teams["white"] == ["dee", "cy"]
        assert roster.captains["white"] == "dee"

    run(database_url, restarted)


def test_nobody_is_substituted_into_a_match_that_is_over(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        finished = await lobby(service, boards=1)
        await service.start(finished, "ana")
        await service.resign(finished, "bo", 1)
        cancelled = await lobby(service, boards=1)
        await service.cancel(cancelled, "ana")
        aborted = await lobby(service, boards=1)
        await service.start(aborted, "ana")
        await service.abort(aborted, MOD, "spam")
        for match_id, status in (
            (finished, "finished"),
            (cancelled, "cancelled"),
            (aborted, "aborted"),
        ):
            with pytest.raises(WrongStateError, match=f"the match is {status}"):
                await service.substitute(match_id, MOD, "cy", "dee", "late")
        assert await service.audit_log(finished) == []

    run(database_url, scenario)


def test_refusals_say_why_and_quote_only_the_start_of_long_input(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        cancelled = await lobby(service, boards=1)
        await service.cancel(cancelled, "ana")
        with pytest.raises(WrongStateError, match="the match is cancelled: you can no longer join"):
            await service.join(cancelled, "dee", "white")
        with pytest.raises(WrongStateError, match="cancelled: you can no longer start"):
            await service.start(cancelled, "ana")
        match_id = await lobby(service, boards=1)
        await service.start(match_id, "ana")
        with pytest.raises(RulesError, match="too long for a move") as refused:
            await service.play(match_id, "ana", 1, "e4" * 50_000)
        assert len(str(refused.value)) < 100
        with pytest.raises(RulesError) as refused:
            await service.move_player(await lobby(service), "ana", "cy", "x" * 10_000)  # type: ignore[arg-type]
        assert len(str(refused.value)) < 100
        with pytest.raises(RulesError, match="at most 40 characters"):
            await service.create(
                "ana", boards=1, layout="line", white_team="A" * 41, black_team="B"
            )

    run(database_url, scenario)


def test_a_game_that_fails_to_be_created_leaves_nothing_behind(database_url: str) -> None:
    def no_key() -> str:
        raise OSError("no randomness left")

    async def main() -> None:
        store = await open_storage(database_url)
        try:
            service = MatchService(store, clock=lambda: 1000.0, new_key=no_key)
            with pytest.raises(OSError, match="no randomness"):
                await service.create_game("ana", "bo")
            for table in ("matches", "players", "seats", "outbox"):
                assert await store.fetch_all(f"SELECT * FROM {table}") == []
            assert service._loaded == {}
        finally:
            await store.close()

    asyncio.run(main())


def test_a_player_who_leaves_or_moves_team_loses_the_seats_set_by_hand(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service)
        await service.seat(match_id, "ana", 1, "white", "cy")
        await service.move_player(match_id, "ana", "cy", "black")

    run(database_url, scenario)

    async def restarted(service: MatchService, store: Storage) -> None:
        assert (await service.roster(1)).seats == {}
        await service.start(1, "ana")
        roster = await service.roster(1)
        assert roster.seated(1, "white") == "ana"
        assert roster.seated(1, "black") == "bo"  # cy, now Black, sits at board 2 only
        with pytest.raises(NotAllowedError, match="not seated on board 1"):
            await service.play(1, "cy", 1, "e4")

    run(database_url, restarted)


def test_a_match_finished_during_a_pause_comes_back_paused_when_undone(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=3)
        await service.start(match_id, "ana")
        await service.pause(match_id, MOD, "dispute")
        for board in (3, 2, 1):
            await service.adjudicate(match_id, MOD, board, "1/2-1/2", "ruled drawn")
        assert await service.status(match_id) == "finished"
        now[0] = 5000.0
        await service.undo(match_id, MOD, 2, "boards 1 and 2 ruled too soon")
        assert await service.status(match_id) == "paused"  # as it was before the rulings
        with pytest.raises(WrongStateError, match="paused by a moderator"):
            await service.play(match_id, "ana", 1, "f3")
        await service.resume(match_id, MOD, "dispute settled")
        for user, move in FOOLS_MATE:
            outcome = await service.play(match_id, user, 1, move)
        prompt = next(n for n in outcome.notices if n.kind == "transfer-prompt")
        assert prompt.payload["deadline"] == 5120.0

    run(database_url, scenario, clock=lambda: now[0])


def test_a_failure_between_the_rules_and_the_commit_leaves_no_phantom_move(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await service.create_game("ana", "bo")
        await service.play(match_id, "ana", 1, "e4")
        with monkeypatch.context() as patched:

            def broken(*args: object, **kwargs: object) -> None:
                raise RuntimeError("a defect while composing notices")

            patched.setattr(News, "of_events", broken)
            with pytest.raises(RuntimeError, match="a defect"):
                await service.play(match_id, "bo", 1, "e5")
        assert (await service.game(match_id)).turn(1) == "black"  # e5 was never played
        await service.play(match_id, "bo", 1, "e5")
        seqs = await store.fetch_all("SELECT seq FROM events ORDER BY seq")
        assert [row[0] for row in seqs] == [1, 2]

    run(database_url, scenario)


def test_after_a_replay_the_board_states_are_written_afresh(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def play(service: MatchService, store: Storage) -> None:
        match_id = await service.create_game("ana", "bo")
        await service.play(match_id, "ana", 1, "e4")
        await service.resign(match_id, "ana", 1)
        async with store.transaction() as db:
            await db.execute("UPDATE snapshots SET data = 'null'")

    run(database_url, play)
    run(database_url, lambda service, store: service.status(1))  # type: ignore[arg-type,return-value]
    assert "replaying it" in caplog.text
    caplog.clear()
    run(database_url, lambda service, store: service.status(1))  # type: ignore[arg-type,return-value]
    assert "replaying it" not in caplog.text


def test_a_match_whose_log_does_not_replay_is_refused_with_a_clear_message(
    database_url: str,
) -> None:
    async def play(service: MatchService, store: Storage) -> None:
        match_id = await service.create_game("ana", "bo")
        await service.play(match_id, "ana", 1, "e4")
        await service.play(match_id, "bo", 1, "e5")
        async with store.transaction() as db:
            await db.execute("UPDATE snapshots SET data = 'null'")
            await db.execute("DELETE FROM events WHERE seq = 1")  # e5 no longer replays

    run(database_url, play)

    async def reload(service: MatchService, store: Storage) -> None:
        with pytest.raises(DamagedError, match="match 1 cannot be loaded: its record is damaged"):
            await service.play(1, "ana", 1, "Nf3")

    run(database_url, reload)


def test_a_substitute_hears_of_their_seats_the_transfer_and_the_offer_waiting_for_them(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=3)
        await service.start(match_id, "ana")
        for user, move in FOOLS_MATE:
            await service.play(match_id, user, 1, move)
        await service.offer_draw(match_id, "cy", 2)
        outcome = await service.substitute(match_id, MOD, "bo", "dee", "bo had to leave")
        to_dee = [(n.kind, n.payload) for n in outcome.notices if str(n.place) == "user:dee"]
        assert [kind for kind, _ in to_dee] == ["substitute", "transfer-prompt", "draw-offer"]
        assert to_dee[0][1]["seats"] == [(1, "black"), (2, "black"), (3, "black")]
        assert to_dee[1][1]["options"] == ["Pe5^2"] and to_dee[1][1]["deadline"] == 1120.0
        assert to_dee[2][1] == {"board": 2, "side": "white"}
        await service.transfer(match_id, "dee", 1, "Pe5^2")

    run(database_url, scenario)


def test_a_transfer_is_offered_again_when_its_options_change_and_voided_when_none_are_left(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=4)
        await service.start(match_id, "ana")
        for user, move in FOOLS_MATE:
            await service.play(match_id, user, 1, move)
        closed = await service.resign(match_id, "bo", 2)  # the pawn now rides past board 2
        (prompt,) = [n for n in closed.notices if str(n.place) == "user:bo"]
        assert prompt.kind == "transfer-prompt"
        assert (prompt.payload["options"], prompt.payload["deadline"]) == (["Pe5^3"], 1120.0)
        with pytest.raises(RulesError, match="board 3"):
            await service.transfer(match_id, "bo", 1, "Pe5^2")
        voided = await service.resign(match_id, "bo", 3)  # two closed floors: nowhere to go
        assert places(voided.notices, "transfer-void") == ["overview", "user:bo", "team:black"]
        assert await store.fetch_all("SELECT * FROM transfer_deadlines") == []

    run(database_url, scenario)


def test_a_transfer_asked_for_after_its_deadline_lapses_instead(database_url: str) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=3)
        await service.start(match_id, "ana")
        for user, move in FOOLS_MATE:
            await service.play(match_id, user, 1, move)
        now[0] = 1120.0  # nobody has called settle_due yet
        with pytest.raises(WrongStateError, match="victory transfer on board 1 has run out"):
            await service.transfer(match_id, "bo", 1, "Pe5^2")
        events = await store.fetch_all("SELECT kind, actor FROM events ORDER BY seq DESC LIMIT 2")
        assert [tuple(row) for row in events] == [
            ("board-clear", None),
            ("decline-transfer", "deadline"),
        ]
        rows = await store.fetch_all("SELECT place, kind, payload FROM outbox ORDER BY id")
        to_bo = [  # a player's notices queue in their board's place, naming them in the payload
            row["kind"]
            for row in rows
            if json.loads(row["payload"]).get("place", row["place"]) == "user:bo"
        ]
        assert to_bo[-1] == "transfer-lapsed"

    run(database_url, scenario, clock=lambda: now[0])


def test_cancelling_tells_the_lobby_and_a_moderators_start_or_cancel_is_audited(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        first = await lobby(service, boards=1)
        cancelled = await service.cancel(first, "ana")
        assert [str(n.place) for n in cancelled.notices] == [
            "overview",
            "user:ana",
            "user:cy",
            "user:bo",
        ]
        second = await lobby(service, boards=1)
        with pytest.raises(NotAllowedError, match="only the host or a moderator"):
            await service.cancel(second, NOT_MOD, "spam")
        with pytest.raises(RulesError, match="needs a reason"):
            await service.cancel(second, MOD, " ")
        await service.cancel(second, MOD, "a duplicate lobby")
        third = await lobby(service, boards=1)
        await service.start(third, MOD, "the host is away")
        assert [a["action"] for a in await service.audit_log(first)] == []
        assert [(a["action"], a["reason"]) for a in await service.audit_log(second)] == [
            ("cancel", "a duplicate lobby")
        ]
        assert [a["action"] for a in await service.audit_log(third)] == ["start"]

    run(database_url, scenario)


def test_a_forfeit_ends_every_unfinished_board_against_a_side_and_is_audited(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=3)
        await service.start(match_id, "ana")
        await service.resign(match_id, "ana", 2)  # board 2 is already over
        with pytest.raises(NotAllowedError, match="only a moderator"):
            await service.forfeit(match_id, NOT_MOD, "black", "no show")
        outcome = await service.forfeit(match_id, MOD, "black", "the Blues did not show up")
        assert [e.to_dict()["board"] for e in outcome.events if e.KIND == "board-end"] == [1, 3]
        assert await service.status(match_id) == "finished"
        (entry,) = await service.audit_log(match_id)
        assert entry["action"] == "forfeit" and entry["details"] == {
            "side": "black",
            "boards": [1, 3],
        }

    run(database_url, scenario)


def test_server_settings_are_kept_and_cleared(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        assert await service.server_settings("42") == {"moderator_role": None, "log_channel": None}
        await service.set_server_setting("42", "moderator_role", "7")
        await service.set_server_setting("42", "log_channel", "9")
        await service.set_server_setting("42", "moderator_role", None)
        assert await service.server_settings("42") == {"moderator_role": None, "log_channel": "9"}

    run(database_url, scenario)


def test_a_challenge_is_answered_once_by_the_person_challenged_within_a_day(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        with pytest.raises(RulesError, match="cannot challenge yourself"):
            await service.challenge("ana", "ana")
        with pytest.raises(RulesError, match="1 to 10 boards"):
            await service.challenge("ana", "bo", boards=11)
        invitation = await service.challenge("ana", "bo", boards=3, names=("Ana", "Bo"))
        with pytest.raises(NotAllowedError, match="only the person challenged"):
            await service.answer_challenge(invitation, "ana", accept=True)
        places = {"dm:white": "11", "dm:black": "22"}
        match_id = await service.answer_challenge(invitation, "bo", accept=True, places=places)
        assert match_id is not None
        assert (await service.roster(match_id)).boards_of("ana") == [
            (b, "white") for b in (1, 2, 3)
        ]
        assert (await service.game(match_id)).team(1, "black") == "Bo"
        assert await service.bindings(match_id) == places
        with pytest.raises(WrongStateError, match="already accepted"):
            await service.answer_challenge(invitation, "bo", accept=False)
        assert await service.games_of("bo") == [match_id]
        late = await service.challenge("cy", "bo")
        with pytest.raises(WrongStateError, match="already challenged them"):
            await service.challenge("cy", "bo")
        now[0] += 24 * 3600 + 1
        with pytest.raises(WrongStateError, match="expired"):
            await service.answer_challenge(late, "bo", accept=True)
        declined = await service.challenge("cy", "bo")
        assert await service.answer_challenge(declined, "bo", accept=False) is None
        assert (await service.invitation(declined))["status"] == "declined"

    run(database_url, scenario, clock=lambda: now[0])


def tags_of(pgn: str) -> dict[str, str]:
    """Return a PGN's tags by name."""
    found = {}
    for line in pgn.splitlines():
        if line.startswith("[") and line.endswith('"]'):
            name, value = line[1:-2].split(' "', 1)
            found[name] = value
    return found


NOV_14_2023: Final = 1_700_000_000.0  # 22:13:20 UTC; the 15th in some time zones
DAY: Final = 86_400.0


def test_a_team_match_s_pgn_names_the_board_s_players_their_teams_and_the_day_it_started(
    database_url: str,
) -> None:
    now = [NOV_14_2023]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service)  # created on the 14th
        for user, name in (("ana", "Ana Lima"), ("bo", "Bo Chen"), ("cy", "Cy Young")):
            await service.remember_name(user, name)
        now[0] += 2 * DAY
        await service.start(match_id, "ana")  # started on the 16th
        await service.play(match_id, "ana", 1, "e4")
        roster = await service.roster(match_id)
        names = {"ana": "Ana Lima", "bo": "Bo Chen", "cy": "Cy Young"}
        for board in (1, 2):
            tags = tags_of(await service.export(match_id, board))
            assert tags["Date"] == "2023.11.16"
            assert tags["White"] == names[roster.seated(board, "white") or ""]
            assert tags["Black"] == names[roster.seated(board, "black") or ""]
            assert (tags["WhiteTeam"], tags["BlackTeam"]) == ("Reds", "Blues")

    run(database_url, scenario, clock=lambda: now[0])


def test_a_casual_game_s_pgn_names_its_players_alone_and_the_day_it_started(
    database_url: str,
) -> None:
    now = [NOV_14_2023 + DAY]

    async def scenario(service: MatchService, store: Storage) -> None:
        await service.remember_name("ana", "Ana Lima")
        await service.remember_name("bo", "Bo Chen")
        named = await service.create_game(
            "ana", "bo", boards=1, names=("Ana Lima", "Bo Chen"), game="chess"
        )
        unnamed = await service.create_game("cy", "di", boards=2)  # never seen: known by id
        tags = tags_of(await service.export(named, 1))
        assert (tags["Date"], tags["White"], tags["Black"]) == ("2023.11.15", "Ana Lima", "Bo Chen")
        assert "WhiteTeam" not in tags and "BlackTeam" not in tags
        tags = tags_of(await service.export(unnamed, 2))
        assert (tags["White"], tags["Black"]) == ("cy", "di")
        assert "WhiteTeam" not in tags and "BlackTeam" not in tags

    run(database_url, scenario, clock=lambda: now[0])


def test_bindings_named_are_read_alone_and_those_not_bound_are_left_out(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service)
        places = {"overview": "10", "board:1": "11", "board:2": "12", "board-message:1": "13"}
        await service.bind(match_id, places)
        named = await service.bindings(match_id, ["board:2", "board-message:1", "board:9"])
        assert named == {"board:2": "12", "board-message:1": "13"}
        assert await service.bindings(match_id) == places

    run(database_url, scenario)
