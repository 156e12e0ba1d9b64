-- When a match was paused (its transfer deadlines move on by the pause on resuming),
-- notices the delivery worker gave up on (kept, with the reason, for a moderator to see),
-- and a checksum of each board snapshot, so that a damaged or edited one is noticed.

ALTER TABLE matches ADD COLUMN paused_at REAL;
-- a match paused before this step counts its pause from now
UPDATE matches SET paused_at = CAST(strftime('%s', 'now') AS REAL) WHERE status = 'paused';

ALTER TABLE outbox ADD COLUMN gave_up INTEGER NOT NULL DEFAULT 0 CHECK (gave_up IN (0, 1));
CREATE INDEX outbox_done ON outbox (done_at) WHERE done_at IS NOT NULL;

ALTER TABLE snapshots ADD COLUMN checksum TEXT;  -- NULL on snapshots older than this step
