"""Hands are shown through the players' own click tokens, which Discord does not count
against the bot token's budget; an expired or refused token falls back to the bot token
and nothing is lost."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from tests.e2e.harness import People, Table, bot_running, open_table
from tests.fake_discord.errors import ErrorCode
from tests.fake_discord.fixtures import healthy_fake_discord
from tests.fake_discord.health import ApiErrorRecord
from tests.fake_discord.rate_limits import BOT_TOKEN, INTERACTION, RateLimits

TOKEN_EDIT = "PATCH /webhooks/{application_id}/{interaction_token}/messages/{message_id}"
BOT_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


def expired_tokens(error: ApiErrorRecord) -> bool:
    return error.code == ErrorCode.INVALID_WEBHOOK_TOKEN


async def play(tmp_path: Path, *, token_lifetime: float) -> tuple[dict[str, int], int, int]:
    """(bot-token requests by route during the game, interaction-token edits, moves)."""
    refused = expired_tokens if token_lifetime == 0 else None
    async with healthy_fake_discord(allow=refused, rate_limits=RateLimits()) as fake:
        table = Table(fake, ["asha", "bikram", "chandra", "deepa"])
        async with bot_running(fake, tmp_path / "k.db") as bot:
            game_id = await open_table(fake, table, {"preset": "short", "max_hand": 2},
                                     joiners=3)
            # From here on every token older than this is refused as expired (401).
            fake.interaction_token_lifetime = token_lifetime
            before = dict(fake.counters.by_route[BOT_TOKEN])
            await People(fake, bot, table, game_id, random.Random(5)).play_to_the_end()
            stored = await bot.storage.games.load_game(game_id)
            assert stored.status == "finished" and stored.game is not None
            moves = len(stored.game.player_actions())
        spent = {route: count - before.get(route, 0)
                 for route, count in fake.counters.by_route[BOT_TOKEN].items()}
        assert fake.counters.global_429s == 0
        return spent, fake.counters.by_route[INTERACTION][TOKEN_EDIT], moves


async def test_hands_follow_the_clicks_through_their_tokens(tmp_path: Path) -> None:
    spent, token_edits, moves = await play(tmp_path, token_lifetime=15 * 60.0)
    assert token_edits >= moves, "every move's hands were edited with a click's token"
    # The bot token still edits the table once a move, and the hands of a new deal are
    # new messages; the hand edits themselves no longer cost it anything.
    assert spent[BOT_EDIT] <= 1.2 * moves


async def test_a_refused_token_falls_back_to_the_bot_token(tmp_path: Path) -> None:
    # Every token is refused as expired (the fake's 15 minutes made 0): the game goes on
    # through the bot token (each click's token is tried once, then not again).
    spent, token_edits, moves = await play(tmp_path, token_lifetime=0.0)
    assert spent[BOT_EDIT] > 2 * moves
    assert 0 < token_edits <= moves + 8


FOLLOW_UP = "POST /webhooks/{application_id}/{interaction_token}"


async def test_turn_pings_are_follow_ups_on_the_players_own_clicks(tmp_path: Path) -> None:
    # Pings 20 times sooner (0.2 s): each person waits past theirs before moving.
    async with healthy_fake_discord(rate_limits=RateLimits()) as fake:
        table = Table(fake, ["asha", "bikram", "chandra", "deepa"])
        async with bot_running(fake, tmp_path / "k.db", time_scale=0.05) as bot:
            game_id = await open_table(fake, table, {"preset": "short", "max_hand": 2},
                                     joiners=3)
            people = People(fake, bot, table, game_id, random.Random(9))
            while True:
                await asyncio.sleep(0.4)
                if not await people.play_one():
                    break
        dms = {channel.id for user in table.people if (channel := fake.dm_channel(user))}
        # Every ping sent, the ones a later ping replaced (deleted) included.
        pings = [m for m in fake.state.messages.values()
                 if m.channel_id in dms and "Your turn" in m.content]
        follow_ups = fake.counters.by_route[INTERACTION][FOLLOW_UP]
        assert pings, "people who waited were pinged"
        # A person's first ping comes before any click of theirs: the bot token sends
        # it. Every later one is a follow-up on their own latest click.
        assert follow_ups >= len(pings) - len(table.people) > 0
        assert fake.counters.global_429s == 0
