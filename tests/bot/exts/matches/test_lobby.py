"""The lobby embed stays within Discord's limits however many players join."""

from __future__ import annotations

from bot.exts.matches._lobby import lobby_embed
from bot.lobby import Roster
from bot.service import MatchShape
from games.core.clocks import TimeControl


def test_a_crowded_lobby_lists_thirty_players_a_team_and_counts_the_rest() -> None:
    players = [str(10**18 + n) for n in range(45)]
    roster = Roster({"white": players, "black": players[:3]}, {"white": players[0]}, {})
    match = MatchShape(40, "line", {"white": "Reds", "black": "Blues"})
    embed = lobby_embed(7, match, roster, players[0], "lobby", TimeControl.parse("10+5"))
    white, black = embed.fields
    assert len(white.value or "") <= 1024 and (white.value or "").endswith("and 15 more")
    assert white.name == "Reds (White)" and (white.value or "").startswith(
        f"<@{players[0]}> (captain)"
    )
    assert (black.value or "").count("<@") == 3
    assert len(embed) <= 6000
    assert "Clock: 10+5 (10 minutes per board + 5 s a move)" in (embed.description or "")
