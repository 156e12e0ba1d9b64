"""What the games of the family share: squares, pieces, events, results, clocks, errors,
the board and game protocols, and BoardGame, the base every game is built on.
"""
