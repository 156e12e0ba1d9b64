"""What the bot says of a match in words: scores, pieces, arrivals, overview lines, reminders."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.news import describe
from bot.notices import (
    Aborted,
    Adjudication,
    ArrivalShown,
    BoardImage,
    BoardResult,
    BoardsResult,
    Cancelled,
    Decided,
    FlagNews,
    ForcedResignation,
    Forfeit,
    Notice,
    Paused,
    Reminder,
    Reopened,
    Result,
    Resumed,
    RideNews,
    Started,
    Substituted,
    TimeAdded,
    TransferGone,
    TransferLapsed,
    TransferSkipped,
    Undone,
)
from bot.ui.clocks import lapses
from bot.ui.mentions import mention, plain
from bot.ui.turns import listed, turn_words, turns_of
from games.core.boardgame import END_OF_TURN
from games.core.clocks import left_words
from games.core.events import Event, Flagged, Moved
from games.core.geometry import FILES, Shape
from games.core.multiboard import Arrived, Carried, Held, PassedThrough, Rode, Transferred
from games.core.pieces import Side, kind_name, opponent, side_name, upper_first
from games.core.results import DRAWN


def score_words(scores: dict[str, float]) -> str:
    """Write the teams' scores: Reds 2, Blues 1 (names shown as typed)."""
    return ", ".join(f"{plain(team)} {score:g}" for team, score in scores.items())


def teams_named(teams: Mapping[str, str]) -> str:
    """Name a match's teams as typed: Reds against Blues, or Reds, Blues, Greens and Golds."""
    return against([plain(name) for name in teams.values()])


def against(names: Sequence[str]) -> str:
    """Join the names of a match's teams: A against B, or A, B, C and D when more than two play."""
    return f"{names[0]} against {names[1]}" if len(names) == 2 else listed(names)


def _together(names: Sequence[str]) -> str:
    """Join names: Reds, Blues and Golds."""
    return listed([plain(name) for name in names])


def _top(scores: dict[str, float]) -> str:
    """Say who won a match of many teams by points: Reds won the match, or share the win."""
    best = max(scores.values())
    top = [team for team, points in scores.items() if points == best]
    return f"{_together(top)} won the match" if len(top) == 1 else f"{_together(top)} share the win"


def piece_words(side: str, kind: str) -> str:
    """Write a piece in words: a white knight."""
    return f"a {side} {kind_name(kind)}"


def arrival_words(arrived: Arrived, *, transferred: bool = False) -> str:
    """Say what arrived where (sent by a victory transfer, or ridden), and what it threatens."""
    text = (
        f"{upper_first(piece_words(arrived.side, arrived.piece))} arrives on "
        f"{arrived.square} from board {arrived.from_board}"
    )
    if transferred:
        text += " by victory transfer"
    if arrived.king_capturable:
        text += f": the {opponent(arrived.side)} king can be captured"
    elif arrived.check:
        text += ": check"
    return text + "."


def shape_words(shape: Shape) -> list[str]:
    """Say what a board's edges do, where they are not a chessboard's: the words beside
    its image for those who cannot see the image's rails or zips."""
    last = FILES[shape.files - 1]
    words = []
    if shape.wrap_files:
        words.append(f"Files a and {last} of this board are joined: moves cross that edge.")
    if shape.cushion_files:
        words.append(f"Files a and {last} of this board are cushions: lines bounce off them.")
    return words


def board_words(notice: BoardImage, gates: Sequence[str] = ()) -> list[str]:
    """Say in lines what an action did on a board: moves, rides, pieces sent or arrived, flags.

    An undo says what the moderator took back there instead, and why. gates: the board's
    gates (Ender's Chess), when the notice holds no view of the board to read them from.
    """
    if notice.undone:
        taken = " ".join(event_words(event, notice.board) for event in notice.events)
        if notice.agreed:
            return [f"Taken back by agreement: {taken}"]
        why = f" ({plain(notice.reason)})" if notice.reason else ""
        return [f"A moderator took back what happened here{why}: {taken}"]
    said = (Rode, Transferred, Flagged, PassedThrough, Carried)  # the rest: elsewhere
    lines = [
        (order, event_words(e, notice.board))
        for order, e in enumerate(notice.events)
        if isinstance(e, said)
    ]
    if notice.shown is not None:
        gates = notice.shown.view.gates
    for order, turn in turns_of(notice.events):  # a turn of many actions (Ender's) in one line
        many = gates or len(turn) > 1 or turn[-1].san == END_OF_TURN
        lines.append((order, turn_words(turn, gates) if many else event_words(turn[0], 0)))
    if isinstance(notice, ArrivalShown):
        if notice.arrived is not None:  # first, unless this board moved before it arrived
            at = notice.events.index(notice.arrived) if notice.arrived in notice.events else -1
            lines.append((at, arrival_words(notice.arrived, transferred=notice.transferred)))
        lines += [  # the conveyor may bring several at once
            (order, arrival_words(e))
            for order, e in enumerate(notice.events)
            if isinstance(e, Arrived) and e != notice.arrived and e.board == notice.board
        ]
    return [line for _, line in sorted(lines, key=lambda pair: pair[0])]


