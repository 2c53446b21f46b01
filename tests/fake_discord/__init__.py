"""A fake Discord (REST API v10 + Gateway v10) for end-to-end tests of an unmodified discord.py bot.

Start with :class:`FakeDiscord` (the driver), :func:`point_discord_py_at` and :func:`running`;
see ``README.md`` in this folder for the setup steps and the API.
"""

from .components import Button, Embed, Select, SelectOption, TextInput
from .discordpy import ClientCrashed, point_discord_py_at, running
from .driver import DEFAULT_TOKEN, FakeDiscord
from .errors import DriverError, WaitTimeout
from .faults import FaultRule
from .interactions import Callback, InteractionRecord
from .models import Attachment, Channel, Guild, Member, Message, Role, User
from .permissions import DEFAULT_BOT_PERMISSIONS, DEFAULT_EVERYONE_PERMISSIONS, Overwrite, Perm
from .rate_limits import RateLimits, RequestCounters

__all__ = [
    "DEFAULT_BOT_PERMISSIONS",
    "DEFAULT_EVERYONE_PERMISSIONS",
    "DEFAULT_TOKEN",
    "Attachment",
    "Button",
    "Callback",
    "Channel",
    "ClientCrashed",
    "DriverError",
    "Embed",
    "FakeDiscord",
    "FaultRule",
    "Guild",
    "InteractionRecord",
    "Member",
    "Message",
    "Overwrite",
    "Perm",
    "RateLimits",
    "RequestCounters",
    "Role",
    "Select",
    "SelectOption",
    "TextInput",
    "User",
    "WaitTimeout",
    "point_discord_py_at",
    "running",
]
