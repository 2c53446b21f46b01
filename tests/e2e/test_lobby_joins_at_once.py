"""People joining a lobby at the same moment: the lobby message ends showing every seat.
Each join answers by updating the lobby message; without ordering those answers, an
older one (a seat short) could land last and stay. Seen with the bot in its own process
(`bench/load.py --quick`: 2–4 of 10 lobbies stuck at 3 of 4 seats before the fix, none
after); in one process with the fake this test guards the same path."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from tests.e2e.harness import Table, bot_running
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.models import User

LOBBIES = 8


def seats_shown(fake: FakeDiscord, message_id: int) -> int:
    message = fake.message(message_id)
    description = message.embeds[0].description or "" if message.embeds else ""
    found = re.search(r"Seats \((\d+)/", description)
    return int(found.group(1)) if found else 0


async def test_joins_at_once_leave_every_seat_shown(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    tables = [Table(fake, [f"p{n}a", f"p{n}b", f"p{n}c", f"p{n}d"]) for n in range(LOBBIES)]
    async with bot_running(fake, tmp_path / "k.db"):
        lobbies = []
        for table in tables:
            record = await fake.slash(table.people[0], table.channel, "kachuful start",
                                      {"preset": "short"})
            await record.wait_response()
            lobbies.append(await fake.wait_for(table.lobby, what="the lobby"))

        async def join(user: User, lobby_id: int) -> None:
            lobby = fake.message(lobby_id)
            button = lobby.button("Join")
            await (await fake.click(user, lobby, button.custom_id or "")).wait_response()

        await asyncio.gather(*(join(user, lobby.id)
                               for table, lobby in zip(tables, lobbies, strict=True)
                               for user in table.people[1:]))
        for lobby in lobbies:
            await fake.wait_for(lambda lobby_id=lobby.id: seats_shown(fake, lobby_id) == 4
                                or None, timeout=10, what="every seat shown", poll=0.05)
