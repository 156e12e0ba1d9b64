"""The refusals the tasks share: what state a match must be in, and what input looks like."""

from __future__ import annotations

from typing import Final

from bot.app.outcomes import Moderator
from bot.errors import NotAllowedError, RulesError, WrongStateError
from bot.loading import Loaded
from bot.names import same_name
from bot.practice.turn import STRENGTHS
from games.core.errors import shown
from games.core.pieces import SIDES, Side, opponent, side_name

MAX_MOVE: Final = 24  # characters in a move as typed; the longest real one is about 10
MAX_TURN: Final = 200  # characters in a turn of many actions (Ender's Chess) as typed


def in_lobby(loaded: Loaded, what: str) -> None:
    """Refuse unless the match is still in its lobby."""
    if loaded.status in ("active", "paused"):
        raise WrongStateError(f"you can only {what} before the match starts, and it has started")
    if loaded.status != "lobby":
        raise WrongStateError(f"the match is {loaded.status}: you can no longer {what}")


def playing(loaded: Loaded) -> None:
    """Refuse unless the match is being played."""
    if loaded.status == "lobby":
        raise WrongStateError("the match has not started yet")
    if loaded.status == "paused":
        raise WrongStateError("the match is paused by a moderator")
    if loaded.status != "active":
        raise WrongStateError(f"the match is {loaded.status}")


def open_board(loaded: Loaded, board: int) -> None:
    """Refuse a board that does not exist or is finished."""
    check_board(loaded, board)
    if loaded.match.is_closed(board):
        raise WrongStateError(finished(loaded, board))


def mover(loaded: Loaded, user: str, board: int) -> Side:
    """Return the side user moves for on an open board now, or refuse saying why not."""
    side, roster = loaded.match.side_to_move(board), loaded.roster
    if roster.may_move(user, board, side):
        return side
    if roster.team_of(user) is None:
        raise NotAllowedError("you are not playing in this match")
    other_captain = roster.captains.get(roster.team_at(board, opponent(side))) == user
    if user in roster.players_at(board) or other_captain:
        raise NotAllowedError(f"it is {side_name(side)}'s turn on board {board}")
    raise NotAllowedError(f"you are not seated on board {board}")


def finished(loaded: Loaded, board: int) -> str:
    """Say that a board is finished, and how: board 2 is finished (0-1 by timeout)."""
    ending = loaded.match.ending(board)
    how = f" ({ending.result} by {ending.ending})" if ending is not None else ""
    return f"board {board} is finished{how}"


def check_board(loaded: Loaded, board: int) -> None:
    """Refuse a board the match does not have."""
    if not whole(board) or not 1 <= board <= loaded.match.boards:
        raise RulesError(f"there is no board {shown(board)}: boards 1 to {loaded.match.boards}")


def team(loaded: Loaded, side: Side) -> str:
    """Return a team's name (a player's, in a game without teams)."""
    return loaded.team(side)


def check_team(loaded: Loaded, team: object) -> str:
    """Refuse a team the match does not have; return the team's key.

    A team is named by its key ('white' or 'black' in a match of two teams) or by its name,
    in any case, or in look-alike letters (bot.names.same_name); a key wins over a name.
    """
    keys = list(loaded.roster.teams)
    if isinstance(team, str):
        for key in keys:
            if team.strip().casefold() == key.casefold():
                return key
        for key in keys:
            if same_name(loaded.team_name(key), team):
                return key
    raise RulesError(f"there is no team {clip(str(team))!r} in this match: {teams_are(loaded)}")


def seat_side(loaded: Loaded, board: int, team: object) -> Side:
    """Return the side of a board's seat named by its colour or by the team playing it there.

    In a match of many teams only the two teams on the board play there; another is refused.
    """
    check_board(loaded, board)
    roster = loaded.roster
    if isinstance(team, str):
        colour = team.strip().casefold()
        if colour in SIDES:
            return "black" if colour == "black" else "white"
        for side in SIDES:
            if same_name(loaded.team_name(roster.team_at(board, side)), team):
                return side
    typed = clip(str(team))
    if not roster.lineup:
        raise RulesError(
            f"there is no team {typed!r} in this match: {teams_are(loaded)}; or name the seat "
            "'white' or 'black'"
        )
    white, black = (loaded.team_name(roster.team_at(board, side)) for side in SIDES)
    raise RulesError(
        f"{typed!r} does not play on board {board}: {white} play White there and {black} "
        "Black, or name the seat 'white' or 'black'"
    )


def teams_are(loaded: Loaded) -> str:
    """Say which teams a match has: the teams are Reds (White) and Blues (Black)."""
    if loaded.roster.lineup:
        names = list(loaded.roster.teams)
    else:
        names = [f"{loaded.team(side)} ({side_name(side)})" for side in SIDES]
    return f"the teams are {', '.join(names[:-1])} and {names[-1]}"


def host_or_moderator(loaded: Loaded, actor: str | Moderator, reason: str, what: str) -> None:
    """Refuse anyone but the host, or a moderator who gives a reason."""
    if isinstance(actor, Moderator):
        if not actor.is_moderator:
            raise NotAllowedError(f"only the host or a moderator can {what}")
        if not reason.strip():
            raise RulesError("a moderator's action needs a reason")
    elif actor != loaded.host:
        raise NotAllowedError(f"only the host or a moderator can {what}")


def check_side(side: object) -> None:
    """Refuse anything but white or black."""
    if side not in SIDES:
        raise RulesError(f"a team is 'white' or 'black', not {clip(str(side))!r}")


def check_strength(strength: int) -> None:
    """Refuse a practice opponent's strength outside 1 to 5."""
    if not whole(strength) or strength not in STRENGTHS:
        raise RulesError(f"the practice opponent's strength is {STRENGTHS[0]} to {STRENGTHS[-1]}")


def check_move_text(text: str, *, many: bool = False, examples: str = "e4, Nf3 or Ne4^2") -> None:
    """Refuse a move that is not text, or too long to be one (or a turn of many actions).

    examples: what a move of the game looks like, to say in the refusal.
    """
    if not isinstance(text, str):
        raise RulesError(f"a move is written as text: {examples}")
    if many and len(text.strip()) > MAX_TURN:
        raise RulesError(
            f"{clip(text)!r} is too long for one turn: play it in parts with more:True"
        )
    if not many and len(text.strip()) > MAX_MOVE:
        raise RulesError(f"{clip(text)!r} is too long for a move: write it as {examples}")


def whole(number: object) -> bool:
    """Tell whether a number as given is a whole number (not a flag, text or fraction)."""
    return isinstance(number, int) and not isinstance(number, bool)


def clip(text: str, length: int = 20) -> str:
    """Shorten what a person typed to quote it back in a refusal."""
    return text if len(text) <= length else text[: length - 1] + "…"
