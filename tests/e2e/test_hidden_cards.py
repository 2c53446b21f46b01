"""Nothing sent to a player gives away a card that player must not see.

During the one-card blind deal each player sees everyone's card but their own; during
a blind bid a player has not seen their hand yet. Every version of every message a
player can see in that time — DMs, ephemeral "My hand" and ``/kachuful hand``
answers, the table channel — is collected as the fake stores it (text, embeds,
components with their custom ids and select values, file names and descriptions)
and searched for the player's hidden cards in any encoding: ``9D``, ``9♦``, the
card's index in a control.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.adapter.words.custom_ids import BadComponent, MoveButton, parse_control
from bot.app import KachufulBot
from engine import Card, Phase
from tests.e2e.harness import (
    People,
    Table,
    assert_answered_fast,
    bot_running,
    open_table,
    table_message_id,
)
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.models import Message, User

Secrets = Callable[[User], frozenset[Card]]


@dataclass(frozen=True)
class Seen:
    """A message version that was checked (messages are edited in place later)."""

    ephemeral: bool
    with_files: bool
    labels: tuple[str, ...]


def payload_text(message: Message) -> str:
    """Everything the person's client receives about a message, as one text."""
    parts = [message.content, json.dumps(message.raw_embeds, ensure_ascii=False),
             json.dumps(message.raw_components, ensure_ascii=False)]
    for attachment in message.attachments:
        parts += [attachment.filename, attachment.description or ""]
    return "\n".join(parts)


def leaks(message: Message, card: Card) -> list[str]:
    """Where ``message`` names ``card``."""
    found = []
    text = payload_text(message)
    for shown in (card.code, str(card)):
        if re.search(rf"(?<![0-9A-Za-z]){re.escape(shown)}(?![0-9A-Za-z])", text):
            found.append(shown)
    encodings = (card.code, str(card), str(int(card)))
    for custom_id in message.custom_ids:
        try:
            control = parse_control(custom_id)
        except BadComponent:
            continue  # not the bot's: the text search above covers it
        # A card button names its card (numbers elsewhere are bids and seats).
        if isinstance(control, MoveButton) and control.choice.card == card:
            found.append(f"control {custom_id}")
    for menu in message.selects:
        found += [f"menu value {o.value}" for o in menu.options if o.value in encodings]
    return found


class Sightings:
    """A listener on the fake: after every change it reads each version of each message
    a person can see while some of their cards are secret."""

    def __init__(self, fake: FakeDiscord, table: Table, secrets: Secrets) -> None:
        self.fake = fake
        self.table = table
        self.secrets = secrets
        self.versions: dict[int, set[tuple[int, int]]] = {u.id: set() for u in table.people}
        self.checked: dict[int, list[Seen]] = {u.id: [] for u in table.people}
        self.found: list[str] = []

    def visible_to(self, user: User) -> list[Message]:
        channel = [m for m in self.fake.channel_messages(self.table.channel)
                   if "The game begins!" not in m.content]  # the public dealer draw
        return [*self.fake.dm_messages(user), *self.fake.ephemeral_messages(user), *channel]

    def __call__(self) -> None:
        for user in self.table.people:
            hidden = self.secrets(user)
            for message in self.visible_to(user):
                version = (message.id, message.edit_count)
                if version in self.versions[user.id]:
                    continue
                self.versions[user.id].add(version)  # shown before the window: not checked
                if not hidden:
                    continue
                self.checked[user.id].append(Seen(
                    message.ephemeral, bool(message.attachments),
                    tuple(b.label or "" for b in message.buttons)))
                for card in hidden:
                    for where in leaks(message, card):
                        self.found.append(f"{user.name}'s {card} as {where!r} in {message!r}")


async def press_my_hand(fake: FakeDiscord, bot: KachufulBot, game_id: int, user: User,
                        table: Table) -> None:
    """The person asks for their hand both ways: "My hand", then ``/kachuful hand``."""
    table_id = await fake.wait_for(lambda: table_message_id(bot, game_id), poll=0.05)
    table_message = fake.message(table_id)
    button = table_message.button("My hand").custom_id or ""
    record = await fake.click(user, table_message, button)
    await record.wait_until(lambda r: r.messages and not r.messages[0].loading)
    command = await fake.slash(user, table.channel, "kachuful hand", {})
    await command.wait_until(lambda r: r.messages and not r.messages[0].loading)


