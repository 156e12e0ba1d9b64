"""Draw the sample images shown in the README and the docs from scripted games.

Run from the repository's root: python scripts/samples.py
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import games
from bot.exts.rules import example_png
from games.core.geometry import CHESSBOARD, Shape, Square
from games.core.pieces import Piece, Side
from games.core.placement import write_placement
from games.core.results import UNFINISHED
from games.elevator import Match
from games.elevator.teams import team_map
from games.good.cells import one_a_pole
from games.good.cells import shape as good_shape
from renderer import board_png, board_view_png, overview_png, replay_gif
from renderer.chart import RatingChart, chart_png
from renderer.legend import armies_png
from views.model import BoardView, Cell, Neighbour

OUT = Path(__file__).resolve().parent.parent / "docs" / "images"
DRAWN_HERE = {"escher", "good"}  # games whose sample is drawn below, not their /rules example

OPENINGS = {
    1: "d4 d5 Nf3 Nf6 Ne5 e6",
    2: "e4 f5 exf5 Kf7 Nf3 Nf6",
    3: "e4 e5 Nf3 d6 Bb5+",
    4: "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#",
    5: "c4 e5 Nc3 Nf6 g3 d5 cxd5 Nxd5",
    6: "d4 Nf6 c4 e6 Nc3 Bb4",
}


def sample_match() -> Match:
    """Play a six-board ring to a moment with an arrival, a check and a finished board."""
    match = Match(6, "ring")
    for board, moves in OPENINGS.items():
        for move in moves.split():
            match.play(board, move)
    match.play(1, "Ne5^2")  # the knight arrives on board 2, where the black king stands on f7
    return match


# Aikin's Escher Staircase: each staircase's squares in the order pieces travel
ESCHER_STAIRCASES = (
    ("a8", "b8", "c8", "d8", "e8", "f8"),
    ("h6", "g6", "f6", "e6", "d6", "c6"),
    ("a3", "b3", "c3", "d3", "e3", "f3"),
    ("h1", "g1", "f1", "e1", "d1", "c1"),
    ("c8", "c7", "c6", "c5", "c4", "c3"),
    ("h8", "h7", "h6", "h5", "h4", "h3"),
    ("a1", "a2", "a3", "a4", "a5", "a6"),
    ("f1", "f2", "f3", "f4", "f5", "f6"),
)


# Ben Good's Elevator, as views show it (camel L, prince Y, ox X): a start of the notes'
# shape (each side's 48 pieces fill its four home poles; White's king on 2e1, Black's on 3e8
# under pole c4's shaft on level 4), with shaft levels and back ranks of our own choosing,
# for images only
GOOD_SHAFTS = (3, 1, 0, 3, 1, 2, 2, 1, 2, 1, 1, 2, 0, 2, 3, 0)
GOOD_BACK = "RNBXXBNRLYRQRYLNBLXXLBNK"  # each side's first rank, level by level, files a to h
GOOD_KINGS = {"white": "2e1", "black": "3e8"}


def good_start(shafts: tuple[int, ...] = GOOD_SHAFTS) -> dict[str, Piece]:
    """Return the pieces of a start of Ben Good's Elevator, by cell, for the given shafts."""
    board = good_shape(one_a_pole(shafts))
    pieces: dict[str, Piece] = {}
    sides: tuple[tuple[Side, int, int], ...] = (("white", 0, 1), ("black", 7, -1))
    for side, first, forward in sides:
        letters = iter(GOOD_BACK)
        for level in range(4):
            for file in range(8):
                back = Square(file, first, level).name(4)
                if back in board:
                    pieces[back] = Piece(next(letters), side)
                    pieces[Square(file, first + forward, level).name(4)] = Piece("P", side)
        king = next(name for name, piece in pieces.items() if piece == Piece("K", side))
        there = GOOD_KINGS[side]
        pieces[king], pieces[there] = pieces[there], pieces[king]
    return pieces


def good_view() -> BoardView:
    """Return the view of a board of Ben Good's Elevator after Black's first move, E3c4U.

    There is no game of Good's in the rules yet: the view is built from the sample start.
    """
    after = (*GOOD_SHAFTS[:14], 2, *GOOD_SHAFTS[15:])  # pole c4's shaft now on level 3
    pieces = {
        f"4{name[1:]}" if name[0] == "3" and name[1:] in {"e7", "f7", "e8", "f8"} else name: piece
        for name, piece in good_start().items()
    }
    return BoardView(
        number=1,
        placement=write_placement(pieces, good_shape(one_a_pole(after))),
        turn="white",
        fullmove=2,
        elevators=(),
        result=UNFINISHED,
        ending="",
        transfer_pending=None,
        last_move=None,
        departure=None,
        arrivals=(),
        check=None,
        capturable=None,
        caption="1... E3c4U: Black's king rides pole c4's elevator up to level 4",
        shape=good_shape(one_a_pole(after)),
        platform=2,
        lifted=("4e7", "4f7", "4e8", "4f8"),
        vacated=("3e7", "3f7", "3e8", "3f8"),
    )


