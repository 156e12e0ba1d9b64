"""The practice opponent plays its seats through the service, as soon as they are its turn."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.app.practice import THINK, thinking_time
from bot.errors import NotAllowedError, RulesError, WrongStateError
from bot.practice import opponent
from bot.practice.opponent import think
from bot.practice.turn import Turn
from bot.service import MatchService, Moderator
from bot.storage import Storage
from bot.turns import PATIENT
from tests.bot.practice.hasty import hasty_move
from tests.bot.scenarios import run

BOT = "1000"  # the bot's own user id, as the roster holds it
MOD = Moderator("mod", True)


class Held:
    """bot.practice's think, its answers held back until the test lets them go."""

    def __init__(self) -> None:
        self.asked = asyncio.Event()
        self.released = asyncio.Event()
        self.turns: list[Turn] = []
        self.patient: list[bool] = []  # whether each turn's task ran patiently

    async def __call__(self, turn: Turn) -> str:
        self.turns.append(turn)
        self.patient.append(PATIENT.get())
        self.asked.set()
        await self.released.wait()
        return await think(turn)


async def moves_of(store: Storage, match_id: int, user: str) -> int:
    rows = await store.fetch_all(
        "SELECT COUNT(*) AS n FROM events WHERE match_id = ? AND actor = ?", match_id, user
    )
    return int(rows[0]["n"])


