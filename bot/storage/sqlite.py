"""The SQLite file behind a bot of one process: its connections, schema steps and transactions.

One connection writes, behind a lock, so transactions never interleave; every write runs
in BEGIN IMMEDIATE, taking SQLite's write lock up front instead of failing half-way. Other
connections read, in transactions of their own that see only what was committed, so a
player's read never queues behind another game's writes (WAL lets readers and a writer go
at once). One process owns the file (bot/claim.py), so a match needs no lock beyond the
service's own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final, TypeVar

from bot.shards import Shards
from bot.storage.connection import Db, Row, Storage, StorageError, failed_statement, migration_steps
from bot.storage.sqlite_thread import ThreadedConnection
from bot.turns import PATIENT, Waiting

logger = logging.getLogger(__name__)

# connections that read at once: a read waits for a free one, never for the writer
READERS: Final = 3
WAL_RETRIES: Final = (0.01, 0.05, 0.1, 0.2, 0.5, 1.0, 1.0, 2.0, 5.0)  # seconds

T = TypeVar("T")


class SqliteDb:
    """A SQLite connection as the storage functions use it: a statement is one trip."""

    def __init__(self, connection: ThreadedConnection, begin: str | None = None) -> None:
        self.connection = connection
        self.failed: BaseException | None = None  # a statement failed: the transaction with it
        self._begin = begin  # the BEGIN that opens the transaction, sent with its first statement

    @property
    def begun(self) -> bool:
        """Whether the transaction's BEGIN is on its way (always, outside a transaction)."""
        return self._begin is None

    async def execute(self, sql: str, parameters: Sequence[object] = ()) -> int:
        """Run one statement; return how many rows it changed."""
        return await self._run(lambda connection: _changed(connection, sql, parameters))

    async def executemany(self, sql: str, parameters: Iterable[Sequence[object]]) -> None:
        """Run one statement once per row of parameters."""
        rows = list(parameters)
        await self._run(lambda connection: connection.executemany(sql, rows).close())

    async def fetch(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        """Run a query and return its rows."""
        return await self._run(lambda connection: _fetched(connection, sql, parameters))

    async def _run(self, step: Callable[[sqlite3.Connection], T]) -> T:
        """Run a step on the connection's thread, the transaction's BEGIN first if not sent."""
        begin, self._begin = self._begin, None  # sent now, whatever becomes of the caller

        def job(connection: sqlite3.Connection) -> T:
            if begin is not None:
                connection.execute(begin).close()
            return step(connection)

        with self._noting():
            return await self.connection.call(job)

    async def update_one(self, sql: str, parameters: Sequence[object], refused: str) -> None:
        """Run an UPDATE that must change one row, or fail the transaction (StorageError)."""
        if await self.execute(sql, parameters) != 1:
            self.failed = self.failed or StorageError(refused)
            raise StorageError(refused)

    @asynccontextmanager
    async def batch(self) -> AsyncIterator[None]:
        """Run the block's statements: each is a call into SQLite, none a round trip."""
        yield

    @contextlib.contextmanager
    def _noting(self) -> Iterator[None]:
        """Note a statement's failure: its transaction fails too, as on PostgreSQL."""
        try:
            yield
        except sqlite3.Error as error:
            self.failed = self.failed or error
            raise


class SqliteStorage(Storage):
    """An open SQLite file: one writer connection and the lock that serialises its writes."""

    def __init__(self, connection: ThreadedConnection, path: Path | str) -> None:
        super().__init__()
        self._db = connection
        self.path = path
        self._lock = asyncio.Lock()
        self._waiting = Waiting()  # transactions, not patient ones, waiting for their turn
        self._queued = False  # the transaction under way put notices in the outbox
        # the connections that read, free for the next read; None until they open, and for
        # ever in memory, which another connection cannot share: reads then take the writer's
        # connection between its transactions
        self._readers: asyncio.Queue[ThreadedConnection] | None = None

    @classmethod
    async def connect(cls, path: Path | str) -> SqliteStorage:
        """Open (creating if need be) the file at path and bring its schema up to date."""
        if isinstance(path, Path):
            if path.is_dir():  # said here, more plainly than SQLite says it
                raise StorageError(
                    f"{path} is a folder, not a SQLite database: check DATABASE_PATH"
                )
            path.parent.mkdir(parents=True, exist_ok=True)
        connection = await _opened(path)
        try:
            try:
                await _use_wal(connection)  # the first read of the file
            except sqlite3.DatabaseError as error:  # not a SQLite file, or a damaged one
                raise _unopened(path, error) from None
            # WAL with NORMAL survives a killed process; only a power cut may lose the last
            # commits, and it never corrupts the file.
            await _pragmas(
                connection, "foreign_keys = ON", "synchronous = NORMAL", "busy_timeout = 5000"
            )
            storage = cls(connection, path)
            await storage._migrate()
            await storage._watch_outbox()
            if isinstance(path, Path):
                await storage._open_readers()
        except BaseException:
            await connection.close()
            raise
        return storage

    async def _open_readers(self) -> None:
        """Open the connections that read, once the schema is up to date."""
        readers: asyncio.Queue[ThreadedConnection] = asyncio.Queue()
        try:
            for _ in range(READERS):
                reader = await _opened(self.path)
                readers.put_nowait(reader)
                await _pragmas(
                    reader, "foreign_keys = ON", "busy_timeout = 5000", "query_only = ON"
                )
        except BaseException:
            while not readers.empty():
                await readers.get_nowait().close()
            raise
        self._readers = readers

    def __str__(self) -> str:
        return str(self.path)

    async def close(self) -> None:
        """Close the connections once the reads and writes under way are done."""
        if self._readers is not None:
            for _ in range(READERS):  # each once its read is done
                await (await self._readers.get()).close()
        async with self._lock:
            await self._db.close()

    async def schema_version(self) -> int:
        """Return how many schema steps the database has taken."""
        rows = await self.fetch_all("PRAGMA user_version")
        return int(rows[0][0])

    async def _watch_outbox(self) -> None:
        """Have SQLite say when a notice is put in the outbox, however it is put there."""

        def queued() -> None:  # runs on the connection's thread, inside the INSERT
            self._queued = True

        await self._db.call(lambda c: c.create_function("elevator_queued", 0, queued))
        await SqliteDb(self._db).execute(
            "CREATE TEMP TRIGGER outbox_queued AFTER INSERT ON main.outbox "
            "BEGIN SELECT elevator_queued(); END"
        )

    async def _migrate(self) -> None:
        """Apply the schema steps the database has not taken yet, each in its own transaction."""
        steps = migration_steps()
        current = await self.schema_version()
        if current > len(steps):
            raise StorageError(
                f"{self.path} has schema version {current}, newer than this bot knows "
                f"({len(steps)}): update the bot before using this database"
            )
        for number, name, sql in steps[current:]:
            async with self.transaction() as db:
                # another process opening the same file may have taken the step meanwhile
                if (await db.fetch("PRAGMA user_version"))[0][0] >= number:
                    continue
                for statement in _statements(sql):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")
            logger.info("applied schema step %s to %s", name, self.path)

    @asynccontextmanager
    async def transaction(self, *, patient: bool = False) -> AsyncIterator[Db]:
        """Run the block as one write transaction: all of it commits, or none of it.

        patient: it waits while any other transaction waits for its turn (a notice marked
        sent lets a player's move write first), as does every transaction of a task that
        runs patiently (bot/turns.py).
        """
        async with self._writing(patient=patient or PATIENT.get()):
            self._queued = False
            db = SqliteDb(self._db, begin="BEGIN IMMEDIATE")
            try:
                yield db
                if db.failed is not None:
                    raise failed_statement(db.failed)
            except BaseException:
                self._queued = False
                # Jobs run in order on the connection's thread, so even when the task was
                # cancelled before BEGIN ran, this ROLLBACK runs after it; given to the thread
                # at once, it runs even if the task is cancelled again.
                if db.begun:
                    with contextlib.suppress(sqlite3.OperationalError):
                        await asyncio.shield(self._db.submit(_rollback))
                raise
            # Given at once too: a caller cancelled now may not know whether the commit
            # happened, but the connection is never left inside a transaction.
            try:
                if db.begun:
                    await asyncio.shield(self._db.submit(_commit))
            except sqlite3.Error:
                self._queued = False
                with contextlib.suppress(sqlite3.OperationalError):
                    await asyncio.shield(self._db.submit(_rollback))
                raise
            if self._queued:
                self._queued = False
                self.notices_committed.set()

    @asynccontextmanager
    async def _writing(self, *, patient: bool) -> AsyncIterator[None]:
        """Hold the writer's turn: in the order asked, the patient after all that wait."""
        if patient:
            await self._waiting.after_urgent(self._lock.acquire, lambda _: self._lock.release())
        else:
            with self._waiting.urgent():
                await self._lock.acquire()
        try:
            yield
        finally:
            self._lock.release()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Db]:
        """Read what was committed, as one snapshot, never a transaction half-done."""
        async with self._reader() as reader:
            if reader is None:  # between the writer's transactions
                yield SqliteDb(self._db)
                return
            db = SqliteDb(reader, begin="BEGIN")
            try:
                yield db
            finally:
                # Jobs run in order on the connection's thread, so this ends the snapshot even
                # when the task was cancelled before BEGIN ran; given to the thread at once,
                # it runs if cancelled again. A BEGIN never sent leaves nothing to end.
                if db.begun:
                    with contextlib.suppress(sqlite3.OperationalError):
                        await asyncio.shield(reader.submit(_commit))

    @asynccontextmanager
    async def read_one(self) -> AsyncIterator[Db]:
        """Read with one query: a statement sees one committed state without a transaction."""
        async with self._reader() as reader:
            yield SqliteDb(self._db if reader is None else reader)

    async def stream(self, sql: str, size: int) -> AsyncIterator[list[Row]]:
        """Run a query on what was committed, yielding its rows size at a time."""
        async with self._reader() as reader:
            connection = self._db if reader is None else reader
            cursor = await connection.call(lambda c: c.execute(sql))
            try:
                while batch := await connection.call(lambda _: cursor.fetchmany(size)):
                    rows: list[Row] = list(batch)
                    yield rows
            finally:  # given to the thread at once: the cursor is closed where it lives
                await asyncio.shield(connection.submit(lambda _: cursor.close()))

    @asynccontextmanager
    async def _reader(self) -> AsyncIterator[ThreadedConnection | None]:
        """Hold a free reading connection for a read (None: read on the writer's, in turn)."""
        if self._readers is None:
            async with self._writing(patient=False):  # a read that waits, as a move does
                yield None
            return
        reader = await self._readers.get()
        try:
            yield reader
        finally:
            self._readers.put_nowait(reader)

    async def claim_shards(self, shards: Shards) -> None:
        """Hold shards: nothing to do, as one process owns the whole file (bot/claim.py)."""

    @asynccontextmanager
    async def owning(self, match_id: int) -> AsyncIterator[int | None]:
        """Hold a match: nothing to do, as one process owns the file (bot/claim.py)."""
        yield None


