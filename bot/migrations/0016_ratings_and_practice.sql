-- Ratings (Glicko-2, per server, per game and per player or team) and the practice opponent.

-- Whose ratings a match counts in: a server's id, or '' for a game challenged from DMs;
-- NULL for a match its players chose to leave unrated (and games against the bot).
ALTER TABLE matches ADD COLUMN rated_in TEXT;
ALTER TABLE invitations ADD COLUMN rated_in TEXT;  -- carried to the game an accepted challenge starts

-- Each player's and team's rating as it stands, by pool (a server, or '') and category
-- (a kind of games.KINDS, or Elevator Chess by board count: elevator:2, elevator:3-6, elevator:7+).
CREATE TABLE ratings (
    pool TEXT NOT NULL,
    category TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('player', 'team')),
    subject TEXT NOT NULL,          -- a player's user id, or a team's name folded (bot.names)
    name TEXT NOT NULL,             -- as last shown: a team's name, a player's user id
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL,
    PRIMARY KEY (pool, category, kind, subject)
);
CREATE INDEX ratings_order ON ratings (pool, category, kind, rating DESC);

-- What each rated match did to each rating, in the order they were made: its games
-- (JSON: [[opponent subject, score], ...]) and the rating before and after. An undo of a
-- finished match takes its changes back and replays those made after it.
CREATE TABLE rating_changes (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    pool TEXT NOT NULL,
    category TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('player', 'team')),
    subject TEXT NOT NULL,
    games TEXT NOT NULL,
    rating_before REAL NOT NULL,
    deviation_before REAL NOT NULL,
    volatility_before REAL NOT NULL,
    rating_after REAL NOT NULL,
    deviation_after REAL NOT NULL,
    volatility_after REAL NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX rating_changes_subject ON rating_changes (pool, category, kind, subject, id);
CREATE INDEX rating_changes_match ON rating_changes (match_id);

-- One row per pool and category, written first by every change to its ratings: a change
-- holds it until it commits, so that two matches rated at once in two processes (PostgreSQL)
-- take turns instead of both reading the ratings before the other's change.
CREATE TABLE rating_pools (
    pool TEXT NOT NULL,
    category TEXT NOT NULL,
    changes INTEGER NOT NULL DEFAULT 0,  -- how many times its ratings were changed
    PRIMARY KEY (pool, category)
);

-- The practice opponent's places: the bot plays as user (its own id, as the roster holds
-- it) at a strength from 1 (weakest) to 5.
CREATE TABLE practice_players (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user TEXT NOT NULL,
    strength INTEGER NOT NULL CHECK (strength BETWEEN 1 AND 5),
    PRIMARY KEY (match_id, user)
);
