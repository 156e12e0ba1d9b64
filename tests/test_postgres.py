"""The throwaway PostgreSQL server: private, fast to clone, isolated, and gone after the run."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import asyncpg
import pytest

from tests.postgres import (
    PREFIX,
    Cluster,
    PostgresFailed,
    PostgresUnavailable,
    cluster_base,
    find_binaries,
    remove_abandoned,
    require_binaries,
)

ROOT = Path(__file__).resolve().parent.parent


def _ours(base: Path) -> set[Path]:
    """Return the cluster directories this test run made."""
    found = set()
    for root in base.glob(f"{PREFIX}*"):
        try:
            if int((root / "owner.pid").read_text()) == os.getpid():
                found.add(root)
        except (OSError, ValueError):
            continue
    return found


def _wait_for_exit(pid: int, within: float = 30.0) -> bool:
    """Wait until a process is gone; return whether it went in time."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.02)
    return False


def test_a_rolled_back_table_is_gone_and_a_committed_one_stays(postgres_url: str) -> None:
    async def scenario() -> list[str]:
        connection = await asyncpg.connect(postgres_url)
        try:
            with pytest.raises(RuntimeError, match="crash"):
                async with connection.transaction():
                    await connection.execute("CREATE TABLE lost (id integer)")
                    raise RuntimeError("crash")
            async with connection.transaction():
                await connection.execute("CREATE TABLE kept (id integer)")
                await connection.execute("INSERT INTO kept VALUES (1)")
            rows = await connection.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
            )
            return [row["tablename"] for row in rows]
        finally:
            await connection.close()

    assert asyncio.run(scenario()) == ["kept"]


def test_an_advisory_lock_held_in_one_transaction_is_refused_to_another_until_it_ends(
    postgres_url: str,
) -> None:
    async def scenario() -> tuple[bool, bool, bool]:
        holder = await asyncpg.connect(postgres_url)
        other = await asyncpg.connect(postgres_url)
        try:
            take = "SELECT pg_try_advisory_xact_lock($1)"
            async with holder.transaction():
                held = await holder.fetchval(take, 12)
                async with other.transaction():
                    refused = not await other.fetchval(take, 12)
            async with other.transaction():
                freed = await other.fetchval(take, 12)
            return held, refused, freed
        finally:
            await holder.close()
            await other.close()

    assert asyncio.run(scenario()) == (True, True, True)


def test_two_test_databases_do_not_see_each_other(postgres_cluster: Cluster) -> None:
    first, second = postgres_cluster.create_database(), postgres_cluster.create_database()

    async def tables(name: str) -> list[str]:
        connection = await asyncpg.connect(postgres_cluster.url(name))
        try:
            rows = await connection.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
            )
            return [row["tablename"] for row in rows]
        finally:
            await connection.close()

    try:
        postgres_cluster.execute("CREATE TABLE only_here (id integer)", database=first)
        assert (asyncio.run(tables(first)), asyncio.run(tables(second))) == (["only_here"], [])
    finally:
        postgres_cluster.drop_database(first)
        postgres_cluster.drop_database(second)


def test_a_database_is_cloned_from_the_template_it_names(postgres_cluster: Cluster) -> None:
    template = postgres_cluster.create_database()
    postgres_cluster.execute("CREATE TABLE migrated (id integer)", database=template)
    clone = postgres_cluster.create_database(template=template)

    async def count() -> int:
        connection = await asyncpg.connect(postgres_cluster.url(clone))
        try:
            found: int = await connection.fetchval(
                "SELECT count(*) FROM pg_tables WHERE tablename = 'migrated'"
            )
            return found
        finally:
            await connection.close()

    try:
        assert asyncio.run(count()) == 1
    finally:
        postgres_cluster.drop_database(clone)
        postgres_cluster.drop_database(template)


def test_the_server_listens_on_its_private_socket_alone_with_fsync_off(
    postgres_cluster: Cluster, postgres_url: str
) -> None:
    async def settings() -> list[str]:
        connection = await asyncpg.connect(postgres_url)
        try:
            names = ("listen_addresses", "unix_socket_directories", "fsync")
            return [await connection.fetchval(f"SHOW {name}") for name in names]
        finally:
            await connection.close()

    assert asyncio.run(settings()) == ["", str(postgres_cluster.socket_dir), "off"]
    assert (postgres_cluster.socket_dir / ".s.PGSQL.5432").is_socket()


