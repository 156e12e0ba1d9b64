from __future__ import annotations

import pytest

from games.elevator import Match, RecordError

KNIGHT_D5 = "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def _movetext(pgn: str) -> str:
    return " ".join(pgn.split("\n\n", 1)[1].split())


def _tags(pgn: str) -> dict[str, str]:
    tags = {}
    for line in pgn.splitlines():
        if line.startswith("["):
            name, value = line[1:-1].split(" ", 1)
            tags[name] = value.strip('"')
    return tags


def test_the_seven_tags_come_first_then_the_elevator_tags() -> None:
    match = Match(boards=3, layout="ring")
    pgn = match.pgn(2, {"Event": "Club night", "White": "Rooks"})
    assert list(_tags(pgn))[:11] == [
        "Event", "Site", "Date", "Round", "White", "Black", "Result",
        "Variant", "Board", "Boards", "Layout",
    ]  # fmt: skip
    tags = _tags(pgn)
    assert tags["Event"] == "Club night" and tags["White"] == "Rooks"
    assert (tags["Variant"], tags["Board"], tags["Boards"], tags["Layout"]) == (
        "Elevator", "2", "3", "ring",
    )  # fmt: skip


def test_rides_and_arrivals_appear_where_they_happened() -> None:
    match = Match(boards=2, start_fens=[KNIGHT_D5, START])
    match.play(2, "e4")
    match.play(1, "Nd5^2")
    match.play(2, "e5")
    match.play(1, "Kd7")
    departed = match.pgn(1)
    assert _tags(departed)["FEN"] == KNIGHT_D5 and _tags(departed)["SetUp"] == "1"
    assert _movetext(departed) == "1. Nd5^2 Kd7 *"
    assert _movetext(match.pgn(2)) == (
        "1. e4 { White knight arrives on d5 from board 1 [%arrive N@d5 from 1] } 1... e5 *"
    )
    assert all(len(line) <= 79 for line in match.pgn(2).splitlines())


def test_a_finished_board_ends_with_its_result_and_reason() -> None:
    match = Match(boards=2)
    for move in ("f3", "e5", "g4", "Qh4#"):
        match.play(1, move)
    match.transfer(1, "Pe5^2")
    pgn = match.pgn(1)
    assert _tags(pgn)["Result"] == "0-1"
    assert pgn.endswith("1. f3 e5 2. g4 Qh4# { 0-1 by checkmate } { victory transfer Pe5^2 } 0-1\n")
    assert "[%arrive p@e5 from 1]" in match.pgn(2)


def test_quotes_in_tags_are_escaped() -> None:
    pgn = Match(boards=2, teams=[('The "Rooks"', "B"), ("A", "B")]).pgn(1)
    assert '[White "The \\"Rooks\\""]' in pgn


def test_header_values_are_written_as_text() -> None:
    pgn = Match(boards=2).pgn(1, {"Round": 3})  # type: ignore[dict-item]
    assert '[Round "3"]' in pgn


def test_text_from_players_cannot_break_out_of_comments_or_tags() -> None:
    match = Match(boards=2, teams=[("Rooks\n[Evil", "B"), ("A", "B")])
    match.play(1, "e4")
    match.adjudicate(1, "1-0", "time } e5 2. Nf3 {")
    pgn = match.pgn(1)
    assert _movetext(pgn) == (
        "1. e4 { adjudicated: time ) e5 2. Nf3 ( } { 1-0 by adjudication } 1-0"
    )
    assert '[White "Rooks [Evil"]' in pgn.splitlines()


def test_bad_tag_names_are_refused() -> None:
    with pytest.raises(RecordError, match="PGN tag name"):
        Match(boards=2).pgn(1, {"Bad Name": "x"})
    with pytest.raises(RecordError, match="mapping"):
        Match(boards=2).pgn(1, "abc")  # type: ignore[arg-type]
