"""The match service's clocks on both engines, with the time set by each test."""

from __future__ import annotations

import asyncio

import pytest

from bot.errors import NotAllowedError, RulesError, WrongStateError
from bot.service import MatchService, Moderator
from bot.storage import Storage
from bot.storage.opening import open_storage
from tests.bot.scenarios import run
from tests.bot.test_service import (
    FOOLS_MATE,
    KNIGHT_D5,
    KNIGHT_D5_BLACK,
    MOD,
    NOT_MOD,
    START,
    lobby,
    places,
)

HOUR = 3600.0
DAY = 24 * HOUR


async def kinds_of_log(store: Storage, match_id: int) -> list[tuple[str, float]]:
    """Return a match's log as (kind, when written) pairs."""
    found = await store.fetch_all(
        "SELECT kind, at FROM events WHERE match_id = ? ORDER BY seq", match_id
    )
    return [(row["kind"], row["at"]) for row in found]


def test_a_move_charges_its_own_clock_and_adds_the_increment_a_ride_leaves_the_destination_alone(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(
            service, boards=2, start_fens=[KNIGHT_D5, START], time_control="10+5"
        )
        assert str(await service.time_control(match_id)) == "10+5"
        assert await service.clock_readings(match_id) == {}  # nothing runs in the lobby
        await service.start(match_id, "ana")
        now[0] = 1030.0
        ride = await service.play(match_id, "ana", 1, "Nd5^2")
        assert [e.KIND for e in ride.events] == ["ride", "arrive"]
        assert await service.clock_readings(match_id) == {
            1: (575.0, 600.0),  # White used 30 s and got 5 back; Black's clock runs
            2: (570.0, 600.0),  # the arrival did not touch board 2: White's still runs there
        }
        now[0] = 1050.0
        await service.play(match_id, "bo", 1, "Kd7")
        assert (await service.clock_readings(match_id))[1] == (575.0, 585.0)

    run(database_url, scenario, clock=lambda: now[0])


def test_flags_on_several_boards_fall_in_the_order_their_time_ran_out(database_url: str) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=3, time_control="1+0")
        await service.start(match_id, "ana")
        now[0] = 1010.0
        await service.play(match_id, "ana", 1, "e4")  # Black's minute on board 1 ends at 1070
        now[0] = 1059.0
        assert await service.settle_due() == []
        now[0] = 1100.0
        outcomes = await service.settle_due()
        flags = [e for outcome in outcomes for e in outcome.events if e.KIND == "flag"]
        assert [(e.board, e.side) for e in flags] == [  # type: ignore[attr-defined]
            (2, "white"),
            (3, "white"),
            (1, "black"),
        ]
        ended = [e for outcome in outcomes for e in outcome.events if e.KIND == "board-end"]
        assert [(e.result, e.ending) for e in ended] == [  # type: ignore[attr-defined]
            ("0-1", "timeout"),
            ("0-1", "timeout"),
            ("1-0", "timeout"),
        ]
        assert places(outcomes[0].notices, "flag") == ["overview"]
        assert places(outcomes[0].notices, "board") == ["board:2"]
        assert places(outcomes[-1].notices, "result") == ["overview"]
        log = await kinds_of_log(store, match_id)
        assert [at for kind, at in log if kind == "flag"] == [1060.0, 1060.0, 1070.0]
        assert await service.status(match_id) == "finished"
        assert await service.clock_readings(match_id) == {
            1: (50.0, 0.0),
            2: (0.0, 60.0),
            3: (0.0, 60.0),
        }

    run(database_url, scenario, clock=lambda: now[0])


def test_a_move_after_the_flag_fell_is_refused_and_the_flag_stands(database_url: str) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2, time_control="0.5+0")
        await service.start(match_id, "ana")
        now[0] = 1020.0
        await service.play(match_id, "ana", 2, "e4")
        now[0] = 1030.5  # board 1's flag fell at 1030; the scheduler has not looked yet
        with pytest.raises(WrongStateError, match=r"board 1 is finished \(0-1 by timeout\)"):
            await service.play(match_id, "ana", 1, "e4")
        log = await kinds_of_log(store, match_id)
        assert [(kind, at) for kind, at in log if kind == "flag"] == [("flag", 1030.0)]
        assert await service.settle_due() == []

    run(database_url, scenario, clock=lambda: now[0])


