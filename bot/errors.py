"""What the match service refuses, each with a message the person refused can act on."""

from __future__ import annotations


class ServiceError(Exception):
    """An action the service refused; the match and the database are as they were."""


class NotFoundError(ServiceError):
    """The match (or the player) named does not exist."""


class NotAllowedError(ServiceError):
    """The person may not do this: not seated, not the captain, not a moderator."""


class WrongStateError(ServiceError):
    """The match is not in a state where this can happen: not started, paused, over."""


class StaleError(WrongStateError):
    """The position changed since the action was chosen (an undo, a move): choose it again."""


class RulesError(ServiceError):
    """The rules refuse it: an illegal move, a ride to an occupied square, no draw to claim."""


class BusyError(ServiceError):
    """Another process of the bot is acting on the match; trying again in a moment will do."""


class DamagedError(ServiceError):
    """The match's stored record does not replay, so it cannot be loaded or played."""


class ServerFullError(WrongStateError):
    """The server cannot hold what is asked (channels, threads); the message says what is full."""
