-- When a match was paused (its transfer deadlines move on by the pause on resuming), and
-- notices the delivery worker gave up on: kept, with the reason, for a moderator to see.

ALTER TABLE matches ADD COLUMN paused_at REAL;

ALTER TABLE outbox ADD COLUMN gave_up INTEGER NOT NULL DEFAULT 0 CHECK (gave_up IN (0, 1));
CREATE INDEX outbox_done ON outbox (done_at) WHERE done_at IS NOT NULL;
