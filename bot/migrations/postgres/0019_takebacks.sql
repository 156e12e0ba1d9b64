-- A takeback asked for by agreement, until the other side answers it: one a match at most.

CREATE TABLE takebacks (
    match_id BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    board INTEGER NOT NULL CHECK (board >= 1),
    side TEXT NOT NULL CHECK (side IN ('white', 'black')),
    count INTEGER NOT NULL CHECK (count BETWEEN 1 AND 2),
    log_length INTEGER NOT NULL,
    asked_at DOUBLE PRECISION NOT NULL
);
