-- Matches, their players and seats, the event log, snapshots, the outbox and the audit log.

CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'paused', 'finished', 'cancelled', 'aborted')),
    config TEXT NOT NULL,             -- the rules core's MatchConfig as JSON
    host TEXT NOT NULL,               -- the user who created it
    seq INTEGER NOT NULL DEFAULT 0,   -- events in the log so far
    created_at REAL NOT NULL,
    started_at REAL,
    ended_at REAL
);

CREATE TABLE players (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user TEXT NOT NULL,
    team TEXT NOT NULL CHECK (team IN ('white', 'black')),
    captain INTEGER NOT NULL DEFAULT 0 CHECK (captain IN (0, 1)),
    joined_at REAL NOT NULL,
    PRIMARY KEY (match_id, user)
);

CREATE TABLE seats (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    board INTEGER NOT NULL CHECK (board >= 1),
    side TEXT NOT NULL CHECK (side IN ('white', 'black')),
    user TEXT NOT NULL,
    PRIMARY KEY (match_id, board, side)
);

CREATE TABLE events (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    kind TEXT NOT NULL,
    data TEXT NOT NULL,               -- the event's JSON form
    actor TEXT,                       -- who did it; NULL for an action's consequences
    at REAL NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE snapshots (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    board INTEGER NOT NULL CHECK (board >= 1),
    seq INTEGER NOT NULL,             -- the log position the snapshot was taken at
    data TEXT NOT NULL,
    PRIMARY KEY (match_id, board)
);

CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id INTEGER REFERENCES matches (id) ON DELETE CASCADE,
    place TEXT NOT NULL,              -- a logical place: board:2, overview, team:white, user:42
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    idempotency_key TEXT NOT NULL UNIQUE,
    created_at REAL NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at REAL NOT NULL,
    done_at REAL,
    last_error TEXT
);
CREATE INDEX outbox_pending ON outbox (place, id) WHERE done_at IS NULL;

CREATE TABLE audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    moderator TEXT NOT NULL,
    action TEXT NOT NULL,
    reason TEXT NOT NULL,
    details TEXT NOT NULL DEFAULT '{}',
    at REAL NOT NULL
);
