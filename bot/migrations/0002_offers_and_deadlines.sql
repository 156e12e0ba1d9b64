-- Draw offers standing on a board, and the deadlines of pending victory transfers.

CREATE TABLE offers (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    board INTEGER NOT NULL CHECK (board >= 1),
    side TEXT NOT NULL CHECK (side IN ('white', 'black')),  -- who offered
    made_at REAL NOT NULL,
    PRIMARY KEY (match_id, board)
);

CREATE TABLE transfer_deadlines (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    board INTEGER NOT NULL CHECK (board >= 1),
    deadline REAL NOT NULL,
    PRIMARY KEY (match_id, board)
);
CREATE INDEX transfer_deadlines_due ON transfer_deadlines (deadline);
