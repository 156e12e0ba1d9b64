"""The match service's tasks over one unit of work: lobby, play, scheduling, moderation, reads."""