def test_a_flag_during_a_pending_transfer_changes_where_the_piece_may_go(database_url: str) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(
            service, boards=3, start_fens=[START, KNIGHT_D5_BLACK, START], time_control="5+0"
        )
        await service.start(match_id, "ana")
        now[0] = 1250.0
        won = await service.resign(match_id, "ana", 2)  # Black's knight on d5 may go on
        (prompt,) = [
            n for n in won.notices if n.kind == "transfer-prompt" and str(n.place) == "user:bo"
        ]
        assert prompt.payload["options"] == ["Nd5^3", "Nd5v1"]
        assert prompt.payload["deadline"] == 1370.0  # two minutes, as the clocks are live
        now[0] = 1310.0
        first, second = await service.settle_due()  # White's time ran out at 1300 on 1 and 3
        assert [e.KIND for e in first.events][:2] == ["flag", "board-end"]
        assert first.events[0].board == 1  # type: ignore[attr-defined]
        (again,) = [
            n for n in first.notices if n.kind == "transfer-prompt" and str(n.place) == "user:bo"
        ]
        assert again.payload["options"] == ["Nd5^3"]
        assert again.payload["deadline"] == 1370.0
        assert second.events[0].board == 3  # type: ignore[attr-defined]
        assert places(second.notices, "transfer-void") == ["overview", "user:bo", "team:black"]
        assert await service.status(match_id) == "finished"

    run(database_url, scenario, clock=lambda: now[0])


def test_a_restart_settles_what_fell_due_while_away_in_the_order_it_fell(database_url: str) -> None:
    async def main() -> None:
        store = await open_storage(database_url)
        now = [1000.0]
        service = MatchService(store, clock=lambda: now[0])
        fens = [START, START, START, KNIGHT_D5]
        match_id = await lobby(service, boards=4, start_fens=fens, time_control="5+0")
        await service.start(match_id, "ana")
        for board in (1, 2, 3):  # Black's clocks then fall at 1310, 1320 and 1330
            now[0] = 1000.0 + 10 * board
            await service.play(match_id, "ana", board, "e4")
        now[0] = 1100.0
        await service.resign(match_id, "bo", 4)  # White's transfer from board 4 lapses at 1220
        await store.close()

        store = await open_storage(database_url)  # the bot was down until 5000
        now[0] = 5000.0
        service = MatchService(store, clock=lambda: now[0])
        settled = await service.settle_due()
        assert [o.events[0].KIND for o in settled] == ["decline-transfer", "flag", "flag", "flag"]
        log = await kinds_of_log(store, match_id)
        assert [at for kind, at in log if kind in ("flag", "decline-transfer")] == [
            1220.0,
            1310.0,
            1320.0,
            1330.0,
        ]
        assert await service.status(match_id) == "finished"
        assert await service.settle_due() == []
        await store.close()

    asyncio.run(main())


def test_a_pause_stops_every_clock_and_resume_starts_them_again(database_url: str) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2, time_control="10+0")
        await service.start(match_id, "ana")
        now[0] = 1100.0
        await service.pause(match_id, MOD, "a dispute")
        now[0] = 9000.0
        assert await service.settle_due() == []
        assert await service.clock_readings(match_id) == {1: (500.0, 600.0), 2: (500.0, 600.0)}
        await service.resume(match_id, MOD, "settled")
        assert (await service.clock_readings(match_id))[1] == (500.0, 600.0)
        now[0] = 9499.0
        assert await service.settle_due() == []
        now[0] = 9500.0
        assert len(await service.settle_due()) == 2

    run(database_url, scenario, clock=lambda: now[0])


