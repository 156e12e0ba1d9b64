"""A PostgreSQL database shared by one or several bot processes (asyncpg).

Each transaction runs on a connection of a pool, so processes and tasks write side by side;
what keeps two of them from acting on one match is a PostgreSQL advisory lock per match,
held from reading the match to committing its change (`owning`), on one connection that
the block's transactions and reads then use. A transaction that queued notices says so
once it has committed, with NOTIFY, to every process listening.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Final, TypeAlias

import asyncpg
import asyncpg.pool

from bot.shards import Shards
from bot.storage.connection import (
    Db,
    Row,
    Storage,
    StorageBusy,
    StorageError,
    failed_statement,
    migration_steps,
)

logger = logging.getLogger(__name__)

NOTIFY_CHANNEL: Final = "elevator_outbox"
QUEUED_MESSAGE: Final = "elevator_outbox_queued"  # the outbox's trigger tells its connection
LOCK_WAIT: Final = 10.0  # seconds to wait for a match another process holds
POOL_SIZE: Final = 10
# two-key advisory locks, apart from the one-key locks that hold matches by id
SHARD_LOCKS: Final = 2
SHARD_COUNTS: Final = 4
MIGRATION_LOCK: Final = 3
CLAIMING: Final = 5  # one process at a time checks the counts and claims its shards
_PASSWORD: Final = re.compile(r"(://[^:/@]*:)[^@]*@")
_PASSWORD_PARAMETER: Final = re.compile(r"([?&]password=)[^&]*", re.IGNORECASE)  # libpq's
# what an action's statements may be sent together as (PostgresDb): an INSERT of one row of
# VALUES, which takes as many rows as it is given, and an UPDATE
_INSERT: Final = re.compile(
    r"\s*INSERT\s+INTO\s+(?P<table>\w+)[^?;]*?\bVALUES\s*(?P<values>\([^()]*\))[^;]*\Z",
    re.IGNORECASE | re.DOTALL,
)
_UPDATE: Final = re.compile(r"\s*UPDATE\s+(?P<table>\w+)\s", re.IGNORECASE)
BATCH_PARAMETERS: Final = 2000  # at most this many parameters wait to go together

Connection: TypeAlias = (
    "asyncpg.Connection[asyncpg.Record] | asyncpg.pool.PoolConnectionProxy[asyncpg.Record]"
)


def hidden(url: str) -> str:
    """Return a database URL with its password left out, for messages and logs."""
    return _PASSWORD_PARAMETER.sub(r"\1***", _PASSWORD.sub(r"\1***@", url))


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """Write the `?` parameters of a statement as PostgreSQL's $1, $2, ... (not in quotes)."""
    parts: list[str] = []
    count = 0
    quote: str | None = None
    for char in sql:
        if quote is not None:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "?":
            count += 1
            parts.append(f"${count}")
            continue
        parts.append(char)
    return "".join(parts)


def _lost(connection: Connection) -> bool:
    """Say whether a connection has died (the pool takes back a dead one at once)."""
    try:
        return connection.is_closed()
    except asyncpg.InterfaceError:  # detached from the pool: it closed under us
        return True


