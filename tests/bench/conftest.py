"""What the benchmark tests share: running a benchmark's main() and reading what it printed."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

import pytest

Printed = Callable[..., str]


@pytest.fixture
def printed_by(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Printed:
    """Return a runner of a benchmark module's main() with its arguments: what it printed."""

    def run(bench: ModuleType, *arguments: str) -> str:
        script = bench.__name__.rsplit(".", 1)[-1] + ".py"
        monkeypatch.setattr(sys, "argv", [script, *arguments])
        bench.main()
        return capsys.readouterr().out

    return run
