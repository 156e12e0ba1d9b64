"""The Elevator Chess Discord bot: storage, the match service, and the Discord front."""
