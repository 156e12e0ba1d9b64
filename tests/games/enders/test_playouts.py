"""Random playouts of Ender's Chess: no piece is lost or duplicated, and records replay exactly
(JSON, restore from the board's state, and the PGN's movetext played again)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.enders import EndersGame
from games.enders.position import KINDS, Drop, End, Move, Position
from tests.games.enders.test_records import movetext
from tests.strength import examples


def allowed(position: Position) -> set[Drop | Move | End]:
    """Return every action Position.allows, tried one by one over every drop and move."""
    cells = range(len(position.cells))
    drops = {Drop(kind, gate) for kind in KINDS for gate in cells}
    moves = {Move(start, target) for start in cells for target in cells}
    return {action for action in drops | moves | {End()} if position.allows(action)}


def pieces(game: EndersGame, taken: int) -> int:
    board = game.enders_board(1)
    on_board = sum(1 for cell in board.shape.squares if game.piece_at(1, cell) is not None)
    return on_board + len(board.reserve("white")) + len(board.reserve("black")) + taken


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_playouts_keep_sixteen_pieces_allow_the_listed_actions_and_replay_exactly(
    seed: int,
) -> None:
    chooser = random.Random(seed)
    game = EndersGame()
    taken = 0
    for step in range(120):
        if not game.is_open(1):
            break
        if step % 10 == 0:  # naming one action is checked alone: it agrees with the list
            position = game.enders_board(1).position
            assert allowed(position) == set(position.actions())
        action = chooser.choice(game.legal_moves(1))
        taken += "x" in action
        game.play(1, action)
        assert pieces(game, taken) == 16
    copy = EndersGame.from_json(game.to_json())
    assert copy.events == game.events and copy.fen(1) == game.fen(1)
    assert copy.board_result(1) == game.board_result(1)
    restored = EndersGame.restore(game.config, game.events, [game.board_state(1)])
    assert restored.fen(1) == game.fen(1) and restored.board_result(1) == game.board_result(1)
    from_pgn = EndersGame()
    from_pgn.play(1, movetext(game.pgn(1)))
    assert from_pgn.events == game.events
