-- Each match's revision, counted up by every change committed to it, so that a process
-- that keeps a match in memory can tell whether another process changed it since.

ALTER TABLE matches ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
