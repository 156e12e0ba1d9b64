"""The read model: what images, menus and autocomplete show of a match, read at one moment.

Pure data read from the rules core, with its JSON records; the renderer draws it and the
service stores it with each notice, so a late notice shows what its action left.
"""
