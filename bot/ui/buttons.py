"""The buttons under a board's latest image: Resign (confirmed), Offer draw, Legal moves."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

import discord

from bot.service import MatchService, Outcome
from bot.ui.errors import reply_error
from bot.ui.picker import PieceMenu, open_picker
from bot.ui.private import answer_privately
from games.core.pieces import side_name

ACTIONS: Final = {
    "resign": ("Resign", discord.ButtonStyle.danger),
    "confirm-resign": ("Yes, resign", discord.ButtonStyle.danger),
    "draw": ("Offer draw", discord.ButtonStyle.secondary),
    "moves": ("Legal moves", discord.ButtonStyle.secondary),
    "pick": ("Pick a move", discord.ButtonStyle.primary),
    "claim": ("Claim a draw", discord.ButtonStyle.secondary),
    "accept-draw": ("Accept draw", discord.ButtonStyle.success),
    "decline-draw": ("Decline draw", discord.ButtonStyle.secondary),
}


def offered_words(outcome: Outcome, board: int) -> str:
    """Say what offering a draw did: an offer made, or, meeting the opponent's, a draw."""
    if outcome.events:
        return (
            f"Your opponent had already offered a draw on board {board}, so yours agrees it: "
            f"board {board} is drawn (1/2-1/2)."
        )
    return f"You offered a draw on board {board}."


def resign_question(board: int, *, onward: bool, server: bool) -> str:
    """Ask to confirm a resignation: what the opponent may then do, and who can take it back."""
    back = "only a moderator can" if server else "nobody can"
    then = "Your opponent may then send a piece onward, and" if onward else "Once you do,"
    return f"Resign board {board}? {then} {back} take it back."


