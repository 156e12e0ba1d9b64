"""The chess every board of the family starts from: FIDE chess on one board, by python-chess."""
