"""A throwaway PostgreSQL cluster for tests: its own directory, a private socket, no TCP port."""

from __future__ import annotations

import asyncio
import ctypes
import itertools
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import pytest

# initdb and postgres refuse to run as root; these accounts may run them instead
UNPRIVILEGED_USERS = ("postgres", "nobody")
SUPERUSER = "postgres"
PREFIX = "elevator-pg-"
REQUIRE_ENV = "ELEVATOR_REQUIRE_POSTGRES"  # set: missing binaries fail, not skip
START_TIMEOUT = 60.0
STOP_TIMEOUT = 30.0
# the longest path a Unix socket may have, less the room its name needs (".s.PGSQL.5432")
SOCKET_DIR_MAX = 107 - 14
SERVER_OPTIONS = {
    "listen_addresses": "",
    # a test cluster holds nothing worth keeping through a power cut
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
}
_PR_SET_PDEATHSIG = 1
_PRCTL = ctypes.CDLL(None).prctl if sys.platform == "linux" else None


class PostgresUnavailable(Exception):
    """PostgreSQL's server binaries are not on this machine."""


class PostgresFailed(Exception):
    """The server's binaries are here but the cluster would not start; carries its log."""


@dataclass(frozen=True)
class Binaries:
    """Where initdb, pg_ctl and postgres are."""

    directory: Path

    def __getitem__(self, name: str) -> str:
        return str(self.directory / name)


def find_binaries(
    path: str | None = None, versions: Path = Path("/usr/lib/postgresql")
) -> Binaries:
    """Find the server binaries on PATH or in Debian's /usr/lib/postgresql/<version>/bin."""
    needed = ("initdb", "pg_ctl", "postgres")
    candidates: list[Path] = []
    if found := shutil.which("initdb", path=path):
        candidates.append(Path(found).resolve().parent)
    installed = versions.glob("*/bin")
    candidates += sorted(installed, key=lambda bin: _version(bin.parent.name), reverse=True)
    for directory in candidates:
        if all(os.access(directory / name, os.X_OK) for name in needed):
            return Binaries(directory)
    raise PostgresUnavailable(
        "PostgreSQL's server binaries are not installed: no initdb, pg_ctl and postgres on PATH"
        f" or in {versions}/*/bin (on Debian: apt-get install postgresql)"
    )


def require_binaries(
    path: str | None = None, versions: Path = Path("/usr/lib/postgresql")
) -> Binaries:
    """Find the server binaries, or skip the test saying that PostgreSQL is not installed.

    Where REQUIRE_ENV is set (CI), their absence fails the test instead: a run that was
    meant to test both engines must not pass having tested one.
    """
    try:
        return find_binaries(path, versions)
    except PostgresUnavailable as absent:
        if os.environ.get(REQUIRE_ENV):
            pytest.fail(f"{absent}; {REQUIRE_ENV} is set, so the tests need it", pytrace=False)
        pytest.skip(str(absent))


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())


def _run_as() -> pwd.struct_passwd | None:
    """Return the account to run the server as: None for the current one, unless that is root."""
    if os.geteuid() != 0:
        return None
    for name in UNPRIVILEGED_USERS:
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise PostgresFailed(
        "PostgreSQL will not run as root, and there is no unprivileged account to run it as"
        f" (looked for {', '.join(UNPRIVILEGED_USERS)})"
    )


def _die_with_parent() -> None:
    """Have the kernel stop the server (immediate shutdown) if the test run is killed."""
    # looked up before the fork, so that the child only makes the call
    if _PRCTL is not None:
        _PRCTL(_PR_SET_PDEATHSIG, signal.SIGQUIT)


def cluster_base() -> Path:
    """Return where clusters are made: the temporary directory, if it leaves the socket room."""
    base = tempfile.gettempdir()
    return Path(base if len(base) <= SOCKET_DIR_MAX - 30 else "/tmp")


