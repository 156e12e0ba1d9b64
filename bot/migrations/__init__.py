"""Numbered schema steps, applied in order and recorded in PRAGMA user_version."""
