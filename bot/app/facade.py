"""A facade's methods named once each, as the part that serves them: `create = via(Lobby.create)`.

The facade holds one instance of each part's class (`parts`); a method declared with via() is
that part's bound method, typed as the part's own (mypy sees its parameters and result), and
kept on the facade after its first use so that a call costs what a plain attribute does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Concatenate, Generic, ParamSpec, Protocol, Self, TypeVar, overload

P = ParamSpec("P")
R = TypeVar("R")


class Facade(Protocol):
    """What via() needs of its owner: its parts, by their class."""

    @property
    def parts(self) -> Mapping[type, object]:
        """Return the instance of each part, by its class."""


class Via(Generic[P, R]):
    """One method of a facade, served by the part whose class defines it."""

    def __init__(self, method: Callable[Concatenate[Any, P], R]) -> None:
        self._method = method
        self._name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, facade: None, owner: type) -> Self: ...

    @overload
    def __get__(self, facade: Facade, owner: type) -> Callable[P, R]: ...

    def __get__(self, facade: Facade | None, owner: type) -> Self | Callable[P, R]:
        if facade is None:
            return self
        part = next(
            (part for kind, part in facade.parts.items() if _defines(kind, self._method)), None
        )
        if part is None:
            raise TypeError(f"no part of {owner.__name__} serves {self._method.__qualname__}")
        bound: Callable[P, R] = getattr(part, self._method.__name__)
        vars(facade)[self._name] = bound  # found once: later calls read the attribute
        return bound


def via(method: Callable[Concatenate[Any, P], R]) -> Via[P, R]:
    """Declare a facade's method as a part's: `play = via(Play.play)`."""
    return Via(method)


def _defines(kind: type, method: Callable[..., object]) -> bool:
    return any(vars(base).get(method.__name__) is method for base in kind.__mro__)
