"""How Ender's Chess writes positions and actions, and reads what a player types.

Actions: a drop `B@f10` (also `B-f10`, as the rules text writes it), a move `Bf10-d8` or a
capture `Nd5xe7` (the kind and the starting cell may be left out when only one piece fits),
and `end`. Their record form (UCI) is `B@f10`, `f10d8` and `end`.

FEN: the cells rank by rank from the top (digits count empty cells, only cells of the map
are written), the side to move, the reserves, the cells of the pieces moved this turn, the
flags (`a`: the mover has acted this turn; `c`: the mover has captured or dropped this
turn; `g`: Black answers White's taking of its gate), the turns ended since the turn of the
last capture or drop, and the number of the full move.
"""

from __future__ import annotations

import re
from typing import Final

from games.core.boardgame import END_OF_TURN
from games.core.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    MatchConfigError,
    NotAMoveError,
    shown,
    typed,
)
from games.enders.position import KINDS, Action, Drop, End, Geometry, Move, Position
from games.enders.refusals import drop_refusal, move_refusal

END: Final = END_OF_TURN
_DROP: Final = re.compile(r"([RBKN])@([a-z][0-9]{1,2})")
_MOVE: Final = re.compile(r"([RBKN])?([a-z][0-9]{1,2})?([-x])?([a-z][0-9]{1,2})")
_UCI: Final = re.compile(r"([a-z][0-9]{1,2})([a-z][0-9]{1,2})")
EXAMPLES: Final = "a drop (B@f10), a move (Bf10-d8, Nd5xe7) or end"


def _rows(geometry: Geometry) -> list[list[int]]:
    """Return the cell numbers of each rank that has cells, from the top."""
    shape = geometry.board.shape
    ranks: dict[int, list[int]] = {}
    for index, name in enumerate(shape.squares):
        square = shape.parse(name)
        assert square is not None
        ranks.setdefault(square.rank, []).append(index)
    return [ranks[rank] for rank in sorted(ranks, reverse=True)]


def write_fen(position: Position, halfmove: int, fullmove: int) -> str:
    """Return a position as Ender's Chess FEN."""
    rows = []
    for row in _rows(position.geometry):
        text, empty = "", 0
        for index in row:
            symbol = position.cells[index]
            if symbol is None:
                empty += 1
            else:
                text += (str(empty) if empty else "") + symbol
                empty = 0
        rows.append(text + (str(empty) if empty else ""))
    names = position.geometry.board.shape.squares
    moved = ",".join(names[index] for index in sorted(position.moved)) or "-"
    marks = (position.acted, "a"), (position.renewed, "c"), (position.answering, "g")
    flags = "".join(letter for on, letter in marks if on) or "-"
    turn = "w" if position.white else "b"
    reserves = position.reserves or "-"
    return f"{'/'.join(rows)} {turn} {reserves} {moved} {flags} {halfmove} {fullmove}"


