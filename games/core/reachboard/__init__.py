"""Boards of FIDE's pieces on 64 cells whose lines a Reach gives: Cylindrical, Billiards."""
