"""Clicks that must change nothing: strangers, out of turn, someone else's controls,
stale buttons, double clicks and forged ids. Each gets a short ephemeral answer."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from bot.adapter.words.custom_ids import MoveButton
from bot.core.move_choice import MoveChoice
from tests.e2e.harness import (
    People,
    Table,
    assert_answered_fast,
    bot_running,
    move_buttons,
    open_table,
    table_message_id,
)
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.interactions import InteractionRecord
from tests.fake_discord.models import Message, User


async def answered_privately(record: InteractionRecord, words: str) -> None:
    """The clicker alone was told ``words``."""
    text = await record.wait_until(lambda r: words in r.text() and r.text(), timeout=5)
    assert words in text
    assert all(m.ephemeral for m in record.messages)


async def test_abusive_clicks_change_nothing(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram", "eve"])
    asha, bikram, eve = table.people
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {}, joiners=1, computers=2)
        session = bot.service.registry.get(game_id)
        assert session is not None and session.game is not None
        game = session.game
        people = People(fake, bot, table, game_id, random.Random(1))
        people.table.people = [asha, bikram]
        found = await fake.wait_for(people.next_move, timeout=20, poll=0.05)
        assert not isinstance(found, str)
        mover, hand = found
        other: User = bikram if mover is asha else asha
        seat = session.seat_of(mover.id)
        other_seat = session.seat_of(other.id)
        assert seat is not None and other_seat is not None
        table_message: Message = fake.message(table_message_id(bot, game_id) or 0)
        log = game.log

        async def click(user: User, message: Message, custom_id: str) -> InteractionRecord:
            return await fake.click(user, message, custom_id, force=True)

        # A stranger presses "My hand", and forges a bid.
        my_hand = table_message.button("My hand").custom_id or ""
        await answered_privately(await click(eve, table_message, my_hand), "not playing")
        forged = MoveButton(game_id, session.control_counter(seat), seat,
                            MoveChoice(bid=0)).encode()
        await answered_privately(await click(eve, table_message, forged), "not playing")
        # Garbage and ids of games that don't exist.
        await answered_privately(await click(eve, table_message, "hello"), "isn't one of")
        ghost = "kf:bid:999999:0:0.0"  # as an id is on the wire
        await answered_privately(await click(mover, table_message, ghost), "no longer running")
        # Someone else's controls, and a move out of turn with a well-formed id.
        theirs = MoveButton(game_id, session.control_counter(seat), seat,
                            MoveChoice(bid=0)).encode()
        await answered_privately(await click(other, table_message, theirs), "another player")
        if game.phase.value == "bidding":
            early = MoveButton(game_id, session.control_counter(other_seat), other_seat,
                               MoveChoice(bid=0)).encode()
        else:
            card = game.hand(other_seat)[0]
            early = MoveButton(game_id, session.control_counter(other_seat), other_seat,
                               MoveChoice(card=card)).encode()
        await answered_privately(await click(other, table_message, early), "turn")
        assert game.log == log, "nothing changed"

        # A double click: two buttons of the same hand at once; one move is made.
        first, second = (move_buttons(hand) + move_buttons(hand))[:2]
        if first == second:
            second = first
        records = await asyncio.gather(click(mover, hand, first), click(mover, hand, second))
        for record in records:
            await record.wait_response()
        # Settled: the move is made and the computers after it have moved too.
        await fake.wait_for(lambda: len(game.log) > len(log) and not session.lock.locked()
                            and not session.awaiting_bots(), poll=0.05)
        moves = [a for a in game.log[len(log):] if getattr(a, "seat", None) == seat]
        assert len(moves) == 1, "exactly one of the two clicks counted"
        late = records[1] if records[0].text() == "" else records[0]
        await late.wait_until(lambda r: r.text(), timeout=5)
        assert any(words in late.text() for words in ("earlier turn", "already made"))

        # The stale button of that hand, pressed again later.
        log = game.log
        await answered_privately(await click(mover, hand, first), "earlier turn")
        assert game.log == log
    assert_answered_fast(fake)
