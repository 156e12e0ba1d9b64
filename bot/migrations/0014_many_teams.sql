-- Elevator Chess for many teams: a player's team is 'white' or 'black' in a match of two
-- teams, as before, and the team's own name in a match of more (each board has its pair of
-- teams, read from the match's configuration). SQLite cannot drop a CHECK, so the table
-- is rebuilt, its rows kept in their order of joining.

CREATE TABLE players_many (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user TEXT NOT NULL,
    team TEXT NOT NULL,
    captain INTEGER NOT NULL DEFAULT 0 CHECK (captain IN (0, 1)),
    joined_at REAL NOT NULL,
    PRIMARY KEY (match_id, user)
);
INSERT INTO players_many (match_id, user, team, captain, joined_at)
    SELECT match_id, user, team, captain, joined_at FROM players ORDER BY rowid;
DROP TABLE players;
ALTER TABLE players_many RENAME TO players;
CREATE INDEX players_user ON players (user);
