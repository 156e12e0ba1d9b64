"""Elevator Chess for many teams: which team plays White and which Black on every board.

Betza: "4 teams of 2 players each playing on 4 boards; Team A could play White on boards 1
and 2, while team C had Black on boards 2 and 3." Half the teams play White, half Black.
White team i takes the i-th block of consecutive boards; Black team i takes the same block
shifted one board on, the last one wrapping round to board 1, so that no two teams meet on
every board they play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.core.errors import MatchConfigError, shown
from games.core.pieces import Side

TEAM_COUNTS: Final = (2, 4, 6, 8)

Pairs = Sequence[tuple[str, str]]  # (White's team, Black's team) per board, board 1 first


def default_names(teams: int) -> tuple[str, ...]:
    """Return the names many teams get when none are given, as Betza's: Team A, Team B, ..."""
    _check_count(teams)
    return tuple(f"Team {letter}" for letter in "ABCDEFGH"[:teams])


def team_map(boards: int, names: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """Return each board's (White team, Black team): the first half of names play White."""
    teams = len(names)
    _check_count(teams)
    if len(set(names)) != teams:
        raise MatchConfigError("every team needs a name of its own")
    per_colour = teams // 2
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise MatchConfigError(f"the number of boards must be a whole number, not {shown(boards)}")
    if boards % per_colour:
        raise MatchConfigError(
            f"{teams} teams need a number of boards that {per_colour} White teams can share "
            f"equally: a multiple of {per_colour}, not {boards}"
        )
    block = boards // per_colour
    whites, blacks = names[:per_colour], names[per_colour:]
    return tuple(
        (whites[(board - 1) // block], blacks[((board - 2) % boards) // block])
        for board in range(1, boards + 1)
    )


def team_order(pairs: Pairs) -> tuple[str, ...]:
    """Return the teams of a map in the order they were named: White's teams, then Black's.

    Within a colour a team comes by the board its block starts on, the first board it plays
    that follows one it does not (board 1 when it plays every board of that colour), counted
    from board 1 for White and from board 2 for Black.
    """
    order: list[str] = []
    for colour in (0, 1):
        playing = [pair[colour] for pair in pairs]
        starts = {team: 1 for team in playing}  # a team on every board starts at board 1
        for board in range(len(playing), 0, -1):  # downwards: the earliest start is kept
            if playing[board - 1] != playing[board - 2]:
                starts[playing[board - 1]] = board
        # Black's blocks begin one board on: measured from there, C's comes before D's
        # even when D's wraps round to board 1.
        order += sorted(starts, key=lambda team: (starts[team] - 1 - colour) % len(pairs))
    return tuple(order)


def seats_of(pairs: Pairs, team: str) -> list[tuple[int, Side]]:
    """Return the boards a team plays, each with the colour it plays there."""
    seats: list[tuple[int, Side]] = []
    for board, (white, black) in enumerate(pairs, 1):
        if white == team:
            seats.append((board, "white"))
        elif black == team:
            seats.append((board, "black"))
    return seats


def _check_count(teams: int) -> None:
    if teams not in TEAM_COUNTS:
        counts = ", ".join(str(count) for count in TEAM_COUNTS)
        raise MatchConfigError(
            f"a match has {counts} teams (half play White, half Black), not {shown(teams)}"
        )
