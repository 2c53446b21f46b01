"""Showing the core's effects on Discord: the delivery, its one failure policy, the
presenter."""
