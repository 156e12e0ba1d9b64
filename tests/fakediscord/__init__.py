"""An offline Discord for the front's tests: the real bot runs against it unchanged."""
