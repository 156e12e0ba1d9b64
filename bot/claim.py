"""One bot per database file: a claim the operating system holds for the process that took it.

Each bot keeps its matches in memory between actions, so two bots on one file would act on
stale matches. The claim is an exclusive `flock` on a lock file beside the database. A PID
file alone would not do: a bot killed with SIGKILL (or by a power cut) leaves it behind, and
its pid may by then belong to another process, so a stale file could not be told from a live
one; the kernel drops a `flock` the moment its holder dies, however it dies.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path


class DatabaseClaimed(RuntimeError):
    """Another process already runs a bot on this database file."""


def lock_path(database: Path) -> Path:
    """Return the lock file that guards a database file (`elevator.db.lock` beside it)."""
    return database.with_name(database.name + ".lock")


@contextlib.contextmanager
def claim(database: Path) -> Iterator[None]:
    """Hold the database file for this process until the block ends, or refuse if another does.

    Only the lock file is created (with its folder); the database itself is not touched.
    The lock file is never deleted: removing it while another process has it open but not
    yet locked would let both hold a lock, each on a different file.
    """
    path = lock_path(database)
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(descriptor, 32).decode(errors="replace").strip()
            which = f" (pid {holder})" if holder.isdigit() else ""  # unless caught mid-write
            raise DatabaseClaimed(
                f"another bot is already running on {database}{which}; stop it first, "
                "or set DATABASE_PATH to another file"
            ) from None
        os.ftruncate(descriptor, 0)
        os.write(descriptor, f"{os.getpid()}\n".encode())
        yield
    finally:
        os.close(descriptor)  # closing drops the lock
