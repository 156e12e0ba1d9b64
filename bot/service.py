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
from collections.abc import Callable

from bot.app.actions import Actions
from bot.app.challenges import Challenges
from bot.app.front import Front
from bot.app.listing import Listing
from bot.app.lobby import Lobby
from bot.app.moderation import Moderation
from bot.app.outcomes import MatchShape, Moderator, Outcome, TeamChange
from bot.app.people import People
from bot.app.play import Play
from bot.app.practice import Practice
from bot.app.ratings import Ratings
from bot.app.rematch import Rematches
from bot.app.scheduler import Scheduler
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
        lobby = Lobby(units)
        challenges = Challenges(units)
        play = Play(units, actions, scheduler)
        transfers = Transfers(units, actions, scheduler)
        moderation = Moderation(units, actions, scheduler)
        front = Front(units)
        listing = Listing(units)
        rematches = Rematches(units, challenges)
        people = People(units)
        self.practice = Practice(
            units,
            play=play.play,
            decline_draw=play.decline_draw,
            skip_transfer=transfers.skip_transfer,
            shards=shards,
        )
        ratings = Ratings(units)

        self.create = lobby.create
        self.create_game = challenges.create_game
        self.challenge = challenges.challenge
        self.practice_game = challenges.practice_game
        self.practice_rematch = rematches.practice_rematch
        self.withdraw_challenge = challenges.withdraw_challenge
        self.answer_challenge = challenges.answer_challenge
        self.join = lobby.join
        self.leave = lobby.leave
        self.move_player = lobby.move_player
        self.seat = lobby.seat
        self.seat_practice = lobby.seat_practice
        self.start = lobby.start
        self.check_start = lobby.check_start
        self.cancel = lobby.cancel
        self.offer_game_rematch = rematches.offer_game_rematch
        self.ask_rematch = rematches.ask
        self.answer_rematch = rematches.answer

        self.play = play.play
        self.resign = play.resign
        self.check_resign = play.check_resign
        self.draw_offers = play.draw_offers
        self.resign_match = play.resign_match
        self.offer_draw = play.offer_draw
        self.accept_draw = play.accept_draw
        self.decline_draw = play.decline_draw
        self.claim_draw = play.claim_draw
        self.transfer = transfers.transfer
        self.skip_transfer = transfers.skip_transfer

        self.settle_due = scheduler.settle_due
        self.start_practice = self.practice.start
        self.stop_practice = self.practice.stop

        self.adjudicate = moderation.adjudicate
        self.forfeit = moderation.forfeit
        self.force_resign = moderation.force_resign
        self.undo_preview = moderation.undo_preview
        self.undo = moderation.undo
        self.substitute = moderation.substitute
        self.pause = moderation.pause
        self.resume = moderation.resume
        self.add_time = moderation.add_time
        self.abort = moderation.abort
        self.audit_log = moderation.audit_log
        self.server_settings = moderation.server_settings
        self.set_server_setting = moderation.set_server_setting

        self.roster = front.roster
        self.practice_players = self.practice.players
        self.game = front.game
        self.replay_log = front.replay_log
        self.export = front.export
        self.shape = front.shape
        self.boards = front.boards
        self.host = front.host
        self.status = front.status
        self.time_control = front.time_control
        self.turn_given = front.turn_given
        self.turns = front.turns
        self.legal_moves = front.legal_moves
        self.move_options = front.move_options
        self.playable = front.playable
        self.shown_board = front.shown_board
        self.shown_game = front.shown_game
        self.clock_readings = front.clock_readings
        self.bind = front.bind
        self.unbind = front.unbind
        self.bindings = front.bindings
        self.bound_to = front.bound_to
        self.games_of = front.games_of
        self.moderated_matches = front.moderated_matches
        self.invitation = front.invitation
        self.action_notices = front.action_notices
        self.next_action = front.next_action

        self.guild_matches = listing.guild_matches
        self.recent_games = listing.recent_games
        self.check_player = listing.check_player
        self.remember_name = people.remember
        self.names = people.names
        self.leaderboard = ratings.leaderboard
        self.player_ratings = ratings.player_ratings
        self.rated_pools = ratings.rated_pools
