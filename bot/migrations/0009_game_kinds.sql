-- The game a match plays (a kind of games.KINDS; everything before was Elevator Chess), and
-- the two sides' names for a game whose configuration has no teams (all but Elevator Chess).

ALTER TABLE matches ADD COLUMN kind TEXT NOT NULL DEFAULT 'elevator';
ALTER TABLE matches ADD COLUMN teams TEXT;  -- JSON: [White's name, Black's name], or NULL
ALTER TABLE invitations ADD COLUMN kind TEXT NOT NULL DEFAULT 'elevator';
