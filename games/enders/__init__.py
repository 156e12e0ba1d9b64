"""Ender's Chess (John Smith, after Consul Bob): drops on a gate, then turns of many moves."""

from games.enders.board import EndersBoard, start_fen
from games.enders.game import EndersGame
from games.enders.maps import RECONSTRUCTION, BoardMap, read_map

__all__ = ["RECONSTRUCTION", "BoardMap", "EndersBoard", "EndersGame", "read_map", "start_fen"]
