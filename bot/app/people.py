"""The names people show under, kept so that images name players without a member cache."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from typing import Final

from bot import storage
from bot.app.unit import Units
from bot.names import shortened, visible

MAX_NAME: Final = 32  # Discord's longest display name
REMEMBERED: Final = 10_000  # names held in memory to tell a change without a read


class People:
    """Keeps the name each person was last seen under, writing only when it changed."""

    def __init__(self, units: Units) -> None:
        self._units = units
        self._known: OrderedDict[str, str] = OrderedDict()

    async def remember(self, user: str, name: str) -> None:
        """Keep the name a person acted (or was named) under, if it is new to the bot."""
        shown = shortened(visible(name), MAX_NAME)
        if not shown or self._known.get(user) == shown:
            return
        async with self._units.store.transaction() as db:
            await storage.set_name(db, user, shown, self._units.clock())
        self._keep({user: shown})

    async def names(self, users: Iterable[str | None]) -> dict[str, str]:
        """Return the names kept for some people; one never seen is left out."""
        wanted = sorted({user for user in users if user})
        found = {user: self._known[user] for user in wanted if user in self._known}
        missing = [user for user in wanted if user not in found]
        if missing:
            async with self._units.store.read_one() as db:
                read = await storage.names_of(db, missing)
            self._keep(read)
            found |= read
        return found

    def _keep(self, names: dict[str, str]) -> None:
        """Hold names as the database has them, the least recently kept going first."""
        for user, name in names.items():
            self._known[user] = name
            self._known.move_to_end(user)
        while len(self._known) > REMEMBERED:
            self._known.popitem(last=False)
