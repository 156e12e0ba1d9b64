-- Rematches. A DM game's is a challenge (an invitation) naming the game it plays again and
-- the side its challenger takes (colours swapped); a server match's is asked by one team and
-- answered by the other, and opens a new lobby.

ALTER TABLE invitations ADD COLUMN rematch_of INTEGER REFERENCES matches (id);
ALTER TABLE invitations ADD COLUMN challenger_side TEXT NOT NULL DEFAULT 'white'
    CHECK (challenger_side IN ('white', 'black'));

CREATE TABLE rematches (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id),  -- the match to play again
    side TEXT NOT NULL CHECK (side IN ('white', 'black')),  -- the team that asked
    asked_by TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'declined')),
    rematch INTEGER REFERENCES matches (id),  -- the new match, once accepted
    created_at REAL NOT NULL
);
