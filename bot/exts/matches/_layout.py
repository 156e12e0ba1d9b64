"""Where a match's boards go in a server: a channel each, or beyond 40, threads of channels.

Up to 40 boards every board has a text channel, and the match fits one category (overview,
40 boards and 8 team rooms make 49 of its 50). A bigger match would need a channel per board
that a server of 500 cannot give, so there a channel holds ten boards: the first is the
channel itself, the next nine are public threads of it. 1,000 boards take 100 board channels
in 3 categories and 900 active threads, within a server's 500 channels and 1,000 threads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.errors import ServerFullError

CHANNEL_BOARDS: Final = 40  # up to this many boards, each board has a channel of its own
BOARDS_PER_CHANNEL: Final = 10  # beyond: a channel holds its board and the next 9 as threads
CATEGORY_CHANNELS: Final = 50  # Discord's limit of a category
SERVER_CHANNELS: Final = 500  # Discord's limit of a server; categories count, threads do not
ACTIVE_THREADS: Final = 1000  # Discord's limit of a server's active (unarchived) threads


@dataclass(frozen=True, slots=True)
class Layout:
    """The places of a match of some boards and team rooms: which board has a channel."""

    boards: int
    rooms: int  # team rooms, one a team

    @property
    def threaded(self) -> bool:
        """Say whether some boards are threads of other boards' channels."""
        return self.boards > CHANNEL_BOARDS

    def holder(self, board: int) -> int:
        """Return the board whose channel holds a board: itself, or the first of its ten."""
        if not self.threaded:
            return board
        return board - (board - 1) % BOARDS_PER_CHANNEL

    def held(self, board: int) -> range:
        """Return the boards a board channel holds: itself, and its threads' boards."""
        if not self.threaded:
            return range(board, board + 1)
        return range(board, min(board + BOARDS_PER_CHANNEL, self.boards + 1))

    @property
    def channel_boards(self) -> list[int]:
        """Return the boards that have a channel, board 1 first."""
        return [board for board in range(1, self.boards + 1) if self.holder(board) == board]

    @property
    def board_channels(self) -> int:
        """Return how many boards have a channel (as many as channel_boards lists)."""
        return -(-self.boards // BOARDS_PER_CHANNEL) if self.threaded else self.boards

    @property
    def threads(self) -> int:
        """Return how many boards are threads."""
        return self.boards - self.board_channels

    @property
    def channels(self) -> int:
        """Return how many text channels the match makes: overview, boards, team rooms."""
        return 1 + self.board_channels + self.rooms

    @property
    def categories(self) -> int:
        """Return how many categories hold those channels, 50 a category."""
        return -(-self.channels // CATEGORY_CHANNELS)

    @property
    def places(self) -> int:
        """Return how many things Discord makes for the match: categories, channels, threads."""
        return self.categories + self.channels + self.threads

    def check_room(self, channels_taken: int, threads_active: int) -> None:
        """Refuse a match the server cannot hold, saying what is full and what to do."""
        channels_free = max(SERVER_CHANNELS - channels_taken, 0)
        threads_free = max(ACTIVE_THREADS - threads_active, 0)
        most = self.most_boards(channels_free, threads_free)
        boards = f"{most:,} board{'s' if most != 1 else ''}"
        fewer = f", or play {boards} (the most it can hold now)" if most else ""
        needed = self.categories + self.channels
        if needed > channels_free:
            raise ServerFullError(
                f"this server cannot hold the match's channels: it needs {needed:,} "
                f"(categories count) and {_free(channels_free, SERVER_CHANNELS)}. "
                f"Delete old match channels (/match archive) or other channels{fewer}. "
                "Nothing was created."
            )
        if self.threads > threads_free:
            raise ServerFullError(
                f"this server cannot hold the match's boards as threads: it needs "
                f"{self.threads:,} active threads and {_free(threads_free, ACTIVE_THREADS)}. "
                f"Archive or delete threads (old matches' with /match archive){fewer}. "
                "Nothing was created."
            )

    def most_boards(self, channels_free: int, threads_free: int) -> int:
        """Return the most boards, up to this match's, that so many free places can hold."""
        for boards in range(self.boards, 0, -1):
            smaller = Layout(boards, self.rooms)
            if smaller.categories + smaller.channels <= channels_free and (
                smaller.threads <= threads_free
            ):
                return boards
        return 0


def _free(free: int, limit: int) -> str:
    """Say how many of a server's places are free: 1 of its 500 is, 5 of them are."""
    return f"{free:,} of the server's {limit:,} {'is' if free == 1 else 'are'} free"
