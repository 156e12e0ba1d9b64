-- The variant a challenge plays (games.elevator.variants.Setup as JSON: each board's floor,
-- the armies, the elevator squares and the mode), or NULL for the core game.

ALTER TABLE invitations ADD COLUMN setup TEXT;
