-- The name each person was last seen under (a server nickname or a global name), so that
-- images and notices can name players without Discord's member cache.

CREATE TABLE people (
    user TEXT PRIMARY KEY,
    name TEXT NOT NULL,     -- cleaned of invisible characters (bot.names.clean_name)
    updated REAL NOT NULL   -- when the name was last seen changed
);
