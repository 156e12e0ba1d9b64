-- Challenges to a casual game: open until the opponent answers or a day passes.

CREATE TABLE invitations (
    id INTEGER PRIMARY KEY,
    challenger TEXT NOT NULL,
    opponent TEXT NOT NULL,
    boards INTEGER NOT NULL CHECK (boards BETWEEN 1 AND 10),
    layout TEXT NOT NULL CHECK (layout IN ('line', 'ring')),
    names TEXT NOT NULL,              -- JSON: the two players' names as the images show them
    status TEXT NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'accepted', 'declined', 'withdrawn')),
    created_at REAL NOT NULL,
    match_id INTEGER REFERENCES matches (id)
);
