-- Time controls (none, live minutes+increment, correspondence days a move) and every
-- board's two clocks; due_at is when the scheduler must next look at a board (its flag,
-- or a correspondence reminder), NULL while no clock runs there.

ALTER TABLE matches ADD COLUMN time_control TEXT NOT NULL DEFAULT 'none';
ALTER TABLE invitations ADD COLUMN time_control TEXT NOT NULL DEFAULT 'none';

CREATE TABLE clocks (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    board INTEGER NOT NULL CHECK (board >= 1),
    white REAL NOT NULL,              -- seconds left when White's clock last stopped
    black REAL NOT NULL,
    running TEXT CHECK (running IN ('white', 'black')),  -- NULL once the board has ended
    since REAL,                       -- when the running clock started; NULL while paused
    reminded INTEGER NOT NULL DEFAULT 0 CHECK (reminded BETWEEN 0 AND 2),
    due_at REAL,
    PRIMARY KEY (match_id, board)
);
CREATE INDEX clocks_due ON clocks (due_at) WHERE due_at IS NOT NULL;

-- Each board's clocks as they stood just before an action changed them (seq: the action's
-- first event), so that an undo gives back the time the undone actions took.
CREATE TABLE clock_marks (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    board INTEGER NOT NULL CHECK (board >= 1),
    white REAL NOT NULL,              -- seconds left then
    black REAL NOT NULL,
    reminded INTEGER NOT NULL,
    PRIMARY KEY (match_id, seq, board)
);