async def _opened(path: Path | str) -> ThreadedConnection:
    """Open a connection to the file that reads rows by name."""
    try:
        return await ThreadedConnection.open(path)
    except sqlite3.Error as error:  # a file it may not open
        raise _unopened(path, error) from None


def _changed(connection: sqlite3.Connection, sql: str, parameters: Sequence[object]) -> int:
    """Run a statement; return how many rows it changed."""
    cursor = connection.execute(sql, parameters)
    try:
        return cursor.rowcount
    finally:
        cursor.close()


def _fetched(connection: sqlite3.Connection, sql: str, parameters: Sequence[object]) -> list[Row]:
    """Run a query; return its rows."""
    cursor = connection.execute(sql, parameters)
    try:
        return list(cursor.fetchall())
    finally:
        cursor.close()


def _commit(connection: sqlite3.Connection) -> None:
    connection.execute("COMMIT").close()


def _rollback(connection: sqlite3.Connection) -> None:
    connection.execute("ROLLBACK").close()


async def _pragmas(connection: ThreadedConnection, *pragmas: str) -> None:
    """Set pragmas on a connection, in one trip to its thread."""

    def job(c: sqlite3.Connection) -> None:
        for pragma in pragmas:
            c.execute(f"PRAGMA {pragma}").close()

    await connection.call(job)


def _unopened(path: Path | str, error: sqlite3.Error) -> StorageError:
    """Say that the file at path cannot be opened as a SQLite database, and why."""
    return StorageError(f"cannot open the SQLite database {path}: {error}; check DATABASE_PATH")


async def _use_wal(connection: ThreadedConnection) -> None:
    """Switch the file to WAL, waiting for another opener that holds it for a moment.

    The switch needs the file to itself, and SQLite refuses it at once rather than wait.
    """
    for wait in (*WAL_RETRIES, None):
        try:
            await _pragmas(connection, "journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or wait is None:
                raise
            await asyncio.sleep(wait)


def _statements(sql: str) -> list[str]:
    """Split a schema step into statements (steps hold no semicolons inside strings).

    A trigger's body holds statements of its own: pieces are joined until SQLite finds the
    statement complete.
    """
    lines = [line.split("--", 1)[0] for line in sql.splitlines()]
    statements: list[str] = []
    pending = ""
    for part in "\n".join(lines).split(";"):
        pending += part + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                statements.append(pending.strip().removesuffix(";"))
            pending = ""
    if pending.strip(" \n;"):
        statements.append(pending.strip().removesuffix(";"))
    return statements