def test_a_practice_game_is_played_out_to_its_end(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        await service.start_practice()
        game = await service.practice_game("ana", BOT, boards=1, game="chess", strength=1)
        chooser = random.Random(20)
        turns = 0
        while await service.status(game) == "active":
            side, legal = await service.legal_moves(game, 1, "ana")
            assert side == "white"  # the bot has answered every move before the next
            await service.play(game, "ana", 1, hasty_move(legal, chooser))
            await service.practice.idle()
            turns += 1
            assert turns < 1000
        assert await service.status(game) == "finished"
        ours, theirs = await moves_of(store, game, "ana"), await moves_of(store, game, BOT)
        assert ours - theirs in (0, 1) and theirs > 0
        rated = await store.fetch_all("SELECT rated_in FROM matches WHERE id = ?", game)
        assert rated[0]["rated_in"] is None  # games against the bot are unrated
        assert not service.practice.busy

    run(database_url, scenario)


def test_the_bot_moves_first_as_white_and_its_side_has_no_dms(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        await service.start_practice()
        game = await service.practice_game(
            "ana", BOT, side="black", dm="55", boards=2, strength=2, names=("Ana", "Bot")
        )
        await service.practice.idle()
        assert (await service.turns(game, "ana"))[0] == [1, 2]  # it moved on both boards
        assert await service.bindings(game) == {"dm:black": "55", "dm:white": ""}
        assert (await service.shape(game)).teams == {"white": "Bot", "black": "Ana"}
        assert await service.practice_players(game) == {BOT: 2}

    run(database_url, scenario)


def test_a_restart_resumes_the_boards_waiting_on_the_bot(database_url: str) -> None:
    async def before(service: MatchService, store: Storage) -> None:
        game = await service.practice_game("ana", BOT, boards=2)  # no practice running
        await service.play(game, "ana", 1, "e4")
        await service.play(game, "ana", 2, "d4")
        assert await moves_of(store, game, BOT) == 0

    run(database_url, before)

    async def after(service: MatchService, store: Storage) -> None:
        assert await service.start_practice() == 1
        await service.practice.idle()
        assert await moves_of(store, 1, BOT) == 2
        assert (await service.turns(1, "ana"))[0] == [1, 2]

    run(database_url, after)


def test_the_practice_opponent_plays_patiently_and_a_players_move_does_not(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        held = Held()
        service.practice.choose = held
        held.released.set()
        await service.start_practice()
        game = await service.practice_game("ana", BOT, boards=1, game="chess")
        await service.play(game, "ana", 1, "e4")
        await service.practice.idle()
        assert held.patient == [True]  # its turns go after people's (bot/turns.py)
        assert not PATIENT.get()  # the player's own task is untouched
        assert await moves_of(store, game, BOT) == 1

    run(database_url, scenario)


def test_a_turn_made_stale_by_an_undo_is_not_played(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        held = Held()
        service.practice.choose = held
        await service.start_practice()
        game = await service.practice_game("ana", BOT, boards=1, game="chess")
        await service.play(game, "ana", 1, "e4")
        await held.asked.wait()  # the bot thinks about its answer to e4 ...
        await service.undo(game, MOD, 1, "misclick")  # ... which is taken back meanwhile
        held.released.set()
        await service.practice.idle()
        assert await moves_of(store, game, BOT) == 0
        assert (
            (await service.game(game))
            .fen(1)
            .startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")
        )
        await service.play(game, "ana", 1, "d4")
        await service.practice.idle()
        assert await moves_of(store, game, BOT) == 1
        assert [turn.record for turn in held.turns][-1] != held.turns[0].record

    run(database_url, scenario)


def test_the_bot_never_acts_in_a_paused_match_and_goes_on_after_it(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        held = Held()
        service.practice.choose = held
        await service.start_practice()
        game = await service.practice_game("ana", BOT, boards=1, game="chess")
        await service.play(game, "ana", 1, "e4")
        await held.asked.wait()
        await service.pause(game, MOD, "a dispute")
        held.released.set()
        await service.practice.idle()
        assert await moves_of(store, game, BOT) == 0
        await service.resume(game, MOD, "settled")
        await service.practice.idle()
        assert await moves_of(store, game, BOT) == 1

    run(database_url, scenario)


def test_a_draw_offered_to_the_bot_is_declined_at_once(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        await service.start_practice()
        game = await service.practice_game("ana", BOT, boards=1, game="chess")
        outcome = await service.offer_draw(game, "ana", 1)
        await service.practice.idle()
        declined = await store.fetch_all(
            "SELECT kind FROM outbox WHERE match_id = ? AND kind = 'draw-declined'", game
        )
        assert declined and outcome.notices
        assert await service.draw_offers(game, "ana") == []
        with pytest.raises(RulesError, match="no draw offer"):
            await service.accept_draw(game, BOT, 1)

    run(database_url, scenario)


def test_a_team_one_short_gets_the_bot_in_an_empty_seat_and_it_plays(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        await service.start_practice()
        match = await service.create(
            "host", boards=2, layout="line", white_team="Reds", black_team="Blues"
        )
        await service.join(match, "ana", "white")
        await service.join(match, "bo", "black")
        await service.join(match, "cy", "black")
        with pytest.raises(NotAllowedError, match="only the host or the White captain"):
            await service.seat_practice(match, "bo", 2, "white", BOT, 3)
        with pytest.raises(RulesError, match="the Blues team is not short"):
            await service.seat_practice(match, "host", 2, "black", BOT, 3)
        with pytest.raises(RulesError, match="strength is 1 to 5"):
            await service.seat_practice(match, "ana", 2, "white", BOT, 9)
        await service.seat_practice(match, "ana", 2, "white", BOT, 2)
        with pytest.raises(RulesError, match="already plays White on board 2"):
            await service.seat_practice(match, "ana", 2, "white", BOT, 2)
        with pytest.raises(RulesError, match="is not short"):
            await service.seat_practice(match, "ana", 1, "white", BOT, 2)
        with pytest.raises(RulesError, match="changes team with /match seat"):
            await service.move_player(match, "host", BOT, "black")
        await service.start(match, "host")
        roster = await service.roster(match)
        assert roster.seated(1, "white") == "ana" and roster.seated(2, "white") == BOT
        assert roster.captains["white"] == "ana"
        await service.practice.idle()
        assert (await service.turns(match, "cy"))[0] == [2]  # the bot opened board 2
        await service.play(match, "cy", 2, (await service.legal_moves(match, 2, "cy"))[1][0])
        await service.practice.idle()
        assert await moves_of(store, match, BOT) == 2
        assert await moves_of(store, match, "ana") == 0  # board 1 waits on its player
        with pytest.raises(WrongStateError):
            await service.seat_practice(match, "host", 1, "black", BOT, 3)

    run(database_url, scenario)


def test_a_refused_bot_seat_names_its_holder_as_a_mention_and_the_seats_left_in_words(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match = await service.create(
            "host", boards=3, layout="line", white_team="Reds", black_team="Blues"
        )
        await service.join(match, "ana", "white")
        await service.join(match, "bo", "white")
        await service.join(match, "cy", "black")
        await service.seat(match, "host", 1, "white", "ana")
        with pytest.raises(RulesError, match=r"^White on board 1 is taken by <@ana>: the"):
            await service.seat_practice(match, "host", 1, "white", BOT, 3)
        await service.seat_practice(match, "host", 3, "white", BOT, 3)
        with pytest.raises(RulesError) as refused:
            await service.seat_practice(match, "host", 2, "white", BOT, 3)
        assert str(refused.value) == (
            "the Reds team is not short: its 2 players can hold the 2 seats the practice "
            "opponent does not hold"
        )

    run(database_url, scenario)


def test_a_team_without_a_player_of_its_own_gets_no_bot(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match = await service.create(
            "host", boards=2, layout="line", white_team="Reds", black_team="Blues"
        )
        with pytest.raises(RulesError, match="the Reds team has no players yet"):
            await service.seat_practice(match, "host", 1, "white", BOT, 3)
        await service.join(match, "ana", "white")
        await service.join(match, "bo", "black")
        await service.seat_practice(match, "host", 1, "white", BOT, 3)
        await service.leave(match, "ana")
        with pytest.raises(WrongStateError, match="only the practice opponent"):
            await service.start(match, "host")

    run(database_url, scenario)


def test_a_practice_rematch_starts_at_once_with_colours_swapped(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        await service.start_practice()
        game = await service.practice_game("ana", BOT, boards=1, game="chess", strength=4)
        await service.resign(game, "ana", 1)
        again = await service.practice_rematch(game, "ana", "77")
        await service.practice.idle()
        assert (await service.roster(again)).seated(1, "white") == BOT
        assert await service.practice_players(again) == {BOT: 4}
        assert await moves_of(store, again, BOT) == 1  # it opened as White
        with pytest.raises(WrongStateError, match=f"it is game {again}"):
            await service.practice_rematch(game, "ana", "77")

    run(database_url, scenario)


def test_thinking_time_follows_a_live_clock(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        game = await service.practice_game("ana", BOT, boards=1, game="chess", time_control="1+0")
        untimed = await service.practice_game("bo", BOT, boards=1, game="chess")
        loaded = service._loaded[game]
        assert loaded.clocks is not None
        now = loaded.clocks.boards[1].since
        assert now is not None
        assert thinking_time(loaded, 1, "white", 5, now) == pytest.approx(60 / 30)
        assert thinking_time(loaded, 1, "white", 1, now) == THINK[1]
        assert thinking_time(service._loaded[untimed], 1, "black", 5, 0.0) == THINK[5]

    run(database_url, scenario)


def test_a_practice_game_starts_the_bots_worker_before_its_first_turn(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        await opponent.close()  # as a bot freshly started: no worker process yet
        assert opponent.OPPONENT.worker.starting is None
        await service.start_practice()
        await service.practice_game("ana", BOT, boards=1, game="chess")  # ana is to move first
        starting = opponent.OPPONENT.worker.starting
        assert starting is not None  # under way while ana thinks of her first move
        await asyncio.wait_for(asyncio.wrap_future(starting), 60)

    run(database_url, scenario)
