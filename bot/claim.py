"""One bot per database file: a claim the operating system holds for the process that took it.

Each bot keeps its matches in memory between actions, so two bots on one file would act on
stale matches. The claim is an exclusive `flock` on the database file itself, so it holds
whatever name reaches the file: its own path, a symbolic link to it, or a hard link (another
name for the same inode). A lock file beside the path as given would not: a bot started
through a link would lock a file of its own. A PID file alone would not do either: a bot
killed with SIGKILL (or by a power cut) leaves it behind, and its pid may by then belong to
another process, so a stale file could not be told from a live one; the kernel drops a
`flock` the moment its holder dies, however it dies.

SQLite locks the file with POSIX (`fcntl`) locks, which on Linux are apart from `flock`, so
the claim never gets in its way. The holder's pid, for the refusal, is read from the
kernel's list of locks (`/proc/locks`, on Linux), so nothing beside the file is written.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

LOCKS = Path("/proc/locks")


class DatabaseClaimed(RuntimeError):
    """Another process already runs a bot on this database file."""


@contextlib.contextmanager
def claim(database: Path) -> Iterator[None]:
    """Hold the database file for this process until the block ends, or refuse if another does.

    A database that does not exist yet is created empty (with its folder), which SQLite
    takes as a new database, so that there is a file to hold.
    """
    database.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(database, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = holder_of(descriptor)
            which = f" (pid {holder})" if holder else ""
            raise DatabaseClaimed(
                f"another bot is already running on {database}{which}; stop it first, "
                "or set DATABASE_PATH to another file"
            ) from None
        yield
    finally:
        os.close(descriptor)  # closing drops the lock


def holder_of(descriptor: int) -> int | None:
    """Return the pid that holds a `flock` on the descriptor's file, if the kernel tells it."""
    found = os.fstat(descriptor)
    # a line reads "1: FLOCK  ADVISORY  WRITE 4242 fe:00:2146381 0 EOF"; "->" marks a waiter
    inode = f"{os.major(found.st_dev):02x}:{os.minor(found.st_dev):02x}:{found.st_ino}"
    try:
        lines = LOCKS.read_text().splitlines()
    except OSError:  # not Linux, or no /proc
        return None
    for line in lines:
        fields = line.split()
        if "->" in fields or "FLOCK" not in fields or inode not in fields:
            continue
        pid = fields[fields.index(inode) - 1]
        if pid.isdigit() and int(pid) > 0:  # 0 or -1: the holder is in another pid namespace
            return int(pid)
    return None
