"""What an image shows, in words: the description (alt text) each image is posted with.

A screen reader reads it in place of the image: whose move it is, the last move, an arrival
or a departure by elevator, a check, and every piece by side and kind. Discord keeps 1,024
characters of it; what does not fit ends in an ellipsis, the pieces last.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from games.core.pieces import SIDES, Piece, kind_name, side_name
from renderer.chart import RatingChart
from views.shown import BoardView, MatchView

MOST: Final = 1024  # characters Discord keeps of an attachment's description
ORDER: Final = "KQRBNP"  # kinds listed first, in this order; the others after, by letter


def _fit(text: str) -> str:
    return text if len(text) <= MOST else text[: MOST - 1] + "…"


IRREGULAR: Final = {"ox": "oxen"}  # the plurals of kinds' last words that take no s


def _plural(name: str, count: int) -> str:
    if count == 1:
        return name
    head, _, last = name.rpartition(" ")
    many = IRREGULAR.get(last, last[:-1] + "ves" if last.endswith("f") else last + "s")
    return f"{head} {many}" if head else many


def hand_words(letters: str) -> str:
    """Say the pieces a side holds off the board, as FEN letters give them: 2 rooks, a king."""
    if not letters:
        return "nothing"
    counts = {kind: letters.upper().count(kind) for kind in dict.fromkeys(letters.upper())}
    return ", ".join(
        f"{count} {_plural(kind_name(kind), count)}" if count > 1 else f"a {kind_name(kind)}"
        for kind, count in counts.items()
    )


def pieces_words(pieces: dict[str, Piece]) -> str:
    """Say every piece by side, then kind: White: king e1, rooks a1 and h1. Black: ..."""
    parts = []
    for side in SIDES:
        mine = {square: piece for square, piece in pieces.items() if piece.side == side}
        kinds = sorted(
            {piece.kind for piece in mine.values()},
            key=lambda kind: (ORDER.find(kind) % (len(ORDER) + 1), kind),
        )
        said = []
        for kind in kinds:
            squares = sorted(s for s, piece in mine.items() if piece.kind == kind)
            listed = squares[0] if len(squares) == 1 else " ".join(squares)
            said.append(f"{_plural(kind_name(kind), len(squares))} {listed}")
        parts.append(f"{side_name(side)}: {', '.join(said) if said else 'no pieces'}.")
    return " ".join(parts)


def _events(view: BoardView) -> Iterable[str]:
    """Say what the image marks beside the pieces: the last move, rides, a check."""
    if view.last_move is not None:
        start, end = view.last_move
        yield f"Last move from {start} to {end}."
    if view.departure is not None:
        departed = view.departure
        yield (
            f"A piece left {departed.square} by elevator, {departed.direction} to board "
            f"{departed.to_board}."
        )
    for arrival in view.arrivals:
        yield f"A piece arrived on {arrival.square} from board {arrival.from_board}."
    if view.check is not None:
        yield f"Check: the king on {view.check} is attacked."
    if view.capturable is not None:
        yield f"The king on {view.capturable} can be taken."
    if view.lifted:
        yield f"An elevator moved: it now fills {' '.join(view.lifted)}."


def _state(view: BoardView) -> str:
    """Say where a board stands and what its image marks, without its pieces."""
    turn = f"{side_name(view.turn)} to move, move {view.fullmove}"
    where = view.status if view.finished else turn
    return " ".join([f"Board {view.number}: {where}.", *_events(view)])


def board_alt(view: BoardView) -> str:
    """Describe a board's image: its number, where it stands, its marks and its pieces."""
    said = [_state(view)]
    if view.shape.levels > 1:
        said.append("Cells are named by level, then square: 2e1 is e1 on level 2.")
    if view.reserves is not None:
        white, black = view.reserves
        said.append(f"In hand: White {hand_words(white)}; Black {hand_words(black)}.")
        said.append("On the board:")
    said.append(pieces_words(view.pieces()))
    return _fit(" ".join(said))


def game_alt(view: MatchView, title: str) -> str:
    """Describe an image of many boards: the score, then each board, its pieces if all fit."""
    scores = ", ".join(f"{team} {points:g}" for team, points in view.scores)
    head = f"{title}. Score: {scores}." if scores else f"{title}."
    whole = " ".join([head, *(board_alt(board) for board in view.views)])
    if len(whole) <= MOST:
        return whole
    # too many boards for their pieces: each board's state and marks, the pieces left out
    return _fit(" ".join([head, *(_state(board) for board in view.views)]))


def chart_alt(chart: RatingChart) -> str:
    """Describe a rating chart: its title, and the rating at its first and last points."""
    if not chart.points:
        return _fit(f"{chart.title}: no rated games yet.")
    first, last = chart.points[0][1], chart.points[-1][1]
    games = len(chart.points)
    return _fit(
        f"{chart.title}: a chart of {games} rating{'s' if games != 1 else ''}, from "
        f"{first:.0f} to {last:.0f}, lowest {min(p[1] for p in chart.points):.0f}, highest "
        f"{max(p[1] for p in chart.points):.0f}."
    )
