-- Each server's settings: the role that makes its members moderators, and the channel that
-- hears of every moderator action.

CREATE TABLE guild_settings (
    guild TEXT PRIMARY KEY,
    moderator_role TEXT,
    log_channel TEXT
);
