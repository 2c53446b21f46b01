"""Discord's JSON error codes that the adapter acts on."""

from typing import Final

UNKNOWN_CHANNEL: Final = 10003
UNKNOWN_MESSAGE: Final = 10008
MISSING_ACCESS: Final = 50001
DMS_CLOSED: Final = 50007
MISSING_PERMISSIONS: Final = 50013
INVALID_FORM_BODY: Final = 50035
"""Among others: an edit kept an attachment by id that the message no longer has."""
ALREADY_ACKNOWLEDGED: Final = 40060
"""Another process answered this interaction first (a shard run twice)."""

CHANNEL_REFUSALS: Final = frozenset({UNKNOWN_CHANNEL, MISSING_ACCESS, MISSING_PERMISSIONS})
"""The channel is gone, or the bot may no longer see or post in it."""
