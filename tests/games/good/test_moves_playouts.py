"""Random play of Ben Good's Elevator: pieces are kept or captured, never made or lost, records
replay exactly, and attacks traced backwards agree with the moves generated forwards."""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.good.attacks import attacked, in_check, king_cell
from games.good.cells import CELLS, POLES, one_a_pole
from games.good.moves import allows, legal_actions, play, pseudo_actions
from games.good.position import LETTERS, Action, Position, Step
from tests.games.good.scenes import start
from tests.strength import examples


def forward_kills(position: Position) -> set[int]:
    """Return the cells whose piece some action of the side to move takes or pushes to death."""
    kills = set()
    for action in pseudo_actions(position):
        if isinstance(action, Step):
            if action.captured == action.target:  # not en passant, which attacked() leaves out
                kills.add(action.target)
            kills.update(start for start, end in action.pushed if end is None)
    return kills


def assert_attacks_agree(position: Position) -> None:
    for side in (position, replace(position, white=not position.white, ep=None)):
        kills = forward_kills(side)
        for number, piece in enumerate(side.cells):
            if piece is not None and not side.own(piece):
                assert attacked(side, number, side.white) == (number in kills), number


def counts(position: Position) -> Counter[str]:
    return Counter(piece for piece in position.cells if piece) + Counter(position.captured)


@pytest.mark.parametrize("sideways", [False, True], ids=["good", "wonkavator"])
@settings(max_examples=examples(6), deadline=None)  # each game: 12 playouts in all
@given(st.integers(min_value=0, max_value=2**32))
def test_random_playouts_keep_every_piece_or_its_capture_and_replay_exactly(
    sideways: bool, seed: int
) -> None:
    chooser = random.Random(seed)
    position = first = replace(start(), sideways=sideways)
    begun = counts(first)
    record: list[Action] = []
    promoted = Counter[str]()
    for ply in range(160):
        actions = legal_actions(position)
        if not actions:
            break
        if ply % 20 == 0:
            assert {a for a in pseudo_actions(position) if allows(position, a)} == set(actions)
            assert_attacks_agree(position)
        action = chooser.choice(actions)
        if isinstance(action, Step) and action.promotion:
            promoted[action.promotion] += 1
        mover = position.white
        position = play(position, action)
        record.append(action)
        king = king_cell(position, mover)
        assert king is not None and not attacked(position, king, not mover)
        assert all(position.exists(n) for n, piece in enumerate(position.cells) if piece)
        assert sum(bits.bit_count() for bits in position.shafts) == POLES  # as many as poles
        if not sideways:
            assert all(bits.bit_count() == 1 for bits in position.shafts)
        # a promotion swaps a pawn for a captured piece of its side: kinds other than pawns
        # are kept on the board or among the captured, pawns also go by promoting
        now = counts(position)
        for letter in LETTERS + LETTERS.lower():
            gone = sum(n for kind, n in promoted.items() if kind.isupper() == letter.isupper())
            assert now[letter] == begun[letter] - (gone if letter in "Pp" else 0), letter
    replayed = first
    for action in record:
        assert action in legal_actions(replayed)
        replayed = play(replayed, action)
    assert replayed == position


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_attacks_agree_with_captures_and_fatal_pushes_on_scattered_boards(seed: int) -> None:
    chooser = random.Random(seed)
    shafts = one_a_pole(tuple(chooser.randrange(4) for _ in range(POLES)))
    cells: list[str | None] = [None] * CELLS
    empty = Position(tuple(cells), shafts, True)
    free = [number for number in range(CELLS) if empty.exists(number)]
    for number in chooser.sample(free, chooser.randrange(10, 70)):
        cells[number] = chooser.choice("QIRBNCOPqirbncop")
    position = Position(tuple(cells), shafts, chooser.random() < 0.5)
    assert_attacks_agree(position)
    assert not in_check(position)  # no kings: nobody is in check


def test_legal_actions_from_a_full_start_take_well_under_fifty_milliseconds() -> None:
    position = start()
    timings = []
    for _ in range(5):
        began = time.perf_counter()
        actions = legal_actions(position)
        timings.append(time.perf_counter() - began)
    assert actions and min(timings) < 0.05
