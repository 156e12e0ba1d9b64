"""What a board image shows, read from a match: highlights, endings and neighbours."""

from __future__ import annotations

from games.elevator import Arrived, BoardEnded, Match, Moved, Rode, Transferred
from views.model import board_view
from views.records import board_from_record, board_record
from views.replay import replay_views

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KNIGHT_D5 = "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1"
KING_E7_BLACK_TO_MOVE = "8/4k3/8/8/8/8/8/4K3 b - - 0 1"
BARE_KINGS = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


def test_a_fresh_board_has_no_highlights_and_says_so() -> None:
    view = board_view(Match(2), 1)
    assert (view.last_move, view.departure, view.arrivals) == (None, None, ())
    assert (view.check, view.capturable, view.finished) == (None, None, False)
    assert view.caption == "Start position"
    assert view.status == "White to move · move 1"
    assert view.pieces()["e1"].describe() == "white king"


def test_the_last_move_stays_highlighted_after_an_arrival() -> None:
    match = Match(2, start_fens=[KNIGHT_D5, START])
    match.play(2, "e4")
    match.play(2, "e5")
    match.play(1, "Nd5^")
    view = board_view(match, 2)
    assert view.last_move == ("e7", "e5")
    assert [(a.square, a.direction, a.from_board) for a in view.arrivals] == [("d5", "up", 1)]
    assert view.caption == "A white knight arrives on d5 from board 1"


def test_a_ride_marks_where_the_piece_went() -> None:
    match = Match(2, start_fens=[KNIGHT_D5, KING_E7_BLACK_TO_MOVE])
    match.play(1, "Nd5^2")
    left = board_view(match, 1)
    assert left.departure is not None
    assert (left.departure.square, left.departure.direction, left.departure.to_board) == (
        "d5",
        "up",
        2,
    )
    assert left.caption == "1. Nd5^2: the knight rides up to board 2"
    arrived = board_view(match, 2)
    assert arrived.check == "e7"
    assert arrived.caption.endswith(": check")


def test_neighbours_show_their_elevator_squares_or_why_there_is_no_ride() -> None:
    match = Match(3, start_fens=[START, START, BARE_KINGS])
    match.play(1, "e4")
    view = board_view(match, 2)
    up, down = view.neighbours
    assert (up.direction, up.board, up.through, up.status) == ("up", 3, None, "White to move")
    assert all(cell.piece is None for cell in up.cells)
    assert down.board == 1
    pieces = {cell.theirs: cell.piece for cell in down.cells}
    assert pieces["e4"] is not None and pieces["e4"].describe() == "white pawn"
    assert [cell.ours for cell in down.cells] == ["d4", "e4", "d5", "e5"]
    top = board_view(match, 3)
    assert top.neighbours[0].board is None
    assert top.neighbours[0].blocked == "there is no board above board 3"


def test_a_ride_past_a_closed_board_names_it() -> None:
    match = Match(4, start_fens=[START, BARE_KINGS, START, START])
    match.draw(2)
    down = board_view(match, 3).neighbours[1]
    assert (down.board, down.through) == (1, 2)


def test_a_finished_board_shows_its_final_position_and_result() -> None:
    match = Match(2)
    for move in ["f3", "e5", "g4", "Qh4#"]:
        match.play(1, move)
    view = board_view(match, 1)
    assert view.finished and view.result == "0-1" and view.ending == "checkmate"
    assert view.transfer_pending == "black"
    assert view.pieces()["h4"].describe() == "black queen"
    assert view.last_move == ("d8", "h4")
    assert view.status == "Black won by checkmate"


def test_a_victory_transfer_takes_the_piece_off_the_final_position() -> None:
    match = Match(2)
    for move in ["f3", "e5", "g4", "Qh4#"]:
        match.play(1, move)
    match.transfer(1, "Pe5^2")
    view = board_view(match, 1)
    assert "e5" not in view.pieces()
    assert view.departure is not None and view.departure.to_board == 2
    assert view.caption.startswith("Victory transfer Pe5^2")


def test_a_replay_shows_each_move_ride_arrival_and_ending_of_its_board() -> None:
    match = Match(2, start_fens=[KNIGHT_D5, START])
    match.play(2, "e4")
    match.play(1, "Nd5^2")
    for move in ["g5", "d4", "f6", "Qh5#"]:
        match.play(2, move)
    shown = [
        event
        for event in match.events
        if isinstance(event, (Moved, Rode, Arrived, Transferred, BoardEnded)) and event.board == 2
    ]
    views = replay_views(match, 2)
    assert len(views) == len(shown)
    assert views[1].arrivals and views[1].arrivals[0].from_board == 1
    assert views[-1].finished
    assert not views[-2].finished


def test_a_replay_frame_keeps_the_position_of_its_moment() -> None:
    match = Match(2)
    match.play(1, "e4")
    match.play(1, "e5")
    first, second = replay_views(match, 1)
    assert first.pieces()["e4"].describe() == "white pawn" and "e5" not in first.pieces()
    assert second.pieces()["e5"].describe() == "black pawn"
    assert first.caption == "1. e4" and second.caption == "1... e5"


def test_an_arrival_frame_keeps_a_check_that_was_already_there() -> None:
    match = Match(
        2, start_fens=["4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"]
    )
    match.play(2, "Nd4v1")
    assert board_view(match, 1).check == "e1"
    assert replay_views(match, 1)[-1].check == "e1"


def test_a_square_left_then_filled_by_an_arrival_shows_the_arrival() -> None:
    knight_d4 = "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"
    match = Match(3, start_fens=[knight_d4, knight_d4, BARE_KINGS])
    match.play(2, "Nd4^3")
    match.play(1, "Nd4^2")
    view = board_view(match, 2)
    assert view.departure is None
    assert [arrival.square for arrival in view.arrivals] == ["d4"]


def test_a_closed_board_without_a_transfer_shows_no_neighbours() -> None:
    match = Match(2)
    for move in ["f3", "e5", "g4", "Qh4#"]:
        match.play(1, move)
    assert len(board_view(match, 1).neighbours) == 2  # the winner may still send a piece
    assert board_view(match, 1).check == "e1"  # the mated king
    match.skip_transfer(1)
    assert board_view(match, 1).neighbours == ()


def test_the_end_of_a_line_is_told_apart_from_a_blocked_way() -> None:
    match = Match(4, start_fens=[START, BARE_KINGS, BARE_KINGS, START])
    match.draw(2)
    match.draw(3)
    up, down = board_view(match, 1).neighbours
    assert (up.board, up.end) == (None, False)
    assert (down.board, down.end) == (None, True)


def test_an_alice_board_shows_where_quiet_moves_pass_and_no_elevators_to_ride() -> None:
    match = Match(boards=2, mode="alice")
    match.play(1, "Nf3")
    view = board_view(match, 2)
    assert view.passes_to == 1 and view.elevators == () and view.neighbours == ()
    assert board_from_record(board_record(view)) == view
    match.resign(1, "white")  # once board 1 is over, board 2 plays ordinary chess
    assert board_view(match, 2).passes_to is None


def test_an_automatic_board_whose_move_is_held_says_so_in_its_view() -> None:
    match = Match(boards=2, mode="automatic")
    match.play(1, "e4")
    held, waiting = board_view(match, 1), board_view(match, 2)
    assert held.move_held and not waiting.move_held
    assert board_from_record(board_record(held)) == held
    match.play(2, "d4")  # the turn is complete: nothing is held any more
    assert not board_view(match, 1).move_held
