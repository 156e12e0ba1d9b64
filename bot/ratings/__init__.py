"""Ratings, pure: Glicko-2 behind one wrapper, the categories rated apart, and a match's games."""
