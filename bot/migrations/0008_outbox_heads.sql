-- The outbox stays quick however much waits in it (a long Discord outage leaves 100,000
-- notices): the head of each place's queue (its oldest pending notice, the only one that may
-- go out) is kept in outbox_heads with its due time, by triggers, so that the worker reads
-- the heads that are due alone, not every pending notice; pending notices are indexed by
-- place, as the triggers look for the next head; done ones by kind and age, for pruning in
-- small batches; players by user, for the games a player is in.

DROP INDEX outbox_pending;
CREATE INDEX outbox_pending ON outbox (place, match_id, id) WHERE done_at IS NULL;
DROP INDEX outbox_done;
CREATE INDEX outbox_done ON outbox (gave_up, done_at) WHERE done_at IS NOT NULL;

CREATE TABLE outbox_heads (
    id INTEGER PRIMARY KEY,           -- an outbox notice with no earlier pending one in its place
    due REAL NOT NULL                 -- its next_attempt_at
);
CREATE INDEX outbox_heads_due ON outbox_heads (due, id);
INSERT INTO outbox_heads (id, due)
    SELECT id, next_attempt_at FROM outbox WHERE id IN (
        SELECT MIN(id) FROM outbox WHERE done_at IS NULL GROUP BY match_id, place
    );

CREATE TRIGGER outbox_head_queued AFTER INSERT ON outbox
WHEN NEW.done_at IS NULL AND NOT EXISTS (
    SELECT 1 FROM outbox
    WHERE place = NEW.place AND match_id IS NEW.match_id AND done_at IS NULL AND id < NEW.id
)
BEGIN
    INSERT INTO outbox_heads (id, due) VALUES (NEW.id, NEW.next_attempt_at);
END;

CREATE TRIGGER outbox_head_put_off AFTER UPDATE OF next_attempt_at ON outbox
BEGIN
    UPDATE outbox_heads SET due = NEW.next_attempt_at WHERE id = NEW.id;
END;

CREATE TRIGGER outbox_head_done AFTER UPDATE OF done_at ON outbox
WHEN OLD.done_at IS NULL AND NEW.done_at IS NOT NULL
BEGIN
    DELETE FROM outbox_heads WHERE id = OLD.id;
    INSERT OR IGNORE INTO outbox_heads (id, due)
        SELECT id, next_attempt_at FROM outbox
        WHERE place = OLD.place AND match_id IS OLD.match_id AND done_at IS NULL
        ORDER BY id LIMIT 1;
END;

CREATE TRIGGER outbox_head_deleted AFTER DELETE ON outbox
WHEN OLD.done_at IS NULL
BEGIN
    DELETE FROM outbox_heads WHERE id = OLD.id;
    INSERT OR IGNORE INTO outbox_heads (id, due)
        SELECT id, next_attempt_at FROM outbox
        WHERE place = OLD.place AND match_id IS OLD.match_id AND done_at IS NULL
        ORDER BY id LIMIT 1;
END;

CREATE INDEX players_user ON players (user);
