"""What both storage engines share: rows, connections, schema steps, and opening one.

The bot keeps its data in SQLite (one process, a file: the default) or in PostgreSQL (one
or several processes sharing a server), chosen by one setting. Both are driven through
the same `storage.<task>(db, ...)` functions, whose SQL is written once, with `?` for
parameters; the engines' few differences stay in their modules, sqlite.py and postgres.py.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from importlib import resources
from pathlib import Path
from typing import Any, Final, Protocol

from bot.shards import Shards

DEFAULT_PATH: Final = Path("data") / "elevator.db"
_STEP_NAME: Final = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://")


class StorageError(RuntimeError):
    """The database cannot be opened or is not one this version of the bot can use."""


class StorageBusy(StorageError):
    """Another process holds a match (or a shard) this one asked for; try again later."""


class Row(Protocol):
    """A row read from either engine: its values by position or by column name."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def keys(self) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...


class Db(Protocol):
    """A connection inside a transaction (or a read), as the storage functions use it."""

    async def execute(self, sql: str, parameters: Sequence[object] = ()) -> int:
        """Run one statement; return how many rows it changed."""

    async def executemany(self, sql: str, parameters: Iterable[Sequence[object]]) -> None:
        """Run one statement once per row of parameters."""

    async def fetch(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        """Run a query and return its rows."""

    async def update_one(self, sql: str, parameters: Sequence[object], refused: str) -> None:
        """Run an UPDATE that must change one row, or fail the transaction (StorageError)."""

    def batch(self) -> AbstractAsyncContextManager[None]:
        """Send the block's statements in as few round trips as the engine allows.

        Writes may reach the server later than their call, with a statement after them: an
        error they meet may be raised there, or at the end of the block. The block is for
        writes whose errors nobody catches one by one (an action's, which fail it whole).
        """


def failed_statement(error: BaseException) -> StorageError:
    """Return the error a transaction ends with when one of its statements failed.

    PostgreSQL aborts a transaction at its first failed statement and turns its COMMIT
    into a ROLLBACK without a word; SQLite would commit the statements around it. Neither
    may happen silently, and both engines must agree: the whole transaction is rolled back.
    """
    said = str(error).splitlines()[0] if str(error) else type(error).__name__
    return StorageError(
        f"nothing was saved: a statement of the transaction failed ({said}), so all of it "
        "was rolled back"
    )


async def rows(db: Db, sql: str, *parameters: object) -> list[Row]:
    """Run a query and return its rows."""
    return await db.fetch(sql, parameters)


def migration_steps(engine: str = "sqlite") -> list[tuple[int, str, str]]:
    """Return an engine's schema steps as (number, file name, SQL), in order.

    SQLite's are numbered from 1. PostgreSQL's first file is a baseline that takes a new
    database to the step it is numbered (none was ever made before it); from then on both
    engines take the same steps, each written in its engine's SQL.
    """
    folder = resources.files("bot.migrations")
    if engine == "postgres":
        folder = folder / "postgres"
    steps = []
    for entry in folder.iterdir():
        found = _STEP_NAME.match(entry.name)
        if found:
            steps.append((int(found.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    steps.sort()
    numbers = [number for number, _, _ in steps]
    first = numbers[0] if numbers and engine == "postgres" else 1
    if numbers != list(range(first, first + len(steps))):
        raise StorageError(f"the {engine} schema steps must be numbered in a row; found {numbers}")
    return steps


def is_postgres(target: str | Path) -> bool:
    """Say whether a database setting names a PostgreSQL server rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def sqlite_path(target: str | Path) -> Path | str:
    """Return the file a SQLite setting names, or :memory:.

    A URL is read as SQLAlchemy reads one: sqlite:///data/x.db is relative, and
    sqlite:////srv/x.db (four slashes) absolute.
    """
    if isinstance(target, str) and target.startswith("sqlite:///"):
        target = target.removeprefix("sqlite:///")
    return target if target == ":memory:" else Path(target)


class Storage:
    """An open database of either engine: its transactions, its reads and its match locks."""

    # another process may write to this database (PostgreSQL): what a process keeps in
    # memory of a match must be checked against the database before it acts on it
    shared: bool = False

    def __init__(self) -> None:
        # set once a transaction that put notices in the outbox has committed (never before:
        # a worker woken early would not see them); whoever waits on it clears it
        self.notices_committed = asyncio.Event()

    def __str__(self) -> str:
        return "the database"

    async def close(self) -> None:
        """Close the database once the writes under way are done."""
        raise NotImplementedError

    async def schema_version(self) -> int:
        """Return how many schema steps the database has taken."""
        raise NotImplementedError

    def transaction(self, *, patient: bool = False) -> AbstractAsyncContextManager[Db]:
        """Run the block as one write transaction: all of it commits, or none of it.

        patient: bookkeeping nobody waits on (a notice marked sent) that may let the
        transactions waiting their turn go first, where the engine has one writer.
        """
        raise NotImplementedError

    def read(self) -> AbstractAsyncContextManager[Db]:
        """Read between transactions, never seeing one half-done."""
        raise NotImplementedError

    def read_one(self) -> AbstractAsyncContextManager[Db]:
        """Read with one query, which sees one committed state without a snapshot held for it."""
        return self.read()

    async def claim_shards(self, shards: Shards) -> None:
        """Hold these shards for this process until it closes (StorageBusy if another has one)."""
        raise NotImplementedError

    def owning(self, match_id: int) -> AbstractAsyncContextManager[int | None]:
        """Hold a match against every other process until the block ends (StorageBusy if not).

        Yield the match's revision as the hold began if the database is shared (None if there
        is no such match), so that what a process keeps of it is checked at no extra cost;
        None if it is not shared.
        """
        raise NotImplementedError

    async def fetch_all(self, sql: str, *parameters: object) -> list[Row]:
        """Run one query between transactions and return its rows."""
        async with self.read_one() as db:
            return await rows(db, sql, *parameters)
