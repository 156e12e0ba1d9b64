"""Random playouts: differential tests against python-chess and properties of whole matches."""

from __future__ import annotations

import json
import random

import chess
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.elevator import Arrived, IllegalMoveError, Match, RecordError, Rode, Transferred
from tests.strength import examples

RESULTS = {True: "1-0", False: "0-1", None: "1/2-1/2"}


def _pick(rng: random.Random, moves: list[str]) -> str:
    # Captures and rides shorten random games and reach the interesting positions sooner.
    eager = [move for move in moves if "x" in move or "^" in move or "v" in move]
    return rng.choice(eager if eager and rng.random() < 0.6 else moves)


@pytest.mark.parametrize("seed", range(12))
def test_a_single_board_plays_exactly_as_python_chess(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(boards=1)
    reference = chess.Board()
    while reference.outcome() is None:
        expected = [reference.san(move) for move in reference.legal_moves]
        assert match.legal_moves(1) == expected
        assert match.fen(1) == reference.fen()
        san = rng.choice(expected)
        match.play(1, san)
        reference.push_san(san)
    outcome = reference.outcome()
    assert outcome is not None
    assert match.board_result(1) == RESULTS[outcome.winner]
    ending = match.ending(1)
    assert ending is not None and ending.fen == reference.fen()
    assert ending.ending == outcome.termination.name.lower().replace("_", " ").replace(
        "seventyfive moves", "seventy-five-move rule"
    )
    assert match.result() == RESULTS[outcome.winner]


def _king_captures(board: chess.Board) -> set[str]:
    king = board.king(not board.turn)
    if king is None or not board.is_attacked_by(board.turn, king):
        return set()
    return {
        board.san(move)
        for move in board.generate_pseudo_legal_moves(to_mask=chess.BB_SQUARES[king])
    }


@pytest.mark.parametrize(
    ("seed", "layout"), [(s, lay) for s in range(6) for lay in ("line", "ring")]
)
def test_on_many_boards_the_moves_are_python_chess_moves_plus_rides(seed: int, layout: str) -> None:
    rng = random.Random(seed)
    match = Match(boards=3, layout=layout)
    rides_seen = 0
    for _ in range(600):
        open_boards = [n for n in range(1, 4) if match.is_open(n)]
        if not open_boards:
            break
        board = rng.choice(open_boards)
        moves = match.legal_moves(board)
        reference = chess.Board(match.fen(board))
        rides = [move for move in moves if "^" in move or "v" in move]
        fide = [move for move in moves if move not in rides]
        captures = _king_captures(reference)
        if captures:
            assert set(fide) == {reference.san(m) for m in reference.legal_moves} | captures
        else:
            assert fide == [reference.san(move) for move in reference.legal_moves]
        for ride in rides:
            square = chess.parse_square(ride[1:3])
            piece = reference.piece_at(square)
            assert piece is not None and piece.color == reference.turn
            assert piece.piece_type != chess.KING and ride[0] == piece.symbol().upper()
            assert ride[1:3] in ("d4", "e4", "d5", "e5")
        rides_seen += len(rides)
        match.play(board, _pick(rng, moves))
    assert rides_seen > 0


# ------------------------------------------------------------------ properties


def _kings(match: Match, board: int) -> list[str]:
    placement = match.fen(board).split()[0]
    return sorted(char for char in placement if char in "Kk")


def _refusals(match: Match, board: int) -> list[tuple[int, str]]:
    """Return actions that must be refused on board now."""
    attempts = [(board, "garbage!"), (board, "Ke1^"), (board, "a1a1"), (board, "Qz9")]
    for square in match.elevators(board):
        piece = match.piece_at(board, square)
        if piece is not None and piece.side != match.turn(board):
            attempts.append((board, f"{piece.kind}{square}^"))
    return attempts


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), boards=st.integers(2, 5), ring=st.booleans(), seed=st.integers(0, 10**9))
def test_random_matches_keep_every_invariant(
    data: st.DataObject, boards: int, ring: bool, seed: int
) -> None:
    layout = "ring" if ring and boards >= 3 else "line"
    match = Match(boards=boards, layout=layout)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(20, 160), label="actions")):
        pending = [n for n in range(1, boards + 1) if match.transfer_options(n)]
        open_boards = [n for n in range(1, boards + 1) if match.is_open(n)]
        if not open_boards and not pending:
            break
        turns = {n: match.turn(n) for n in open_boards}
        roll = rng.random()
        if pending and roll < 0.5:
            board = rng.choice(pending)
            options = match.transfer_options(board)
            events = (
                match.skip_transfer(board)
                if rng.random() < 0.3
                else match.transfer(board, rng.choice(options))
            )
        elif not open_boards:
            continue
        else:
            board = rng.choice(open_boards)
            for attempt_board, text in _refusals(match, board):
                before = match.to_json()
                with pytest.raises(IllegalMoveError):
                    match.play(attempt_board, text)
                assert match.to_json() == before
            if roll < 0.01:
                events = match.resign(board, rng.choice(["white", "black"]))
            elif roll < 0.015:
                events = match.draw(board)
            else:
                events = match.play(board, _pick(rng, match.legal_moves(board)))
        for event in events:
            # Kings never ride, so they never change board.
            if isinstance(event, Arrived):
                assert event.piece != "K"
            # A ride never changes whose turn it is where it lands.
            if isinstance(event, Rode | Transferred) and match.is_open(event.to_board):
                assert match.turn(event.to_board) == turns[event.to_board]
        for n in range(1, boards + 1):
            if match.is_open(n):
                assert _kings(match, n) == ["K", "k"]
    text = match.to_json()
    again = Match.from_json(text)
    assert again.to_json() == text
    for n in range(1, boards + 1):
        assert again.fen(n) == match.fen(n)
        assert again.board_result(n) == match.board_result(n)
        assert again.transfer_options(n) == match.transfer_options(n)
    assert again.score() == match.score()
    assert json.loads(text)["events"] == [event.to_dict() for event in match.events]


