"""Whatever a caller passes, the service refuses it with its own typed error, never a raw one."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.errors import ServiceError
from bot.service import MatchService, Moderator
from bot.storage import Storage

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
        store = await Storage.open(database_url)
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
