"""Which Discord messages show each game: the adapter's memory, kept in storage.

The core knows nothing of message ids. The adapter records them here as it posts,
saves the ones a restart needs (lobby, table, thread, each hand DM), and remembers
what it last sent so that an unchanged view is never sent again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from bot.adapter.outbound.dm_channels import DmChannels
from bot.adapter.outbound.interaction_tokens import HeldToken
from bot.storage import GameNotFound, Storage

ChannelState = Literal["ok", "unwritable", "gone"]

NO_MOVES = 1 << 30
"""A move count no game reaches: the ids are read without the game's moves."""


@dataclass
class GameMessages:
    channel_id: int
    thread_id: int | None = None
    lobby_message_id: int | None = None
    table_message_id: int | None = None
    dm_channels: dict[int, int] = field(default_factory=dict)
    """Seat → the person's DM channel id."""
    hand_messages: dict[int, int] = field(default_factory=dict)
    """Seat → this deal's hand message id."""
    hand_attachments: dict[int, tuple[Any, list[Any]]] = field(default_factory=dict)
    """Seat → (picture key, the message's attachments), to keep an unchanged picture."""
    last_trick: Any = None
    """The deal's last finished trick (``ShowTrick``) the table message is to show."""
    table_trick: Any = None
    """The trick the table message shows now (its picture is attached)."""
    pings: dict[int, tuple[int, HeldToken | None]] = field(default_factory=dict)
    """Seat → its last turn ping: (message id, the click token that sent it, if one did)."""
    offers: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Seat → (channel id, message id) of an open "I'm back" offer, closed when the
    person is back or the game ends for them (a live button must mean something)."""
    sent: dict[int, int] = field(default_factory=dict)
    """Message id → a fingerprint of what it shows now."""
    channel_state: ChannelState = "ok"
    dms_closed: set[int] = field(default_factory=set)
    """Seats whose DMs Discord refused (50007): no more DMs are tried."""

    @property
    def table_channel_id(self) -> int:
        return self.thread_id or self.channel_id


class MessageBook:
    def __init__(self, storage: Storage) -> None:
        self._storage = storage
        self.dm_channels = DmChannels(storage)
        """Each person's DM channel, across games (opened once)."""
        self._games: dict[int, GameMessages] = {}
        self._pads: dict[int, int | None] = {}
        """Pad → its current message in its channel (``None``: none posted yet)."""
        self._lost_channels: set[int] = set()
        """Channels found deleted or refusing the bot while they held a score pad."""

    def known(self, game_id: int) -> GameMessages | None:
        return self._games.get(game_id)

    def start(self, game_id: int, channel_id: int) -> GameMessages:
        messages = GameMessages(channel_id=channel_id)
        self._games[game_id] = messages
        return messages

    async def of(self, game_id: int, channel_id: int) -> GameMessages:
        """The game's messages, loaded from storage the first time (after a restart)."""
        found = self._games.get(game_id)
        if found is not None:
            return found
        messages = GameMessages(channel_id=channel_id)
        # A storage fault goes up to the delivery (this effect is not shown, the next one
        # reads again): remembering no messages would post every one of them anew.
        try:
            stored = await self._storage.games.load_game_changes(game_id, NO_MOVES)
        except GameNotFound:
            stored = None
        if stored is not None:
            messages.thread_id = stored.thread_id
            messages.lobby_message_id = stored.lobby_message_id
            messages.table_message_id = stored.table_message_id
            for seat in stored.seats:
                if seat.dms_closed:
                    messages.dms_closed.add(seat.seat)
                if seat.dm_channel_id is not None:
                    messages.dm_channels[seat.seat] = seat.dm_channel_id
                if seat.dm_message_id is not None:
                    messages.hand_messages[seat.seat] = seat.dm_message_id
        self._games[game_id] = messages
        return messages

    def forget(self, game_id: int) -> None:
        self._games.pop(game_id, None)

    # What a restart needs is saved as it is posted (the one place the adapter writes).

    async def lobby_posted(self, game_id: int, channel_id: int, message_id: int) -> None:
        self.start(game_id, channel_id).lobby_message_id = message_id
        await self._storage.games.update_game_messages(game_id, lobby_message_id=message_id)

    async def thread_opened(self, game_id: int, messages: GameMessages, thread_id: int) -> None:
        messages.thread_id = thread_id
        await self._storage.games.update_game_messages(game_id, thread_id=thread_id)

    async def table_posted(self, game_id: int, messages: GameMessages, message_id: int) -> None:
        if messages.table_message_id == message_id:
            return
        messages.table_message_id = message_id
        await self._storage.games.update_game_messages(game_id, table_message_id=message_id)

    async def dm_opened(self, game_id: int, messages: GameMessages, seat: int, user_id: int,
                        channel_id: int) -> None:
        self.dm_channels.remember(user_id, channel_id)
        messages.dm_channels[seat] = channel_id
        await self._storage.games.update_seat(game_id, seat, dm_channel_id=channel_id)

    def dm_lost(self, game_id: int, seat: int, user_id: int) -> None:
        """Discord no longer knows the person's DM channel (10003): the next DM opens it
        again, and the messages that were in it are gone with it."""
        self.dm_channels.lost(user_id)
        messages = self._games.get(game_id)
        if messages is not None:
            for kept in (messages.dm_channels, messages.hand_messages,
                         messages.hand_attachments, messages.pings):
                kept.pop(seat, None)

    async def hand_posted(self, game_id: int, messages: GameMessages, seat: int,
                          message_id: int) -> None:
        if messages.hand_messages.get(seat) == message_id:
            return
        messages.hand_messages[seat] = message_id
        await self._storage.games.update_seat(game_id, seat, dm_message_id=message_id)

    # --- score pads: one message each, edited as entries come in --------------------------

    async def pad_message(self, pad_id: int) -> int | None:
        """The pad's message, read from storage the first time (after a restart)."""
        if pad_id not in self._pads:
            try:
                self._pads[pad_id] = (await self._storage.pads.load_pad(pad_id)).message_id
            except GameNotFound:
                self._pads[pad_id] = None
        return self._pads[pad_id]

    async def remember_pad_message(self, pad_id: int, message_id: int) -> None:
        """The pad's message was posted anew: edits go to it, after a restart too."""
        if self._pads.get(pad_id) == message_id:
            return
        self._pads[pad_id] = message_id
        await self._storage.pads.set_pad_message(pad_id, message_id)

    def forget_pad(self, pad_id: int) -> None:
        """Another process may have posted the pad's message: read it again."""
        self._pads.pop(pad_id, None)

    def pad_channel_lost(self, channel_id: int) -> bool:
        return channel_id in self._lost_channels

    def lose_pad_channel(self, channel_id: int) -> None:
        self._lost_channels.add(channel_id)

    def pad_channel_back(self, channel_id: int) -> None:
        """A new pad opened there: the bot was let back in."""
        self._lost_channels.discard(channel_id)
