"""Finding each finished deal's score sheet in a table channel: the deal's table message,
edited at the deal's end into the score lines and the sheet's picture."""

from __future__ import annotations

from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.models import Channel, Message


def deal_sheets(fake: FakeDiscord, channel: Channel) -> list[Message]:
    """The channel's scored deals, oldest first; each is checked to be a closed table
    message (edited, no controls, the sheet's picture), not a message of its own."""
    sheets = [m for m in fake.channel_messages(channel)
              if m.content.startswith("**Deal ") and " scored**" in m.content]
    for message in sheets:
        assert message.edited_at is not None and not message.raw_components, \
            "the score sheet is the deal's table message, closed"
        assert any(a.filename.startswith("scores-") and a.is_png()
                   for a in message.attachments), "a score sheet picture"
    return sheets


def score_lines(message: Message) -> list[str]:
    """One line per seat: what follows the heading, up to the last trick's caption."""
    return message.content.split("\n\n")[0].splitlines()[1:]
