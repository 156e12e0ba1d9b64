"""Ids for the fake Discord made as Discord makes them: a timestamp, a worker and a count.

A snowflake is `(ms since 2015 << 22) | (worker << 17) | (process << 12) | increment`; a
server's shard is read from its timestamp (`(id >> 22) % shards`), so ids made one after
the other must differ there, as ids made by people at different moments do, for servers to
spread over shards.
"""

from __future__ import annotations

import random
import time
from typing import Final

DISCORD_EPOCH: Final = 1_420_070_400_000  # ms: the first second of 2015
WORKER: Final = 1
PROCESS: Final = 0


class Snowflakes:
    """Makes fresh, increasing snowflakes; each a few milliseconds after the last."""

    def __init__(self, seed: int = 2015) -> None:
        self._random = random.Random(seed)
        self._last = 0  # ms since Discord's epoch of the last id made

    def next(self) -> int:
        """Return a fresh snowflake, later than every one made before."""
        now = int(time.time() * 1000) - DISCORD_EPOCH
        # a random step keeps the shards of ids made in a row from following a pattern
        self._last = max(now, self._last + self._random.randint(1, 97))
        return (self._last << 22) | (WORKER << 17) | (PROCESS << 12)

    def next_on(self, shard: int, count: int) -> int:
        """Return a fresh snowflake that, as a server's id, Discord serves on shard of count."""
        if not 0 <= shard < count:
            raise ValueError(f"there is no shard {shard} of {count}")
        found = self.next()
        self._last += (shard - (found >> 22)) % count
        return (self._last << 22) | (WORKER << 17) | (PROCESS << 12)
