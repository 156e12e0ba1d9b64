"""A facade's methods declared once each as a part's: served by that part, found once."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from bot.app.facade import Via, via
from bot.service import MatchService
from bot.storage import Storage
from tests.bot.scenarios import run


class Greeter:
    def __init__(self, name: str) -> None:
        self.name = name

    def greet(self, whom: str) -> str:
        return f"{self.name} greets {whom}"


class Polite(Greeter):
    pass


class Counter:
    def count(self) -> int:
        return 3


class Front:
    greet = via(Greeter.greet)
    count = via(Counter.count)

    def __init__(self, *parts: object) -> None:
        self._parts = {type(part): part for part in parts}

    @property
    def parts(self) -> Mapping[type, object]:
        return self._parts


def test_a_facade_method_is_the_bound_method_of_the_part_that_defines_it() -> None:
    front = Front(Counter(), Polite("Ana"))  # a subclass of the defining class serves too
    assert front.greet("Bo") == "Ana greets Bo"
    assert front.count() == 3
    assert vars(front)["greet"].__self__ is front.parts[Polite]  # kept after its first use
    assert isinstance(Front.greet, Via)


def test_a_facade_without_the_part_says_which_method_it_cannot_serve() -> None:
    with pytest.raises(TypeError, match=r"no part of Front serves Counter\.count"):
        Front(Greeter("Ana")).count()


def test_every_method_of_the_match_service_is_served_by_one_of_its_parts(
    database_url: str,
) -> None:
    async def scenario(service: MatchService, store: Storage) -> None:
        declared = [name for name, kind in vars(MatchService).items() if isinstance(kind, Via)]
        assert len(declared) >= 80
        for name in declared:
            served = getattr(service, name)
            assert type(served.__self__) in service.parts, name

    run(database_url, scenario)
