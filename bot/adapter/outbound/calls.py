"""THE outbound failure policy's helpers, for the presenter and the replies (the policy
itself is ``delivery.py``'s): side calls that may fail, edits that fall back to a new
message, and calls made through a click's token before the bot token's."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

import aiohttp
import discord

from bot.adapter.outbound.discord_codes import (
    CHANNEL_REFUSALS,
    INVALID_FORM_BODY,
    UNKNOWN_MESSAGE,
)
from bot.adapter.outbound.interaction_tokens import HeldToken
from bot.adapter.outbound.redelivery import passing

log = logging.getLogger(__name__)

NOT_DELIVERED: Final = (discord.HTTPException, aiohttp.ClientError, TimeoutError)
"""What a call to Discord raises when it did not get through (after discord.py's own
retries of rate limits and server errors)."""

async def best_effort(what: str, call: Awaitable[Any]) -> bool:
    """A side call: its failure is logged and skipped (see the policy above). Returns
    whether it got through."""
    try:
        await call
    except NOT_DELIVERED as exc:
        log.info("%s: %s", what, exc)
        return False
    return True


async def _edit_by_token(token: HeldToken, message_id: int, payload: dict[str, Any]
                         ) -> discord.Message | None:
    """Edit a message through a click's token (free of the bot token's budget): the
    clicked message, or one sent as a follow-up on it; ``None`` when Discord refuses the
    token, which is then spent."""
    if token.spent:
        return None
    try:
        if message_id == token.message_id:
            return await token.interaction.edit_original_response(**payload)
        return await token.interaction.followup.edit_message(message_id, **payload)
    except NOT_DELIVERED as exc:
        if _bad_body(exc):
            raise  # no refusal of the token: the bot token would be refused the same
        token.spent = not passing(exc)  # a rate limit is no refusal of the token
        log.info("an interaction token did not edit its message: %s", exc)
        return None


def _bad_body(exc: BaseException) -> bool:
    return isinstance(exc, discord.HTTPException) and exc.code == INVALID_FORM_BODY


async def send_new(target: discord.PartialMessageable, token: HeldToken | None,
                   **payload: Any) -> discord.Message:
    """Send a new message to a person's DM: as a follow-up on their latest click while its
    token works (free of the bot token's budget; the token can then edit it), else with
    the bot token."""
    if token is not None and token.usable():
        try:
            sent = await token.interaction.followup.send(wait=True, **payload)
        except NOT_DELIVERED as exc:
            token.spent = not passing(exc)
            log.info("an interaction token did not send a follow-up: %s", exc)
        else:
            token.followups.add(sent.id)
            return sent
    return await target.send(**payload)


async def edit_or_send(
    target: discord.PartialMessageable, message_id: int | None,
    token: HeldToken | None = None, **payload: Any,
) -> discord.Message:
    """Edit a message in place, or send it anew when it is gone (10008) or never was.

    ``token``: a click's interaction token that can edit this message. It is tried
    first, since it costs nothing of the bot token's budget; a token Discord refuses
    (expired, unknown) is spent and the bot token edits instead."""
    if message_id is not None and token is not None:
        edited = await _edit_by_token(token, message_id, payload)
        if edited is not None:
            return edited
    if message_id is not None:
        try:
            return await target.get_partial_message(message_id).edit(**payload)
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_MESSAGE:
                raise
    payload.pop("attachments", None)
    return await target.send(**payload)


async def edit_keeping_pictures(
    target: discord.PartialMessageable, message_id: int, token: HeldToken | None,
    redraw: Callable[[], Awaitable[list[Any]]], **payload: Any,
) -> discord.Message:
    """:func:`edit_or_send` of an edit that keeps the message's pictures by their
    attachment ids. Another process may have replaced them since this one learnt the
    ids (it made a move, or showed what a dead process owed): Discord then refuses
    the ids, and the pictures are drawn and sent again."""
    try:
        return await edit_or_send(target, message_id, token, **payload)
    except discord.HTTPException as exc:
        if not _bad_body(exc):
            raise
        log.info("message %s no longer has the pictures kept: sending them again", message_id)
    return await edit_or_send(target, message_id, token, **{**payload,
                                                             "attachments": await redraw()})


async def refused_by_channel(call: Awaitable[Any]) -> bool:
    """Make a channel call; ``True`` when the channel refuses the bot (deleted, or no
    longer writable), so the caller can show the same thing another way. Anything
    else goes up to the delivery."""
    try:
        await call
    except (discord.Forbidden, discord.NotFound) as exc:
        if exc.code not in CHANNEL_REFUSALS:
            raise
        log.warning("a channel refused the bot: %s", exc)
        return True
    return False


async def edit_unless_deleted(message: discord.PartialMessage, token: HeldToken | None = None,
                              **payload: Any) -> bool:
    """Edit a message the person may have deleted; ``False`` when it is gone. A click's
    ``token`` that can edit it is tried first (see ``edit_or_send``)."""
    if token is not None and await _edit_by_token(token, message.id, payload) is not None:
        return True
    try:
        await message.edit(**payload)
    except discord.NotFound:
        return False
    return True


async def send_or_follow_up(
    target: discord.PartialMessageable, token: HeldToken | None, content: str,
) -> tuple[int, HeldToken | None]:
    """Send a short message to a person's DM: as a follow-up on their latest click while
    its token works (free), else with the bot token. Returns (its id, the token used)."""
    if token is not None and token.usable():
        try:
            sent = await token.interaction.followup.send(content, wait=True)
            return sent.id, token
        except NOT_DELIVERED as exc:
            token.spent = not passing(exc)
            log.info("an interaction token did not send a follow-up: %s", exc)
    return (await target.send(content)).id, None


async def delete_sent(
    target: discord.PartialMessageable, message_id: int, token: HeldToken | None,
) -> None:
    """Delete a message sent by ``send_or_follow_up``, with the token that sent it while
    that still works (a side call: best effort either way)."""
    if token is not None and token.usable() and await best_effort(
        "a follow-up not deleted", token.interaction.followup.delete_message(message_id)
    ):
        return
    await best_effort("a message not deleted", target.get_partial_message(message_id).delete())
