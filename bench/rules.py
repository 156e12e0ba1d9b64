"""Benchmark the rules core against python-chess's own push_san, side by side in one run.

Run: python bench/rules.py [--rounds N]

Every round times the same work three ways in turn (python-chess, a small match, a
1,000-board ring), so that a busy machine slows all three alike; the table shows medians
in microseconds and ratios. Goals (issue 2): a normal move costs at most 3x python-chess's
push_san, and no operation's cost grows with the number of boards.
"""

from __future__ import annotations

import argparse
import gc

import chess

from games.elevator import Match

try:
    from bench.timing import Samples
except ModuleNotFoundError:  # run as a script: python bench/rules.py
    from timing import Samples  # type: ignore[no-redef]

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KNIGHT_ON_D5 = "rnbqkbnr/pppppppp/8/3N4/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1"
BIG = 1000
# A real opening (the closed Ruy Lopez): 30 plies of quiet moves, captures and castling.
GAME = (
    *("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"),
    *("Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7"),
    *("c4", "c6", "cxb5", "axb5", "Nc3", "Bb7", "Bg5", "b4", "Nb1", "h6"),
)


def knight_ring(boards: int) -> Match:
    """Return a ring whose board 1 has a white knight on d5, free to ride round the ring."""
    return Match(boards=boards, layout="ring", start_fens=[KNIGHT_ON_D5] + [START] * (boards - 1))


def run(rounds: int) -> list[tuple[str, Samples, Samples]]:
    """Measure everything; return (name, ours, reference) rows."""
    push_san, small_move, big_move = Samples(), Samples(), Samples()
    small_ride, big_ride = Samples(), Samples()
    small_list, big_list, reference_list = Samples(), Samples(), Samples()
    small_create, big_create = Samples(), Samples()

    big_create.time(Match, BIG, "ring")
    big = Match(boards=BIG, layout="ring")
    riders = knight_ring(BIG)
    listing = chess.Board(KNIGHT_ON_D5)
    big_listing = knight_ring(BIG)
    for number in range(1, rounds + 1):
        board = chess.Board()
        small = Match(boards=3)
        on_big = 1 + (number * 7) % BIG  # a fresh board of the big ring each round
        for san in GAME:
            push_san.time(board.push_san, san)
            small_move.time(small.play, 2, san)
            big_move.time(big.play, on_big, san)
        ring = knight_ring(4)
        for step in range(3):
            small_ride.time(ring.play, step + 1, "Nd5^")
            ride_from = 1 + ((number - 1) * 3 + step) % (BIG - 1)
            big_ride.time(riders.play, ride_from, "Nd5^")
        small_list.time(knight_ring(4).legal_moves, 1)
        big_list.time(big_listing.legal_moves, 1)
        reference_list.time(lambda: [listing.san(move) for move in listing.legal_moves])
        small_create.time(Match, 3, "ring")
        if number % 20 == 0:
            big_create.time(Match, BIG, "ring")
    return [
        ("python-chess push_san (the reference)", push_san, push_san),
        ("normal move, 3-board match", small_move, push_san),
        ("normal move, 1000-board ring", big_move, push_san),
        ("ride, 4-board ring", small_ride, push_san),
        ("ride, 1000-board ring", big_ride, push_san),
        ("legal moves with rides, 4-board ring", small_list, reference_list),
        ("legal moves with rides, 1000-board ring", big_list, reference_list),
        ("create a 3-board ring", small_create, push_san),
        ("create a 1000-board ring", big_create, push_san),
    ]


def main() -> None:
    """Run the measurements and print the table and the goals."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=120, help="rounds to measure (120)")
    rounds = parser.parse_args().rounds
    if rounds > BIG // 3 - 1:
        parser.error(f"at most {BIG // 3 - 1} rounds: the knight would lap the ring")
    gc.disable()
    try:
        rows = run(rounds)
    finally:
        gc.enable()
    print(f"{'operation':<42}{'median µs':>12}{'ratio':>9}  ratio to")
    for name, ours, reference in rows:
        against = "SAN listing" if "legal" in name else "push_san"
        ratio = ours.median_us / reference.median_us
        print(f"{name:<42}{ours.median_us:>12.1f}{ratio:>9.2f}  python-chess {against}")
    found = {name: ours.median_us for name, ours, _ in rows}
    move_ratio = (
        found["normal move, 3-board match"] / found["python-chess push_san (the reference)"]
    )
    print()
    print(f"normal move / push_san: {move_ratio:.2f}x (goal: at most 3x)")
    print("1000 boards / few boards (goal: about 1x, no growth):")
    for operation, few, many in (
        ("normal move", "normal move, 3-board match", "normal move, 1000-board ring"),
        ("ride", "ride, 4-board ring", "ride, 1000-board ring"),
        (
            "legal moves",
            "legal moves with rides, 4-board ring",
            "legal moves with rides, 1000-board ring",
        ),
        ("creation, per board", "create a 3-board ring", "create a 1000-board ring"),
    ):
        scale = BIG / 3 if operation.startswith("creation") else 1
        print(f"  {operation:<20}{found[many] / found[few] / scale:>6.2f}x")


if __name__ == "__main__":
    main()
