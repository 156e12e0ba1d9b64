"""Each layer imports only what it may (ruff and mypy --strict are steps of .ci/run)."""

from __future__ import annotations

import inspect
from pathlib import Path

import games
from games.elevator import events as elevator_events
from games.elevator.config import MODES
from tests.imports import branches_on_games, circles, import_graph

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
    forbidden = {"discord", "PIL", "sqlite3", "views", "renderer", "bot"}
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
    forbidden = {"discord", "PIL", "sqlite3", "renderer", "bot"}
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
    forbidden = {"discord", "sqlite3", "bot"}
    assert {(name, top) for name, top in _imported("renderer") if top in forbidden} == set()


# with bot/exts/, bot/sender/ and bot/ui/, the Discord front; the rest of bot/ is the service
FRONT = {"__main__.py", "bot.py", "drawing.py"}


def test_the_match_service_and_its_storage_import_no_discord() -> None:
    service = {
        (name, top)
        for name, top in _imported("bot")
        if name not in FRONT and not name.startswith(("exts/", "sender/", "ui/"))
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


def _games_imported(package: str) -> dict[str, set[str]]:
    """Return, for each module of a package, the games' own subpackages it imports."""
    found: dict[str, set[str]] = {}
    root = ROOT / package
    for path in root.rglob("*.py"):
        for line in path.read_text().splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1:
                parts = words[1].split(".")
                if parts[0] == "games" and len(parts) > 1 and parts[1] != "core":
                    found.setdefault(path.relative_to(ROOT).as_posix(), set()).add(parts[1])
    return found


# A benchmark of one game's rules measures that very game: it may import it.
BENCHES_OF_ONE_GAME = {
    "bench/anchor.py": {"elevator"},
    "bench/armies.py": {"chess", "fairy"},
    "bench/billiards.py": {"billiards", "chess"},
    "bench/cylinder.py": {"chess", "cylinder"},
    "bench/enders.py": {"chess", "enders"},
    "bench/escher.py": {"chess", "escher"},
    "bench/good.py": {"chess", "good"},
    "bench/load.py": {"elevator"},  # an Elevator match's cold load (Match.restore)
    "bench/reads.py": {"elevator"},  # an Elevator match's reads, against its old copy (restore)
    "bench/rules.py": {"elevator"},
    "bench/service.py": {"elevator"},  # its anchor: the same moves on bare Elevator matches
}


def test_outside_games_only_the_registry_and_games_core_are_imported_but_where_argued() -> None:
    found: dict[str, set[str]] = {}
    for package in ("bot", "views", "renderer", "bench"):
        found.update(_games_imported(package))
    print(f"modules outside games/ importing a game's own subpackage: {len(found)}")
    # a module that stopped importing a game leaves the list too: it only shrinks
    assert found == BENCHES_OF_ONE_GAME


def test_no_modules_import_each_other_even_in_functions_or_for_types() -> None:
    found = circles(import_graph())
    print(f"import circles: {len(found)}")
    for circle in found:
        print("  " + " <-> ".join(circle))
    assert found == []


def test_the_circle_finder_finds_a_circle_through_three_modules_and_none_in_a_line() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def _game_knowledge() -> tuple[set[str], set[str]]:
    """Return the games' own classes and events, and their kinds' and modes' names."""
    classes = {games.game_class(kind).__name__ for kind in games.KINDS}
    classes |= {
        name
        for name, found in vars(elevator_events).items()
        if inspect.isclass(found) and found.__module__ == elevator_events.__name__
    }
    return classes, {*games.KINDS, *MODES}


def test_outside_games_no_code_branches_on_which_game_it_is() -> None:
    classes, names = _game_knowledge()
    found: dict[str, list[tuple[int, str]]] = {}
    for package in ("bot", "views", "renderer"):
        found.update(branches_on_games(package, classes, names))
    print(
        f"branches on a game's class, events, kind or mode outside games/: "
        f"{sum(map(len, found.values()))} in {len(found)} modules"
    )
    for module, lines in found.items():
        for line, what in lines:
            print(f"  {module}:{line}: {what}")
    assert found == {}


def test_the_extensions_and_the_sender_share_the_front_through_bot_ui_never_each_other() -> None:
    imported = {(name, module) for name, module in _modules_imported("bot")}
    sender_to_exts = {
        (n, m) for n, m in imported if n.startswith("sender/") and m.startswith("bot.exts")
    }
    exts_to_sender = {
        (n, m) for n, m in imported if n.startswith("exts/") and m.startswith("bot.sender")
    }
    ui_to_either = {
        (n, m)
        for n, m in imported
        if n.startswith("ui/") and m.startswith(("bot.exts", "bot.sender"))
    }
    assert (sender_to_exts, exts_to_sender, ui_to_either) == (set(), set(), set())


def _modules_imported(package: str) -> set[tuple[str, str]]:
    """Return (module file, dotted module imported) for every import line in a package."""
    found = set()
    for path in (ROOT / package).rglob("*.py"):
        for line in path.read_text().splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1:
                found.add((path.relative_to(ROOT / package).as_posix(), words[1]))
    return found