def _same(first: Match, second: Match) -> None:
    """Assert that two matches stand exactly alike, as far as players can tell."""
    assert first.to_json() == second.to_json()
    for board in range(1, first.boards + 1):
        assert first.fen(board) == second.fen(board)
        assert first.legal_moves(board) == second.legal_moves(board)
        assert first.claimable_draw(board) == second.claimable_draw(board)
        assert first.pending_transfer(board) == second.pending_transfer(board)
        assert first.transfer_options(board) == second.transfer_options(board)
        assert first.is_open(board) == second.is_open(board)
    assert (first.score(), first.team_scores()) == (second.score(), second.team_scores())
    assert (first.decided(), first.winners()) == (second.decided(), second.winners())


def _floors(floor: str, boards: int) -> list[str] | None:
    """Return a floor on every second board, FIDE boards beside it; None for FIDE's alone."""
    if floor == "fide":
        return None
    return [floor if number % 2 == 0 else "fide" for number in range(1, boards + 1)]


# Escher neighbours: a staircase carries a pawn to its last rank on the opponent's move,
# and its owner then chooses what it becomes without using the turn.
PLAYOUTS = [
    (s, lay, floor) for floor in ("fide", "escher") for s in range(2) for lay in ("line", "ring")
]


def _states(match: Match) -> list[object]:
    """Return the match's boards' states as its storage keeps them: through JSON."""
    return [json.loads(json.dumps(match.board_state(n))) for n in range(1, match.boards + 1)]


@pytest.mark.parametrize(("seed", "layout", "floor"), PLAYOUTS)
def test_a_match_restored_from_board_states_plays_on_exactly_as_the_original(
    seed: int, layout: str, floor: str
) -> None:
    rng = random.Random(seed)
    match = Match(boards=4, layout=layout, rules=_floors(floor, 4))
    restored = match
    for ply in range(160):
        # restored afresh every 4th ply, and whenever a transfer is offered: what it keeps
        # of a board is its state then; played on alike in between
        if ply % 4 == 0 or any(match.pending_transfer(n) for n in range(1, 5)):
            restored = Match.restore(match.config, match.events, _states(match))
            _same(match, restored)
        open_boards = [n for n in range(1, 5) if match.legal_moves(n) or match.pending_transfer(n)]
        if not open_boards:
            break
        board = rng.choice(open_boards)
        if match.pending_transfer(board):
            options = match.transfer_options(board)
            produced = match.transfer(board, rng.choice(options))
            assert restored.transfer(board, produced[0].notation) == produced  # type: ignore[attr-defined]
        else:
            move = _pick(rng, match.legal_moves(board))
            assert restored.play(board, move) == match.play(board, move)
        _same(match, restored)


