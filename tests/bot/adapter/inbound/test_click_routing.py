"""The routed clicks' loop (``click_routing``): a click it took is cleared only once it
was made, even when making it failed — never before (a claimer dying first leaves it to
be claimed again), and never left to be retried for ever."""

from __future__ import annotations

import asyncio
import json

import discord
import pytest

from bot.adapter.inbound.click_routing import ClickRouting
from bot.storage.postgres.click_listener import ClickRoutes, RoutedClick
from tests.bot.adapter.inbound.test_click_payload import dm_click

MEMBER = 1
SAFETY_NET = 30.0


class OneClick(ClickRoutes):
    """Routes with one click to take and no database: what happens to it is recorded."""

    def __init__(self, click: RoutedClick) -> None:
        super().__init__("postgresql://unused")
        self._waiting = [click]
        self.events: list[str] = []
        self.cleared = asyncio.Event()

    async def claim(self, member: int, take_back_after: float, give_up_after: float,
                    lease: float) -> list[RoutedClick]:
        taken, self._waiting = self._waiting, []
        return taken

    async def done(self, click_id: int) -> None:
        self.events.append(f"done {click_id}")
        self.cleared.set()

    async def close(self) -> None:
        self.events.append("closed")


async def run_one(handle_fails: bool) -> list[str]:
    click = RoutedClick(7, 12, MEMBER, json.dumps(dm_click("m:12:0:3:b2")))
    routes = OneClick(click)

    async def handle(interaction: discord.Interaction) -> None:
        routes.events.append(f"made {interaction.id}")
        if handle_fails:
            raise discord.DiscordException("the click's token ran out")

    client = discord.Client(intents=discord.Intents.default())
    routing = ClickRouting(routes, client, 2, lambda: MEMBER, lambda shard: False, handle)
    routing.start()
    routes.arrived.set()
    async with asyncio.timeout(SAFETY_NET):
        await routes.cleared.wait()
    await routing.close(grace=SAFETY_NET)
    await client.close()
    return routes.events


@pytest.mark.parametrize("handle_fails", [False, True], ids=["made", "failed"])
async def test_a_taken_click_is_cleared_once_after_it_was_made(handle_fails: bool) -> None:
    assert await run_one(handle_fails) == ["made 800000000000000004", "done 7", "closed"]
