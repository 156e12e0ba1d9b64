"""Each layer imports only what it may (ruff and mypy --strict are steps of .ci/run)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imported(package: str) -> set[tuple[str, str]]:
    """Return (module file, top-level package imported) for every import in a package."""
    found = set()
    root = ROOT / package
    for path in root.rglob("*.py"):
        for line in path.read_text().splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1:
                found.add((path.relative_to(root).as_posix(), words[1].split(".")[0]))
    return found


def test_the_rules_import_no_discord_pillow_database_views_renderer_or_bot() -> None:
    forbidden = {"discord", "PIL", "aiosqlite", "sqlite3", "views", "renderer", "bot"}
    assert {(name, top) for name, top in _imported("games") if top in forbidden} == set()


def test_only_the_fide_board_module_imports_python_chess() -> None:
    importers = {name for name, top in _imported("games") if top == "chess"}
    assert importers == {"chess/board.py"}


def test_in_the_bot_only_the_stockfish_module_imports_python_chess() -> None:
    # The practice opponent speaks UCI to Stockfish through python-chess's engine module,
    # as the issue asks: that protocol is the library's job. Nothing else in bot/ may use
    # python-chess; the rules stay behind games/chess/board.py.
    importers = {name for name, top in _imported("bot") if top == "chess"}
    assert importers == {"practice/stockfish.py"}


def test_only_the_fairy_engine_module_imports_pyffish() -> None:
    packages = ("games", "views", "renderer", "bot")
    importers = {
        (package, name)
        for package in packages
        for name, top in _imported(package)
        if top == "pyffish"
    }
    assert importers == {("games", "fairy/engine.py")}


def test_the_read_model_imports_no_discord_pillow_database_renderer_or_bot() -> None:
    forbidden = {"discord", "PIL", "aiosqlite", "sqlite3", "renderer", "bot"}
    assert {(name, top) for name, top in _imported("views") if top in forbidden} == set()


def test_the_read_model_and_the_renderer_import_no_python_chess_but_the_fide_sprites() -> None:
    importers = {
        f"{package}/{name}"
        for package in ("views", "renderer")
        for name, top in _imported(package)
        if top == "chess"
    }
    assert importers == {"renderer/sprites.py"}


def test_the_renderer_imports_no_discord_database_or_bot() -> None:
    forbidden = {"discord", "aiosqlite", "sqlite3", "bot"}
    assert {(name, top) for name, top in _imported("renderer") if top in forbidden} == set()


# with bot/exts/ and bot/sender/, the Discord front; the rest of bot/ is the match service
FRONT = {"__main__.py", "bot.py"}


def test_the_match_service_and_its_storage_import_no_discord() -> None:
    service = {
        (name, top)
        for name, top in _imported("bot")
        if name not in FRONT and not name.startswith(("exts/", "sender/"))
    }
    assert {(name, top) for name, top in service if top == "discord"} == set()
    assert {(name, top) for name, top in service if top in ("PIL", "renderer")} == set()


def test_the_ci_script_runs_ruff_mypy_and_the_strict_docs_build_before_the_tests() -> None:
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    steps = ("python -m ruff check .", "python -m ruff format --check .", "python -m mypy")
    for step in steps:
        assert step in lines, step
    build = next(n for n, line in enumerate(lines) if line.startswith("python -m mkdocs build"))
    assert "--strict" in lines[build]
    tests = next(n for n, line in enumerate(lines) if "python -m pytest" in line)
    assert max(lines.index(step) for step in steps) < build < tests
