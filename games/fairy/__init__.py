"""Boards of fairy pieces: Betza's Different Armies, and FIDE's pieces on 7x7 and 10x10."""

from __future__ import annotations

from games.fairy.board import FairyBoard
from games.fairy.setups import SETUPS, start_fen

__all__ = ["SETUPS", "FairyBoard", "start_fen"]
