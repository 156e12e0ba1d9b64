"""Games of one board for two players, which may start from a given position."""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from typing import Any

from games.core.board import Board
from games.core.boardgame import BoardGame
from games.core.errors import MatchConfigError, shown


@dataclass(frozen=True, slots=True)
class StartConfig:
    """What a one-board game is set up with: a FEN to start from, or None for its own start."""

    fen: str | None = None

    @property
    def boards(self) -> int:
        """Return the number of boards: one."""
        return 1

    def to_dict(self) -> dict[str, Any]:
        """Return the configuration as a JSON-ready dict."""
        return {"fen": self.fen}

    @classmethod
    def create(cls, fen: str | None = None) -> StartConfig:
        """Check what a one-board game is created with."""
        if fen is not None and not isinstance(fen, str):
            raise MatchConfigError(f"a start position is given as FEN text, not {shown(fen)}")
        return cls(fen)

    @classmethod
    def from_dict(cls, data: Any) -> StartConfig:
        """Rebuild a configuration from its JSON form."""
        if not isinstance(data, dict) or set(data) != {"fen"}:
            raise MatchConfigError("a one-board game's configuration has exactly the field fen")
        return cls.create(data["fen"])


class OneBoardGame(BoardGame[StartConfig]):
    """A game of one board: its rules are those of the board new_board makes."""

    def __init__(self, fen: str | None = None) -> None:
        self._set_up(StartConfig.create(fen))

    @abstractmethod
    def _new_board(self, fen: str | None) -> Board:
        """Return board 1, at fen or at the game's own start."""

    def _set_up(self, config: StartConfig, boards: list[Board] | None = None) -> None:
        super()._set_up(config, boards)
        if config.fen is not None:
            if self._boards[0].king_capturable():
                raise MatchConfigError(
                    "the position given cannot arise in a game: the side not to move is in check"
                )
            self._refuse_finished_starts()

    def _new_boards(self, config: StartConfig) -> list[Board]:
        return [self._new_board(config.fen)]

    @classmethod
    def _config_from_dict(cls, data: Any) -> StartConfig:
        return StartConfig.from_dict(data)

    def _start_fen(self, board: int) -> str | None:
        return self._config.fen
