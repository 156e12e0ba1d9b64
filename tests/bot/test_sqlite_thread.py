"""A SQLite connection on its own thread: jobs in order, one trip each, none lost to a cancel."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.storage.sqlite import SqliteDb
from bot.storage.sqlite_thread import ThreadedConnection
from tests.waiting import eventually


@asynccontextmanager
async def opened(path: Path) -> AsyncIterator[ThreadedConnection]:
    """Open a connection to the file at path for the block, and close it after."""
    connection = await ThreadedConnection.open(path)
    try:
        yield connection
    finally:
        await connection.close()


def test_jobs_run_on_the_connections_own_thread_in_the_order_given(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with opened(tmp_path / "db") as connection:
            ran: list[tuple[int, str]] = []
            jobs = [
                connection.submit(lambda _, n=n: ran.append((n, threading.current_thread().name)))
                for n in range(20)
            ]
            await asyncio.gather(*jobs)
            assert [n for n, _ in ran] == list(range(20))
            assert {name for _, name in ran} == {"sqlite"}

    asyncio.run(scenario())


def test_a_statement_and_its_rows_are_one_trip(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with opened(tmp_path / "db") as connection:
            trips = 0
            submit = connection.submit

            def counted(job):  # type: ignore[no-untyped-def]
                nonlocal trips
                trips += 1
                return submit(job)

            connection.submit = counted  # type: ignore[method-assign]
            db = SqliteDb(connection)
            await db.execute("CREATE TABLE t (x INTEGER)")
            assert await db.execute("INSERT INTO t VALUES (1), (2)") == 2
            rows = await db.fetch("SELECT x FROM t ORDER BY x")
            assert [row["x"] for row in rows] == [1, 2]  # read by name
            assert trips == 3

    asyncio.run(scenario())


def test_a_transactions_begin_goes_with_its_first_statement(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with opened(tmp_path / "db") as connection:
            db = SqliteDb(connection, begin="BEGIN IMMEDIATE")
            assert not db.begun
            await db.execute("CREATE TABLE t (x INTEGER)")
            assert db.begun
            assert await connection.call(lambda c: c.in_transaction)
            await connection.call(lambda c: c.execute("ROLLBACK").close())
            tables = await SqliteDb(connection).fetch("SELECT name FROM sqlite_master")
            assert tables == []  # the CREATE was inside the transaction

    asyncio.run(scenario())


def test_a_cancelled_callers_job_still_runs_in_its_turn(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with opened(tmp_path / "db") as connection:
            gate = threading.Event()
            ran: list[str] = []
            blocked = connection.submit(lambda _: gate.wait(5))
            waiting = asyncio.create_task(connection.call(lambda _: ran.append("cancelled")))
            await asyncio.sleep(0)  # the task gives its job to the thread
            waiting.cancel()
            after = connection.submit(lambda _: ran.append("after"))
            gate.set()
            await blocked
            await after
            assert ran == ["cancelled", "after"]
            with pytest.raises(asyncio.CancelledError):
                await waiting

    asyncio.run(scenario())


def test_a_failing_job_raises_its_error_to_its_caller_and_the_next_job_runs(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with opened(tmp_path / "db") as connection:
            with pytest.raises(sqlite3.OperationalError, match="no such table"):
                await SqliteDb(connection).fetch("SELECT * FROM missing")
            assert await connection.call(lambda c: c.execute("SELECT 7").fetchone()[0]) == 7

    asyncio.run(scenario())


def test_closing_waits_for_the_jobs_given_before_and_refuses_later_ones(tmp_path: Path) -> None:
    async def scenario() -> None:
        connection = await ThreadedConnection.open(tmp_path / "db")
        db = SqliteDb(connection)
        await db.execute("CREATE TABLE t (x INTEGER)")
        pending = connection.submit(lambda c: c.execute("INSERT INTO t VALUES (1)").close())
        await connection.close()
        assert pending.done() and pending.exception() is None
        with pytest.raises(sqlite3.ProgrammingError):
            await db.execute("INSERT INTO t VALUES (2)")
        assert sqlite3.connect(tmp_path / "db").execute("SELECT count(*) FROM t").fetchone() == (1,)

    asyncio.run(scenario())


def test_a_file_that_cannot_be_opened_raises_and_leaves_no_thread(tmp_path: Path) -> None:
    async def scenario() -> None:
        def connections() -> set[threading.Thread]:
            return {thread for thread in threading.enumerate() if thread.name == "sqlite"}

        before = connections()  # other tests' threads in this process come and go meanwhile
        with pytest.raises(sqlite3.OperationalError):
            await ThreadedConnection.open(tmp_path / "no folder" / "db")
        await eventually(lambda: not connections() - before, "the thread's end")

    asyncio.run(scenario())
