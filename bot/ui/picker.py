"""The move picker: a piece, then where it goes, then what it becomes, each from a menu.

The player to move opens it under a board (its Pick a move button, or a DM game's menu) and
answers privately. Each menu's custom id holds what was picked before it and the board's
stamp, so it outlives a restart; a pick on a board that changed since is refused, and the
picker shown again as the board now stands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

import discord

from bot.errors import ServiceError, StaleError
from bot.service import MatchService
from bot.ui.errors import reply_error
from bot.ui.private import answer_privately
from games.core.boardgame import END_OF_TURN
from games.core.events import Moved
from games.core.picks import Pick, choices, pieces, targets

MENU: Final = 25  # options Discord allows a menu
MORE: Final = ">"  # leads the value of the option that turns the page
TYPE: Final = "type"  # the value of a board image's option to type the move instead


def _service(interaction: discord.Interaction) -> MatchService:
    return interaction.client.service  # type: ignore[attr-defined,no-any-return]


def _page(
    entries: Sequence[tuple[str, str]], page: int, more: str, room: int = MENU
) -> list[discord.SelectOption]:
    """Return a page of (value, label) as options, with one turning to the next if any.

    room: the options the page may take, fewer than a menu's where it adds its own.
    """
    size = room - 1  # a page that others follow keeps one option to turn it
    start = page * size
    shown = entries[start : start + size] if len(entries) > room else entries
    options = [discord.SelectOption(label=label[:100], value=value) for value, label in shown]
    if len(entries) > room:
        following = page + 1 if start + size < len(entries) else 0
        label = more if following else "Back to the first page"
        options.append(discord.SelectOption(label=label, value=f"{MORE}{following}"))
    return options


def piece_view(
    match_id: int, board: int, stamp: str, picks: Sequence[Pick], page: int = 0
) -> discord.ui.View:
    """Return the menu of the pieces that can move, and Type it for a move typed at once."""
    view = discord.ui.View(timeout=None)
    view.add_item(piece_menu(match_id, board, stamp, picks, page))
    view.add_item(TypeButton(match_id, board))
    return view


def piece_menu(
    match_id: int,
    board: int,
    stamp: str,
    picks: Sequence[Pick],
    page: int = 0,
    *,
    public: bool = False,
    named: bool = False,
) -> PieceMenu:
    """Return the menu of the pieces that can move; public: under the board's own image.

    named: the menu says its board, beside other boards' menus.
    """
    if public:  # under an image, where no Type it button stands beside it
        options = _page(pieces(picks), page, "More pieces…", MENU - 1)
        options.append(discord.SelectOption(label="Type the move instead…", value=TYPE))
    else:
        options = _page(pieces(picks), page, "More pieces…")
    placeholder = f"Board {board}: pick a piece to move" if named else "Pick a piece to move"
    return PieceMenu(match_id, board, stamp, page, options, public=public, placeholder=placeholder)


async def image_pieces(
    service: MatchService, match_id: int, board: int, mover: str | None, *, named: bool = False
) -> PieceMenu | None:
    """Return the pieces' menu for under a board's image, or None if its mover has none now."""
    if mover is None:
        return None
    try:
        stamp, picks = await service.picks(match_id, mover, board)
    except ServiceError:  # the board moved on, or ended, since: a later image shows it
        return None
    if not picks:
        return None
    return piece_menu(match_id, board, stamp, picks, public=True, named=named)


async def open_picker(
    interaction: discord.Interaction,
    match_id: int,
    board: int,
    *,
    note: str = "",
    edit: bool = True,
) -> None:
    """Show the player to move the pieces they can move on a board, privately.

    edit: in the picker's own message (a menu's), else in a new private one (a board's).
    """
    stamp, picks = await _service(interaction).picks(match_id, str(interaction.user.id), board)
    if not picks:
        text = f"{note}There is no move to pick on board {board}."
        await _answer(interaction, text, None, edit=edit)
        return
    text = f"{note}Board {board}: pick a piece to move."
    await _answer(interaction, text, piece_view(match_id, board, stamp, picks), edit=edit)


async def _answer(
    interaction: discord.Interaction,
    text: str,
    view: discord.ui.View | None,
    *,
    edit: bool = True,
) -> None:
    """Show the picker in its own private message, or in a new one."""
    if edit:
        await interaction.response.edit_message(content=text, view=view)
    else:
        await answer_privately(interaction, text, view)


async def _fresh(
    interaction: discord.Interaction,
    match_id: int,
    board: int,
    stamp: str,
    *,
    edit: bool = True,
) -> list[Pick] | None:
    """Return the picks as the board stands, or None once the picker is shown again."""
    now, picks = await _service(interaction).picks(match_id, str(interaction.user.id), board)
    if now == stamp:
        return picks
    note = f"Board {board} has changed since: "
    await open_picker(interaction, match_id, board, note=note, edit=edit)
    return None


class PieceMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=(
        r"pick:(?P<match>\d+):(?P<board>\d+):(?P<stamp>[0-9a-f]{8}):(?P<page>\d+)"
        r"(?P<public>:public)?"
    ),
):
    """The pieces that can move on a board, the first of the picker's menus.

    public: under the board's own image, for all to see, where it answers in a new private
    message; else in the picker's own private message, which it changes.
    """

    def __init__(
        self,
        match_id: int,
        board: int,
        stamp: str,
        page: int = 0,
        options: list[discord.SelectOption] | None = None,
        *,
        public: bool = False,
        placeholder: str = "Pick a piece to move",
    ) -> None:
        shown = ":public" if public else ""
        super().__init__(
            discord.ui.Select(
                custom_id=f"pick:{match_id}:{board}:{stamp}:{page}{shown}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-")],
            )
        )
        self.match_id, self.board, self.stamp, self.page = match_id, board, stamp, page
        self.public = public

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PieceMenu:
        """Rebuild the menu from its custom id."""
        return cls(
            int(match["match"]),
            int(match["board"]),
            match["stamp"],
            int(match["page"]),
            public=match["public"] is not None,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show where the piece picked may go, or the next page of pieces."""
        edit = not self.public
        try:
            value = self.item.values[0]
            if value == TYPE and self.public:  # typed as the board then stands: no stamp
                user = str(interaction.user.id)
                await _service(interaction).picks(self.match_id, user, self.board)  # or why not
                form = TurnForm(self.match_id, self.board, edit=False)
                await interaction.response.send_modal(form)
                return
            picks = await _fresh(interaction, self.match_id, self.board, self.stamp, edit=edit)
            if picks is None:
                return
            if value.startswith(MORE):
                view = piece_view(self.match_id, self.board, self.stamp, picks, int(value[1:]))
                text = f"Board {self.board}: pick a piece to move."
                await _answer(interaction, text, view, edit=edit)
                return
            whole = choices(picks, value, "")
            if whole:  # picked, it is played: the end of a turn
                move = whole[0].move
                await play_pick(interaction, self.match_id, self.board, self.stamp, move, edit=edit)
                return
            await _show_targets(
                interaction, self.match_id, self.board, self.stamp, picks, value, edit=edit
            )
        except Exception as error:
            await reply_error(interaction, error)


async def _show_targets(
    interaction: discord.Interaction,
    match_id: int,
    board: int,
    stamp: str,
    picks: Sequence[Pick],
    piece: str,
    page: int = 0,
    *,
    edit: bool = True,
) -> None:
    """Show where a piece may go; a piece that can no longer move shows the pieces again."""
    found = targets(picks, piece)
    if not found:
        note = f"{piece} cannot move now. "
        await open_picker(interaction, match_id, board, note=note, edit=edit)
        return
    words = next(words for key, words in pieces(picks) if key == piece)
    view = discord.ui.View(timeout=None)
    options = _page(found, page, "More squares…")
    view.add_item(TargetMenu(match_id, board, stamp, piece, page, options))
    view.add_item(BackButton(match_id, board))
    await _answer(interaction, f"Board {board}: {words} to…", view, edit=edit)


class TargetMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=(
        r"pick-to:(?P<match>\d+):(?P<board>\d+):(?P<stamp>[0-9a-f]{8}):"
        r"(?P<piece>[^:]{1,20}):(?P<page>\d+)"
    ),
):
    """Where the piece picked may go: the picker's second menu."""

    def __init__(
        self,
        match_id: int,
        board: int,
        stamp: str,
        piece: str,
        page: int = 0,
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"pick-to:{match_id}:{board}:{stamp}:{piece}:{page}",
                placeholder="Where it goes",
                options=options or [discord.SelectOption(label="-")],
            )
        )
        self.match_id, self.board, self.stamp = match_id, board, stamp
        self.piece, self.page = piece, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TargetMenu:
        """Rebuild the menu from its custom id."""
        return cls(
            int(match["match"]),
            int(match["board"]),
            match["stamp"],
            match["piece"],
            int(match["page"]),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the move to the square picked, or ask what the piece becomes there."""
        try:
            picks = await _fresh(interaction, self.match_id, self.board, self.stamp)
            if picks is None:
                return
            value = self.item.values[0]
            if value.startswith(MORE):
                await _show_targets(
                    interaction,
                    self.match_id,
                    self.board,
                    self.stamp,
                    picks,
                    self.piece,
                    int(value[1:]),
                )
                return
            found = choices(picks, self.piece, value)
            if len(found) == 1:
                await play_pick(interaction, self.match_id, self.board, self.stamp, found[0].move)
                return
            view = discord.ui.View(timeout=None)
            view.add_item(ChoiceMenu(self.match_id, self.board, self.stamp, found))
            view.add_item(BackButton(self.match_id, self.board))
            first = found[0] if found else None
            where = f"{first.piece_words} to {first.target_words}" if first else self.piece
            await _answer(interaction, f"Board {self.board}: {where}, becoming…", view)
        except Exception as error:
            await reply_error(interaction, error)


class ChoiceMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"pick-as:(?P<match>\d+):(?P<board>\d+):(?P<stamp>[0-9a-f]{8})",
):
    """What the piece becomes (a promotion): the picker's last menu; its values are moves."""

    def __init__(self, match_id: int, board: int, stamp: str, picks: Sequence[Pick] = ()) -> None:
        options = [
            discord.SelectOption(
                label=(pick.choice or pick.move)[:100].capitalize(), value=pick.move[:100]
            )
            for pick in picks[:MENU]
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"pick-as:{match_id}:{board}:{stamp}",
                placeholder="What it becomes",
                options=options or [discord.SelectOption(label="-")],
            )
        )
        self.match_id, self.board, self.stamp = match_id, board, stamp

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceMenu:
        """Rebuild the menu from its custom id."""
        return cls(int(match["match"]), int(match["board"]), match["stamp"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the move picked."""
        try:
            await play_pick(interaction, self.match_id, self.board, self.stamp, self.item.values[0])
        except Exception as error:
            await reply_error(interaction, error)


class BackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pick-back:(?P<match>\d+):(?P<board>\d+)",
):
    """Back to the pieces, as the board stands now."""

    def __init__(self, match_id: int, board: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Another piece",
                style=discord.ButtonStyle.secondary,
                custom_id=f"pick-back:{match_id}:{board}",
            )
        )
        self.match_id, self.board = match_id, board

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BackButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["match"]), int(match["board"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the pieces again."""
        try:
            await open_picker(interaction, self.match_id, self.board)
        except Exception as error:
            await reply_error(interaction, error)


async def play_pick(
    interaction: discord.Interaction,
    match_id: int,
    board: int,
    stamp: str,
    move: str,
    *,
    edit: bool = True,
) -> None:
    """Play a picked move, or show the picker again if the board changed since."""
    user = str(interaction.user.id)
    try:
        picked = await _service(interaction).play_picked(match_id, user, board, stamp, move)
    except StaleError:
        note = f"Board {board} has changed since: "
        await open_picker(interaction, match_id, board, note=note, edit=edit)
        return
    played = (
        f"You ended your turn on board {board}."
        if move == END_OF_TURN
        else f"You played {move} on board {board}."
    )
    if picked.again:  # a turn of many actions goes on: its next one
        await open_picker(interaction, match_id, board, note=f"{played} ", edit=edit)
        return
    await _answer(interaction, played, None, edit=edit)


class TypeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pick-type:(?P<match>\d+):(?P<board>\d+)",
):
    """Type the move, or a whole turn of many actions, in a form rather than pick it."""

    def __init__(self, match_id: int, board: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Type it",
                style=discord.ButtonStyle.secondary,
                custom_id=f"pick-type:{match_id}:{board}",
            )
        )
        self.match_id, self.board = match_id, board

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TypeButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["match"]), int(match["board"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Open the form to type the move in."""
        try:
            await interaction.response.send_modal(TurnForm(self.match_id, self.board))
        except Exception as error:
            await reply_error(interaction, error)


class TurnForm(discord.ui.Modal):
    """A move, or a whole turn of many actions (Ender's Chess: B@f10 Bf10-d8), typed at once."""

    def __init__(self, match_id: int, board: int, *, edit: bool = True) -> None:
        super().__init__(title=f"Board {board}: your move", custom_id=f"turn:{match_id}:{board}")
        self.match_id, self.board, self.edit = match_id, board, edit
        self.typed: discord.ui.TextInput[TurnForm] = discord.ui.TextInput(
            label="Your move, or your whole turn",
            custom_id="turn",
            placeholder="Nf3, or in Ender's Chess B@f10 Bf10-d8",
            max_length=400,
        )
        self.add_item(self.typed)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Play what was typed as the whole turn, or say privately why it was refused."""
        user, text = str(interaction.user.id), self.typed.value.strip()
        try:
            outcome = await _service(interaction).play(self.match_id, user, self.board, text)
        except Exception as error:
            await reply_error(interaction, error)
            return
        moved = [event for event in outcome.events if isinstance(event, Moved)]
        moves = [event.san for event in moved if event.uci != END_OF_TURN]
        said = " ".join(moves) if moves else text  # as the game writes them: e5 for e7e5
        turn_of_many = moves and any(event.uci == END_OF_TURN for event in moved)
        ended = ", and your turn ended" if turn_of_many else ""
        played = f"You played {said} on board {self.board}{ended}."
        if self.edit:  # in place of the picker it was opened from, whose menus no longer stand
            await interaction.response.edit_message(content=played, view=None)
        else:  # opened from under an image, which stays as it is
            await answer_privately(interaction, played)
