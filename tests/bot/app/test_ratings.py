"""Ratings as matches finish: in the result's transaction, taken back by an undo, never else."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager

import pytest

from bot import storage
from bot.app import rated as rated_matches
from bot.ratings.glicko import NEW, Rating, rated
from bot.service import MatchService, Moderator
from bot.storage import Db, Row, Storage
from bot.storage.opening import open_storage
from tests.bot.scenarios import run, ticking

MOD = Moderator("mod", is_moderator=True)


async def ratings(store: Storage) -> dict[tuple[str, str, str], tuple[float, float, float, int]]:
    """Return every rating: (category, kind, subject): rating, deviation, volatility, games."""
    found = await store.fetch_all("SELECT * FROM ratings ORDER BY category, kind, subject")
    return {
        (r["category"], r["kind"], r["subject"]): (
            r["rating"],
            r["deviation"],
            r["volatility"],
            r["games"],
        )
        for r in found
    }


async def changes(store: Storage) -> list[tuple[str, str, float, float]]:
    """Return every rating change in order: subject, games, rating before and after."""
    found = await store.fetch_all("SELECT * FROM rating_changes ORDER BY id")
    return [(r["subject"], r["games"], r["rating_before"], r["rating_after"]) for r in found]


async def chess_game(
    service: MatchService, white: str, black: str, loser: str | None, pool: str | None = ""
) -> int:
    """Play a one-board chess game in DMs to its end: loser resigns, or a draw is agreed."""
    match_id = await service.create_game(white, black, boards=1, game="chess", rated_in=pool)
    if loser is None:
        await service.offer_draw(match_id, white, 1)
        await service.accept_draw(match_id, black, 1)
    else:
        await service.resign(match_id, loser, 1)
    return match_id


def test_a_finished_casual_game_rates_both_players_in_its_pool_and_category(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await service.create_game("ana", "bo", boards=2, rated_in="")
        await service.resign(match_id, "bo", 1)
        assert await ratings(store) == {}  # rated once it finishes, not before
        await service.resign(match_id, "bo", 2)
        won, lost = rated(NEW, [(NEW, 1.0)]), rated(NEW, [(NEW, 0.0)])
        assert await ratings(store) == {
            ("elevator:2", "player", "ana"): (won.rating, won.deviation, won.volatility, 1),
            ("elevator:2", "player", "bo"): (lost.rating, lost.deviation, lost.volatility, 1),
        }
        pools = await store.fetch_all("SELECT DISTINCT pool FROM ratings")
        assert [row["pool"] for row in pools] == [""]
        board = await service.leaderboard("", "elevator:2", asker="bo")
        assert [(s.place, s.subject) for s in board.standings] == [(1, "ana"), (2, "bo")]
        assert board.own is not None and board.own.place == 2 and board.pages == 1
        mine = await service.player_ratings("", "ana")
        assert [(r.category, r.games) for r in mine.ratings] == [("elevator:2", 1)]
        assert mine.recent[0].match_id == match_id and mine.recent[0].games == (("bo", 1.0),)
        assert mine.charted == "elevator:2" and [r for _, r in mine.history] == [won.rating]

    run(database_url, scenario, clock=ticking())


def test_a_player_is_found_rated_in_each_pool_most_games_first(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        await chess_game(service, "ana", "bo", "bo", pool="100")  # from a server
        await chess_game(service, "ana", "cy", "cy", pool="")  # from DMs, the latest
        await chess_game(service, "ana", "bo", None, pool="200")
        await chess_game(service, "ana", "bo", "ana", pool="200")
        await chess_game(service, "ana", "bo", None, pool=None)  # unrated
        assert await service.rated_pools("ana") == ["200", "", "100"]
        assert await service.rated_pools("cy") == [""]
        assert await service.rated_pools("ana", "chess") == ["200", "", "100"]
        assert await service.rated_pools("ana", "elevator:2") == []
        assert await service.rated_pools("dee") == []

    run(database_url, scenario, clock=ticking())


def test_a_team_match_rates_each_board_against_the_one_opposite_and_the_teams(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await service.create(
            "ana", boards=2, layout="line", white_team="Reds", black_team="Blues", rated_in="g1"
        )
        for user, team in (("ana", "white"), ("cy", "white"), ("bo", "black"), ("di", "black")):
            await service.join(match_id, user, team)
        await service.start(match_id, "ana")
        seats = (await service.roster(match_id)).seats
        await service.resign(match_id, seats[(1, "black")], 1)
        await service.offer_draw(match_id, seats[(2, "white")], 2)
        await service.accept_draw(match_id, seats[(2, "black")], 2)
        found = await ratings(store)
        one, two = rated(NEW, [(NEW, 1.0)]), rated(NEW, [(NEW, 0.5)])
        assert found[("elevator:2", "player", seats[(1, "white")])][0] == one.rating
        assert found[("elevator:2", "player", seats[(2, "black")])][0] == two.rating
        assert found[("elevator:2", "team", "reds")][0] == one.rating  # 1.5 to 0.5
        assert len(found) == 6
        teams = await service.leaderboard("g1", "elevator:2", teams=True)
        assert [s.name for s in teams.standings] == ["Reds", "Blues"]

    run(database_url, scenario, clock=ticking())


async def disk_full(*args: object) -> int:
    """Fail as a write does on a full disk."""
    raise OSError("the disk is full")


def test_a_failed_transaction_leaves_no_rating(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        match_id = await service.create_game("ana", "bo", boards=1, game="chess", rated_in="")
        with monkeypatch.context() as patched:
            patched.setattr(storage, "bump_revision", disk_full)  # written after the ratings
            with pytest.raises(OSError, match="disk is full"):
                await service.resign(match_id, "bo", 1)
        assert await ratings(store) == {} and await changes(store) == []
        assert await store.fetch_all("SELECT * FROM rating_pools") == []
        await service.resign(match_id, "bo", 1)
        assert len(await ratings(store)) == 2

    run(database_url, scenario, clock=ticking())


def test_an_undo_of_an_older_match_replays_the_later_ones_as_if_it_never_was(
    database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    async def later(service: MatchService) -> None:
        await chess_game(service, "bo", "cy", "cy")
        await chess_game(service, "cy", "ana", None)
        await chess_game(service, "ana", "di", "ana")
        await chess_game(service, "bo", "ana", "bo")

    async def scenario(service: MatchService, store: Storage) -> None:
        first = await chess_game(service, "ana", "bo", "bo")
        await later(service)
        before_undo = await ratings(store)
        await service.undo(first, MOD, 1, "the resignation was a misclick")
        assert await service.status(first) == "active"
        assert await ratings(store) != before_undo
        fresh = await open_storage(f"sqlite:///{tmp_path_factory.mktemp('fresh') / 'e.db'}")
        try:
            ticks = itertools.count(5000.0)
            await later(MatchService(fresh, clock=lambda: next(ticks)))
            assert await ratings(store) == await ratings(fresh)  # exactly, not roughly
            assert await changes(store) == await changes(fresh)
        finally:
            await fresh.close()
        await service.resign(first, "bo", 1)  # finished again: rated again, after the others
        assert (await changes(store))[-2:] == [
            ("ana", '[["bo", 1.0]]', *_around(await service.player_ratings("", "ana"))),
            ("bo", '[["ana", 0.0]]', *_around(await service.player_ratings("", "bo"))),
        ]

    run(database_url, scenario, clock=ticking())


async def fresh_replay(
    tmp_path_factory: pytest.TempPathFactory, games: Sequence[tuple[str, str, str | None]]
) -> tuple[object, object]:
    """Return the ratings and changes a new database gives the games played in order."""
    fresh = await open_storage(f"sqlite:///{tmp_path_factory.mktemp('fresh') / 'e.db'}")
    try:
        service = MatchService(fresh, clock=ticking())
        for white, black, loser in games:
            await chess_game(service, white, black, loser)
        return await ratings(fresh), await changes(fresh)
    finally:
        await fresh.close()


async def team_match(service: MatchService, losers: str) -> int:
    """Play a two-board server team match of Reds (white) and Blues to its end: losers resign."""
    match_id = await service.create(
        "ana", boards=2, layout="line", white_team="Reds", black_team="Blues", rated_in="g1"
    )
    for user, team in (("ana", "white"), ("cy", "white"), ("bo", "black"), ("di", "black")):
        await service.join(match_id, user, team)
    await service.start(match_id, "ana")
    seats = (await service.roster(match_id)).seats
    for board in (1, 2):
        await service.resign(match_id, seats[(board, losers)], board)
    return match_id


def test_an_undo_of_an_older_team_match_replays_players_and_teams_as_if_it_never_was(
    database_url: str, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rated_matches, "READ_ROWS", 2)  # the later changes in several reads

    async def scenario(service: MatchService, store: Storage) -> None:
        first = await team_match(service, "black")
        for losers in ("white", "black"):
            await team_match(service, losers)
        await service.undo(first, MOD, 1, "a misclick")
        fresh = await open_storage(f"sqlite:///{tmp_path_factory.mktemp('fresh') / 'e.db'}")
        try:
            replayed = MatchService(fresh, clock=ticking())
            for losers in ("white", "black"):
                await team_match(replayed, losers)
            assert {kind for _, kind, _ in await ratings(store)} == {"player", "team"}
            assert (await ratings(store), await changes(store)) == (
                await ratings(fresh),
                await changes(fresh),
            )
        finally:
            await fresh.close()

    run(database_url, scenario, clock=ticking())


LATER = (("bo", "cy", "cy"), ("cy", "ana", None), ("ana", "di", "ana"))
MEANWHILE = ("di", "bo", "bo")  # a game of the same pool finishing while the undo computes


@pytest.mark.parametrize("when", ["read", "computed", "each read"])
def test_a_rated_game_finishing_while_an_undo_is_computed_is_replayed_with_the_others(
    database_url: str,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    when: str,
) -> None:
    # read: as the pool is read; computed: once the replay is computed, before it is written;
    # each read: every time it is read outside the transaction, which then computes it itself
    played: list[tuple[str, str, str | None]] = []

    async def scenario(service: MatchService, store: Storage) -> None:
        first = await chess_game(service, "ana", "bo", "bo")
        for game in LATER:
            await chess_game(service, *game)

        async def meanwhile() -> None:  # another task, as another player's resignation is
            await asyncio.create_task(chess_game(service, *MEANWHILE))
            played.append(MEANWHILE)

        real_read, real_prepare = rated_matches._read, rated_matches.prepare_take_back

        async def read(reading: rated_matches.Reading, match_id: int) -> object:
            found = await real_read(reading, match_id)
            outside = reading == store.read
            if outside and (when == "each read" or (when == "read" and not played)):
                await meanwhile()
            return found

        async def prepare(store: Storage, match_id: int) -> rated_matches.TakeBack | None:
            prepared = await real_prepare(store, match_id)
            if when == "computed":
                await meanwhile()
            return prepared

        monkeypatch.setattr(rated_matches, "READ_ROWS", 3)  # the later changes in three reads
        monkeypatch.setattr(rated_matches, "_read", read)
        monkeypatch.setattr(rated_matches, "prepare_take_back", prepare)
        await service.undo(first, MOD, 1, "the resignation was a misclick")
        monkeypatch.undo()
        assert played, "the game was not played during the undo"
        fresh = await fresh_replay(tmp_path_factory, [*LATER, *played])
        assert (await ratings(store), await changes(store)) == fresh  # exactly, not roughly

    run(database_url, scenario, clock=ticking())


def test_an_undo_whose_transaction_fails_leaves_every_rating_as_before(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        first = await chess_game(service, "ana", "bo", "bo")
        for game in LATER:
            await chess_game(service, *game)
        before = await ratings(store), await changes(store)
        with monkeypatch.context() as patched:
            patched.setattr(storage, "bump_revision", disk_full)  # written after the ratings
            with pytest.raises(OSError, match="disk is full"):
                await service.undo(first, MOD, 1, "a misclick")
        assert (await ratings(store), await changes(store)) == before
        assert await service.status(first) == "finished"

    run(database_url, scenario, clock=ticking())


def test_an_undos_transaction_takes_as_many_statements_whatever_the_later_games(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its replay is computed before it: the one writer is held for a few statements alone."""
    counted: list[int] = []

    async def scenario(service: MatchService, store: Storage) -> None:
        undone = [await chess_game(service, "ana", "bo", "bo") for _ in range(2)]
        for _ in range(3):
            await chess_game(service, "bo", "cy", "cy")
        real = store.transaction
        for later in (3, 30):
            while len(await changes(store)) < 2 * (2 + later):
                await chess_game(service, "cy", "di", "di")

            @contextlib.asynccontextmanager
            async def transaction() -> AsyncIterator[Db]:
                async with real() as db:
                    yield Counting(db)

            with monkeypatch.context() as patched:
                patched.setattr(store, "transaction", transaction)
                await service.undo(undone.pop(), MOD, 1, "a misclick")
            counted.append(Counting.statements)
            Counting.statements = 0

    run(database_url, scenario, clock=ticking())
    assert counted[0] == counted[1] > 0