def escher_view() -> BoardView:
    """Return the view of an Escher Staircase board after 1. e4, drawn from the view alone.

    There is no Escher match in the rules yet; its staircases come from the rules' notes.
    """
    return BoardView(
        number=1,
        placement="rnbkqbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
        turn="black",
        fullmove=1,
        elevators=(),
        result=UNFINISHED,
        ending="",
        transfer_pending=None,
        last_move=("e2", "e4"),
        departure=None,
        arrivals=(),
        check=None,
        capturable=None,
        caption="1. e4: the staircases move when a move starts on them",
        shape=CHESSBOARD,
        staircases=ESCHER_STAIRCASES,
    )


DISPLACED = (("c3", "f3", "c6", "f6"), ("d4", "e4", "d5", "e5"), ("b2", "g2", "b7", "g7"))


def displaced_match() -> Match:
    """Return three boards whose elevators stand on squares of their own (Displaced Elevators)."""
    match = Match(3, elevators=[list(squares) for squares in DISPLACED])
    for move in ("e4", "e5", "Nf3", "Nc6"):
        match.play(2, move)
    for move in ("c4", "e5", "Nc3", "d6", "Nf3", "Be6"):
        match.play(1, move)
    return match


def teams_match() -> Match:
    """Return Betza's four teams on four boards in a ring, a few moves into each board."""
    match = Match(4, "ring", teams=team_map(4, ["Reds", "Blues", "Greens", "Golds"]))
    for board, moves in {1: "e4 e5 Nf3", 2: "d4 d5", 3: "c4 e5 Nc3", 4: "Nf3 Nf6"}.items():
        for move in moves.split():
            match.play(board, move)
    return match


DAY = 86_400.0
# a player's rating after each of ten rated matches, a day apart, oldest first
RATINGS = (1500, 1571, 1618, 1589, 1642, 1630, 1688, 1702, 1676, 1731)


def rating_chart() -> RatingChart:
    """Return a rating chart as /rating draws it, of ratings made up for the picture."""
    start = 1_795_000_000.0  # 18 November 2026
    points = tuple((start + day * DAY, rating) for day, rating in enumerate(RATINGS))
    return RatingChart("Ana: Elevator Chess, two boards, Elevator Club", points)


TEN = Shape(files=10, ranks=10)
TEN_ELEVATORS = ("e5", "f5", "e6", "f6")
CENTRE = ("d4", "e4", "d5", "e5")


def ten_view() -> BoardView:
    """Return the view of a 10x10 board between two 8x8 ones, its rides' squares named.

    Drawn from the view alone: it is the renderer's sample, not a match of the rules.
    """
    knight = Piece("N", "white")
    up = tuple(
        Cell(ours, theirs, knight if theirs == "e4" else None)
        for ours, theirs in zip(TEN_ELEVATORS, CENTRE, strict=True)
    )
    down = tuple(
        Cell(ours, theirs, None) for ours, theirs in zip(TEN_ELEVATORS, CENTRE, strict=True)
    )
    return BoardView(
        number=2,
        placement="rncbqkbenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNCBQKBENR",
        turn="white",
        fullmove=1,
        elevators=TEN_ELEVATORS,
        result=UNFINISHED,
        ending="",
        transfer_pending=None,
        last_move=None,
        departure=None,
        arrivals=(),
        check=None,
        capturable=None,
        caption="A 10x10 board: its elevators e5 f5 e6 f6 lead to d4 e4 d5 e5",
        neighbours=(
            Neighbour("up", 3, None, "", False, "Black to move", up),
            Neighbour("down", 1, None, "", False, "White to move", down),
        ),
        shape=TEN,
    )


def main(out: Path = OUT) -> None:
    """Write the sample images into docs/images (or out)."""
    out.mkdir(parents=True, exist_ok=True)
    match = sample_match()
    (out / "arrival.png").write_bytes(board_png(match, 2))
    clocks = (timedelta(minutes=7, seconds=42), timedelta(minutes=4, seconds=5))
    check = board_png(match, 3, "black", names=("Ana", "Bartholomew"), clocks=clocks)
    (out / "check.png").write_bytes(check)
    (out / "overview.png").write_bytes(overview_png(match))
    (out / "replay.gif").write_bytes(replay_gif(match, 2, size=320))
    (out / "escher.png").write_bytes(board_view_png(escher_view(), size=400))
    (out / "armies.png").write_bytes(armies_png(800))
    (out / "displaced.png").write_bytes(board_png(displaced_match(), 2, size=400))
    (out / "ten.png").write_bytes(board_view_png(ten_view(), size=400))
    (out / "good.png").write_bytes(board_view_png(good_view()))
    (out / "teams.png").write_bytes(overview_png(teams_match()))
    (out / "chart.png").write_bytes(chart_png(rating_chart()))
    for kind in games.KINDS:  # what /rules shows of each game, but those drawn above
        if kind not in DRAWN_HERE:
            (out / f"{kind}.png").write_bytes(example_png(kind))
    for path in sorted(out.iterdir()):
        print(f"{path}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
