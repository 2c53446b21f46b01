"""The bot token's one budget: bot-token requests wait their turn (the most urgent first),
interaction endpoints never do, and processes sharing a PostgreSQL database share it so
that together they stay under Discord's global limit."""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord
from yarl import URL

from bot.adapter.outbound.budget import (
    ANSWER,
    HAND,
    SIDE,
    TABLE,
    URGENCY,
    BotTokenBudget,
    Schedule,
    bot_token_request,
)
from bot.storage import Storage
from bot.storage.budget_store import LocalSchedule
from tests.fake_discord.fixtures import healthy_fake_discord
from tests.fake_discord.models import User
from tests.fake_discord.rate_limits import BOT_TOKEN, RateLimits


def test_only_bot_token_requests_are_counted() -> None:
    api = "http://discord.test/api/v10"
    assert bot_token_request(URL(f"{api}/channels/1/messages/2"))
    assert bot_token_request(URL(f"{api}/users/@me/channels"))
    assert not bot_token_request(URL(f"{api}/interactions/1/tok/callback"))
    assert not bot_token_request(URL(f"{api}/webhooks/1/tok/messages/@original"))
    assert not bot_token_request(URL("ws://gateway.discord.test/?v=10&encoding=json"))


class Held:
    """A schedule whose first answer waits until the test lets it go."""

    def __init__(self) -> None:
        self.go = asyncio.Event()
        self.counts: list[int] = []

    async def reserve(self, count: int, interval: float, burst: float) -> float:
        self.counts.append(count)
        await self.go.wait()
        return 0.0


async def test_when_requests_queue_the_most_urgent_goes_first() -> None:
    schedule = Held()
    budget = BotTokenBudget(50, schedule)
    went: list[str] = []

    async def request(name: str, urgency: int) -> None:
        await budget.turn(urgency)
        went.append(name)

    tasks = [asyncio.create_task(request("ping", SIDE))]
    await asyncio.sleep(0.01)  # its turn is being reserved when the others arrive
    tasks += [asyncio.create_task(request(name, urgency)) for name, urgency in
              (("table edit", TABLE), ("hand", HAND), ("answer", ANSWER))]
    await asyncio.sleep(0.01)
    schedule.go.set()
    await asyncio.gather(*tasks)
    await budget.close()
    assert went == ["answer", "hand", "table edit", "ping"]
    assert schedule.counts[0] == 1 and sum(schedule.counts) >= 4


async def burst_of_requests(schedules: list[Schedule], rate: int, each: int,
                            user: User, fake_token: str) -> None:
    """Each schedule's own budget and discord.py HTTP client (a process of the bot) makes
    ``each`` bot-token requests at once."""
    budgets = [BotTokenBudget(rate, schedule) for schedule in schedules]
    clients = [discord.http.HTTPClient(asyncio.get_running_loop(),
                                       http_trace=budget.trace_config()) for budget in budgets]
    try:
        for client in clients:
            await client.static_login(fake_token)
        URGENCY.set(TABLE)
        await asyncio.gather(*(client.get_user(user.id) for client in clients
                               for _ in range(each)))
    finally:
        for client, budget in zip(clients, budgets, strict=True):
            await client.close()
            await budget.close()


async def test_two_processes_on_one_database_stay_within_one_budget(postgres_url: str) -> None:
    rate = 20  # a small limit, so that a few requests go over it
    storages = [await Storage.connect(postgres_url, pool_size=2) for _ in range(2)]
    try:
        async with healthy_fake_discord(rate_limits=RateLimits(global_per_second=rate)) as fake:
            user = fake.create_user("asha")
            await burst_of_requests([s.budget for s in storages], rate, 25, user, fake.token)
            assert fake.counters.by_route[BOT_TOKEN]["GET /users/{user_id}"] == 50
            assert fake.counters.global_429s == 0, fake.counters.rate_limited
    finally:
        for storage in storages:
            await storage.close()


async def test_two_processes_each_with_its_own_budget_go_over(tmp_path: Path) -> None:
    # The same two processes, each keeping to the limit alone: together they go over it.
    rate = 20
    allowed = RateLimits(global_per_second=rate)
    async with healthy_fake_discord(allow=lambda e: e.status == 429,
                                    rate_limits=allowed) as fake:
        user = fake.create_user("asha")
        await burst_of_requests([LocalSchedule(), LocalSchedule()], rate, 25, user, fake.token)
        assert fake.counters.global_429s > 0


class Behind:
    """A schedule whose turns are all long past: what a process finds after its event
    loop was busy for a while."""

    async def reserve(self, count: int, interval: float, burst: float) -> float:
        return -100.0


async def test_turns_handed_out_late_do_not_all_go_at_once() -> None:
    budget = BotTokenBudget(10, Behind())  # at most 9 in any one second
    loop = asyncio.get_running_loop()
    went: list[float] = []

    async def request() -> None:
        await budget.turn(TABLE)
        went.append(loop.time())

    await asyncio.gather(*(request() for _ in range(12)))
    await budget.close()
    first = min(went)
    assert sum(1 for at in went if at < first + 1.0) == 9
