"""Whatever a caller passes, the service refuses it with its own typed error, never a raw one."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.errors import RulesError, ServiceError
from bot.service import MatchService, Moderator
from bot.storage.opening import open_storage

MOD = Moderator("mo", is_moderator=True)
ODD = ["1", 1.5, None, True, -1, 0, 10**30, 10**5000, "9" * 5000, [], float("nan")]

Call = Callable[[MatchService, int, Any], Awaitable[object]]

CALLS: dict[str, Call] = {
    "play board": lambda s, m, x: s.play(m, "ana", x, "e4"),
    "play text": lambda s, m, x: s.play(m, "ana", 1, x),
    "play match": lambda s, m, x: s.play(x, "ana", 1, "e4"),
    "resign": lambda s, m, x: s.resign(m, "ana", x),
    "offer draw": lambda s, m, x: s.offer_draw(m, "ana", x),
    "accept draw": lambda s, m, x: s.accept_draw(m, "bo", x),
    "claim draw": lambda s, m, x: s.claim_draw(m, "ana", x),
    "transfer": lambda s, m, x: s.transfer(m, "ana", x, "Nd4^2"),
    "skip transfer": lambda s, m, x: s.skip_transfer(m, "ana", x),
    "undo count": lambda s, m, x: s.undo(m, MOD, x, "why"),
    "undo preview": lambda s, m, x: s.undo_preview(m, x),
    "adjudicate board": lambda s, m, x: s.adjudicate(m, MOD, x, "1-0", "why"),
    "adjudicate result": lambda s, m, x: s.adjudicate(m, MOD, 1, x, "why"),
    "force resign": lambda s, m, x: s.force_resign(m, MOD, x, "white", "why"),
    "force resign side": lambda s, m, x: s.force_resign(m, MOD, 1, x, "why"),
    "add time board": lambda s, m, x: s.add_time(m, MOD, x, "white", 5, "why"),
    "add time minutes": lambda s, m, x: s.add_time(m, MOD, 1, "white", x, "why"),
    "shown board": lambda s, m, x: s.shown_board(m, x),
    "legal moves": lambda s, m, x: s.legal_moves(m, x, "ana"),
    "playable board": lambda s, m, x: s.playable(m, "ana", x, "e4"),
    "playable text": lambda s, m, x: s.playable(m, "ana", 1, x),
    "move options": lambda s, m, x: s.move_options(m, "ana", x),
    "roster": lambda s, m, x: s.roster(x),
    "create boards": lambda s, m, x: s.create(
        "ana", boards=x, layout="line", white_team="A", black_team="B"
    ),
    "create layout": lambda s, m, x: s.create(
        "ana", boards=2, layout=x, white_team="A", black_team="B"
    ),
    "create team": lambda s, m, x: s.create(
        "ana", boards=2, layout="line", white_team=x, black_team="B"
    ),
    "challenge boards": lambda s, m, x: s.challenge("ana", "bo", boards=x),
    "game boards": lambda s, m, x: s.create_game("ana", "bo", boards=x),
}


@pytest.mark.parametrize("call", sorted(CALLS))
def test_odd_arguments_are_refused_with_the_services_typed_errors(
    database_url: str, call: str
) -> None:
    async def main() -> None:
        store = await open_storage(database_url)
        try:
            service = MatchService(store, clock=lambda: 1000.0)
            match_id = await service.create_game("ana", "bo", boards=2, time_control="10+5")
            for odd in ODD:
                try:
                    await CALLS[call](service, match_id, odd)
                except ServiceError:
                    continue
                except Exception as error:  # pragma: no cover - the failure shown
                    raise AssertionError(f"{call}({odd!r:.30}) raised {error!r:.200}") from None
        finally:
            await store.close()

    asyncio.run(main())


# What a new game is given by each way of starting one: a team match's lobby, a challenge,
# a game between two people at once, and a game against the practice opponent.
Start = Callable[..., Awaitable[object]]
STARTS: dict[str, Callable[[MatchService], Start]] = {
    "create": lambda s: (
        lambda **k: s.create(
            "ana", **{"boards": 2, "layout": "line", "white_team": "A", "black_team": "B", **k}
        )
    ),
    "challenge": lambda s: lambda **k: s.challenge("ana", "bo", **k),
    "practice": lambda s: lambda **k: s.practice_game("ana", "bot", **k),
    "game": lambda s: lambda **k: s.create_game("ana", "bo", **k),
}
# the options a variant cannot start without, so that its set-up is reached
VARIANT_OPTIONS: dict[str, dict[str, object]] = {
    "standard": {},
    "escher": {"variant": "escher"},
    "7x7": {"variant": "7x7"},
    "armies": {"variant": "armies", "armies": [("clobberers", "nutty")]},
    "displaced": {"variant": "displaced", "elevators": [("c3", "f3", "c6", "f6")]},
}
ODD_BOARDS = [2.0, 1.0, "2", None, True, -1, 0, 10**8, 10**30, 10**5000, float("nan"), []]
MANY_TEAMS = [f"Team {number}" for number in range(2000)]
# each option of a new game, the starts that take it, and values of it to refuse
ODD_OPTIONS: dict[str, tuple[tuple[str, ...], list[object]]] = {
    "layout": (("create", "challenge", "practice", "game"), [None, 2, "lines", []]),
    "game": (("create", "challenge", "practice", "game"), [None, 2, "checkers", []]),
    "time_control": (("create", "challenge", "practice", "game"), [None, 5, "10+", "9" * 5000]),
    "variant": (("create", "challenge", "practice"), [None, 2, "nope", [], "x" * 5000]),
    "floors": (
        ("create", "challenge", "practice"),
        ["escher", 5, [1], [None], ["fide"] * 3, ["fide"] * 10**6, [["escher"]]],
    ),
    "armies": (
        ("create", "challenge", "practice"),
        ["fide/nutty", 5, ["fide"], [("fide",)], [(1, 2)], [("fide", "nutty")] * 3],
    ),
    "elevators": (
        ("create", "challenge", "practice"),
        ["d4", 5, [1], [[1]], [["d4"]] * 3, [["d4"] * 10**6], [[]]],
    ),
    "teams": (("create",), [5, "AB", [1, 2], ["A", "B", "C"], MANY_TEAMS]),
    "start_fens": (("create",), [5, "8/8/8/8/8/8/8/8 w - - 0 1", [1], ["x"] * 3]),
    "rated_in": (("create", "challenge", "game"), [5, [], True]),
    "names": (("challenge", "practice"), [None, "ab", ("a",), (1, 2), ("a", "b", "c")]),
    "strength": (("practice",), [0, 6, 1.0, True, "3", None, 10**30]),
    "side": (("practice",), ["red", None, [], 1]),
    "dm": (("practice",), [5, []]),
}


async def refuse_each(start: Start, name: str, values: list[object], **options: object) -> None:
    """Start a game with each value of an option, failing unless the service refuses it."""
    for value in values:
        try:
            await start(**{**options, name: value})
        except ServiceError:
            continue
        except Exception as error:  # pragma: no cover - the failure shown
            raise AssertionError(f"{name}={value!r:.30} raised {error!r:.200}") from None
        raise AssertionError(f"{name}={value!r:.30} {options} was not refused")


async def nothing_was_started(service: MatchService) -> None:
    """Fail unless no game, match or challenge was stored: the next of each is the first."""
    assert await service.games_of("ana") == []
    await service.challenge("ana", "bo")  # "already challenged them" had one been stored
    first = await service.create_game("ana", "bo", boards=1)
    assert await service.games_of("ana") == [first]


@pytest.mark.parametrize(
    ("start", "chosen"),
    # a game started at once (create_game) takes a set-up, not a variant's name
    [
        (start, chosen)
        for start in STARTS
        for chosen in VARIANT_OPTIONS
        if start != "game" or chosen == "standard"
    ],
)
def test_a_new_game_s_boards_of_a_wrong_type_or_size_are_refused_before_it_is_set_up(
    database_url: str, start: str, chosen: str
) -> None:
    async def main() -> None:
        store = await open_storage(database_url)
        try:
            service = MatchService(store, clock=lambda: 1000.0)
            starting = STARTS[start](service)
            await refuse_each(starting, "boards", ODD_BOARDS, **VARIANT_OPTIONS[chosen])
            await nothing_was_started(service)
        finally:
            await store.close()

    asyncio.run(main())


@pytest.mark.parametrize(
    ("start", "option"),
    [(start, option) for option, (starts, _) in ODD_OPTIONS.items() for start in starts],
)
def test_a_new_game_s_options_of_a_wrong_type_or_size_are_refused_before_it_is_set_up(
    database_url: str, start: str, option: str
) -> None:
    async def main() -> None:
        store = await open_storage(database_url)
        try:
            service = MatchService(store, clock=lambda: 1000.0)
            await refuse_each(STARTS[start](service), option, ODD_OPTIONS[option][1])
            await nothing_was_started(service)
        finally:
            await store.close()

    asyncio.run(main())


@pytest.mark.parametrize(("start", "most"), [("create", 1000), ("challenge", 10), ("game", 10)])
def test_a_number_of_boards_out_of_range_is_refused_saying_the_range(
    database_url: str, start: str, most: int
) -> None:
    async def main() -> None:
        store = await open_storage(database_url)
        try:
            service = MatchService(store, clock=lambda: 1000.0)
            what = "a match" if start == "create" else "a casual game"
            escher = {} if start == "game" else VARIANT_OPTIONS["escher"]
            for boards in (0, most + 1, 10**30, 2.0, "2"):
                with pytest.raises(RulesError) as refused:
                    await STARTS[start](service)(boards=boards, **escher)
                assert str(refused.value).startswith(f"{what} has 1 to {most} boards, not ")
        finally:
            await store.close()

    asyncio.run(main())