async def ask_to_resign(
    interaction: discord.Interaction, service: MatchService, match_id: int, board: int
) -> None:
    """Ask the person to confirm resigning a board, once the service says they may."""
    onward = await service.check_resign(match_id, str(interaction.user.id), board)
    view = discord.ui.View(timeout=120)
    view.add_item(BoardButton(match_id, board, "confirm-resign"))
    question = resign_question(board, onward=onward, server=interaction.guild_id is not None)
    await answer_privately(interaction, question, view)


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"board:(?P<match>\d+):(?P<board>\d+):(?P<action>[a-z-]+)",
):
    """A button acting on one board of one match; its custom id outlives restarts."""

    def __init__(self, match_id: int, board: int, action: str) -> None:
        label, style = ACTIONS[action]
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"board:{match_id}:{board}:{action}"
            )
        )
        self.match_id, self.board, self.action = match_id, board, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardButton:
        """Rebuild the button from its custom id."""
        if match["action"] not in ACTIONS:
            raise ValueError(f"unknown board action {match['action']}")
        return cls(int(match["match"]), int(match["board"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Do what the button says, answering privately."""
        service: MatchService = interaction.client.service  # type: ignore[attr-defined]
        user = str(interaction.user.id)
        try:
            if self.action == "pick":
                await open_picker(interaction, self.match_id, self.board, edit=False)
            elif self.action == "resign":
                await ask_to_resign(interaction, service, self.match_id, self.board)
            elif self.action == "confirm-resign":
                await service.resign(self.match_id, user, self.board)
                await interaction.response.edit_message(
                    content=f"You resigned board {self.board}.", view=None
                )
            elif self.action == "claim":
                await service.claim_draw(self.match_id, user, self.board)
                await answer_privately(interaction, f"You claimed a draw on board {self.board}.")
            elif self.action == "draw":
                outcome = await service.offer_draw(self.match_id, user, self.board)
                await answer_privately(interaction, offered_words(outcome, self.board))
            elif self.action in ("accept-draw", "decline-draw"):
                if self.action == "accept-draw":
                    await service.accept_draw(self.match_id, user, self.board)
                    done = f"You accepted the draw: board {self.board} is drawn (1/2-1/2)."
                else:
                    await service.decline_draw(self.match_id, user, self.board)
                    done = f"You declined the draw on board {self.board}."
                if interaction.message is not None and interaction.guild is not None:
                    await interaction.response.edit_message(view=None)  # the offer is answered
                    await interaction.followup.send(done, ephemeral=True)
                else:
                    await answer_privately(interaction, done)
            else:
                side, legal = await service.legal_moves(self.match_id, self.board, user)
                moves = ", ".join(legal) or "none"
                said = f"Legal moves on board {self.board} for {side_name(side)}: {moves}"
                await answer_privately(interaction, said[:1900])
        except Exception as error:
            await reply_error(interaction, error)


def board_view(match_id: int, board: int) -> discord.ui.View:
    """Return the buttons under a board's latest image."""
    view = discord.ui.View(timeout=None)
    for action in ("pick", "resign", "draw", "moves"):
        view.add_item(BoardButton(match_id, board, action))
    return view


ROWS: Final = 5  # rows of components Discord allows a message
OFFERS: Final = 2  # boards whose offers' buttons a DM image holds: a row holds five buttons
GAME_ACTIONS: Final = {  # a menu a row; the rows left hold pieces' menus and offers' buttons
    "pick": "Pick a move on board…",
    "draw": "Offer or accept a draw on board…",
    "claim": "Claim a draw on board…",
    "resign": "Resign board…",
}
ACTION_MENUS: Final = ("draw", "claim", "resign")  # under every DM image; pick as rows allow
# menus under older images, still answered: Legal moves gave way to Pick a move
OLDER_ACTIONS: Final = {"moves": "Legal moves on board…"}


class GameActions(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"game-act:(?P<match>\d+):(?P<action>[a-z]+)",
):
    """One menu under a DM game's latest image: an action, on the board chosen."""

    def __init__(self, match_id: int, action: str, boards: list[int] | None = None) -> None:
        options = [
            discord.SelectOption(label=f"Board {board}", value=str(board))
            for board in (boards or [])
        ][:25]
        super().__init__(
            discord.ui.Select(
                custom_id=f"game-act:{match_id}:{action}",
                placeholder={**GAME_ACTIONS, **OLDER_ACTIONS}[action],
                options=options or [discord.SelectOption(label="-")],
            )
        )
        self.match_id, self.action = match_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameActions:
        """Rebuild the menu from its custom id."""
        if match["action"] not in GAME_ACTIONS and match["action"] not in OLDER_ACTIONS:
            raise ValueError(f"unknown game action {match['action']}")
        return cls(int(match["match"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Do the action on the chosen board, as the board's own button would."""
        board = int(self.item.values[0])
        await BoardButton(self.match_id, board, self.action).callback(interaction)


def piece_rows(to_move: Sequence[int], offered: Sequence[int]) -> tuple[list[int], list[int]]:
    """Return the boards whose pieces' menus stand under a DM game's image, as rows are left
    beside its other menus and offers, and those Pick a move on board… lists ([] if none)."""
    free = ROWS - len(ACTION_MENUS) - (1 if offered[:OFFERS] else 0)
    if len(to_move) <= free:
        return list(to_move), []
    return list(to_move[: free - 1]), list(to_move)


def game_view(
    match_id: int,
    boards: list[int],
    offered: list[int] | None = None,
    pieces: Sequence[PieceMenu] = (),
    listed: Sequence[int] = (),
) -> discord.ui.View | None:
    """Return the menus under a DM game's latest image, for the player's open boards.

    offered: boards where the opponent has just offered the player a draw, which get
    Accept and Decline buttons. pieces: the pieces' menus of boards the player is to move on,
    each in a row of its own; listed: the boards Pick a move on board… lists (piece_rows).
    """
    if not boards:
        return None
    view = discord.ui.View(timeout=None)
    for menu in pieces:
        view.add_item(menu)
    if listed:
        view.add_item(GameActions(match_id, "pick", list(listed)))
    for action in ACTION_MENUS:
        view.add_item(GameActions(match_id, action, boards))
    for board in (offered or [])[:OFFERS]:
        for action in ("accept-draw", "decline-draw"):
            view.add_item(BoardButton(match_id, board, action))
    return view


def offer_view(match_id: int, board: int) -> discord.ui.View:
    """Return Accept and Decline buttons for a draw offered on a board."""
    view = discord.ui.View(timeout=None)
    for action in ("accept-draw", "decline-draw"):
        view.add_item(BoardButton(match_id, board, action))
    return view
