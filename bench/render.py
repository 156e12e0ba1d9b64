"""Benchmark the renderer against python-chess's SVG boards rasterised by resvg, in one run.

Run: python bench/render.py [--rounds N]

Each round renders the same positions both ways in turn, so that a busy machine slows
both alike: our board_png 640 pixels wide (a 480-pixel diagram, the header and the
neighbour panel), and chess.svg.board (with the same last move, check and orientation)
turned into a PNG by resvg-py, the rasteriser our sprites come from, both 640 pixels
wide and at our diagram's size. It then renders a 16-board overview. Goals (issue 3): a board
PNG in at most 8 ms median and at least 5x faster than the SVG route; at most 60 KB per
board image; a 16-board overview in at most 60 ms.

Then a board image as the bot makes one in play, from a stored view with players' names (in
several scripts) and clocks, against Pillow's own PNG encoding of the same finished picture,
with the same options. Goal (issue 32): a board image in at most 1.5x its encoding.
"""

from __future__ import annotations

import argparse
import gc
from datetime import timedelta

import chess
import chess.svg
import resvg_py

import games
from renderer import board_png, board_view_png, overview_png
from renderer.board import BoardLayout, draw_board
from renderer.diagram import shows_stairs
from renderer.indexed import indexed_board
from renderer.palette import encode, to_palette
from renderer.turnmarks import shows_turns
from views.model import BoardView, Viewed, board_view

try:
    from bench.timing import Samples
except ModuleNotFoundError:  # run as a script: python bench/render.py
    from timing import Samples  # type: ignore[no-redef]

SIZE = 640
WIDE = 850  # the image width whose diagram is 640 pixels
OPENINGS = (
    "d4 d5 Nf3 Nf6 Ne5 e6",
    "e4 f5 exf5 Kf7 Nf3 Nf6",
    "e4 e5 Nf3 d6 Bb5+",
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7",
    "c4 e5 Nc3 Nf6 g3 d5 cxd5 Nxd5",
    "d4 Nf6 c4 e6 Nc3 Bb4",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
    "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#",
)

# players as they come: accents, Cyrillic, Greek, Chinese, Arabic, an emoji, a long name
NAMES = (
    ("Zoë Ångström", "Алексей Петров"),
    ("Νίκος Καζαντζάκης", "李小龍"),
    ("محمد الأمين", "dragon 🐉 rider"),
    ("Maximiliane von Hohenzollern-Sigmaringen", "bob"),
)
CLOCKS = (timedelta(minutes=4, seconds=5), timedelta(seconds=9.3))


def bench_match(boards: int) -> Viewed:
    """Return a ring of boards in varied middlegames, with a ride, an arrival and a mate."""
    match = games.new_game("elevator", boards=boards, layout="ring")
    for board in range(1, boards + 1):
        for move in OPENINGS[(board - 1) % len(OPENINGS)].split():
            match.play(board, move)
    match.play(1, "Ne5^2")  # arrives where the black king on f7 can be taken
    return match


def svg_png(match: Viewed, board: int, perspective: str, size: int = SIZE) -> bytes:
    """Render a board the usual way: python-chess's SVG, rasterised by resvg."""
    view = board_view(match, board)
    position = chess.Board(match.fen(board)) if not view.finished else chess.Board(None)
    if view.finished:
        position.set_board_fen(view.placement)
    lastmove = None
    if view.last_move is not None:
        lastmove = chess.Move(
            chess.parse_square(view.last_move[0]), chess.parse_square(view.last_move[1])
        )
    check = chess.parse_square(view.check) if view.check is not None else None
    svg = chess.svg.board(
        position,
        orientation=perspective == "white",
        lastmove=lastmove,
        check=check,
        size=size,
    )
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size))


Clocks = tuple[timedelta, timedelta]


def in_play(
    view: BoardView, perspective: str, names: tuple[str, str], clocks: Clocks = CLOCKS
) -> bytes:
    """Return a board image as the bot sends one in play: a stored view, names and clocks."""
    return board_view_png(view, perspective, SIZE, names=names, clocks=clocks)  # type: ignore[arg-type]


def finished_picture(
    view: BoardView, perspective: str, names: tuple[str, str], clocks: Clocks = CLOCKS
) -> object:
    """Return the palette picture in_play encodes, for timing its encoding alone."""
    image = draw_board(view, perspective, SIZE, names=names, clocks=clocks)  # type: ignore[arg-type]
    return to_palette(image, stairs=shows_stairs(view), turns=shows_turns(view))


def after_each_move(fresh: Samples, anchor: Samples) -> None:
    """Time the image of each new position of the openings, once a side, clocks running.

    Unlike the rounds, nothing of the diagram's changed rows or the clocks' text is made yet.
    """
    game = games.new_game("elevator", boards=len(OPENINGS), layout="ring")
    ply = 0
    for board, opening in enumerate(OPENINGS, start=1):
        names = NAMES[board % len(NAMES)]
        for move in opening.split():
            game.play(board, move)
            ply += 1
            view = board_view(game, board)
            clocks = (timedelta(seconds=600 - 7.3 * ply), timedelta(seconds=600 - 5.1 * ply))
            for perspective in ("white", "black"):
                fresh.time(in_play, view, perspective, names, clocks)
                anchor.time(encode, finished_picture(view, perspective, names, clocks))


