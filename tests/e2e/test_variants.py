"""Rules options that need Discord to do more: blind bids and the one-card blind deal,
and simultaneous bidding (bids collected in DMs, revealed together)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.e2e.harness import People, Table, assert_answered_fast, bot_running, open_table
from tests.fake_discord.driver import FakeDiscord


@pytest.mark.parametrize(
    "options",
    [
        {"preset": "short", "blind_bids": True, "one_card_blind": True},
        {"preset": "short", "bidding": "simultaneous", "hook": False, "trump": "turn-up"},
    ],
    ids=["blind", "simultaneous-turn-up"],
)
async def test_variants_play_to_the_end_in_discord(
    fake_discord: FakeDiscord, tmp_path: Path, options: dict[str, object]
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, options, joiners=1, computers=1)
        session = bot.service.registry.get(game_id)
        assert session is not None and session.game is not None
        game = session.game
        people = People(fake, bot, table, game_id, random.Random(8))
        await people.play_to_the_end()
        await fake.wait_for_message(table.channel, lambda m: "Fair-deal proof" in m.content,
                                    timeout=30)
        results = game.results()
        assert len(results) == 9
        bids_clicked = [c for c in people.clicked if c.startswith("kf:bid:")]
        if options.get("blind_bids"):
            blind_buttons = [c for c in bids_clicked if c.endswith(".b")]
            assert blind_buttons, "blind bids were offered before the hand was shown"
            assert any(any(r.blind) for r in results), "a blind bid was made and counted"
        if options.get("bidding") == "simultaneous":
            # Both people got bid buttons for the same deal at the same turn counter.
            counters = [c.split(":")[3] for c in bids_clicked]
            assert len(set(counters)) < len(counters), "bids were collected at the same time"
            assert all(r.trump == (None if r.turn_up is None else r.turn_up.suit) for r in results)
    assert_answered_fast(fake)