def test_correspondence_players_are_reminded_at_a_quarter_of_their_time_and_at_one_hour(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        game = await service.create_game("ana", "bo", boards=2, time_control="1d")
        now[0] = 1000.0 + 18 * HOUR - 1
        assert await service.settle_due() == []
        now[0] = 1000.0 + 18 * HOUR
        reminded = await service.settle_due()
        notices = [n for o in reminded for n in o.notices]
        assert [(str(n.place), n.kind) for n in notices] == [
            ("board:1", "reminder"),
            ("board:2", "reminder"),
        ]
        assert notices[0].payload["mention"] == ["ana"]
        assert notices[0].payload["left"] == 6 * HOUR
        assert notices[0].payload["falls_at"] == 1000.0 + DAY
        assert await service.settle_due() == []  # once each
        now[0] = 1000.0 + 23 * HOUR
        assert len(await service.settle_due()) == 2  # the last hour
        now[0] = 1000.0 + 23.5 * HOUR
        await service.play(game, "ana", 1, "e4")  # a day for Black's reply from now
        assert (await service.clock_readings(game))[1] == (DAY, DAY)
        now[0] = 1000.0 + DAY
        (flag,) = await service.settle_due()
        assert [e.KIND for e in flag.events][:2] == ["flag", "board-end"]
        assert flag.events[0].board == 2  # type: ignore[attr-defined]

    run(database_url, scenario, clock=lambda: now[0])


def test_live_clocks_send_no_reminders(database_url: str) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        await service.create_game("ana", "bo", boards=1, time_control="10+0")
        now[0] = 1599.0
        assert await service.settle_due() == []

    run(database_url, scenario, clock=lambda: now[0])


def test_a_moderator_gives_time_back_and_it_is_audited_and_announced(database_url: str) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2, time_control="5+0")
        await service.start(match_id, "ana")
        now[0] = 1200.0
        with pytest.raises(NotAllowedError, match="only a moderator"):
            await service.add_time(match_id, NOT_MOD, 1, "white", 2, "lag")
        with pytest.raises(RulesError, match="more than 0, at most 43200"):
            await service.add_time(match_id, MOD, 1, "white", 0, "lag")
        added = await service.add_time(match_id, MOD, 1, "white", 2, "lag")
        assert [(str(n.place), n.kind) for n in added.notices] == [
            ("overview", "add-time"),
            ("board:1", "add-time"),
        ]
        assert added.notices[0].payload["left"] == 220.0
        assert (await service.clock_readings(match_id))[1] == (220.0, 300.0)
        await service.add_time(match_id, MOD, 2, "black", 1, "lag")  # not running: kept for later
        assert (await service.clock_readings(match_id))[2] == (100.0, 360.0)
        assert [row["action"] for row in await service.audit_log(match_id)] == [
            "add-time",
            "add-time",
        ]
        await service.resign(match_id, "ana", 2)
        with pytest.raises(WrongStateError, match="board 2 is finished"):
            await service.add_time(match_id, MOD, 2, "white", 1, "lag")
        untimed = await lobby(service, boards=1)
        await service.start(untimed, "ana")
        with pytest.raises(WrongStateError, match="without clocks"):
            await service.add_time(untimed, MOD, 1, "white", 1, "lag")
        game = await service.create_game("ana", "bo", boards=1, time_control="2d")
        with pytest.raises(RulesError, match="the side to move, White on board 1"):
            await service.add_time(game, Moderator("mod", True), 1, "black", 60, "lag")

    run(database_url, scenario, clock=lambda: now[0])


def test_an_undo_sets_the_clocks_back_as_they_stood_and_runs_the_side_now_to_move(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=1, time_control="10+5")
        await service.start(match_id, "ana")
        now[0] = 1030.0
        await service.play(match_id, "ana", 1, "e4")  # White had 570 s left, then 575
        now[0] = 1060.0
        await service.undo(match_id, MOD, 1, "a slip")
        assert (await service.clock_readings(match_id))[1] == (570.0, 600.0)
        now[0] = 1070.0
        assert (await service.clock_readings(match_id))[1] == (560.0, 600.0)
        # a flag undone with the move before it gives back the flagged side's time too
        await service.play(match_id, "ana", 1, "e4")
        now[0] = 1670.0
        (flag,) = await service.settle_due()
        assert flag.events[0].KIND == "flag"
        await service.undo(match_id, MOD, 2, "lag")
        assert await service.status(match_id) == "active"
        assert (await service.clock_readings(match_id))[1] == (560.0, 600.0)

    run(database_url, scenario, clock=lambda: now[0])


