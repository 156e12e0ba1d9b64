"""The shards one process runs: which servers' matches (and whether the DMs) are its own.

Discord sends a server's events to shard `(server id >> 22) % shard count` and DMs to shard
0; a match lives with the shard that serves its server, so each process acts on, and sends
the notices of, its own shards' matches alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

MAX_SHARDS: Final = 16384  # far beyond what a bot in every server would need
_PART: Final = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")


class ShardsError(ValueError):
    """The shards asked for cannot be run; the message says why."""


def shard_of(guild: int | str | None, count: int) -> int:
    """Return the shard Discord sends a server's events to (DMs: shard 0)."""
    if guild is None:
        return 0
    return (int(guild) >> 22) % count


@dataclass(frozen=True)
class Shards:
    """Shard ids this process runs, out of count shards in all."""

    ids: frozenset[int]
    count: int

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_SHARDS:
            raise ShardsError(f"the shard count must be 1 to {MAX_SHARDS}, not {self.count}")
        if not self.ids:
            raise ShardsError("a process must run at least one shard")
        outside = sorted(shard for shard in self.ids if not 0 <= shard < self.count)
        if outside:
            raise ShardsError(
                f"shard {outside[0]} does not exist: with {self.count} shards they are "
                f"numbered 0 to {self.count - 1}"
            )

    @classmethod
    def every(cls, count: int = 1) -> Shards:
        """Return all the shards of a bot of count shards (one process runs them all)."""
        return cls(frozenset(range(count)), count)

    @classmethod
    def parse(cls, text: str, count: int) -> Shards:
        """Read shard ids written as `0-3`, `5` or `0,2,4-6` out of count shards."""
        if not text.strip():
            raise ShardsError("no shard was given: write them as 0-3, 5 or 0,2,4-6")
        ids: set[int] = set()
        for part in text.split(","):
            found = _PART.match(part)
            if found is None:
                said = repr(part.strip()) if part.strip() else "an empty place between commas"
                raise ShardsError(
                    f"{said} is not a shard or a range of shards: write them as 0-3, 5 or 0,2,4-6"
                )
            first = int(found.group(1))
            last = int(found.group(2)) if found.group(2) is not None else first
            if last < first:
                raise ShardsError(f"the range {first}-{last} runs backwards: write {last}-{first}")
            if last >= MAX_SHARDS:
                raise ShardsError(f"shard {last} is beyond the {MAX_SHARDS} shards a bot may have")
            ids.update(range(first, last + 1))
        return cls(frozenset(ids), count)

    @classmethod
    def chosen(cls, text: str | None, count: int | None) -> Shards | None:
        """Return the shards asked for, or None when none were: run every shard Discord advises.

        text is --shards (SHARDS) and count --shard-count (SHARD_COUNT); a count alone runs
        all of its shards in this process.
        """
        if text is None and count is None:
            return None
        if count is None:
            raise ShardsError(
                f"--shards {text} needs --shard-count (or SHARD_COUNT): how many shards the bot "
                "has in all, across every process"
            )
        return cls.every(count) if text is None else cls.parse(text, count)

    @property
    def all(self) -> bool:
        """Say whether this process runs every shard (and so owns every match)."""
        return len(self.ids) == self.count

    @property
    def dms(self) -> bool:
        """Say whether this process runs shard 0, which Discord sends the DMs to."""
        return 0 in self.ids

    def owns(self, guild: int | str | None) -> bool:
        """Say whether a server's matches (None: the DM games) are this process's."""
        return shard_of(guild, self.count) in self.ids

    def where(self, guild_column: str) -> str:
        """Return an SQL condition that keeps the rows of this process's servers ('' if all).

        guild_column names a column of server ids as text, NULL for DM games (shard 0). The
        condition is built from this object's integers alone, never from a user's text.
        """
        if self.all:
            return ""
        ids = ", ".join(str(shard) for shard in sorted(self.ids))
        return (
            f"((COALESCE(CAST({guild_column} AS BIGINT), 0) / 4194304) % {self.count}) IN ({ids})"
        )

    def __str__(self) -> str:
        ranges: list[str] = []
        for shard in sorted(self.ids):
            if ranges and ranges[-1].rsplit("-", 1)[-1] == str(shard - 1):
                ranges[-1] = f"{ranges[-1].split('-')[0]}-{shard}"
            else:
                ranges.append(str(shard))
        return f"shards {','.join(ranges)} of {self.count}"
