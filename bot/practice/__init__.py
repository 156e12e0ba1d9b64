"""The practice opponent: the bot as a player, with a real engine on FIDE boards and a
search of its own over the rules core for the other games."""
