"""The floors an Elevator Chess match may stack: those the games lend (games.core.floors)."""

from __future__ import annotations

from typing import Final

from games.core.floors import FIDE_KINDS, FLOORS, Floor, FloorSpec

DEFAULT_RULES: Final = "fide"

__all__ = ["DEFAULT_RULES", "FIDE_KINDS", "FLOORS", "Floor", "FloorSpec"]
