"""The rules of every game the bot offers: pure Python, no I/O."""
