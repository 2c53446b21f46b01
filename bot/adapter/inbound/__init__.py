"""What arrives from Discord: slash commands, component routes, replies and permission
checks."""
