-- Where each logical place of a match lives outside the bot (for Discord: a channel id),
-- and the messages a front keeps up to date (a lobby's message, a board's latest image).

CREATE TABLE bindings (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    place TEXT NOT NULL,          -- overview, board:2, team:white, lobby, category, ...
    target TEXT NOT NULL,         -- what the front makes of it: a channel or message id
    PRIMARY KEY (match_id, place)
);
CREATE INDEX bindings_target ON bindings (target);