def test_a_correspondence_undo_gives_back_what_was_left_not_a_new_period(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        game = await service.create_game(
            "ana", "bo", boards=2, time_control="1d", names=("ana", "bo")
        )
        now[0] = 1000.0 + 19 * HOUR
        assert len(await service.settle_due()) == 2  # both boards' quarter reminders
        await service.play(game, "ana", 1, "e4")
        await service.undo(game, Moderator("mod", True), 1, "a slip")
        assert (await service.clock_readings(game))[1] == (5 * HOUR, DAY)
        assert await service.settle_due() == []  # the reminder is not sent again

    run(database_url, scenario, clock=lambda: now[0])


def test_a_time_control_is_chosen_with_a_challenge_and_checked(database_url: str) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        with pytest.raises(RulesError, match="not a time control"):
            await service.challenge("ana", "bo", time_control="fast")
        with pytest.raises(RulesError, match=r"0\.25 to 180 minutes"):
            await service.create(
                "ana", boards=2, layout="line", white_team="A", black_team="B", time_control="0+1"
            )
        invitation = await service.challenge("ana", "bo", time_control="3d")
        game = await service.answer_challenge(invitation, "bo", accept=True)
        assert game is not None
        assert str(await service.time_control(game)) == "3d"
        assert await service.clock_readings(game) == {1: (3 * DAY, 3 * DAY), 2: (3 * DAY, 3 * DAY)}

    run(database_url, scenario, clock=lambda: now[0])


def test_a_transfer_in_correspondence_waits_a_day(database_url: str) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        game = await service.create_game("ana", "bo", boards=3, time_control="3d")
        for user, move in FOOLS_MATE:
            await service.play(game, user, 1, move)
        await service.play(game, "ana", 2, "e4")
        await service.play(game, "bo", 2, "d5")
        await service.play(game, "ana", 2, "exd5")
        await service.play(game, "bo", 2, "Qxd5")
        resigned = await service.resign(game, "ana", 2)
        prompts = [n for n in resigned.notices if n.kind == "transfer-prompt"]
        (prompt,) = [n for n in prompts if str(n.place) == "user:bo" and n.payload["board"] == 2]
        assert prompt.payload["deadline"] == 1000.0 + DAY

    run(database_url, scenario, clock=lambda: now[0])


def test_undoing_a_flag_pauses_the_match_until_time_is_given_back(database_url: str) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await lobby(service, boards=2, time_control="1+0")
        await service.start(match_id, "ana")
        now[0] = 1010.0
        await service.play(match_id, "ana", 2, "e4")
        now[0] = 1065.0
        (flag,) = await service.settle_due()  # White's minute on board 1 ran out at 1060
        assert flag.events[0].KIND == "flag"
        undone = await service.undo(match_id, MOD, 1, "lag, not slowness")
        assert await service.status(match_id) == "paused"
        (paused,) = [n for n in undone.notices if n.kind == "pause"]
        assert "board 1 has no time left after the undo" in paused.payload["reason"]
        assert await service.clock_readings(match_id) == {1: (0.0, 60.0), 2: (50.0, 5.0)}
        await service.add_time(match_id, MOD, 1, "white", 2, "lag")
        now[0] = 1100.0
        await service.resume(match_id, MOD, "time given")
        now[0] = 1104.0
        assert await service.settle_due() == []
        now[0] = 1105.0  # Black's 5 seconds on board 2 ran out
        (fell,) = await service.settle_due()
        assert fell.events[0].board == 2  # type: ignore[attr-defined]
        assert (await service.clock_readings(match_id))[1] == (115.0, 60.0)

    run(database_url, scenario, clock=lambda: now[0])


def test_after_a_restart_flags_fall_in_the_order_they_fell_whatever_reminders_were_sent(
    database_url: str,
) -> None:
    now = [1000.0]

    async def scenario(service: MatchService, store: Storage) -> None:
        game = await service.create_game("ana", "bo", boards=2, time_control="1d")
        now[0] = 4600.0
        await service.play(game, "ana", 1, "e4")  # Black's day on board 1 ends at 91000
        now[0] = 66400.0
        (reminded,) = await service.settle_due()  # board 2's quarter; board 1's is at 69400
        assert reminded.notices[0].payload["board"] == 2
        now[0] = 100_000.0  # nobody looked in between
        settled = await service.settle_due()
        flags = [(e.board, e.side) for o in settled for e in o.events if e.KIND == "flag"]  # type: ignore[attr-defined]
        assert flags == [(2, "white"), (1, "black")]
        assert not [n for o in settled for n in o.notices if n.kind == "transfer-prompt"]
        log = await kinds_of_log(store, game)
        assert [at for kind, at in log if kind == "flag"] == [87400.0, 91000.0]

    run(database_url, scenario, clock=lambda: now[0])