def test_the_server_never_runs_as_root(postgres_cluster: Cluster) -> None:
    pid = int((postgres_cluster.data / "postmaster.pid").read_text().split()[0])
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    real_uid = next(line.split()[1] for line in status if line.startswith("Uid:"))
    assert real_uid != "0"


def test_a_database_is_dropped_even_with_a_connection_left_open(
    postgres_cluster: Cluster,
) -> None:
    name = postgres_cluster.create_database()

    async def left_open() -> asyncpg.Connection:
        return await asyncpg.connect(postgres_cluster.url(name))

    loop = asyncio.new_event_loop()
    try:
        connection = loop.run_until_complete(left_open())
        postgres_cluster.drop_database(name)
        assert connection.is_closed() or loop.run_until_complete(_fails(connection))
    finally:
        loop.close()

    async def databases() -> list[str]:
        connection = await asyncpg.connect(postgres_cluster.url("postgres"))
        try:
            return [row[0] for row in await connection.fetch("SELECT datname FROM pg_database")]
        finally:
            await connection.close()

    assert name not in asyncio.run(databases())


async def _fails(connection: asyncpg.Connection) -> bool:
    """Return whether a query on the connection fails (the server ended it)."""
    try:
        await connection.fetchval("SELECT 1")
    except (asyncpg.PostgresError, asyncpg.InterfaceError, ConnectionError):
        return True
    return False


def test_database_url_names_a_fresh_usable_database_on_each_engine(
    database_url: str, request: pytest.FixtureRequest
) -> None:
    engine = request.node.callspec.params["database_url"]
    if engine == "sqlite":
        path = database_url.removeprefix("sqlite:///")
        assert database_url.startswith("sqlite:////") and not Path(path).exists()
        with sqlite3.connect(path) as connection:
            connection.execute("CREATE TABLE moves (san text)")
            connection.execute("INSERT INTO moves VALUES ('e4')")
            rows = [row[0] for row in connection.execute("SELECT san FROM moves")]
    else:

        async def scenario() -> list[str]:
            connection = await asyncpg.connect(database_url)
            try:
                await connection.execute("CREATE TABLE moves (san text)")
                await connection.execute("INSERT INTO moves VALUES ('e4')")
                return [row[0] for row in await connection.fetch("SELECT san FROM moves")]
            finally:
                await connection.close()

        assert database_url.startswith("postgresql://")
        rows = asyncio.run(scenario())
    assert rows == ["e4"]
    assert (request.node.get_closest_marker("postgres") is not None) == (engine == "postgres")


def test_missing_binaries_are_reported_as_not_installed(tmp_path: Path) -> None:
    with pytest.raises(PostgresUnavailable, match="PostgreSQL's server binaries are not installed"):
        find_binaries(path=str(tmp_path), versions=tmp_path)
    with pytest.raises(pytest.skip.Exception, match="server binaries are not installed"):
        require_binaries(path=str(tmp_path), versions=tmp_path)


def test_a_server_that_cannot_start_fails_with_its_log_and_leaves_nothing(
    tmp_path: Path,
) -> None:
    binaries = require_binaries()
    base = cluster_base()
    before = _ours(base)
    with pytest.raises(PostgresFailed, match='invalid value for parameter "shared_buffers"'):
        Cluster.start(binaries, settings={"shared_buffers": "plenty"})
    assert _ours(base) == before


def test_a_killed_test_run_takes_its_server_down_and_the_next_run_removes_its_directory() -> None:
    require_binaries()
    script = (
        "import sys\n"
        "from tests.postgres import Cluster\n"
        "cluster = Cluster.start()\n"
        "print(cluster.root, flush=True)\n"
        "sys.stdin.read()\n"
    )
    run = subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert run.stdout is not None
    printed = run.stdout.readline().strip()
    assert printed, "the test run could not start its cluster"
    root = Path(printed)
    try:
        server = int((root / "data" / "postmaster.pid").read_text().split()[0])
        run.kill()
        run.wait()
        assert _wait_for_exit(server), "the server outlived the test run that started it"
        assert root.exists()
        remove_abandoned(root.parent)
        assert not root.exists()
    finally:
        run.kill()
        run.wait()
        if run.stdin is not None:
            run.stdin.close()
        run.stdout.close()