def run(rounds: int) -> dict[str, object]:
    """Measure everything; return the samples and the image sizes."""
    match = bench_match(len(OPENINGS))
    overview_match = bench_match(16)
    ours, svg, svg_small, overview = Samples(), Samples(), Samples(), Samples()
    wide, played, encoded = Samples(), Samples(), Samples()
    composed, drawn = Samples(), Samples()  # the images in play, by the way they were made
    views = [board_view(match, board) for board in range(1, match.boards + 1)]
    diagram = BoardLayout.for_width(SIZE).side
    sizes: list[int] = []
    svg_sizes: list[int] = []
    for perspective in ("white", "black"):  # warm the sprite cache: it is made once
        for width in (SIZE, WIDE):
            board_png(match, 1, perspective, width)  # type: ignore[arg-type]
    overview_png(overview_match)
    for number in range(rounds):
        perspective = "white" if number % 2 == 0 else "black"
        for board in range(1, match.boards + 1):
            png = ours.time(board_png, match, board, perspective, SIZE)
            reference = svg.time(svg_png, match, board, perspective)
            svg_small.time(svg_png, match, board, perspective, diagram)
            wide.time(board_png, match, board, perspective, WIDE)
            assert isinstance(png, bytes) and isinstance(reference, bytes)
            if number < 2:
                sizes.append(len(png))
                svg_sizes.append(len(reference))
        for index, view in enumerate(views):
            names = NAMES[(index + number) % len(NAMES)]
            png = played.time(in_play, view, perspective, names)
            way = drawn if indexed_board(view, perspective, SIZE, names=names) is None else composed
            way.values.append(played.values[-1])
            assert isinstance(png, bytes)
            encoded.time(encode, finished_picture(view, perspective, names))
        overview.time(overview_png, overview_match)
    fresh, fresh_encoded = Samples(), Samples()
    after_each_move(fresh, fresh_encoded)
    return {
        "fresh": fresh,
        "fresh_encoded": fresh_encoded,
        "played": played,
        "encoded": encoded,
        "composed": composed,
        "drawn": drawn,
        "ours": ours,
        "svg": svg,
        "svg_small": svg_small,
        "wide": wide,
        "diagram": diagram,
        "overview": overview,
        "sizes": sizes,
        "svg_sizes": svg_sizes,
    }


def main() -> None:
    """Run the measurements and print the table and the goals."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=30, help="rounds to measure (30)")
    rounds = parser.parse_args().rounds
    gc.disable()
    try:
        found = run(rounds)
    finally:
        gc.enable()
    ours, svg, overview = found["ours"], found["svg"], found["overview"]
    svg_small, diagram, wide = found["svg_small"], found["diagram"], found["wide"]
    assert isinstance(svg_small, Samples) and isinstance(wide, Samples)
    sizes, svg_sizes = found["sizes"], found["svg_sizes"]
    assert isinstance(ours, Samples) and isinstance(svg, Samples)
    assert isinstance(overview, Samples)
    assert isinstance(sizes, list) and isinstance(svg_sizes, list)
    speedup = svg.median_ms / ours.median_ms
    print(f"{'operation':<52}{'median ms':>10}{'max KB':>8}")
    print(
        f"{'board_png, 640 px (header, board, neighbours)':<52}{ours.median_ms:>10.2f}"
        f"{max(sizes) / 1024:>8.1f}"
    )
    print(
        f"{'chess.svg.board + resvg, 640 px (board only)':<52}{svg.median_ms:>10.2f}"
        f"{max(svg_sizes) / 1024:>8.1f}"
    )
    print(
        f"{f'chess.svg.board + resvg, {diagram} px (our diagram)':<52}{svg_small.median_ms:>10.2f}"
    )
    print(f"{f'board_png, {WIDE} px (a 640 px diagram)':<52}{wide.median_ms:>10.2f}")
    print(f"{'overview_png, 16 boards':<52}{overview.median_ms:>10.2f}")
    played, encoded = found["played"], found["encoded"]
    assert isinstance(played, Samples) and isinstance(encoded, Samples)
    print(f"{'board image in play, 640 px (names, clocks)':<52}{played.median_ms:>10.2f}")
    print(f"{'PNG encoding of the same picture (the anchor)':<52}{encoded.median_ms:>10.2f}")
    fresh, fresh_encoded = found["fresh"], found["fresh_encoded"]
    assert isinstance(fresh, Samples) and isinstance(fresh_encoded, Samples)
    for key, what in (("composed", "composed in indices"), ("drawn", "drawn in RGB, mapped")):
        way = found[key]
        assert isinstance(way, Samples)
        share = len(way.values) / len(played.values)
        median = f"{way.median_ms:>10.2f}" if way.values else f"{'-':>10}"
        print(f"{f'  of which {what} ({share:.0%})':<52}{median}")
    print(f"{'board image after each move (new rows and clocks)':<52}{fresh.median_ms:>10.2f}")
    print(f"{'PNG encoding of the same picture (the anchor)':<52}{fresh_encoded.median_ms:>10.2f}")
    print()
    print(f"board PNG: {ours.median_ms:.2f} ms median (goal: at most 8 ms)")
    print(f"SVG route / ours: {speedup:.1f}x (goal: at least 5x)")
    print(
        f"SVG route at our diagram's {diagram} px / ours: "
        f"{svg_small.median_ms / ours.median_ms:.1f}x"
    )
    print(f"largest board PNG: {max(sizes) / 1024:.1f} KB (goal: at most 60 KB)")
    print(f"16-board overview: {overview.median_ms:.1f} ms median (goal: at most 60 ms)")
    print(
        f"board image / encoding the same picture: {played.median_ms / encoded.median_ms:.2f}x"
        " (goal: at most 1.5x)"
    )
    print(
        "after each move / encoding the same picture: "
        f"{fresh.median_ms / fresh_encoded.median_ms:.2f}x (goal: at most 1.5x)"
    )


if __name__ == "__main__":
    main()
