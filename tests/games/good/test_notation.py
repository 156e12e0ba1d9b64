"""Good's notation: actions written as the rules text writes them, and read back or refused."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.core.errors import AmbiguousMoveError, IllegalMoveError, NotAMoveError
from games.good.cells import NUMBERS, POLE_NAMES
from games.good.notation import long, parse, write
from games.good.position import Action, Lift, Position, Step
from games.good.setup import START
from tests.games.good.positions import at


def step(start: str, target: str, **extra: object) -> Step:
    """Return a step between named cells; pushed cells and captured cells by name too."""
    captured = extra.pop("captured", None)
    pushed = extra.pop("pushed", ())
    assert isinstance(pushed, tuple)
    return Step(
        NUMBERS[start],
        NUMBERS[target],
        None if captured is None else NUMBERS[str(captured)],
        tuple((NUMBERS[a], None if b is None else NUMBERS[b]) for a, b in pushed),
        extra.pop("promotion", None),  # type: ignore[arg-type]
    )


def written(position: Position, legal: list[Action]) -> list[str]:
    """Return every legal action written, checking that each text reads back to its action."""
    texts = [write(action, position, legal) for action in legal]
    for text, action in zip(texts, legal, strict=True):
        assert parse(text, legal, position) == action
        assert parse(long(action, position), legal, position) == action
    return texts


LEAP = step("2a1", "2a3")
PUSH = step("2a1", "2a3", pushed=(("2a2", "2a4"),))
OPENING: list[Action] = [LEAP, PUSH, step("2b1", "2a3"), step("2f2", "2f4")]


def test_the_texts_ox_example_is_a_leap_and_with_the_pawn_written_a_push() -> None:
    assert written(START, OPENING) == ["O2a3", "O2a3/Pa4", "N2a3", "P2f4"]
    assert parse("O2a3", OPENING, START) == LEAP
    assert parse("O2a3/", OPENING, START) == PUSH
    assert long(PUSH, START) == "2a1-2a3/Pa4"


def test_a_push_without_its_slash_is_read_when_the_ox_has_no_leap_there() -> None:
    only_push: list[Action] = [PUSH]
    assert parse("O2a3", only_push, START) == PUSH


def test_black_opens_by_lifting_the_kings_elevator_written_e3c4u() -> None:
    black = replace(START, white=False)
    lift = Lift(POLE_NAMES.index("c4"), 2, POLE_NAMES.index("c4"), 3)
    assert write(lift, black, [lift]) == long(lift, black) == "E3c4U"
    assert parse("e3c4u", [lift], black) == lift


def test_the_long_form_names_start_and_target_and_may_always_be_typed() -> None:
    assert parse("2b1-2a3", OPENING, START) == step("2b1", "2a3")
    with pytest.raises(IllegalMoveError, match="2b1x2a3 takes nothing on board 1"):
        parse("2b1x2a3", OPENING, START)
    assert parse("2f2-2f4+", OPENING, START) == step("2f2", "2f4")


def test_a_bare_cell_is_a_pawns_move_and_another_pieces_when_no_pawn_goes_there() -> None:
    position = at(c2_3="P", d2_3="N")
    legal: list[Action] = [step("3c2", "3c4"), step("3d2", "3c4"), step("3d2", "3b3")]
    assert parse("3c4", legal, position) == step("3c2", "3c4")
    assert parse("N3c4", legal, position) == step("3d2", "3c4")
    assert parse("3b3", legal, position) == step("3d2", "3b3")


def test_two_pieces_of_a_kind_reaching_a_cell_are_written_in_the_long_form() -> None:
    position = at(a1_2="N", c1_2="N", b5_2="R", b5_4="R", b8_3="R", b5_3="R")
    legal: list[Action] = [
        step("2a1", "2b3"),
        step("2c1", "2b3"),
        step("2b5", "3b6"),
        step("4b5", "3b6"),
        step("3b8", "3b7"),
        step("3b5", "3b7"),
    ]
    assert written(position, legal) == [
        "2a1-2b3",
        "2c1-2b3",
        "2b5-3b6",
        "4b5-3b6",
        "3b8-3b7",
        "3b5-3b7",
    ]


def test_a_start_hint_typed_by_a_player_is_still_read() -> None:
    position = at(a1_2="N", c1_2="N")
    legal: list[Action] = [step("2a1", "2b3"), step("2c1", "2b3")]
    assert parse("Na2b3", legal, position) == step("2a1", "2b3")


def test_a_move_two_pieces_fit_is_refused_naming_both() -> None:
    position = at(a1_2="N", c1_2="N")
    legal: list[Action] = [step("2a1", "2b3"), step("2c1", "2b3")]
    with pytest.raises(AmbiguousMoveError, match="N2b3 could be 2a1-2b3 or 2c1-2b3 on board 1"):
        parse("N2b3", legal, position)


def test_captures_en_passant_and_promotions_are_written_with_x_and_equals() -> None:
    position = at(ep="2d6", captured="Q", c5_2="P", d5_2="p", e7_2="P", d8_2="n")
    legal: list[Action] = [
        step("2c5", "2d6", captured="2d5"),
        step("2e7", "2e8"),
        step("2e7", "2e8", promotion="Q"),
        step("2e7", "2d8", captured="2d8", promotion="Q"),
    ]
    assert written(position, legal) == ["Px2d6", "P2e8", "P2e8=Q", "Px2d8=Q"]
    assert long(legal[0], position) == "2c5x2d6"
    assert parse("2e7-2e8=q", legal, position) == legal[2]


def test_a_piece_pushed_off_the_board_or_into_a_shaft_is_written_where_it_goes() -> None:
    position = at(a2_2="O", a1_2="n", e3_2="O", e4_2="n")
    legal: list[Action] = [
        step("2a2", "2a1", pushed=(("2a1", None),)),
        step("2e3", "2e4", pushed=(("2e4", None),)),
    ]
    assert written(position, legal) == ["O2a1/N", "O2e4/Ne5"]
    assert long(legal[0], position) == "2a2-2a1/N"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("2a4-2a5", "there is no piece on 2a4"),
        ("3a1-3a3", "3a1 is in pole a1's shaft now, so no piece stands there"),
        ("2e8-2e7", "the ox on 2e8 is Black's"),
        ("N2a1-2a3", "the piece on 2a1 is an ox, not a knight"),
        ("N2d3", "2d3 is in pole b2's shaft now: no piece may end its move there"),
        ("O2a1-2a2", "White's own pawn stands on 2a2"),
        ("O2a3/Pa5", "pushes the pawn on 2a2 to a4 first: write /Pa4"),
        ("N2a3/", "a move to 2a3 pushes nothing here"),
        ("N2a3=Q", "only a pawn promotes"),
        ("P3g4", "no pawn of White's can go to 3g4 now on board 1"),
        ("N2b1-2b3", "the knight on 2b1 cannot go to 2b3 now"),
    ],
)
def test_a_step_no_legal_action_fits_is_refused_saying_why(text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=reason) as refused:
        parse(text, OPENING, START)
    assert not isinstance(refused.value, AmbiguousMoveError)


def test_a_promotion_to_a_kind_not_captured_is_refused_naming_those_that_were() -> None:
    position = at(captured="QNn", e7_2="P")
    legal: list[Action] = [
        step("2e7", "2e8"),
        step("2e7", "2e8", promotion="Q"),
        step("2e7", "2e8", promotion="N"),
    ]
    with pytest.raises(IllegalMoveError, match="only a kind of its own that was captured: queen, "):
        parse("P2e8=R", legal, position)
    with pytest.raises(IllegalMoveError, match="no piece of White's has been captured"):
        parse("P2e8=R", [step("2e7", "2e8")], at(e7_2="P"))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("E1c1U", "level 1 of pole c1 is its shaft"),
        ("E4c1U", "pole c1's is on level 1, so its elevator on level 4 cannot go up"),
        ("E3c1D", "its elevator on level 3 cannot go down"),
        ("E2c1D", "White does not control pole c1's elevator on level 2 on board 1: it holds 1"),
        ("E3b1U", "moving that elevator up would leave White's king in check"),
    ],
)
def test_an_elevator_move_that_is_not_legal_is_refused_saying_why(text: str, reason: str) -> None:
    position = at(e1_2="K", f1_2="p", c1_3="R")
    with pytest.raises(IllegalMoveError, match=reason):
        parse(text, [], position)


@pytest.mark.parametrize("text", ["", "hello", "5a1", "2i1", "E5c4U", "O2a3//", "2a1-2a3-2a4"])
def test_text_that_is_no_action_at_all_says_how_actions_are_written(text: str) -> None:
    with pytest.raises(NotAMoveError, match=r"write a move such as N2c3, .* \(2b1-2c3\)"):
        parse(text, OPENING, START)


def test_an_x_on_a_move_that_takes_nothing_is_refused() -> None:
    position = at(a1_2="N")
    legal: list[Action] = [step("2a1", "2b3")]
    refusal = "Nx2b3 takes nothing on board 1: 2b3 is empty, so write N2b3"
    with pytest.raises(IllegalMoveError, match=refusal):
        parse("Nx2b3", legal, position)
