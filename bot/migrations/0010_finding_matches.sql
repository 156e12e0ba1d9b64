-- Finding matches: a server's matches for /matches, and a player's recent games for /export.
-- A match created in a server keeps the server's id (its "guild" binding, copied here).

ALTER TABLE matches ADD COLUMN guild TEXT;  -- NULL for a game played in DMs
UPDATE matches SET guild = (
    SELECT target FROM bindings WHERE bindings.match_id = matches.id AND place = 'guild'
);
CREATE INDEX matches_guild ON matches (guild, status, id);
CREATE INDEX matches_guild_ended ON matches (guild, ended_at) WHERE status IN ('finished', 'aborted');
-- (a player's matches are found through players_user, made in step 8)
