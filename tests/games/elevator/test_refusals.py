"""Whatever a player types, the rules core refuses it with its own error and a short message."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.clocks import TimeControl, TimeControlError
from games.core.errors import shown
from games.elevator import GameError, IllegalMoveError, Match, MatchConfigError
from games.elevator.notation import parse_ride
from games.elevator.variants import VARIANTS
from tests.strength import examples

HUGE = "9" * 5000  # past Python's 4,300-digit limit for int() on text
# Black resigns board 1, so White has a victory transfer pending there (Nd4^2).
TRANSFER_FENS = ["4k3/8/8/8/3N4/8/8/4K3 b - - 0 1", "8/8/4k3/8/8/8/8/4K3 w - - 0 1"]
# How long a message may get: the longest quote plus the longest explanation around it.
LONGEST_MESSAGE = 200


def refusal(action: Callable[[], object]) -> str:
    """Run an action that must be refused by the rules core; return the message."""
    with pytest.raises(GameError) as caught:
        action()
    return str(caught.value)


def pending_transfer() -> Match:
    match = Match(2, start_fens=TRANSFER_FENS)
    match.resign(1, "black")
    return match


@pytest.mark.parametrize("text", ["e4^" + HUGE, "Nd4^" + HUGE, "d4 up " + HUGE, "e4>" + HUGE])
def test_a_ride_to_a_board_number_too_long_for_python_is_refused_as_illegal(text: str) -> None:
    match = Match(3)
    before = match.to_json()
    message = refusal(lambda: match.play(1, text))
    assert message == "there is no board '9999999999999999999…': a match has at most 1000 boards"
    assert match.to_json() == before
    transfer = pending_transfer()
    assert refusal(lambda: transfer.transfer(1, text)) == message


def test_leading_zeros_in_a_ride_still_name_the_board() -> None:
    assert parse_ride("Nd4^" + "0" * 5000 + "2") == parse_ride("Nd4^2")
    match = pending_transfer()
    match.transfer(1, "Nd4^" + "0" * 5000 + "2")
    assert match.king_capturable(2)


def test_a_ride_to_a_board_the_match_lacks_names_both() -> None:
    match = Match(3)
    match.play(1, "e4")
    match.play(1, "e5")
    with pytest.raises(IllegalMoveError, match="lands on board 2, not board 12"):
        match.play(1, "Pe4^12")
    with pytest.raises(IllegalMoveError, match="there is no board '12345'"):
        match.play(1, "Pe4^12345")


@pytest.mark.parametrize(
    "action",
    [
        lambda m: m.play(10**5000, "e4"),
        lambda m: m.play(-(10**5000), "e4"),
        lambda m: m.legal_moves(10**5000),
        lambda m: m.play(2, "Kd1", side=10**5000),
        lambda m: m.play(2, 10**5000),
        lambda m: m.transfer(1, 10**5000),
        lambda m: m.undo(-(10**5000)),
        lambda m: m.adjudicate(2, 10**5000, "reason"),
        lambda m: m.reach(2, 10**5000),
    ],
)
def test_a_number_too_long_to_print_is_refused_without_printing_it(
    action: Callable[[Match], object],
) -> None:
    match = pending_transfer()
    message = refusal(lambda: action(match))
    assert "a number too long to show" in message
    assert len(message) <= LONGEST_MESSAGE


def test_a_match_of_a_number_of_boards_too_long_to_print_is_refused() -> None:
    message = refusal(lambda: Match(10**5000))
    assert message == "a match has 1 to 1000 boards, not a number too long to show"
    with pytest.raises(MatchConfigError, match="whole number, not '9999999999999999999…'"):
        Match(HUGE)  # type: ignore[arg-type]


def test_a_start_position_is_refused_without_quoting_all_of_it() -> None:
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 " + HUGE
    message = refusal(lambda: Match(2, start_fens=[fen, fen]))
    assert message == "the FEN for board 1 is not valid: invalid fullmove number in fen"


def test_a_time_control_too_long_to_print_is_refused_as_a_time_control() -> None:
    with pytest.raises(TimeControlError, match="is not a time control"):
        TimeControl.parse(10**5000)  # type: ignore[arg-type]
    assert TimeControl.parse("10+5").timed


def test_long_text_is_quoted_to_twenty_characters() -> None:
    assert shown("x" * 5000) == repr("x" * 19 + "…")
    assert shown("Nf3") == "'Nf3'"
    escaped = shown("\x1f\U0001342f" * 10)  # each character quoted as an escape
    assert len(escaped) == 40 and escaped.startswith("'\\x1f\\U0001342f") and escaped.endswith("…'")
    assert shown(10**5000) == "a number too long to show"
    match = Match(2)
    message = refusal(lambda: match.play(1, "Qh5" * 1000))
    assert message.startswith("'Qh5Qh5Qh5Qh5Qh5Qh5Q…' is not a move on board 1")
    message = refusal(lambda: match.piece_at(1, "z" * 1000))
    assert message == "'zzzzzzzzzzzzzzzzzzz…' is not a square of board 1"


# Text a player might type, and text built to reach every parse path: rides with long
# board numbers, move-like tokens, and anything at all.
TYPED = st.one_of(
    st.text(max_size=60),
    st.builds(
        lambda piece, square, arrow, digits: f"{piece}{square}{arrow}{digits}",
        st.sampled_from(["", "N", "P", "K", "q"]),
        st.sampled_from(["d4", "e4", "d5", "e5", "a1", "z99"]),
        st.sampled_from(["^", "v", ">", " up ", " down "]),
        st.one_of(
            st.text(alphabet="0123456789", max_size=8),
            st.integers(4000, 6000).map(lambda length: "1" * length),
        ),
    ),
    st.from_regex(r"[NBRQKa-h1-8x=+#O0\-]{1,12}", fullmatch=True),
)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TYPED)
def test_whatever_is_typed_as_a_move_or_transfer_only_typed_errors_come_out(text: str) -> None:
    for match, act in ((Match(3), Match.play), (pending_transfer(), Match.transfer)):
        before = match.to_json()
        try:
            act(match, 1, text)
        except GameError as error:
            message = str(error)
            assert match.to_json() == before
            assert len(message) <= LONGEST_MESSAGE
            if len(text.strip()) > 25:
                assert text.strip()[:25] not in message


@pytest.mark.parametrize("boards", [2.0, "2", None, True, 0, 10**30, 10**5000], ids=shown)
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_variant_s_set_up_refuses_a_number_of_boards_out_of_shape_before_it_builds(
    name: str, boards: object
) -> None:
    options = {"armies": [("nutty", "fide")], "elevators": [("c3", "f3", "c6", "f6")]}
    with pytest.raises(MatchConfigError, match="boards"):
        VARIANTS[name].setup(boards, **options)  # type: ignore[arg-type]
