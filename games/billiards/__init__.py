"""Billiards chess: FIDE chess whose bishops' and queens' diagonals bounce off the side edges."""

from games.billiards.board import START_FEN, BilliardsBoard

__all__ = ["START_FEN", "BilliardsBoard"]
