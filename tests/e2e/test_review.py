"""Deal review in Discord: a finished deal's DM offers its review, shown only to the
player who asks; ``/kachuful review`` does the same; strangers get nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.adapter.outbound import reviews
from tests.e2e.harness import People, Table, bot_running, open_table
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.models import Message


def review_button(message: Message) -> str | None:
    for button in message.buttons:
        if button.label == "Review this deal" and not button.disabled:
            return button.custom_id
    return None


async def test_a_finished_deal_offers_its_review_only_to_its_player(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    asha, eve = table.people[0], fake.create_user("eve")
    fake.add_member(table.guild, eve)
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short", "max_hand": 2,
                                                 "schedule": "down"}, joiners=0, computers=2)
        people = People(fake, bot, table, game_id, random.Random(4))
        people.table.people = [asha]
        await people.play_to_the_end(timeout=30)
        await bot.delivery.drain(10)

        # Each finished deal's DM now offers its review.
        closed = [m for m in fake.dm_messages(asha) if review_button(m)]
        assert len(closed) == 2, "both deals' hand messages offer a review"
        assert any(b.label == "Review my game" for b in closed[-1].buttons), (
            "the last deal's message also offers the whole game's review"
        )
        # The last deal's message, which says the game is over, gets the game's summary.
        final = await fake.wait_for_message(
            asha, lambda m: "Your game: bids within 1 point of the best" in m.content,
            timeout=60)
        assert final.id == closed[-1].id and "The game is over" in final.content
        assert "of 2; costly plays" in final.content, "both deals are counted"
        assert any(b.label == "Review my game" for b in final.buttons), "the buttons stay"
        assert bot.reviews.cached_reviews() == 2, "its deal reviews are cached for the buttons"

        first = closed[0]
        custom_id = review_button(first)
        assert custom_id is not None and custom_id.split(":")[3] == "1"

        record = await fake.click(asha, first, custom_id)
        await record.wait_until(lambda r: "Verdict" in r.text(), timeout=60)
        answer = record.text()
        assert "Deal 1" in answer and "You bid" in answer
        shown = [m for m in fake.ephemeral_messages(asha) if "Verdict" in m.content]
        assert shown and shown[-1].png_attachments, "the review comes with its bid chart"
        assert not [m for m in fake.channel_messages(table.channel) if "Verdict" in m.content]

        # Someone who did not play gets no review of it, even with a forged button.
        final = next(m for m in fake.channel_messages(table.channel)
                     if "Fair-deal proof" in m.content)
        stranger = await fake.click(eve, final, custom_id, force=True)
        await stranger.wait_until(lambda r: "didn't play" in r.text(), timeout=10)

        # The command reviews the last game's last finished deal, or the one asked for.
        command = await fake.slash(asha, table.channel, "kachuful review", {"deal": 2})
        await command.wait_until(lambda r: "Verdict" in r.text(), timeout=60)
        assert "Deal 2" in command.text()


async def test_a_busy_bot_says_where_to_find_the_game_summary(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reviews, "SUMMARIES_WAITING", 0)  # as if two tables' summaries wait
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    asha = table.people[0]
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short", "max_hand": 1,
                                                 "schedule": "down"}, joiners=0, computers=2)
        people = People(fake, bot, table, game_id, random.Random(5))
        people.table.people = [asha]
        await people.play_to_the_end(timeout=30)
        await bot.delivery.drain(10)

        final = await fake.wait_for_message(
            asha, lambda m: "summary isn't here" in m.content, timeout=30)
        assert "The game is over" in final.content and "Review my game" in final.content
        assert "bids within" not in final.content
        assert bot.reviews.cached_reviews() == 0, "no review was worked out for it"
