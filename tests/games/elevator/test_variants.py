"""The variants a player can start: what each sets up, and what each refuses."""

from __future__ import annotations

import pytest

from games.core.errors import MatchConfigError
from games.core.starts import Setup
from games.elevator import Match, MatchConfig
from games.elevator.variants import VARIANTS, describe, variant


def kwargs(name: str, boards: int, **options: object) -> dict[str, object]:
    return variant(name).setup(boards, **options).kwargs()  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "boards", "options", "expected"),
    [
        ("standard", 3, {}, {"rules": None, "armies": None, "elevators": None}),
        (
            "standard",
            3,
            {"floors": ["fide", "escher", "fide"]},
            {"rules": ("fide", "escher", "fide"), "armies": None, "elevators": None},
        ),
        (
            "armies",
            2,
            {"armies": [("clobberers", "nutty")]},
            {"rules": None, "armies": (("clobberers", "nutty"),) * 2, "elevators": None},
        ),
        (
            "armies",
            2,
            {"armies": [("fide", "nutty"), ("rookies", "fide")]},
            {"rules": None, "armies": (("fide", "nutty"), ("rookies", "fide")), "elevators": None},
        ),
        ("7x7", 3, {}, {"rules": ("7x7",) * 3, "armies": None, "elevators": None}),
        ("10x10", 3, {}, {"rules": ("fide", "10x10", "fide"), "armies": None, "elevators": None}),
        (
            "cylinder",
            4,
            {},
            {"rules": ("fide", "cylinder", "fide", "cylinder"), "armies": None, "elevators": None},
        ),
        (
            "cylinder",
            3,
            {"floors": ["cylinder", "fide", "fide"]},
            {"rules": ("cylinder", "fide", "fide"), "armies": None, "elevators": None},
        ),
        ("escher", 2, {}, {"rules": ("fide", "escher"), "armies": None, "elevators": None}),
        (
            "displaced",
            2,
            {"elevators": [("c3", "f3", "c6", "f6")]},
            {"rules": None, "armies": None, "elevators": (("c3", "f3", "c6", "f6"),) * 2},
        ),
        (
            "displaced",
            2,
            {"elevators": [("c3", "f3"), ("d4", "e5")]},
            {"rules": None, "armies": None, "elevators": (("c3", "f3"), ("d4", "e5"))},
        ),
    ],
)
def test_each_variant_turns_its_options_into_match_arguments(
    name: str, boards: int, options: dict[str, object], expected: dict[str, object]
) -> None:
    assert kwargs(name, boards, **options) == {**expected, "mode": "standard"}


@pytest.mark.parametrize("mode", ["alice", "automatic"])
def test_alice_and_automatic_set_their_mode(mode: str) -> None:
    assert kwargs(mode, 2) == {"rules": None, "armies": None, "elevators": None, "mode": mode}


def test_every_variant_has_a_title_and_a_one_line_description_that_fit_a_discord_choice() -> None:
    for entry in VARIANTS.values():
        line = f"{entry.title}: {entry.description}"
        assert "\n" not in line
        assert len(line) <= 100, line


@pytest.mark.parametrize(
    ("name", "boards", "options", "words"),
    [
        ("armies", 2, {}, "Different Armies needs armies: (as armies:clobberers/nutty"),
        ("armies", 2, {"armies": [("fide", "fide")]}, "an army other than the Fabulous FIDEs"),
        ("displaced", 2, {}, "Displaced elevators needs elevators:"),
        ("7x7", 2, {"floors": ["7x7", "fide"]}, "plays every board on a 7x7 floor"),
        (
            "escher",
            2,
            {"floors": ["fide", "fide"]},
            "needs at least one escher board in floors:, as fide,escher",
        ),
        ("cylinder", 1, {}, "needs 2 boards or more"),
        ("armies", 3, {"armies": [("fide", "nutty")] * 2}, "one per board (3), not 2"),
    ],
)
def test_a_variant_refuses_options_it_cannot_start_with(
    name: str, boards: int, options: dict[str, object], words: str
) -> None:
    with pytest.raises(MatchConfigError, match=words.replace("(", r"\(").replace(")", r"\)")):
        kwargs(name, boards, **options)


def test_an_unknown_variant_is_refused_naming_the_variants() -> None:
    with pytest.raises(MatchConfigError, match="no variant called 'bughouse': the variants are"):
        variant("bughouse")


def test_a_variant_is_found_by_its_title_too() -> None:
    assert variant("Escher neighbours") is VARIANTS["escher"]


def test_the_setups_of_floors_on_this_branch_make_matches() -> None:
    escher = Match(boards=3, layout="line", **variant("escher").setup(3).kwargs())
    assert escher.config.rules == ("fide", "escher", "fide")
    displaced = variant("displaced").setup(2, elevators=[("c3", "f3", "c6", "f6")])
    assert Match(boards=2, **displaced.kwargs()).config.elevators_of(2) == ("c3", "f3", "c6", "f6")


def test_an_unknown_floor_is_refused_by_the_match_configuration() -> None:
    with pytest.raises(MatchConfigError, match="cannot play by the rules 'marble'"):
        Match(boards=2, **variant("standard").setup(2, floors=["fide", "marble"]).kwargs())


def test_a_setup_survives_its_json_form() -> None:
    setup = variant("armies").setup(2, armies=[("clobberers", "nutty")], floors=["fide", "escher"])
    assert Setup.from_dict(setup.to_dict()) == setup


def test_a_setup_is_read_back_from_a_match_configuration() -> None:
    config = MatchConfig.create(2, "line", rules=["fide", "escher"], elevators=[["c3", "f6"]] * 2)
    assert Match.from_config(config).setup() == Setup(("fide", "escher"), None, (("c3", "f6"),) * 2)


@pytest.mark.parametrize(
    ("config", "words"),
    [
        (MatchConfig(2, "line"), None),
        (
            MatchConfig(2, "line", armies=(("clobberers", "nutty"),) * 2),
            "Different Armies: Colorbound Clobberers (White) v Nutty Knights (Black)",
        ),
        (
            MatchConfig(2, "line", armies=(("fide", "nutty"), ("rookies", "fide"))),
            "Different Armies (White v Black): board 1 Fabulous FIDEs v Nutty Knights, "
            "board 2 Remarkable Rookies v Fabulous FIDEs",
        ),
        (MatchConfig(3, "line", rules=("7x7",) * 3), "7x7 Elevator Chess"),
        (MatchConfig(2, "line", rules=("escher",) * 2), "Escher Staircase floors"),
        (MatchConfig(4, "line", rules=("fide", "escher") * 2), "Escher neighbours (boards 2, 4)"),
        (
            MatchConfig(2, "line", elevators=(("c3", "f3"),) * 2),
            "Displaced elevators: c3 f3",
        ),
        (
            MatchConfig(2, "line", elevators=(("c3", "f3"), ("d4", "e4"))),
            "Displaced elevators chosen per board",
        ),
        (MatchConfig(2, "line", mode="alice"), "Alice's Elevator Chess"),
        (
            MatchConfig(2, "line", rules=("cylinder", "fide"), mode="automatic"),
            "Automatic Elevator Chess; Cylindrical neighbours (board 1)",
        ),
    ],
)
def test_a_match_says_which_variant_it_plays(config: MatchConfig, words: str | None) -> None:
    assert describe(config) == words
