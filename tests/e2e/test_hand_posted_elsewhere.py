"""A process whose book holds an older hand message for a seat than the one the person
clicked — another process posted the new deal's hand, and this one read its id from
storage before that process wrote it — shows the hand on the clicked message, not on
the old deal's one (under load, two processes sharing shard 0 stalled on this: the
clicked message kept its used buttons, the next turn's went to the old message)."""

from __future__ import annotations

import random
from pathlib import Path

from bot.core.tables import TableRef
from tests.e2e.harness import People, Table, bot_running, move_buttons, open_table
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.models import Message, User

DEAL_ONE_MOVES = 4 + 4 * 2  # four bids, then two cards each (max_hand 2)


async def test_a_hand_is_edited_where_the_person_clicked_it(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram", "chandra", "deepa"])
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short", "max_hand": 2},
                                   joiners=3)
        book = bot.book.known(game_id)
        assert book is not None
        # The book learns each hand's id once the hand is posted.
        def all_posted() -> dict[int, int] | None:
            posted = len(book.hand_messages) == len(table.people)
            return dict(book.hand_messages) if posted else None

        deal_one = await fake.wait_for(all_posted, timeout=10, what="deal one's hands posted",
                                       poll=0.05)
        people = People(fake, bot, table, game_id, random.Random(4))
        for _ in range(DEAL_ONE_MOVES):
            assert await people.play_one()
        found = await fake.wait_for(people.next_move, timeout=10, what="deal two's turn")
        assert isinstance(found, tuple)
        user: User = found[0]
        clicked: Message = found[1]
        session = bot.service.registry.get(game_id)
        assert session is not None
        seat = next(s for s, taken in enumerate(session.seats) if taken.user_id == user.id)
        old = deal_one[seat]
        assert clicked.id != old, "deal two's hand is a message of its own"
        old_content = fake.message(old).content
        # This process read the seat's ids before the new deal's was written.
        book.hand_messages[seat] = old
        assert await people.play_one()
        await fake.wait_for(
            lambda: not set(move_buttons(fake.message(clicked.id))) & people.clicked,
            timeout=10, what="the clicked hand showing the move made, its used buttons gone")
        await bot.delivery.settled(TableRef.game(game_id))
        assert fake.message(old).content == old_content, "the old deal's hand left alone"