def read_fen(fen: str, geometry: Geometry, number: int) -> tuple[Position, int, int]:
    """Return the position, turns since a capture or drop, and full move a FEN gives."""

    def bad(reason: str) -> MatchConfigError:
        return MatchConfigError(f"the FEN for board {number} is not valid: {reason}")

    fields = fen.split() if isinstance(fen, str) else []
    if len(fields) != 7:
        raise bad("an Ender's Chess FEN has seven fields")
    placement, turn, reserves, moved_text, flags, halfmove, fullmove = fields
    rows = _rows(geometry)
    texts = placement.split("/")
    if len(texts) != len(rows):
        raise bad(f"its placement needs {len(rows)} ranks")
    cells: list[str | None] = [None] * len(geometry.board.shape.squares)
    for row, text in zip(rows, texts, strict=True):
        filled: list[str | None] = []
        for part in re.findall(r"[0-9]+|.", text):
            if part.isdigit():
                filled += [None] * int(part)
            elif part.upper() in KINDS:
                filled.append(part)
            else:
                raise bad(f"{shown(part)} is not a piece of Ender's Chess")
        if len(filled) != len(row):
            raise bad(f"a rank of its placement does not have {len(row)} cells")
        for index, symbol in zip(row, filled, strict=True):
            cells[index] = symbol
    if turn not in ("w", "b"):
        raise bad("the side to move must be w or b")
    if reserves != "-" and any(k.upper() not in KINDS for k in reserves):
        raise bad("its reserves are written with the letters RBKN")
    if flags != "-" and not re.fullmatch(r"a?c?g?", flags):
        raise bad("its flags are a, c and g in that order, some of them, or -")
    if "g" in flags and turn != "b":
        raise bad("its flag g (Black answers White's taking of its gate) needs Black to move")
    if not (halfmove.isdigit() and fullmove.isdigit() and int(fullmove) >= 1):
        raise bad("its move counters are malformed")
    number_of = {name: index for index, name in enumerate(geometry.board.shape.squares)}
    moved_names = [] if moved_text == "-" else moved_text.split(",")
    if any(name not in number_of for name in moved_names):
        raise bad("its moved pieces are named by cells of the board")
    ordered = "".join(sorted(reserves.replace("-", ""), key=_reserve_order))
    position = Position(
        geometry,
        cells,
        turn == "w",
        ordered,
        frozenset(number_of[name] for name in moved_names),
        "a" in flags or "c" in flags or bool(moved_names),
        "g" in flags,
        renewed="c" in flags,
    )
    if any(not position.own(cells[index]) for index in position.moved):
        raise bad("a moved piece must be the side to move's")
    return position, int(halfmove), int(fullmove)


def _reserve_order(symbol: str) -> tuple[bool, int]:
    return symbol.islower(), KINDS.index(symbol.upper())


def uci(action: Action, geometry: Geometry) -> str:
    """Return an action's record form."""
    names = geometry.board.shape.squares
    if isinstance(action, Drop):
        return f"{action.kind}@{names[action.square]}"
    if isinstance(action, Move):
        return names[action.start] + names[action.target]
    return END


def san(position: Position, action: Action) -> str:
    """Return an action as players write it: B@f10, Bf10-d8, Nd5xe7 or end."""
    if not isinstance(action, Move):
        return uci(action, position.geometry)
    names = position.geometry.board.shape.squares
    symbol = position.cells[action.start]
    assert symbol is not None
    mark = "x" if position.cells[action.target] is not None else "-"
    return f"{symbol.upper()}{names[action.start]}{mark}{names[action.target]}"


def parse(position: Position, text: str, number: int) -> Action:
    """Return the legal action text names, or refuse it saying why."""
    token = text.strip()
    if token == END:
        return End()
    dropped = _DROP.fullmatch(token)
    if dropped:
        drop = Drop(dropped[1], _cell(position, dropped[2], number))
        if not position.allows(drop):
            raise IllegalMoveError(drop_refusal(position, drop.kind, dropped[2], number))
        return drop
    found = _UCI.fullmatch(token)
    kind: str | None = None
    mark: str | None = None
    if found is not None:
        start, target = found.groups()
    else:
        found = _MOVE.fullmatch(token)
        if found is None:
            raise NotAMoveError(
                f"{shown(token)} is not an action on board {number}: write {EXAMPLES}"
            )
        kind, start, mark, target = found.groups()
    to = _cell(position, target, number)
    origin = None if start is None else _cell(position, start, number)
    starts = range(len(position.cells)) if origin is None else (origin,)
    fits: list[Action] = [
        Move(square, to)
        for square in starts
        if kind in (None, (position.cells[square] or "").upper())
        and position.allows(Move(square, to))
    ]
    if kind is not None and start is None and mark == "-" and position.allows(Drop(kind, to)):
        fits.append(Drop(kind, to))  # the rules text writes a drop as B-f10
    if len(fits) > 1:
        sans = " or ".join(san(position, action) for action in fits)
        raise AmbiguousMoveError(f"{typed(token)} could be {sans} on board {number}: write which")
    if not fits:
        raise IllegalMoveError(move_refusal(position, kind, origin, to, number))
    return fits[0]


def _cell(position: Position, name: str, number: int) -> int:
    names = position.geometry.board.shape.squares
    if name not in names:
        raise IllegalMoveError(f"{name} is not a cell of board {number}")
    return names.index(name)
