"""What the games of the family share: squares, pieces, events, results, clocks, errors."""
