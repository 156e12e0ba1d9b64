"""What a score against an anchor says: the Elo difference it implies, with its 95% interval."""

from __future__ import annotations

import math

EDGE = 0.005  # a score of 0 or 1 is read as this near it: the Elo scale has no end there


def elo(score: float) -> float:
    """Return the Elo difference a score (0 to 1, exclusive) implies."""
    return -400 * math.log10(1 / score - 1)


def interval(points: float, games: int) -> tuple[float, float]:
    """Return the 95% interval of the Elo difference, from the score's standard error.

    The error is taken as a score's largest for its mean, p(1 - p) (every game won or lost),
    so the interval is if anything too wide where games are drawn or split between boards.
    """
    score = points / games
    error = math.sqrt(max(score * (1 - score), 0.01) / games)
    low, high = max(score - 1.96 * error, EDGE), min(score + 1.96 * error, 1 - EDGE)
    return elo(low), elo(high)


def report(points: float, games: int, anchor_elo: int | None) -> list[str]:
    """Return the lines that give a score, its Elo difference and interval (and a rating)."""
    low, high = interval(points, games)
    difference = elo(min(max(points / games, EDGE), 1 - EDGE))
    at_end = points in (0, games)
    lines = [f"score {points:g} of {games} ({points / games:.0%})"]
    rating = "" if anchor_elo is None else f": a rating of about {anchor_elo + difference:.0f}"
    lines.append(
        f"Elo difference {round(difference):+d} (95% interval {round(low):+d} to {round(high):+d})"
        + (" at the scale's end: the anchor is too far off to tell" if at_end else rating)
    )
    return lines
