-- A process holds a match (an advisory lock, bot/storage/postgres.py) and reads its revision
-- in one round trip to the server: after the lock is granted, the function's SELECT takes a
-- snapshot of its own, so it sees every change committed by whoever held the match before.
CREATE FUNCTION elevator_hold(match BIGINT) RETURNS INTEGER LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM pg_advisory_lock(match);
    RETURN (SELECT revision FROM matches WHERE id = match);
END $$;

-- A statement that writes an action's changes at once (PostgresDb.batch) fails with a message
-- a check of it gives, so that a statement that commits itself commits nothing then.
CREATE FUNCTION elevator_refuse(message TEXT) RETURNS INTEGER LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '%', message;
END $$;
