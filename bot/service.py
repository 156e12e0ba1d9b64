"""The match service: who may do what in a match, what is stored, and what is announced.

It imports no discord: the Discord front, the tests and a console drive it alike. The work
is split by task in bot.app (lobby and seats, play, victory transfers, scheduling,
moderation, the front's reads, finding matches), each over one unit of work (bot.app.unit)
that owns a match's lock, its loading and its transaction: every accepted action is one
transaction (its events, the boards' new states and its notices), and the caller gets its
answer only once that has committed. MatchService composes them as the front's one entry point.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping

from bot.app.actions import Actions
from bot.app.challenges import Challenges
from bot.app.facade import via
from bot.app.front import Front
from bot.app.listing import Listing
from bot.app.lobby import Lobby
from bot.app.moderation import Moderation
from bot.app.outcomes import MatchShape, Moderator, Outcome, TeamChange
from bot.app.people import People
from bot.app.picking import Picking
from bot.app.play import Play
from bot.app.practice import Practice
from bot.app.ratings import Ratings
from bot.app.rematch import Rematches
from bot.app.scheduler import Scheduler
from bot.app.takebacks import Takebacks
from bot.app.transfers import Transfers
from bot.app.unit import Clock, Units
from bot.shards import Shards
from bot.storage import Storage

__all__ = ["MatchService", "MatchShape", "Moderator", "Outcome", "TeamChange"]


class MatchService:
    """Matches from lobby to result, kept in SQLite and announced through the outbox."""

    def __init__(
        self,
        store: Storage,
        *,
        clock: Clock = time.time,
        transfer_window: float = 120.0,
        new_key: Callable[[], str] = lambda: secrets.token_hex(8),
        cache_size: int = 5000,
        shards: Shards | None = None,
    ) -> None:
        """Serve store's matches; shards: the process's own, whose clocks it settles (None: all)."""
        units = Units(store, clock=clock, new_key=new_key, cache_size=cache_size)
        self._locks = units.locks  # what memory holds, for the tests to look at
        self._loaded = units.loaded
        actions = Actions(transfer_window)
        scheduler = Scheduler(units, actions, shards)
        challenges = Challenges(units)
        play = Play(units, actions, scheduler)
        transfers = Transfers(units, actions, scheduler)
        self.practice = Practice(
            units,
            play=play.play,
            decline_draw=play.decline_draw,
            skip_transfer=transfers.skip_transfer,
            shards=shards,
        )
        moderation = Moderation(units, actions, scheduler)
        parts = (
            *(scheduler, challenges, play, transfers, self.practice, moderation),
            Lobby(units),
            Front(units),
            Listing(units),
            Rematches(units, challenges),
            People(units),
            Ratings(units),
            Picking(units, play),
            Takebacks(units, moderation),
        )
        self._parts: dict[type, object] = {type(part): part for part in parts}

    @property
    def parts(self) -> Mapping[type, object]:
        """Return the instance of each part, by its class."""
        return self._parts

    create = via(Lobby.create)
    create_game = via(Challenges.create_game)
    challenge = via(Challenges.challenge)
    practice_game = via(Challenges.practice_game)
    practice_rematch = via(Rematches.practice_rematch)
    withdraw_challenge = via(Challenges.withdraw_challenge)
    answer_challenge = via(Challenges.answer_challenge)
    join = via(Lobby.join)
    leave = via(Lobby.leave)
    move_player = via(Lobby.move_player)
    seat = via(Lobby.seat)
    seat_practice = via(Lobby.seat_practice)
    start = via(Lobby.start)
    check_start = via(Lobby.check_start)
    cancel = via(Lobby.cancel)
    offer_game_rematch = via(Rematches.offer_game_rematch)
    ask_rematch = via(Rematches.ask)
    answer_rematch = via(Rematches.answer)

    play = via(Play.play)
    picks = via(Picking.picks)
    play_picked = via(Picking.play_picked)
    ask_takeback = via(Takebacks.ask_takeback)
    answer_takeback = via(Takebacks.answer_takeback)
    resign = via(Play.resign)
    check_resign = via(Play.check_resign)
    draw_offers = via(Play.draw_offers)
    resign_match = via(Play.resign_match)
    offer_draw = via(Play.offer_draw)
    accept_draw = via(Play.accept_draw)
    decline_draw = via(Play.decline_draw)
    claim_draw = via(Play.claim_draw)
    transfer = via(Transfers.transfer)
    skip_transfer = via(Transfers.skip_transfer)

    settle_due = via(Scheduler.settle_due)
    start_practice = via(Practice.start)
    stop_practice = via(Practice.stop)

    adjudicate = via(Moderation.adjudicate)
    forfeit = via(Moderation.forfeit)
    force_resign = via(Moderation.force_resign)
    undo_preview = via(Moderation.undo_preview)
    undo = via(Moderation.undo)
    substitute = via(Moderation.substitute)
    pause = via(Moderation.pause)
    resume = via(Moderation.resume)
    add_time = via(Moderation.add_time)
    abort = via(Moderation.abort)
    audit_log = via(Moderation.audit_log)
    server_settings = via(Moderation.server_settings)
    set_server_setting = via(Moderation.set_server_setting)

    roster = via(Front.roster)
    practice_players = via(Practice.players)
    game = via(Front.game)
    replay_log = via(Front.replay_log)
    export = via(Front.export)
    shape = via(Front.shape)
    boards = via(Front.boards)
    host = via(Front.host)
    status = via(Front.status)
    time_control = via(Front.time_control)
    turn_given = via(Front.turn_given)
    turns = via(Front.turns)
    legal_moves = via(Front.legal_moves)
    move_options = via(Front.move_options)
    playable = via(Front.playable)
    shown_board = via(Front.shown_board)
    shown_game = via(Front.shown_game)
    clock_readings = via(Front.clock_readings)
    bind = via(Front.bind)
    unbind = via(Front.unbind)
    bindings = via(Front.bindings)
    bound_to = via(Front.bound_to)
    games_of = via(Front.games_of)
    moderated_matches = via(Front.moderated_matches)
    invitation = via(Front.invitation)
    action_notices = via(Front.action_notices)
    next_action = via(Front.next_action)

    guild_matches = via(Listing.guild_matches)
    recent_games = via(Listing.recent_games)
    check_player = via(Listing.check_player)
    remember_name = via(People.remember)
    names = via(People.names)
    leaderboard = via(Ratings.leaderboard)
    player_ratings = via(Ratings.player_ratings)
    rated_pools = via(Ratings.rated_pools)
