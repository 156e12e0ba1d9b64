"""The README's front door and the documentation site's pages (built by .ci/run, not here)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import yaml

import docs_hooks
import games

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
INSTALL_AND_TEST = "python3 -m venv .venv && . .venv/bin/activate && .ci/run"


def sh_blocks() -> list[str]:
    """Return the README's fenced sh blocks, in order, each without its fences."""
    return [m.strip() for m in re.findall(r"^```sh\n(.*?)^```", README.read_text(), re.M | re.S)]


def nav_pages(entries: object) -> Iterator[str]:
    """Yield every page a MkDocs nav names, however deep."""
    if isinstance(entries, str):
        yield entries
    elif isinstance(entries, list):
        for entry in entries:
            yield from nav_pages(entry)
    elif isinstance(entries, dict):
        for entry in entries.values():
            yield from nav_pages(entry)


def nav() -> list[str]:
    """Return the pages of mkdocs.yml's nav, as paths in the site."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    return list(nav_pages(config["nav"]))


def ci_commands() -> list[str]:
    """Return .ci/run's command lines, each without the variables set before its command."""
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    commands = [line for line in lines if line and not line.startswith("#")]
    return [re.sub(r"^(\w+=\S*\s+)+", "", line) for line in commands]


def test_the_readme_is_at_most_200_lines() -> None:
    assert len(README.read_text().splitlines()) <= 200


def test_the_readmes_first_sh_block_installs_into_a_venv_and_runs_the_ci_script() -> None:
    first = sh_blocks()[0]
    assert first == INSTALL_AND_TEST
    assert first.endswith(".ci/run")


def test_the_readmes_second_sh_block_starts_the_bot() -> None:
    assert sh_blocks()[1] == "python -m bot"


def test_the_ci_script_installs_the_test_extras_with_pip() -> None:
    installs = [line for line in ci_commands() if line.startswith("python -m pip install")]
    assert any('-e ".[test]"' in line for line in installs)


def test_the_ci_script_runs_the_tests_with_pytest() -> None:
    assert any(line.startswith("python -m pytest") for line in ci_commands())


def test_every_page_in_the_nav_exists() -> None:
    elsewhere = docs_hooks.ELSEWHERE
    missing = [
        page
        for page in nav()
        if not (DOCS / page).is_file()
        and not (page in elsewhere and (ROOT / elsewhere[page]).is_file())
    ]
    assert not missing


def test_every_game_of_the_registry_has_a_page_in_the_nav() -> None:
    pages = set(nav())
    assert [kind for kind in games.KINDS if f"games/{kind}.md" not in pages] == []
    assert all((DOCS / "games" / f"{kind}.md").is_file() for kind in games.KINDS)
