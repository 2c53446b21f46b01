"""Threads: creating one in a text channel (optionally from a message) and changing one.

Discord's rules the bot meets here: CREATE_PUBLIC_THREADS / CREATE_PRIVATE_THREADS (plus
READ_MESSAGE_HISTORY from a message), one thread per message, names of 1-100 characters, and a
thread started from a message shares the message's id.
"""

from __future__ import annotations

from .errors import ApiError, ErrorCode
from .models import GUILD_TEXT, PRIVATE_THREAD, PUBLIC_THREAD, Channel, Message
from .permissions import Perm
from .state import JSON, FakeState, Intent


def create_thread(
    state: FakeState,
    parent: Channel,
    *,
    name: str,
    thread_type: int,
    auto_archive_duration: int,
    invitable: bool,
    from_message: Message | None,
) -> Channel:
    if parent.type != GUILD_TEXT or parent.guild_id is None:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    if thread_type not in (PUBLIC_THREAD, PRIVATE_THREAD):
        raise ApiError(400, ErrorCode.INVALID_FORM_BODY, f"Invalid Form Body (type: {thread_type})")
    needed = (
        Perm.CREATE_PUBLIC_THREADS if thread_type == PUBLIC_THREAD else Perm.CREATE_PRIVATE_THREADS
    )
    if from_message is not None:
        needed |= Perm.READ_MESSAGE_HISTORY
        if from_message.thread_id is not None:
            raise ApiError(
                400,
                ErrorCode.THREAD_ALREADY_CREATED,
                "A thread has already been created for this message",
            )
    state.require_bot(parent, int(needed))
    if not 1 <= len(name) <= 100:
        raise ApiError(
            400, ErrorCode.INVALID_FORM_BODY, "Invalid Form Body (name: 1..100 characters)"
        )
    # A thread started from a message shares the message's id, as on Discord.
    thread_id = from_message.id if from_message is not None else state.ids.next()
    thread = Channel(
        id=thread_id,
        type=thread_type,
        name=name,
        guild_id=parent.guild_id,
        parent_id=parent.id,
        owner_id=state.bot_user.id,
        auto_archive_duration=auto_archive_duration,
        invitable=invitable,
        thread_member_ids={state.bot_user.id},
    )
    state.channels[thread.id] = thread
    state.guilds[parent.guild_id].thread_ids.append(thread.id)
    if from_message is not None:
        from_message.thread_id = thread.id
    payload = {
        **state.channel_payload(thread),
        "guild_id": str(parent.guild_id),
        "newly_created": True,
    }
    state.sink.dispatch("THREAD_CREATE", payload, intent=Intent.GUILDS, guild_id=parent.guild_id)
    state.changed(parent.id, thread.id)
    return thread


def update_thread(state: FakeState, thread: Channel, changes: JSON) -> None:
    if "name" in changes:
        thread.name = str(changes["name"])
    if "archived" in changes:
        thread.archived = bool(changes["archived"])
    if "locked" in changes:
        thread.locked = bool(changes["locked"])
    if "auto_archive_duration" in changes:
        thread.auto_archive_duration = int(changes["auto_archive_duration"])
    if "invitable" in changes:
        thread.invitable = bool(changes["invitable"])
    payload = {**state.channel_payload(thread), "guild_id": str(thread.guild_id)}
    state.sink.dispatch("THREAD_UPDATE", payload, intent=Intent.GUILDS, guild_id=thread.guild_id)
    state.changed()
