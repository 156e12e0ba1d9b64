"""The bot's features, one extension each: cogs and views over the match service."""