def event_words(event: Event, board: int) -> str:
    """Say in a sentence what an event did on the board it is shown on."""
    match event:
        case Moved(side=side, san=san) if san == END_OF_TURN:
            return f"{side_name(side)} ended the turn."
        case Moved(side=side, san=san):
            return f"{side_name(side)} played {san}."
        case Rode() | Transferred():
            piece = f"{side_name(event.side)}'s {kind_name(event.piece)}"
            if isinstance(event, Transferred):
                return (
                    f"{piece} on {event.square} was sent {event.direction} to board "
                    f"{event.to_board} by victory transfer."
                )
            return f"{piece} rode {event.direction} from {event.square} to board {event.to_board}."
        case PassedThrough() | Carried():
            piece = f"{side_name(event.side)}'s {kind_name(event.piece)}"
            if isinstance(event, Carried):
                return (
                    f"The conveyor carried {piece} {event.direction} from {event.square} "
                    f"to board {event.to_board}."
                )
            return f"{piece} passed through to {event.square} on board {event.to_board}."
        case Arrived():
            return (
                f"{upper_first(piece_words(event.side, event.piece))} arrived on {event.square} "
                f"from board {event.from_board}."
            )
        case Flagged(side=side):
            return f"{side_name(side)} ran out of time."
    said = describe(event).removeprefix(f"board {board}: ")
    return said[:1].upper() + said[1:] + "."


def held_words(held: Held, awaiting: Sequence[int], *, complete: bool) -> str:
    """Answer the player whose move an Automatic Elevator Chess match holds."""
    side = side_name(held.side)
    text = f"Your move on board {held.board} ({held.san}) is in"
    if complete:
        return text + f": {side}'s turn is complete, played on every board, and the conveyor ran."
    if not awaiting:
        return text + "."
    return text + f"; {side} still has {_boards(awaiting)} to move."


def turn_given_words(side: Side, moved: Sequence[int], awaiting: Sequence[int]) -> str:
    """Say how far a side has given its Automatic turn, without saying its moves."""
    return f"{side_name(side)} has moved on {_boards(moved)} and waits for {_boards(awaiting)}."


def _boards(numbers: Sequence[int]) -> str:
    *rest, last = numbers
    return f"boards {', '.join(map(str, rest))} and {last}" if rest else f"board {last}"


def substitute_words(new: str, old: str, side: Side | None, reason: str) -> str:
    """Say who a moderator seated on a board in whose place, and why (mentions, not pings)."""
    plays = f"now plays {side_name(side)} here" if side is not None else "now plays here"
    why = f": {plain(reason)}." if reason else "."
    return f"{mention(new)} {plays}, in place of {mention(old)}{why}"


def _ended_words(ended: Sequence[tuple[int, str, str]], scores: Mapping[str, float]) -> str:
    """Say boards' ends (number, result, ending), those alike together, and the score after."""
    groups: dict[tuple[str, str], list[int]] = {}
    for board, result, ending in ended:
        groups.setdefault((result, ending), []).append(board)
    said = "; ".join(
        f"board {boards[0]} ends {result} ({ending})"
        if len(boards) == 1
        else f"boards {spans(sorted(boards))} end {result} ({ending})"
        for (result, ending), boards in groups.items()
    )
    standing = score_words(dict(scores))
    score = f" Score: {standing}." if standing else ""
    return f"{said[0].upper()}{said[1:]}.{score}"