def _changed(status: str) -> int:
    """Return the row count in a command's status ("UPDATE 3", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresDb:
    """A PostgreSQL connection as the storage functions use it.

    In a transaction (in_transaction), BEGIN is sent with the first statement that must go
    to the server before the end: a transaction whose writes all waited in a batch till its
    end is sent as one statement alone, which commits itself, without BEGIN and COMMIT.
    """

    def __init__(self, connection: Connection, *, in_transaction: bool = False) -> None:
        self.connection = connection
        self.failed: BaseException | None = None  # a statement failed: all is lost
        self._batching = False
        self._waiting: list[_Waiting] = []
        self._unbegun = in_transaction  # BEGIN is still to send

    @asynccontextmanager
    async def batch(self) -> AsyncIterator[None]:
        """Send the block's statements in as few round trips to the server as they allow.

        The rows of an INSERT given to executemany, and an update_one, wait, and go to the
        server with the next statement, as data-modifying WITH queries of it, or at the end
        of the block (of the transaction, in one): the writes of one action (its events,
        the boards' states, its notices, the match's new revision and its log's end) cost
        one round trip instead of one each. Statements of one WITH share one snapshot and
        run in no set order, so only what cannot tell the difference goes together: writes,
        each to a table no other waiting one writes, with an UPDATE whose text names none
        of their tables; before anything else, what waits is sent on its own. The rows of
        one executemany must not conflict with each other (they become one multi-row
        INSERT), and a failed write raises from the statement it went with.
        """
        if self._batching:  # within another: sent at its end
            yield
            return
        self._batching = True
        try:
            yield
        except BaseException as error:
            if self._waiting:  # the transaction must not commit without them
                self._waiting = []
                self.failed = self.failed or error
            raise
        finally:
            self._batching = False
        if not self._unbegun:  # an unbegun transaction sends them at its end
            await self.send_waiting()

    async def execute(self, sql: str, parameters: Sequence[object] = ()) -> int:
        """Run one statement; return how many rows it changed."""
        if not parameters:  # a statement without parameters may be several (a schema step)
            await self.send_waiting()
            await self._begin()
            with self._noting():
                return _changed(await self.connection.execute(sql))
        text, values = await self._with_waiting(sql, parameters)
        with self._noting():
            return _changed(await self.connection.execute(text, *values))

    async def executemany(self, sql: str, parameters: Iterable[Sequence[object]]) -> None:
        """Run one statement once per row of parameters (in a batch, maybe later)."""
        rows = list(parameters)
        if not rows:
            return
        inserted = _INSERT.match(sql) if self._batching else None
        size = sum(len(row) for row in rows)
        if inserted is None or size > BATCH_PARAMETERS:
            await self.send_waiting()
            await self._begin()
            with self._noting():
                await self.connection.executemany(numbered(sql), rows)
            return
        values = inserted.group("values")
        many = sql[: inserted.start("values")] + ", ".join([values] * len(rows))
        await self._wait(
            _Waiting(
                inserted.group("table").lower(),
                many + sql[inserted.end("values") :],
                [value for row in rows for value in row],
            )
        )

    async def update_one(self, sql: str, parameters: Sequence[object], refused: str) -> None:
        """Run an UPDATE that must change one row, or fail the transaction (StorageError).

        In a batch it waits, as an INSERT does; its row is counted in the statement it goes
        with, which fails (elevator_refuse) unless it changed one.
        """
        updated = _UPDATE.match(sql)
        if not self._batching or updated is None:
            if await self.execute(sql, parameters) != 1:
                self.failed = self.failed or StorageError(refused)
                raise StorageError(refused)
            return
        await self._wait(_Waiting(updated.group("table").lower(), sql, list(parameters), refused))

    async def fetch(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        """Run a query and return its rows."""
        text, values = await self._with_waiting(sql, parameters)
        with self._noting():
            return list(await self.connection.fetch(text, *values))

    async def send_waiting(self) -> None:
        """Send the writes that wait, as one statement (inside the transaction, if begun)."""
        if not self._waiting:
            return
        await self._begin()
        await self._send()

    async def finish(self) -> None:
        """End the transaction: send what waits, alone if nothing was sent before, and COMMIT."""
        if self._unbegun:  # one statement, its own transaction
            self._unbegun = False
            await self._send()
            return
        await self._send()
        await self.connection.execute("COMMIT")

    async def _send(self) -> None:
        if not self._waiting:
            return
        waiting, self._waiting = self._waiting, []
        queries = ", ".join(
            f"w{index} AS ({each.sql}{'' if each.refused is None else ' RETURNING 1'})"
            for index, each in enumerate(waiting)
        )
        values = [value for each in waiting for value in each.values]
        checks = []
        for index, each in enumerate(waiting):
            if each.refused is not None:
                values.append(each.refused)
                checks.append(
                    f"CASE WHEN (SELECT COUNT(*) FROM w{index}) = 1 THEN 1 "
                    "ELSE elevator_refuse(?::text) END"
                )
        text = numbered(f"WITH {queries} SELECT {', '.join(checks) or '1'}")
        with self._noting():
            try:
                await self.connection.execute(text, *values)
            except asyncpg.RaiseError as error:  # elevator_refuse's
                self.failed = self.failed or error
                raise StorageError(str(error)) from None

    async def _wait(self, waiting: _Waiting) -> None:
        """Keep a write to send later, first sending those it must not go with."""
        if any(each.table == waiting.table for each in self._waiting) or (
            sum(len(each.values) for each in self._waiting) + len(waiting.values) > BATCH_PARAMETERS
        ):
            await self.send_waiting()
        self._waiting.append(waiting)

    async def _begin(self) -> None:
        if self._unbegun:
            self._unbegun = False
            with self._noting():
                await self.connection.execute("BEGIN")

    async def _with_waiting(
        self, sql: str, parameters: Sequence[object]
    ) -> tuple[str, Sequence[object]]:
        """Return a statement and its values, with the writes waiting if it may carry them."""
        if self._waiting:
            named = sql.lower()  # a waiting table's name even in another's (outbox_heads)
            if _UPDATE.match(sql) is None or any(
                each.table in named or each.refused for each in self._waiting
            ):
                await self.send_waiting()
        await self._begin()
        if not self._waiting:
            return numbered(sql), parameters
        waiting, self._waiting = self._waiting, []
        queries = ", ".join(f"w{index} AS ({each.sql})" for index, each in enumerate(waiting))
        values = [value for each in waiting for value in each.values]
        return numbered(f"WITH {queries} {sql}"), [*values, *parameters]

    @contextlib.contextmanager
    def _noting(self) -> Iterator[None]:
        """Note a statement's failure, which ends the transaction even if the caller goes on."""
        try:
            yield
        except asyncpg.PostgresError as error:
            self.failed = self.failed or error
            raise


@dataclass(frozen=True)
class _Waiting:
    """A write waiting to go with the next statement (an INSERT of all its rows at once)."""

    table: str
    sql: str  # with `?` parameters
    values: list[object]
    refused: str | None = None  # it must change one row, or the transaction fails with this


class PostgresStorage(Storage):
    """An open PostgreSQL database: a pool of connections, the outbox's listener, its locks."""

    shared = True

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], url: str, lock_wait: float) -> None:
        super().__init__()
        self._pool = pool
        self.url = url
        self._lock_wait = lock_wait
        # the connection a task holding a match uses, with the task (a task it starts has a
        # copy of its context, but must not use its connection)
        self._pinned: ContextVar[tuple[asyncio.Task[object], Connection] | None] = ContextVar(
            f"elevator_pinned_{id(self)}", default=None
        )
        self._listener: Connection | None = None
        self._claims: Connection | None = None
        self._untold = asyncio.Event()  # notices committed here, not yet announced to all
        self._telling: asyncio.Task[None] | None = None

    @classmethod
    async def connect(
        cls, url: str, *, pool_size: int = POOL_SIZE, lock_wait: float = LOCK_WAIT
    ) -> PostgresStorage:
        """Connect to the database at url and bring its schema up to date."""
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                server_settings={
                    "lock_timeout": str(int(lock_wait * 1000)),
                    # the outbox's trigger says it queued with a NOTICE, which a server or
                    # database set to send only warnings would keep from us
                    "client_min_messages": "notice",
                },
            )
        # ValueError: a URL asyncpg cannot read (a port that is not a number, ...)
        except (OSError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise StorageError(
                f"cannot open the PostgreSQL database {hidden(url)}: {error}; check DATABASE_URL "
                "and that the server runs and the database exists"
            ) from None
        storage = cls(pool, url, lock_wait)
        try:
            await storage._migrate()
            await storage._listen()
        except BaseException:
            await storage.close()
            raise
        return storage

    def __str__(self) -> str:
        return hidden(self.url)

    async def close(self) -> None:
        """Close the listener, the shard claims and the pool, once the work under way is done."""
        if self._telling is not None:
            self._telling.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._telling
            self._telling = None
        if self._untold.is_set() and self._listener is not None:
            with contextlib.suppress(Exception):
                await self._listener.execute(f"NOTIFY {NOTIFY_CHANNEL}", timeout=5)
        for connection in (self._listener, self._claims):
            if connection is not None:
                with contextlib.suppress(Exception):
                    await connection.close(timeout=5)
        self._listener = self._claims = None
        try:
            await asyncio.wait_for(self._pool.close(), 10)
        except TimeoutError:
            self._pool.terminate()

    async def schema_version(self) -> int:
        """Return how many schema steps the database has taken."""
        async with self._pool.acquire() as connection:
            return await _version(connection)

    async def _migrate(self) -> None:
        """Apply the schema steps the database has not taken, one process at a time."""
        steps = migration_steps("postgres")
        latest = steps[-1][0]
        async with self._pool.acquire() as connection, connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock($1, 0)", MIGRATION_LOCK)
            await connection.execute(
                "CREATE TABLE IF NOT EXISTS elevator_schema (version INTEGER NOT NULL)"
            )
            current = await _version(connection)
            if current > latest:
                raise StorageError(
                    f"{self} has schema version {current}, newer than this bot knows "
                    f"({latest}): update the bot before using this database"
                )
            for number, name, sql in steps:
                if number <= current:
                    continue
                await connection.execute(sql)
                await connection.execute("DELETE FROM elevator_schema")
                await connection.execute("INSERT INTO elevator_schema VALUES ($1)", number)
                current = number
                logger.info("applied schema step %s to %s", name, self)

    async def _listen(self) -> None:
        """Wake this process's outbox worker whenever any process commits notices."""
        self._listener = await asyncpg.connect(self.url)

        def heard(*_: object) -> None:
            self.notices_committed.set()

        await self._listener.add_listener(NOTIFY_CHANNEL, heard)
        self._telling = asyncio.create_task(self._tell_others(self._listener))

    async def _tell_others(self, listener: Connection) -> None:
        """Announce the notices committed here to every process, one NOTIFY for all since the last.

        It runs in a task of its own, on the listener's connection: an action does not wait
        for it, and under load one NOTIFY covers many commits. A process that misses one
        still looks for due notices every moment.
        """
        failing = False
        while True:
            await self._untold.wait()
            self._untold.clear()
            try:
                await listener.execute(f"NOTIFY {NOTIFY_CHANNEL}")
                failing = False
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as error:
                if not failing:  # once, not at every move while the connection is down
                    logger.warning("other processes were not told of new notices: %s", error)
                failing = True

    def _own(self) -> Connection | None:
        """Return the connection this task holds a match on, if it holds one."""
        pinned = self._pinned.get()
        if pinned is None or pinned[0] is not asyncio.current_task():
            return None
        return pinned[1]

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Connection]:
        """Use the connection this task holds a match on, or one of the pool's."""
        own = self._own()
        if own is not None:
            yield own
            return
        async with self._pool.acquire() as connection:
            yield connection

    @asynccontextmanager
    async def transaction(self, *, patient: bool = False) -> AsyncIterator[Db]:
        """Run the block as one write transaction: all of it commits, or none of it.

        patient changes nothing here: PostgreSQL's writers go at once, each on its connection.

        BEGIN goes with the first statement sent before the end; a block whose writes all
        waited in a batch is sent as one statement, which commits itself (PostgresDb).
        If it queued notices, every process is told once it has committed. The NOTIFY is
        sent after the commit (_tell_others), not from inside the transaction: there
        PostgreSQL would hold its one notify lock until the commit is on disk, one commit
        at a time.
        """
        queued = False

        def heard(_: object, message: asyncpg.PostgresLogMessage) -> None:
            nonlocal queued
            queued = queued or message.message == QUEUED_MESSAGE

        async with self.connection() as connection:
            committing = False
            connection.add_log_listener(heard)
            try:
                db = PostgresDb(connection, in_transaction=True)
                try:
                    yield db
                    if db.failed is not None:  # COMMIT would roll back, saying nothing
                        raise failed_statement(db.failed)
                    committing = True
                    await db.finish()
                except BaseException:
                    if not _lost(connection) and connection.is_in_transaction():
                        with contextlib.suppress(asyncpg.InterfaceError, asyncpg.PostgresError):
                            await connection.execute("ROLLBACK")
                    raise
            except (asyncpg.InterfaceError, asyncpg.PostgresError, OSError) as error:
                if not _lost(connection):
                    raise
                # asyncpg would say only that it could not roll back on a closed connection
                said = (
                    "while its transaction committed: it may or may not have been saved"
                    if committing
                    else "in the middle of a transaction: nothing of it was saved; try again"
                )
                raise StorageError(f"the connection to {self} was lost {said}") from error
            finally:
                with contextlib.suppress(asyncpg.InterfaceError):  # a lost one is let go
                    connection.remove_log_listener(heard)
            if queued:
                self.notices_committed.set()
                self._untold.set()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Db]:
        """Read one snapshot: every query of the block sees the same committed state."""
        async with (
            self.connection() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PostgresDb(connection)

    @asynccontextmanager
    async def read_one(self) -> AsyncIterator[Db]:
        """Read with one query: a statement sees one committed state without a transaction.

        A read-only transaction around it would cost two more round trips to the server.
        """
        async with self.connection() as connection:
            yield PostgresDb(connection)

    @asynccontextmanager
    async def owning(self, match_id: int) -> AsyncIterator[int | None]:
        """Hold a match against every other process until the block ends (StorageBusy if not).

        The lock is PostgreSQL's, on a connection this task keeps until the end; a process
        that dies drops it with its connection. Yield the match's revision as the lock was
        granted (None: no such match), read in the same round trip (elevator_hold).
        """
        own = self._own()
        if own is not None:  # a second match held by the same task: on the same connection
            revision = await _hold_match(own, match_id, self._lock_wait)
            try:
                yield revision
            finally:
                await own.execute("SELECT pg_advisory_unlock($1)", match_id)
            return
        task = asyncio.current_task()
        if task is None:
            raise StorageError("a match can be held from a task only")
        # returned to the pool, the connection is reset, which drops its advisory locks
        # (asyncpg's reset runs pg_advisory_unlock_all): an unlock of its own would cost
        # every action one more round trip to the server
        async with self._pool.acquire() as connection:
            revision = await _hold_match(connection, match_id, self._lock_wait)
            token = self._pinned.set((task, connection))
            try:
                yield revision
            finally:
                self._pinned.reset(token)

    async def claim_shards(self, shards: Shards) -> None:
        """Hold these shards for this process until it closes, or refuse if another holds one.

        Every process must count the shards alike, or a server's matches would belong to two
        of them: each holds its count too (shared), and a process counting otherwise than
        those running is refused. A process run without shards counts one, owning all.
        """
        if self._claims is None:
            self._claims = await asyncpg.connect(self.url)
        claims = self._claims
        async with claims.transaction():  # one process claims at a time
            await claims.execute("SELECT pg_advisory_xact_lock($1, 0)", CLAIMING)
            counted = await claims.fetch(
                "SELECT DISTINCT objid::bigint AS count FROM pg_locks "
                "WHERE locktype = 'advisory' AND objsubid = 2 AND classid::bigint = $1 "
                "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
                SHARD_COUNTS,
            )
            others = sorted(int(row["count"]) for row in counted if row["count"] != shards.count)
            if others:
                raise StorageBusy(
                    f"the bot's other processes on {self} run {others[0]} shard"
                    f"{'s' * (others[0] != 1)} in all, and this one was given {shards.count}: "
                    "every process must have the same --shard-count (a process without "
                    "--shards runs them all alone); stop them all to change it"
                )
            await claims.execute(
                "SELECT pg_advisory_lock_shared($1, $2)", SHARD_COUNTS, shards.count
            )
            taken: list[int] = []
            for shard in sorted(shards.ids):
                held = await claims.fetchval(
                    "SELECT pg_try_advisory_lock($1, $2)", SHARD_LOCKS, shard
                )
                if not held:  # let go of what this call took, keeping earlier claims
                    for mine in taken:
                        await claims.execute("SELECT pg_advisory_unlock($1, $2)", SHARD_LOCKS, mine)
                    await claims.execute(
                        "SELECT pg_advisory_unlock_shared($1, $2)", SHARD_COUNTS, shards.count
                    )
                    raise StorageBusy(
                        f"shard {shard} is already run by another process on {self}: each "
                        "shard may run in one process only; give this one other shards (--shards)"
                    )
                taken.append(shard)


async def _version(connection: Connection) -> int:
    """Return the schema step a database has taken (0: none, or no table yet)."""
    exists = await connection.fetchval("SELECT to_regclass('elevator_schema') IS NOT NULL")
    if not exists:
        return 0
    found = await connection.fetchval("SELECT MAX(version) FROM elevator_schema")
    return int(found or 0)


async def _hold_match(connection: Connection, match_id: int, wait: float) -> int | None:
    """Take a match's advisory lock, waiting at most the lock timeout; return its revision."""
    try:
        revision = await connection.fetchval("SELECT elevator_hold($1)", match_id)
    except asyncpg.LockNotAvailableError:
        raise StorageBusy(
            f"match {match_id} is busy in another process of the bot (for over {wait:g} s); "
            "try again in a moment"
        ) from None
    return None if revision is None else int(revision)
