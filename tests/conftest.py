"""Fixtures every test area shares: the throwaway PostgreSQL server and the engines to run on.

Under pytest-xdist each worker process is a session of its own, so each starts its own
PostgreSQL cluster: the workers never share a database.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.practice.stockfish import find_stockfish
from bot.storage.opening import open_storage
from tests import strength
from tests.postgres import Cluster, require_binaries

ENGINES = ("sqlite", "postgres")
STOCKFISH_REQUIRED = "ELEVATOR_REQUIRE_STOCKFISH"  # set (CI): Stockfish's absence fails
STOCKFISH_ABSENT = "Stockfish is not installed: apt-get install stockfish"
WORKERS_PER_CORE = 2  # most tests wait, on a bot's process or on Discord's rate limits
MOST_WORKERS = 16  # each starts its own PostgreSQL cluster


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """Start one PostgreSQL cluster for the session; skip, saying why, if it is not installed."""
    cluster = Cluster.start(require_binaries())
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: Cluster) -> Iterator[str]:
    """Yield the DSN of a fresh, empty database of its own, dropped after the test."""
    name = postgres_cluster.create_database()
    try:
        yield postgres_cluster.url(name)
    finally:
        postgres_cluster.drop_database(name)


@pytest.fixture(scope="session")
def postgres_schema(postgres_cluster: Cluster) -> str:
    """Return the name of a database the bot's schema steps have all been applied to."""
    name = postgres_cluster.create_database()

    async def migrate() -> None:
        store = await open_storage(postgres_cluster.url(name))
        await store.close()

    asyncio.run(migrate())
    return name


@pytest.fixture(params=ENGINES)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Yield an empty database's URL on each engine: sqlite:///<absolute path>, postgresql://.

    SQLite's is a file not made yet. PostgreSQL's is one database the tests share, wiped
    before each (rows, ids and sessions) and at the latest schema step, as the bot leaves a
    new one: a database of its own per test took four times as long as the test itself.
    Tests of the schema steps take postgres_url, a new database with nothing in it.
    """
    if request.param == "postgres":
        cluster: Cluster = request.getfixturevalue("postgres_cluster")
        name: str = request.getfixturevalue("postgres_schema")
        cluster.wipe_database(name)
        return cluster.url(name)
    return f"sqlite:///{tmp_path / 'elevator.db'}"


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Return how many workers `-n auto` starts: two a core this process may run on."""
    return min(MOST_WORKERS, WORKERS_PER_CORE * len(os.sched_getaffinity(0)))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that needs the PostgreSQL server, so -m 'not postgres' leaves them out."""
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        params = getattr(getattr(item, "callspec", None), "params", {})
        if (
            "postgres_cluster" in fixtures
            or "postgres_url" in fixtures
            or "postgres_schema" in fixtures
            or params.get("database_url") == "postgres"
        ):
            item.add_marker(pytest.mark.postgres)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say the Hypothesis profile, and how many tests skipped PostgreSQL or the fonts and why."""
    if strength.PROFILE != "ci":
        terminalreporter.write_line(
            f"Hypothesis profile {strength.PROFILE!r}: property tests ran fewer examples than CI"
        )
    for what, marker in (("PostgreSQL", "PostgreSQL"), ("font", "fonts for names")):
        reasons = [
            report.longrepr[2]
            for report in terminalreporter.stats.get("skipped", [])
            if isinstance(report.longrepr, tuple) and marker in report.longrepr[2]
        ]
        if reasons:
            reason = reasons[0].removeprefix("Skipped: ")
            terminalreporter.write_line(f"{len(reasons)} {what} tests skipped: {reason}")


@pytest.fixture
def stockfish() -> str:
    """Return Stockfish's path, or skip the test saying how to install it."""
    path, why = find_stockfish(os.environ.get("STOCKFISH_PATH", ""))
    if path is None:
        if os.environ.get(STOCKFISH_REQUIRED):
            pytest.fail(
                f"{STOCKFISH_ABSENT} ({why}); {STOCKFISH_REQUIRED} is set, so the tests need it"
            )
        pytest.skip(f"{STOCKFISH_ABSENT} ({why})")
    return path