def overview_words(notice: Notice) -> str | None:
    """Say an overview notice in a line, or None for notices the overview does not show."""
    match notice:
        case Started(boards=boards):
            if boards == 1:  # a game of one board: no boards to count
                return "The game has started."
            return f"The match has started on {boards:,} boards."
        case RideNews(event=Transferred() as sent):
            return (
                f"Board {sent.board}: {piece_words(sent.side, sent.piece)} is sent "
                f"{sent.direction} from {sent.square} to board {sent.to_board} "
                "by victory transfer."
            )
        case RideNews(event=ride):
            return (
                f"Board {ride.board}: {piece_words(ride.side, ride.piece)} rides "
                f"{ride.direction} from {ride.square} to board {ride.to_board}."
            )
        case FlagNews(event=flag):
            return f"Board {flag.board}: {side_name(flag.side)} ran out of time."
        case TimeAdded():
            side = side_name(notice.side)
            return (
                f"A moderator gave {side} {left_words(notice.seconds)} on board "
                f"{notice.board}: {plain(notice.reason or '')}. "
                f"{side} has {left_words(notice.left)} left there."
            )
        case BoardResult(event=ended, scores=scores):
            return _ended_words([(ended.board, ended.result, ended.ending)], scores)
        case BoardsResult(ended=ended, scores=scores):
            return _ended_words(ended, scores)
        case Decided(event=decided, teams=teams):
            if len(decided.winners) > 1 and teams > 2:  # of many teams, a tie shares the win
                return f"The match is decided: {_together(decided.winners)} share the win."
            if len(decided.winners) != 1:
                return "The match is drawn."
            return f"The match is decided: {plain(decided.winners[0])} has won it."
        case Result(scores=scores) if len(scores) > 2:
            return f"Final result: {_top(dict(scores))} ({score_words(dict(scores))})."
        case Result(result=result, scores=scores):
            standing = score_words(dict(scores))
            drawn = ", the match is drawn" if result == DRAWN else ""
            return f"Final result: {result}{drawn}" + (f" ({standing})." if standing else ".")
        case TransferGone(board=board, side=side):
            gone = "has nowhere left to go"
            if isinstance(notice, (TransferLapsed, TransferSkipped)):
                gone = "lapsed" if isinstance(notice, TransferLapsed) else "was skipped"
            return f"Board {board}: {side_name(side)}'s victory transfer {gone}."
        case Adjudication() | Forfeit() | ForcedResignation():
            said = "forfeit"
            if isinstance(notice, (Adjudication, ForcedResignation)):
                said = (
                    "ruling"
                    if isinstance(notice, Adjudication)
                    else "resignation for an absent player"
                )
            return f"A moderator's {said}: {plain(notice.reason or '')}".rstrip(": ") + "."
        case Reopened(status="paused"):
            return "The match is back, but paused: a moderator resumes it with /mod resume."
        case Reopened():
            return "The match is on again: the players may play in the board channels."
        case Substituted(old=old, new=new, reason=reason):  # names both: a mention pings none
            said = f": {plain(reason)}" if reason else ""
            return (
                f"A moderator's substitute: {mention(new)} plays in place of {mention(old)}{said}."
            )
        case Undone(agreed=True):
            return None  # each board it touched says so
        case Paused() | Resumed() | Aborted() | Undone() | Cancelled():
            reason = plain(notice.reason or "")
            return f"A moderator's {notice.kind}" + (f": {reason}" if reason else ".")
    return None


def reminder_words(reminder: Reminder, *, mention_player: bool) -> str:
    """Remind a correspondence player that a board waits on their move, and until when."""
    falls = lapses(reminder.falls_at) if reminder.falls_at is not None else "soon"
    text = (
        f"board {reminder.board} waits on your move as {side_name(reminder.side)}: "
        f"{left_words(reminder.left)} left; the board is lost on time {falls}."
    )
    who = " ".join(mention(user) for user in reminder.mention)
    return f"{who}, {text}" if mention_player and who else text[0].upper() + text[1:]


def spans(numbers: list[int]) -> str:
    """Say sorted numbers as runs, 1-250, 1000: an embed field's name holds 256 characters."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(
        str(run[0])
        if len(run) == 1
        else f"{run[0]}, {run[1]}"
        if len(run) == 2
        else f"{run[0]}-{run[-1]}"
        for run in runs
    )