@pytest.mark.parametrize(("seed", "layout", "floor"), PLAYOUTS)
def test_a_board_state_left_behind_by_the_log_is_refused(
    seed: int, layout: str, floor: str
) -> None:
    rng = random.Random(seed)
    match = Match(boards=3, layout=layout, rules=_floors(floor, 3))
    refused = 0
    for _ in range(120):
        before = [match.board_state(n) for n in range(1, 4)]
        positions = [match.fen(n) for n in range(1, 4)]
        open_boards = [n for n in range(1, 4) if match.legal_moves(n) or match.pending_transfer(n)]
        if not open_boards:
            break
        board = rng.choice(open_boards)
        if match.pending_transfer(board):
            match.transfer(board, rng.choice(match.transfer_options(board)))
        else:
            match.play(board, _pick(rng, match.legal_moves(board)))
        for n in range(1, 4):
            if match.fen(n) == positions[n - 1]:
                continue
            stale = [match.board_state(m) for m in range(1, 4)]
            stale[n - 1] = before[n - 1]
            with pytest.raises(RecordError, match=f"board {n} does not fit the log"):
                Match.restore(match.config, match.events, stale)
            refused += 1
    assert refused > 20


def test_boards_never_saved_are_restored_from_no_state_as_they_start() -> None:
    match = Match(boards=5, layout="ring")
    match.play(2, "e4")
    match.play(2, "d5")
    states = [match.board_state(2) if n == 2 else None for n in range(1, 6)]
    _same(match, Match.restore(match.config, match.events, states))


def test_a_restore_in_steps_pauses_after_each_board_and_gives_the_same_match() -> None:
    match = Match(boards=5, layout="ring")
    for board, move in [(2, "e4"), (4, "d4"), (2, "e5"), (4, "d5")]:
        match.play(board, move)
    states = [match.board_state(n) if n in (2, 4) else None for n in range(1, 6)]
    steps = Match.restoring(match.config, match.events, states)
    paused = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            restored = done.value
            break
        paused += 1
    assert paused == 5 + 2 + 2  # five boards made, the two saved restored, then checked
    _same(match, restored)


def test_a_board_the_log_moves_on_is_refused_without_its_state() -> None:
    match = Match(3)
    match.play(1, "e4")
    match.play(3, "d4")
    with pytest.raises(RecordError, match="board 3 does not fit the log"):
        Match.restore(match.config, match.events, [match.board_state(1), None, None])


def test_a_board_state_from_another_game_is_refused() -> None:
    match, other = Match(2), Match(2)
    match.play(1, "e4")
    other.play(1, "d4")
    states = [other.board_state(1), match.board_state(2)]
    with pytest.raises(RecordError, match="does not show the move e2e4"):
        Match.restore(match.config, match.events, states)


def test_a_board_state_that_does_not_load_is_refused() -> None:
    match = Match(2)
    match.play(1, "e4")
    states = [match.board_state(1), match.board_state(2)]
    with pytest.raises(RecordError, match="board 1 does not load"):
        Match.restore(
            match.config, match.events, [{"root": states[0]["root"], "moves": ["e2e5"]}, states[1]]
        )
    with pytest.raises(RecordError, match="2 board states"):
        Match.restore(Match(3).config, match.events, states)
    with pytest.raises(RecordError, match="must have a root and moves"):
        Match.restore(match.config, match.events, [{}, states[1]])


def test_restoring_keeps_endings_pending_transfers_and_the_decided_result() -> None:
    match = Match(boards=3, layout="ring")

    def check() -> None:
        states = [match.board_state(n) for n in range(1, 4)]
        _same(match, Match.restore(match.config, match.events, states))

    for move in ["f3", "e5", "g4", "Qh4#"]:
        match.play(1, move)
        check()
    assert match.pending_transfer(1) == "black"
    match.transfer(1, "Pe5^2")
    check()
    match.resign(2, "white")
    check()
    match.draw(3)
    check()
    assert match.decided()
    match.undo(2)
    check()
