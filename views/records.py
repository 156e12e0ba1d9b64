"""Views as JSON records: what an image showed when an action happened, stored to draw it later.

A record of a plain 8x8 board is written as before boards had shapes; fields added since
(the shape, the staircases) are written only when they differ from their defaults, and
read back as those defaults when absent, so records stored by any version still load.
"""

from __future__ import annotations

from typing import Any

from games.core.geometry import CHESSBOARD, Shape
from games.core.pieces import Piece, Side
from views.model import Arrival, BoardView, Cell, Departure, MatchView, Neighbour


class ViewRecordError(ValueError):
    """A stored view does not read back: its record is damaged or from another version."""


def board_record(view: BoardView) -> dict[str, Any]:
    """Write a board view as a JSON-ready record."""
    record: dict[str, Any] = {
        "number": view.number,
        "placement": view.placement,
        "turn": view.turn,
        "fullmove": view.fullmove,
        "elevators": list(view.elevators),
        "result": view.result,
        "ending": view.ending,
        "transfer_pending": view.transfer_pending,
        "last_move": list(view.last_move) if view.last_move else None,
        "departure": (
            [view.departure.square, view.departure.direction, view.departure.to_board]
            if view.departure
            else None
        ),
        "arrivals": [[a.square, a.direction, a.from_board] for a in view.arrivals],
        "check": view.check,
        "capturable": view.capturable,
        "caption": view.caption,
        "neighbours": [_neighbour_record(n) for n in view.neighbours],
    }
    if view.shape != CHESSBOARD:
        record["shape"] = _shape_record(view.shape)
    if view.staircases:
        record["staircases"] = [list(staircase) for staircase in view.staircases]
    if view.passes_to is not None:
        record["passes_to"] = view.passes_to
    if view.move_held:
        record["move_held"] = True
    if view.platform:  # a board of moving elevators (Ben Good's Elevator)
        record["platform"] = view.platform
        record["lifted"] = list(view.lifted)
        record["vacated"] = list(view.vacated)
    if view.reserves is not None:  # a turn of many actions (Ender's Chess)
        record["reserves"] = list(view.reserves)
        record["gates"] = list(view.gates)
        record["moved"] = list(view.moved)
        record["turn_moves"] = [list(move) for move in view.turn_moves]
    return record


def board_from_record(record: dict[str, Any]) -> BoardView:
    """Read a board view back from its record; refuse one that does not read."""
    try:
        departure = record["departure"]
        last = record["last_move"]
        reserves = record.get("reserves")
        view = BoardView(
            number=int(record["number"]),
            placement=str(record["placement"]),
            turn=_side(record["turn"]),
            fullmove=int(record["fullmove"]),
            elevators=tuple(record["elevators"]),
            result=str(record["result"]),
            ending=str(record["ending"]),
            transfer_pending=(
                None if record["transfer_pending"] is None else _side(record["transfer_pending"])
            ),
            last_move=None if last is None else (str(last[0]), str(last[1])),
            departure=None if departure is None else Departure(*departure),
            arrivals=tuple(Arrival(*arrival) for arrival in record["arrivals"]),
            check=record["check"],
            capturable=record["capturable"],
            caption=str(record["caption"]),
            neighbours=tuple(_neighbour(n) for n in record["neighbours"]),
            shape=_shape(record["shape"]) if "shape" in record else CHESSBOARD,
            staircases=tuple(
                tuple(str(name) for name in staircase) for staircase in record.get("staircases", ())
            ),
            passes_to=None if record.get("passes_to") is None else int(record["passes_to"]),
            move_held=bool(record.get("move_held", False)),
            reserves=None if reserves is None else (str(reserves[0]), str(reserves[1])),
            gates=tuple(str(gate) for gate in record.get("gates", ())),
            moved=tuple(str(cell) for cell in record.get("moved", ())),
            turn_moves=tuple((str(a), str(b)) for a, b in record.get("turn_moves", ())),
            platform=int(record.get("platform", 0)),
            lifted=tuple(str(cell) for cell in record.get("lifted", ())),
            vacated=tuple(str(cell) for cell in record.get("vacated", ())),
        )
        view.pieces()  # refuses a placement that does not fit the board
        return view
    except (KeyError, TypeError, ValueError) as error:
        raise ViewRecordError(f"a stored board view does not read: {error!r}") from None


def match_record(view: MatchView) -> dict[str, Any]:
    """Write an overview's view as a JSON-ready record."""
    record = {
        "boards": view.boards,
        "layout": view.layout,
        "scores": [list(score) for score in view.scores],
        "finished": view.finished,
        "winners": None if view.winners is None else list(view.winners),
        "views": [board_record(board) for board in view.views],
    }
    if view.title:  # written only for games other than Elevator Chess: old records match
        record["title"] = view.title
    if view.teams:  # written only with more than two teams, for the same reason
        record["teams"] = [list(pair) for pair in view.teams]
    return record


def match_from_record(record: dict[str, Any]) -> MatchView:
    """Read an overview's view back from its record; refuse one that does not read."""
    try:
        winners = record["winners"]
        return MatchView(
            boards=int(record["boards"]),
            layout=str(record["layout"]),
            scores=tuple((str(team), float(points)) for team, points in record["scores"]),
            finished=int(record["finished"]),
            winners=None if winners is None else tuple(winners),
            views=tuple(board_from_record(board) for board in record["views"]),
            title=str(record.get("title", "")),
            teams=tuple((str(white), str(black)) for white, black in record.get("teams", ())),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ViewRecordError(f"a stored overview does not read: {error!r}") from None


def _shape_record(shape: Shape) -> dict[str, Any]:
    return {
        "files": shape.files,
        "ranks": shape.ranks,
        "levels": shape.levels,
        "missing": sorted(shape.missing),
        "wrap_files": shape.wrap_files,
        "cushion_files": shape.cushion_files,
    }


def _shape(record: dict[str, Any]) -> Shape:
    return Shape(
        files=int(record["files"]),
        ranks=int(record["ranks"]),
        levels=int(record["levels"]),
        missing=frozenset(str(name) for name in record["missing"]),
        wrap_files=bool(record["wrap_files"]),
        cushion_files=bool(record.get("cushion_files", False)),  # not in records before it
    )


def _neighbour_record(neighbour: Neighbour) -> dict[str, Any]:
    return {
        "direction": neighbour.direction,
        "board": neighbour.board,
        "through": neighbour.through,
        "blocked": neighbour.blocked,
        "end": neighbour.end,
        "status": neighbour.status,
        "cells": [
            [cell.ours, cell.theirs, None if cell.piece is None else cell.piece.symbol]
            for cell in neighbour.cells
        ],
    }


def _neighbour(record: dict[str, Any]) -> Neighbour:
    return Neighbour(
        direction=record["direction"],
        board=record["board"],
        through=record["through"],
        blocked=str(record["blocked"]),
        end=bool(record["end"]),
        status=str(record["status"]),
        cells=tuple(
            Cell(ours, theirs, None if symbol is None else _piece(symbol))
            for ours, theirs, symbol in record["cells"]
        ),
    )


def _piece(symbol: str) -> Piece:
    return Piece(symbol.upper(), "white" if symbol.isupper() else "black")


def _side(text: object) -> Side:
    if text == "white":
        return "white"
    if text == "black":
        return "black"
    raise ValueError(f"{text!r} is no side")
