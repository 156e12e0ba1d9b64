"""What the Discord front shows, shared by the extensions (bot/exts/) and the sender
(bot/sender/): buttons and menus, words, mentions, clocks, replays and how errors are said.

Neither of those packages imports the other: both import this one.
"""
