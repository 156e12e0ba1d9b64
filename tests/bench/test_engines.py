"""The engines benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

import sys

import pytest

import tests.postgres
from bench import engines
from tests.bench.conftest import Printed
from tests.postgres import PostgresUnavailable, require_binaries


@pytest.mark.postgres
def test_the_engines_benchmark_prints_every_configuration_and_the_ratios(
    printed_by: Printed,
) -> None:
    require_binaries()
    printed = printed_by(engines, "--games", "1", "--rounds", "1")
    for row in (
        "SQLite, a lone move",
        "PostgreSQL, a lone move",
        "PostgreSQL as SQLite flushes",
        "SQLite, 1 process",
        "PostgreSQL, 1 process",
        "PostgreSQL, 2 processes",
        "PostgreSQL, 4 processes",
        "PostgreSQL / SQLite, a lone move flushed at each commit",
        "PostgreSQL / SQLite, a lone move flushed as SQLite flushes, synchronous_commit=off",
        "(goal at most 1.5x: ",
        "a durable commit alone on this machine",
        "PostgreSQL, 4 processes / 1",
        "a core of this machine carries",
    ):
        assert row in printed


def test_without_the_postgresql_server_the_benchmark_says_so_and_exits_0(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def absent() -> None:
        raise PostgresUnavailable("PostgreSQL's server binaries are not installed")

    monkeypatch.setattr(tests.postgres, "find_binaries", absent)
    monkeypatch.setattr(sys, "argv", ["engines.py", "--quick"])
    with pytest.raises(SystemExit) as exit:
        engines.main()
    assert exit.value.code == 0
    assert "not installed; nothing was measured" in capsys.readouterr().out