class Counting:
    """A transaction's connection that counts the statements run through it."""

    statements = 0

    def __init__(self, db: Db) -> None:
        self._db = db

    async def execute(self, sql: str, parameters: Sequence[object] = ()) -> int:
        Counting.statements += 1
        return await self._db.execute(sql, parameters)

    async def executemany(self, sql: str, parameters: Iterable[Sequence[object]]) -> None:
        Counting.statements += 1
        await self._db.executemany(sql, parameters)

    async def fetch(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        Counting.statements += 1
        return await self._db.fetch(sql, parameters)

    async def update_one(self, sql: str, parameters: Sequence[object], refused: str) -> None:
        Counting.statements += 1
        await self._db.update_one(sql, parameters, refused)

    def batch(self) -> AbstractAsyncContextManager[None]:
        return self._db.batch()


def _around(found: object) -> tuple[float, float]:
    """Return the rating before and after a player's latest rated match."""
    latest = found.recent[0]  # type: ignore[attr-defined]
    return latest.before.rating, latest.after.rating


def test_abort_cancel_and_unrated_games_are_never_rated(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        await chess_game(service, "ana", "bo", "bo", pool=None)  # rated:False
        aborted = await service.create_game("ana", "bo", boards=2, rated_in="")
        await service.resign(aborted, "bo", 1)
        await service.abort(aborted, MOD, "played by mistake")
        lobby = await service.create(
            "ana", boards=2, layout="line", white_team="Reds", black_team="Blues", rated_in="g1"
        )
        await service.cancel(lobby, "ana")
        assert await ratings(store) == {} and await changes(store) == []
        assert (await service.leaderboard("", "chess")).standings == ()

    run(database_url, scenario, clock=ticking())


def test_a_rematch_keeps_its_games_choice_of_pool(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        for pool in ("g7", None):
            match_id = await chess_game(service, "ana", "bo", "bo", pool=pool)
            invitation, _ = await service.offer_game_rematch(match_id, "ana")
            rematch = await service.answer_challenge(invitation, "bo", accept=True)
            found = await store.fetch_all("SELECT rated_in FROM matches WHERE id = ?", rematch)
            assert found[0]["rated_in"] == pool

    run(database_url, scenario, clock=ticking())


def test_a_wrong_page_or_category_is_refused_in_words(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        with pytest.raises(Exception, match="past the last one"):
            await service.leaderboard("", "chess", page=2)
        with pytest.raises(Exception, match="no ratings of 'go'"):
            await service.leaderboard("", "go")

    run(database_url, scenario, clock=ticking())


def test_an_established_rating_leads_a_provisional_one_above_it(database_url: str) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        for _ in range(14):  # drawn games: their deviations fall below 110 at 1500
            await chess_game(service, "ana", "bo", None)
        await chess_game(service, "cy", "di", "di")
        found = await ratings(store)
        assert found[("chess", "player", "cy")][0] > found[("chess", "player", "bo")][0]
        assert Rating(*found[("chess", "player", "bo")][:3]).provisional is False
        board = await service.leaderboard("", "chess", asker="cy")
        assert [s.subject for s in board.standings] == ["ana", "bo", "cy", "di"]
        assert board.own is not None and board.own.place == 3

    run(database_url, scenario, clock=ticking())
