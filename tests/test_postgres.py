"""The throwaway PostgreSQL server: private, fast to clone, isolated, and gone after the run."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncpg
import pytest

from bot import storage
from bot.storage import migration_steps
from bot.storage.opening import open_storage
from tests.postgres import (
    REQUIRE_ENV,
    Cluster,
    PostgresFailed,
    PostgresUnavailable,
    cluster_base,
    find_binaries,
    remove_abandoned,
    require_binaries,
)

ROOT = Path(__file__).resolve().parent.parent


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


def test_database_url_names_an_empty_database_the_bot_opens_on_each_engine(
    database_url: str, request: pytest.FixtureRequest
) -> None:
    engine = request.node.callspec.params["database_url"]
    if engine == "sqlite":
        path = database_url.removeprefix("sqlite:///")
        assert database_url.startswith("sqlite:////") and not Path(path).exists()
    else:
        assert database_url.startswith("postgresql://")

    async def scenario() -> list[int]:
        store = await open_storage(database_url)
        try:
            async with store.transaction() as db:
                match_id = await storage.insert_match(db, "{}", "ana", 1.0, "none", "chess")
            return [match_id, len(await store.fetch_all("SELECT id FROM matches"))]
        finally:
            await store.close()

    assert asyncio.run(scenario()) == [1, 1]  # nothing left by an earlier test, ids from 1
    assert (request.node.get_closest_marker("postgres") is not None) == (engine == "postgres")


def test_a_wiped_database_keeps_its_schema_and_loses_its_rows_ids_and_sessions(
    postgres_cluster: Cluster, postgres_schema: str
) -> None:
    url = postgres_cluster.url(postgres_schema)

    async def leave_behind() -> asyncpg.Connection:
        connection = await asyncpg.connect(url)
        await connection.execute(
            "INSERT INTO matches (status, config, host, created_at) VALUES ('lobby', '{}', 'a', 1)"
        )
        await connection.execute("INSERT INTO people VALUES ('ana', 'Ana', 1)")
        await connection.execute("SELECT pg_advisory_lock(7)")
        return connection

    async def afterwards() -> tuple[int, int, int, bool]:
        connection = await asyncpg.connect(url)
        try:
            rows = await connection.fetchval(
                "SELECT (SELECT COUNT(*) FROM matches) + (SELECT COUNT(*) FROM people)"
            )
            match_id = await connection.fetchval(
                "INSERT INTO matches (status, config, host, created_at)"
                " VALUES ('lobby', '{}', 'a', 1) RETURNING id"
            )
            version = await connection.fetchval("SELECT MAX(version) FROM elevator_schema")
            free = await connection.fetchval("SELECT pg_try_advisory_lock(7)")
            return rows, match_id, version, free
        finally:
            await connection.close()

    loop = asyncio.new_event_loop()
    try:
        left_open = loop.run_until_complete(leave_behind())
        postgres_cluster.wipe_database(postgres_schema)
        assert left_open.is_closed() or loop.run_until_complete(_fails(left_open))
    finally:
        loop.close()
    latest = migration_steps("postgres")[-1][0]
    assert asyncio.run(afterwards()) == (0, 1, latest, True)
    postgres_cluster.wipe_database(postgres_schema)


def test_missing_binaries_are_reported_as_not_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(REQUIRE_ENV, raising=False)
    with pytest.raises(PostgresUnavailable, match="PostgreSQL's server binaries are not installed"):
        find_binaries(path=str(tmp_path), versions=tmp_path)
    with pytest.raises(pytest.skip.Exception, match="server binaries are not installed"):
        require_binaries(path=str(tmp_path), versions=tmp_path)


def test_missing_binaries_fail_rather_than_skip_where_the_run_requires_postgres(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(REQUIRE_ENV, "1")
    with pytest.raises(pytest.fail.Exception, match=f"not installed.*{REQUIRE_ENV} is set"):
        require_binaries(path=str(tmp_path), versions=tmp_path)


def test_a_server_that_cannot_start_fails_with_its_log_and_leaves_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    binaries = require_binaries()
    base = own_base()
    monkeypatch.setattr(tempfile, "tempdir", str(base))  # where the other workers make none
    try:
        assert cluster_base() == base
        with pytest.raises(PostgresFailed, match='invalid value for parameter "shared_buffers"'):
            Cluster.start(binaries, settings={"shared_buffers": "plenty"})
        assert list(base.iterdir()) == []  # not even its log
    finally:
        shutil.rmtree(base, ignore_errors=True)


def own_base() -> Path:
    """Return a directory for clusters of a test's own: the other workers clear the shared one."""
    base = Path(tempfile.mkdtemp(prefix="pg-own-", dir="/tmp"))
    base.chmod(0o755)  # the server's own account, run as by root, goes through it as through /tmp
    return base


def test_a_killed_test_run_takes_its_server_down_and_the_next_run_removes_its_directory() -> None:
    require_binaries()
    base = own_base()
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
        env={**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(base)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert run.stdout is not None
    printed = run.stdout.readline().strip()
    assert printed, "the test run could not start its cluster"
    root = Path(printed)
    try:
        assert root.parent == base
        server = int((root / "data" / "postmaster.pid").read_text().split()[0])
        run.kill()
        run.wait()
        assert _wait_for_exit(server), "the server outlived the test run that started it"
        assert root.exists()
        remove_abandoned(base)
        assert not root.exists()
    finally:
        run.kill()
        run.wait()
        if run.stdin is not None:
            run.stdin.close()
        run.stdout.close()
        shutil.rmtree(base, ignore_errors=True)