async def test_the_one_card_blind_deal_never_shows_a_player_their_card(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short", "one_card_blind": True},
                                   joiners=1, computers=1)
        session = bot.service.registry.get(game_id)
        assert session is not None and session.game is not None
        game = session.game
        blind_deal = game.hand_sizes.index(1) + 1
        blind_cards: dict[int, Card] = {}

        def secrets(user: User) -> frozenset[Card]:
            seat = session.seat_of(user.id)
            if not blind_cards:
                # The window opens when the blind deal's table is posted: everything
                # shown before it in the game's order belongs to earlier deals.
                posted = fake.channel_messages(table.channel)
                if not (posted and f"**Deal {blind_deal} of" in posted[-1].content):
                    return frozenset()
                assert game.deal_number == blind_deal and game.hand_size == 1
                blind_cards.update({s: game.hand(s)[0] for s in range(game.player_count)})
            if seat is None or game.deal_number != blind_deal or not game.hand(seat):
                return frozenset()  # played: the card is public now
            return frozenset({blind_cards[seat]})

        sightings = Sightings(fake, table, secrets)
        fake.state.subscribe(sightings)
        people = People(fake, bot, table, game_id, random.Random(51))
        while game.deal_number < blind_deal:
            assert await people.play_one()
        await fake.wait_for(lambda: blind_cards, timeout=10, poll=0.05, what="the blind deal")
        while game.deal_number == blind_deal:
            found = await fake.wait_for(people.next_move, timeout=20, poll=0.05)
            assert not isinstance(found, str)
            await press_my_hand(fake, bot, game_id, found[0], table)
            assert await people.play_one()
        fake.state.unsubscribe(sightings)

        assert sightings.found == []
        for user in table.people:
            checked = sightings.checked[user.id]
            assert any(m.ephemeral and m.with_files for m in checked), "My hand was checked"
            assert any("Play my hidden card" in m.labels for m in checked), (
                "the hidden card's play button was checked"
            )
        # The finished trick is shown in the (closed) table message, with its caption.
        tricks = [m for m in fake.channel_messages(table.channel)
                  if f"Deal {blind_deal}, trick 1:" in m.content]
        assert tricks and any(leaks(tricks[0], card) for card in blind_cards.values()), (
            "the search finds a blind card once it is shown: the trick's caption names it"
        )
    assert_answered_fast(fake)


async def test_a_blind_bid_is_made_without_seeing_the_hand(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short", "blind_bids": True},
                                   joiners=1, computers=1)
        session = bot.service.registry.get(game_id)
        assert session is not None and session.game is not None
        game = session.game

        def secrets(user: User) -> frozenset[Card]:
            seat = session.seat_of(user.id)
            if seat is None or game.deal_number != 1 or game.phase is not Phase.BIDDING:
                return frozenset()
            if game.bids()[seat] is not None or session.seats[seat].looked:
                return frozenset()
            return frozenset(game.hand(seat))

        sightings = Sightings(fake, table, secrets)
        fake.state.subscribe(sightings)
        sightings()  # the first deal's messages may already be out
        for user in table.people:
            await press_my_hand(fake, bot, game_id, user, table)
        people = People(fake, bot, table, game_id, random.Random(52))
        while game.deal_number == 1 and game.phase is Phase.BIDDING:
            assert await people.play_one()
        fake.state.unsubscribe(sightings)

        assert sightings.found == []
        results_blind = [c for c in people.clicked if c.startswith("kf:bid:") and c.endswith(".b")]
        assert results_blind, "blind bids were made"
        assert all(game.blind_bids()[session.seat_of(u.id) or 0] for u in table.people)
        for user in table.people:
            checked = sightings.checked[user.id]
            assert any(m.ephemeral for m in checked), "My hand was checked"
            assert any(any(label.endswith(" blind") for label in m.labels)
                       for m in checked), "the blind bid buttons were checked"
    assert_answered_fast(fake)
