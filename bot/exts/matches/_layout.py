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
    def threads(self) -> int:
        """Return how many boards are threads."""
        return self.boards - len(self.channel_boards)

    @property
    def channels(self) -> int:
        """Return how many text channels the match makes: overview, boards, team rooms."""
        return 1 + len(self.channel_boards) + self.rooms

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
        needed = self.categories + self.channels
        free = max(SERVER_CHANNELS - channels_taken, 0)
        fewer = f"play {CHANNEL_BOARDS} boards or fewer" if self.threaded else "play fewer boards"
        if needed > free:
            raise ServerFullError(
                f"this server cannot hold the match's channels: it needs {needed:,} "
                f"(categories count) and {free:,} of the server's {SERVER_CHANNELS} are free. "
                f"Delete old match channels (/match archive) or other channels, or {fewer}. "
                "Nothing was created"
            )
        free = max(ACTIVE_THREADS - threads_active, 0)
        if self.threads > free:
            raise ServerFullError(
                f"this server cannot hold the match's boards as threads: it needs "
                f"{self.threads:,} active threads and {free:,} of the server's "
                f"{ACTIVE_THREADS:,} are free. Archive or delete threads (old matches' "
                f"with /match archive), or play fewer boards ({CHANNEL_BOARDS} or fewer take "
                "no thread). Nothing was created"
            )