def remove_abandoned(base: Path) -> None:
    """Remove clusters left behind by test runs that were killed (their server died with them)."""
    for root in base.glob(f"{PREFIX}*"):
        try:
            owner = int((root / "owner.pid").read_text())
        except (OSError, ValueError):
            continue  # being created, or not ours
        server = root / "data" / "postmaster.pid"
        pids = [owner]
        if server.exists():
            pids.append(int(server.read_text().split()[0]))
        if not any(_alive(pid) for pid in pids):
            shutil.rmtree(root, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Cluster:
    """A running PostgreSQL cluster in a temporary directory, reached through its socket."""

    def __init__(
        self,
        binaries: Binaries,
        root: Path,
        account: pwd.struct_passwd | None,
        settings: Mapping[str, str],
    ) -> None:
        self.binaries = binaries
        self.root = root
        self.data = root / "data"
        self.log = root / "server.log"
        self._account = account
        self._settings = settings
        self._server: subprocess.Popen[bytes] | None = None
        self._names = itertools.count(1)

    @classmethod
    def start(
        cls, binaries: Binaries | None = None, settings: Mapping[str, str] | None = None
    ) -> Cluster:
        """Create a cluster in a new temporary directory and start it; remove all if that fails."""
        binaries = binaries or find_binaries()
        account = _run_as()
        base = cluster_base()
        remove_abandoned(base)
        root = Path(tempfile.mkdtemp(prefix=PREFIX, dir=base))
        (root / "owner.pid").write_text(str(os.getpid()))
        cluster = cls(binaries, root, account, {**SERVER_OPTIONS, **(settings or {})})
        try:
            if account is not None:
                os.chown(root, account.pw_uid, account.pw_gid)
            cluster._initdb()
            cluster._launch()
        except BaseException:
            cluster.stop()
            raise
        return cluster

    @property
    def socket_dir(self) -> Path:
        """The directory holding the server's Unix socket (the cluster's own directory)."""
        return self.root

    def url(self, database: str) -> str:
        """Return the DSN asyncpg takes for a database of this cluster."""
        return f"postgresql://{SUPERUSER}@/{database}?host={self.socket_dir}"

    def _subprocess_options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"cwd": self.root}
        if self._account is not None:
            options |= {
                "user": self._account.pw_uid,
                "group": self._account.pw_gid,
                "extra_groups": [],
            }
        return options

    def _initdb(self) -> None:
        done = subprocess.run(
            [
                self.binaries["initdb"],
                "--pgdata",
                str(self.data),
                "--username",
                SUPERUSER,
                "--auth",
                "trust",
                "--encoding",
                "UTF8",
                "--locale",
                "C",
                "--no-sync",
                "--no-instructions",
            ],
            capture_output=True,
            text=True,
            check=False,
            **self._subprocess_options(),
        )
        if done.returncode != 0:
            raise PostgresFailed(
                f"initdb failed (exit {done.returncode}):\n{done.stdout}{done.stderr}"
            )

    def _launch(self) -> None:
        command = [self.binaries["postgres"], "-D", str(self.data), "-k", str(self.socket_dir)]
        for name, value in self._settings.items():
            command += ["-c", f"{name}={value}"]
        with self.log.open("wb") as log:
            if self._account is not None:
                os.chown(self.log, self._account.pw_uid, self._account.pw_gid)
            self._server = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=_die_with_parent,
                **self._subprocess_options(),
            )
        self._wait_until_ready()

    def _wait_until_ready(self) -> None:
        """Wait until postmaster.pid says ready, as pg_ctl -w does; fail with the log if it dies."""
        assert self._server is not None
        pid_file = self.data / "postmaster.pid"
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self._server.poll() is not None:
                raise PostgresFailed(
                    f"the PostgreSQL server exited ({self._server.returncode}) while starting:\n"
                    + self.server_log()
                )
            try:
                lines = pid_file.read_text().splitlines()
            except FileNotFoundError:
                lines = []
            # line 8 of postmaster.pid is the server's status (PostgreSQL 10 and later)
            if len(lines) >= 8 and lines[7].strip() == "ready":
                return
            time.sleep(0.02)
        raise PostgresFailed(
            f"the PostgreSQL server was not ready after {START_TIMEOUT:.0f} s:\n"
            + self.server_log()
        )

    def server_log(self) -> str:
        """Return what the server has written to its log so far."""
        try:
            return self.log.read_text(errors="replace")
        except FileNotFoundError:
            return "(no log was written)"

    def execute(self, *statements: str, database: str = "postgres") -> None:
        """Run statements one by one as the superuser, outside any transaction."""

        async def run() -> None:
            connection = await asyncpg.connect(self.url(database))
            try:
                for statement in statements:
                    await connection.execute(statement)
            finally:
                await connection.close()

        asyncio.run(run())

    def create_database(self, *, template: str = "template0") -> str:
        """Create a fresh database (a copy of template) and return its name."""
        name = f"test_{next(self._names)}"
        self.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        return name

    def wipe_database(self, name: str) -> None:
        """Empty a database's tables and restart its ids, keeping its schema; end its sessions.

        Much quicker than a new database (a CREATE DATABASE copies every block of its
        template, and the bot's schema then takes its steps): tests that need no more than
        an empty database at the latest schema step share one and wipe it.
        """

        async def run() -> None:
            connection = await asyncpg.connect(self.url(name))
            try:
                # sessions a failed test left open, with the advisory locks they hold
                await connection.execute(
                    "SELECT pg_terminate_backend(pid, $1::bigint) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()",
                    int(STOP_TIMEOUT * 1000),
                )
                tables = await connection.fetch(
                    "SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = 'public'"
                    " AND tablename <> 'elevator_schema'"
                )
                sequences = await connection.fetch(
                    "SELECT quote_ident(sequencename) FROM pg_sequences WHERE schemaname = 'public'"
                )
                # replica: no triggers and no foreign key checks, so any order will do
                statements = ["SET LOCAL session_replication_role = replica"]
                statements += [f"DELETE FROM {row[0]}" for row in tables]
                statements += [f"ALTER SEQUENCE {row[0]} RESTART" for row in sequences]
                async with connection.transaction():
                    await connection.execute(";\n".join(statements))
            finally:
                await connection.close()

        asyncio.run(run())

    def drop_database(self, name: str) -> None:
        """Drop a database, ending any connection a test left open to it."""
        self.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        """Stop the server (fast shutdown, then immediate) and remove the cluster's directory."""
        server, self._server = self._server, None
        try:
            if server is not None and server.poll() is None:
                server.send_signal(signal.SIGINT)
                try:
                    server.wait(STOP_TIMEOUT)
                except subprocess.TimeoutExpired:
                    server.send_signal(signal.SIGQUIT)
                    server.wait(STOP_TIMEOUT)
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
