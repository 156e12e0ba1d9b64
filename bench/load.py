"""Benchmark a match's cold load: the first action after a restart rebuilds it from the file.

Run: python bench/load.py [--events N] [--repeats N]

A seeded random playout of a three-board line (moves, rides and their arrivals, endings,
victory transfers) gives a log of about 1,000 events, stored as the service stores it: each
event a JSON row, each board's state as JSON. The cold load parses the rows back into events
and restores the match from the board states, as the service's load does; the full replay
parses the rows and rebuilds the match from its log alone, as the service does when the
states do not fit. Every repeat times the three rows in turn, so that a busy machine slows
them alike. Goal (issue 32, after issue 13's 20 ms): a cold load of a 1,000-event match in at
most 10 ms.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
from collections import Counter
from pathlib import Path

# Measure the rules core beside this script (a worktree, an old checkout), not the one
# installed: run as python bench/load.py, the script's own folder would come first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import Samples, percentile
from games.core.events import events_from_json
from games.elevator import Match, MatchConfig

BOARDS = 3
SEED = 13
SEEDS = 100  # playouts tried before giving up on reaching the length asked for
GOAL_MS = 10.0
RIDE_SHARE = 0.3  # how often a side that can ride does, so that arrivals are common


def playout(events: int, seed: int) -> Match:
    """Return a match of BOARDS boards played at random until its log has events entries.

    A playout that finishes every board sooner is dropped for the next seed's.
    """
    for tried in range(seed, seed + SEEDS):
        rng = random.Random(tried)
        match = Match(BOARDS)
        while len(match.events) < events and match.result() == "*":
            pending = [b for b in range(1, BOARDS + 1) if match.pending_transfer(b)]
            if pending:
                options = match.transfer_options(pending[0])
                match.transfer(pending[0], rng.choice(options))
                continue
            board = rng.choice([b for b in range(1, BOARDS + 1) if match.is_open(b)])
            moves = match.legal_moves(board)
            rides = [move for move in moves if "^" in move or "v" in move]
            if rides and rng.random() < RIDE_SHARE:
                match.play(board, rng.choice(rides))
            else:
                match.play(board, rng.choice([move for move in moves if move not in rides]))
        if len(match.events) >= events:
            return match
    raise SystemExit(f"no playout of {SEEDS} seeds reached {events} events: ask for fewer")


def stored(match: Match) -> tuple[str, list[str], list[str]]:
    """Return the match as the service keeps it: its config, event rows and board states."""
    config = json.dumps(match.config.to_dict())
    rows = [json.dumps(event.to_dict()) for event in match.events]
    states = [json.dumps(match.board_state(b)) for b in range(1, match.boards + 1)]
    return config, rows, states


def parse(rows: list[str]) -> list[object]:
    """Parse event rows as the service's load does."""
    return list(events_from_json(rows))


def cold_load(config: MatchConfig, rows: list[str], states: list[str]) -> Match:
    """Rebuild a match as the service's load does: parse the log, restore the board states."""
    events = events_from_json(rows)
    return Match.restore(config, events, [json.loads(state) for state in states])


def full_replay(config: MatchConfig, rows: list[str]) -> Match:
    """Rebuild a match as the service does when its states misfit: parse and replay the log."""
    return Match.replay(config, events_from_json(rows))


def percentile_ms(values: list[int], share: float) -> float:
    """Return the value below which share of the nanosecond values lie, in milliseconds."""
    return percentile(values, share) / 1_000_000


def main() -> None:
    """Play the match, time its loads and print the table and the goal."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=1000, help="events in the log (1000)")
    parser.add_argument("--repeats", type=int, default=30, help="times each load is run (30)")
    arguments = parser.parse_args()
    match = playout(arguments.events, SEED)
    config_text, rows, states = stored(match)
    config = MatchConfig.from_dict(json.loads(config_text))
    mix = Counter(event.KIND for event in match.events)
    rebuilt = cold_load(config, rows, states)
    if rebuilt.to_json() != match.to_json() or full_replay(config, rows).to_json() != (
        match.to_json()
    ):
        raise SystemExit("a load did not rebuild the match it was given")
    parsing, loading, replaying = Samples(), Samples(), Samples()
    gc.disable()
    try:
        for _ in range(arguments.repeats):
            parsing.time(parse, rows)
            loading.time(cold_load, config, rows, states)
            replaying.time(full_replay, config, rows)
    finally:
        gc.enable()
    count = len(match.events)
    print(
        f"a {BOARDS}-board match of {count} events: "
        + ", ".join(f"{n} {kind}" for kind, n in mix.most_common())
    )
    print(f"{'operation':<40}{'median ms':>11}{'p95 ms':>9}{'µs/event':>10}{'goal ms':>9}")
    for name, samples, goal in (
        ("parse the event rows", parsing, ""),
        ("cold load: parse + restore from states", loading, f"{GOAL_MS:g}"),
        ("full replay: parse + replay the log", replaying, ""),
    ):
        median = samples.median_ms
        p95 = percentile_ms(samples.values, 0.95)
        row = f"{name:<40}{median:>11.2f}{p95:>9.2f}{median * 1000 / count:>10.1f}{goal:>9}"
        print(row.rstrip())
    print()
    scaled = loading.median_ms * 1000 / count
    print(
        f"cold load: {loading.median_ms:.2f} ms median for {count} events "
        f"({scaled:.2f} ms per 1,000; goal: at most {GOAL_MS:.0f} ms); "
        f"full replay / cold load: {replaying.median_ms / loading.median_ms:.1f}x"
    )


if __name__ == "__main__":
    main()
