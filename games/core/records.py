"""A game's record: its JSON form, replaying its log, its history, and restoring it from
its boards' saved states without replaying the moves.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Generator, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

from games.core.board import Board
from games.core.errors import GameError, RecordError, shown
from games.core.events import BoardEnded, Event, Moved, event_from_dict
from games.core.log import GameConfig, action_groups
from games.core.pieces import Side

ConfigT = TypeVar("ConfigT", bound=GameConfig)
T = TypeVar("T")

_RECORD_KEYS = frozenset({"format", "version", "config", "events"})
RECALLED = 500  # events of the log a restore takes in between two of its steps


def finished(steps: Generator[None, None, T]) -> T:
    """Run the steps of making() or restoring() straight through and return the game."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            game: T = done.value
            return game


class GameRecords(ABC, Generic[ConfigT]):
    """The records of a game: what its JSON, its log and its boards' states rebuild."""

    KIND: ClassVar[str]  # the game's name in the registry (games.KINDS)
    NOUN: ClassVar[str] = "game"  # what players call one: a game, a match
    TITLE: ClassVar[str]  # the game's name as players read it
    RECORD_FORMAT: ClassVar[str]
    RECORD_VERSION: ClassVar[int] = 1

    _config: ConfigT
    _boards: list[Board]
    _events: list[Event]

    @classmethod
    def from_config(cls, config: ConfigT) -> Self:
        """Start a game from a checked configuration."""
        game = cls.__new__(cls)
        game._set_up(config)
        return game

    @classmethod
    def making(cls, config: ConfigT) -> Generator[None, None, Self]:
        """Start a game as from_config() does, a board at a time: yield after making each.

        Returns the game, so that a caller may pause between a big game's boards (the
        service's load lets its event loop serve others); finished() runs it straight through.
        """
        game = cls.__new__(cls)
        boards: list[Board] = []
        for board in game._new_boards(config):
            boards.append(board)
            yield
        game._set_up(config, boards)
        return game

    @abstractmethod
    def _set_up(self, config: ConfigT, boards: list[Board] | None = None) -> None:
        """Become the game config starts, before anything is played.

        boards: the boards config starts with, if they were made already (by making()).
        """

    @abstractmethod
    def _new_boards(self, config: ConfigT) -> Iterable[Board]:
        """Return the boards a game set up with config starts with, numbered from 1.

        They may be made as they are iterated, which needs nothing of the game but config.
        """

    @classmethod
    def read_config(cls, data: Any) -> ConfigT:
        """Rebuild a configuration of this game from its JSON form; raise if malformed."""
        return cls._config_from_dict(data)

    @classmethod
    @abstractmethod
    def _config_from_dict(cls, data: Any) -> ConfigT:
        """Rebuild a configuration from its JSON form, refusing anything malformed."""

    def _apply(self, action: Event) -> list[Event]:
        """Take an action again as the log records it."""
        raise RecordError(f"{action} is not an action")

    def _recall(self, event: Event) -> None:
        """Take what an event of the log says into the game's state, as a restore does."""

    @property
    def config(self) -> ConfigT:
        """Return the configuration the game was created with."""
        return self._config

    @property
    def events(self) -> tuple[Event, ...]:
        """Return the event log."""
        return tuple(self._events)

    def to_json(self) -> str:
        """Return the game as a versioned JSON record of its kind, configuration and log."""
        return json.dumps(
            {
                "format": self.RECORD_FORMAT,
                "version": self.RECORD_VERSION,
                "kind": self.KIND,
                "config": self._config.to_dict(),
                "events": [event.to_dict() for event in self._events],
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Rebuild a game from its JSON record by replaying it; raise RecordError if it is bad."""
        data = read_record(text, cls.NOUN)
        if data.get("format") != cls.RECORD_FORMAT:
            raise RecordError(f"this is not {_article(cls.TITLE)} {cls.TITLE} {cls.NOUN} record")
        if data.get("version") != cls.RECORD_VERSION:
            raise RecordError(
                f"{cls.NOUN} record version {shown(data.get('version'))} is not supported "
                f"(this version reads {cls.RECORD_VERSION})"
            )
        # Records written before the games were a family have no kind.
        if set(data) - {"kind"} != _RECORD_KEYS or data.get("kind", cls.KIND) != cls.KIND:
            raise RecordError(
                f"{_article(cls.NOUN)} {cls.NOUN} record has exactly format, version, "
                f"kind {cls.KIND!r}, config and events"
            )
        try:
            game = cls.from_config(cls._config_from_dict(data["config"]))
        except GameError as error:
            raise RecordError(f"the record's configuration is refused: {error}") from None
        if not isinstance(data["events"], list):
            raise RecordError("the record's events must be a list")
        events = [event_from_dict(item) for item in data["events"]]
        return game._replayed(events)

    @classmethod
    def replay(cls, config: ConfigT, events: Sequence[Event]) -> Self:
        """Rebuild a game by replaying its log; raise RecordError if it does not replay."""
        return cls.from_config(config)._replayed(events)

    def _replayed(self, events: Sequence[Event]) -> Self:
        for group in action_groups(events):
            self._replay(group)
        return self

    def _replay(self, group: list[Event]) -> None:
        action = group[0]
        try:
            produced = self._apply(action)
        except GameError as error:
            raise RecordError(f"the record does not replay: {action} is refused: {error}") from None
        if produced != group:
            raise RecordError(
                f"the record does not replay: {action} leads to {produced}, "
                f"but the record says {group}"
            )

    def _rebuild(self, groups: list[list[Event]]) -> None:
        """Become the game that replaying these action groups from the start gives."""
        rebuilt = self.from_config(self._config)
        for group in groups:
            rebuilt._replay(group)
        self.__dict__.update(rebuilt.__dict__)

    def history(self) -> Iterator[tuple[list[Event], Self]]:
        """Replay the log from the start, yielding each action's events and the game after it.

        The game yielded is one replica, brought forward in place from step to step.
        """
        replica = self.from_config(self._config)
        for group in action_groups(self._events):
            replica._replay(group)
            yield group, replica

    def board_state(self, board: int) -> dict[str, Any]:
        """Return one board's state as JSON-ready data: a snapshot for restore()."""
        return self._board(board).state()

    @abstractmethod
    def _board(self, board: int) -> Board:
        """Return a board by its number, or refuse the number."""

    @classmethod
    def restore(
        cls, config: ConfigT, events: Sequence[Event], states: Sequence[Any | None]
    ) -> Self:
        """Rebuild a game from its log and every board's state at the log's end, without
        replaying the moves; raise RecordError if they do not fit together.

        A board whose state is None is as the game starts it: a board never saved, which the
        log must not name. Endings and what follows them are read from the log's events,
        which is quick; only the boards' positions and histories come from the states.
        """
        return finished(cls.restoring(config, events, states))

    @classmethod
    def restoring(
        cls, config: ConfigT, events: Sequence[Event], states: Sequence[Any | None]
    ) -> Generator[None, None, Self]:
        """Rebuild a game as restore() does, in steps: yield after making each board, after
        restoring each saved one, after checking each the log names and after every RECALLED
        events of the log.

        Returns the game, so that a caller may pause between the steps of a big game (the
        service's load lets its event loop serve others); finished() runs it straight through.
        """
        game = yield from cls.making(config)
        if len(states) != len(game._boards):
            raise RecordError(
                f"{len(states)} board states for {_article(cls.NOUN)} {cls.NOUN} "
                f"of {len(game._boards)} boards"
            )
        action_groups(events)  # refuses a log that does not start with an action
        starts: dict[int, str] = {}  # each board restored: its position before that
        for number, (board, state) in enumerate(zip(game._boards, states, strict=True), start=1):
            if state is not None:
                starts[number] = board.fen()
                board.restore(state)
                yield
        misfit = yield from game._misfit(starts, events)
        if misfit is not None:
            raise RecordError(misfit)
        for seq, event in enumerate(events, start=1):
            game._recall(event)
            if seq % RECALLED == 0:
                yield
        game._events[:] = events  # in place: a game's parts may hold its log
        return game

    def _misfit(
        self, starts: Mapping[int, str], events: Sequence[Event]
    ) -> Generator[None, None, str | None]:
        """Say which board's position contradicts what the log records for it, if any.

        starts: each restored board's starting position; the others are at theirs. In steps
        (see restoring()): it yields after looking at each board the log names.
        """
        last: dict[int, Event] = {}
        played: dict[int, tuple[Side, int]] = {}
        boards = self._boards
        for event in events:
            number = getattr(event, "board", None)
            if isinstance(number, int):
                last[number] = event
                turn = self._turn_used(event) if 1 <= number <= len(boards) else None
                if turn is not None:
                    played[number] = turn
        for number, event in last.items():
            if not 1 <= number <= len(boards):
                return f"the log names board {number}, which the {self.NOUN} does not have"
            refusal = self._state_refusal(boards[number - 1], event, played.get(number))
            if refusal is not None:
                return f"the state of board {number} does not fit the log: {refusal}"
            yield
        for number, start in starts.items():
            if number not in last and boards[number - 1].fen() != start:
                return f"the state of board {number} does not fit the log: it never moved"
        return None

    def _turn_used(self, event: Event) -> tuple[Side, int] | None:
        """Return the side and move number of an event that used its side's turn, if it did.

        The event's board is one of the game's.
        """
        if not isinstance(event, Moved) or self._boards[event.board - 1].keeps_turn(event.uci):
            return None
        return event.side, event.fullmove

    def _state_refusal(
        self, board: Board, last: Event, played: tuple[Side, int] | None
    ) -> str | None:
        """Say how a board's position contradicts the last event on it and its last move."""
        if played is not None:
            side, fullmove = played
            after = ("black", fullmove) if side == "white" else ("white", fullmove + 1)
            if (board.turn, board.fullmove) != after:
                return (
                    f"{board.turn} to move at move {board.fullmove}, not {after[0]} at {after[1]}"
                )
        if isinstance(last, Moved) and board.keeps_turn(last.uci):
            # a choice made in place: what it made stands there, and nothing has moved since
            piece = board.piece_at(last.uci[2:4])
            if piece is None or (piece.kind, piece.side) != (last.uci[4:].upper(), last.side):
                return f"its position does not show the choice {last.uci}"
        elif isinstance(last, Moved) and not board.staircases:
            # (Staircases carry pieces off and onto a move's squares: only the turn tells.)
            piece = board.piece_at(last.uci[2:4])
            if board.piece_at(last.uci[:2]) is not None or piece is None or piece.side != last.side:
                return f"its position does not show the move {last.uci}"
        elif isinstance(last, BoardEnded) and board.fen().split()[0] != last.fen.split()[0]:
            return "its position is not the one the board ended in"
        return None


def read_record(text: str, noun: str = "game") -> dict[str, Any]:
    """Return the JSON object a record's text holds, or refuse it as a record."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise RecordError(f"the {noun} record is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise RecordError(f"a {noun} record is a JSON object, not {shown(data)}")
    return data


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"
