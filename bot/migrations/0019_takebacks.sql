-- A takeback asked for by agreement, until the other side answers it: one a match at most.

CREATE TABLE takebacks (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    board INTEGER NOT NULL CHECK (board >= 1),
    side TEXT NOT NULL CHECK (side IN ('white', 'black')),  -- who asked
    count INTEGER NOT NULL CHECK (count BETWEEN 1 AND 2),  -- the log's last actions it takes back
    log_length INTEGER NOT NULL,  -- the log's length when it was asked: it lapses if that grows
    asked_at REAL NOT NULL
);
