"""The community night benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

import os

from bench import night
from tests.bench.conftest import Printed


def test_the_benchmark_prints_the_human_moves_alone_and_beside_practice_and_the_replies(
    printed_by: Printed,
) -> None:
    cores = os.sched_getaffinity(0)
    lines = printed_by(
        night,
        *("--practice", "1", "--pairs", "1", "--moves", "2", "--practice-pace", "0"),
        *("--human-pace", "0.5", "--warm", "1"),  # quick: a DM's limit paces it
        "--lockstep",  # no game waits for its moment: the test is quick
    ).splitlines()
    assert os.sched_getaffinity(0) == cores  # the test's process gets its cores back
    assert lines[0].startswith("the real bot in the offline Discord: 1 pairs of people")
    assert lines[0].endswith(
        "every game starts at once, so the practice games move in step, in bursts"
    )
    assert lines[1].startswith("the offline Discord and its players on core")
    assert [line.split()[0] for line in lines[3:5]] == ["alone", "beside"]
    assert lines[2].endswith("requests/s  most in 1 s")
    assert lines[5].startswith("human p99, beside practice / alone:")
    assert lines[6].startswith("requests/s: those Discord's global limit counts")
    assert lines[7].startswith("the 8 slowest human moves, ms: alone ")
    assert lines[8].startswith("the bot's") and "as players see them" in lines[8]
    assert lines[-1].startswith("a game's first reply is the hard case of Discord's 5 posts")
