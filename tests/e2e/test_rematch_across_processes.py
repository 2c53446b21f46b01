"""A game whose server runs on another process than shard 0 (where every DM click,
and so the game's last move and its end, arrives), played to the end; then a Rematch
in the server, where the players leave and join again and the host starts the second
game (PostgreSQL, real processes): with pinned shards, and with shards shared through
the database, where DM move clicks are routed to the server's process."""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot.storage import Storage
from tests.e2e.harness import hand_message, move_buttons
from tests.e2e.processes import BotProcess
from tests.e2e.test_several_processes import Server, check_against_replay
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.models import Message, User


def seats_shown(fake: FakeDiscord, lobby: Message) -> int:
    message = fake.message(lobby.id)
    description = message.embeds[0].description or "" if message.embeds else ""
    seated = re.search(r"Seats \((\d+)/", description)
    return int(seated.group(1)) if seated else -1


def to_move(fake: FakeDiscord, people: list[User], game_id: int
            ) -> tuple[User, Message] | None:
    """The person whose DM shows move buttons of ``game_id`` now, with that DM."""
    for user in people:
        hand = hand_message(fake, user)
        if hand is not None and any(f":{game_id}:" in b for b in move_buttons(hand)):
            return user, hand
    return None


async def click(fake: FakeDiscord, user: User, message: Message, label: str) -> None:
    button = fake.message(message.id).button(label)
    await (await fake.click(user, message, button.custom_id or "")).wait_response()


async def test_a_game_ended_on_shard_0s_process_is_followed_by_a_rematch(
    fake_discord: FakeDiscord, database_url: str, tmp_path: Path
) -> None:
    fake = fake_discord
    server = Server(fake, "North", 1, ["asha", "bikram", "chandra", "deepa"], shard_count=2)
    processes = [
        BotProcess(fake, database_url, tmp_path, "dms", SHARD_COUNT="2", SHARD_IDS="0"),
        BotProcess(fake, database_url, tmp_path, "north", SHARD_COUNT="2", SHARD_IDS="1"),
    ]
    try:
        await fake.wait_shards_connected(2, timeout=60)
        await a_game_then_a_rematch(fake, server, database_url)
    finally:
        for process in processes:
            process.stop()
    for process in processes:
        assert "Traceback" not in process.log(), process.log()


async def a_game_then_a_rematch(fake: FakeDiscord, server: Server, database_url: str,
                                first: int | None = None) -> None:
    """Play a game (``first``, opened already, or a new one) to the end through DMs,
    Rematch, the others leave and join again, the host starts, and the second game's
    first move lands and is shown."""
    if first is None:
        first = await server.open_game({"preset": "short", "max_hand": 2})
    await server.play(random.Random(11))
    await fake.wait_for(server.over, timeout=30, what="the final standings")
    await check_against_replay(database_url, server, first)
    final = next(m for m in reversed(fake.channel_messages(server.channel))
                 if any(b.label == "Rematch" for b in m.buttons))
    host, *others = server.people
    await click(fake, host, final, "Rematch")
    lobby = await fake.wait_for(
        lambda: (found := server.lobby()) is not None and found.id != final.id and found,
        timeout=15, what="the rematch lobby", poll=0.05)
    await fake.wait_for(lambda: seats_shown(fake, lobby) == 4, timeout=15,
                        what="everyone seated again", poll=0.05)
    # The server's process holds the copy of the first game, which ended elsewhere.
    for person in others:
        await click(fake, person, lobby, "Leave")
    await fake.wait_for(lambda: seats_shown(fake, lobby) == 1, timeout=15,
                        what="the others gone", poll=0.05)
    for person in others:
        await click(fake, person, lobby, "Join")
    await fake.wait_for(lambda: seats_shown(fake, lobby) == 4, timeout=15,
                        what="everyone joined again", poll=0.05)
    await click(fake, host, lobby, "Start")
    await fake.wait_for(lambda: not fake.message(lobby.id).buttons, timeout=15,
                        what="the second game started", poll=0.05)
    storage = await Storage.connect(database_url)
    try:
        second = await storage.games.open_game_in_channel(server.channel.id)
        assert second is not None and second != first
        assert (await storage.games.load_game(second)).status == "active"
        # Its first move, through a DM (shard 0's process), lands and is shown.
        user, hand = await fake.wait_for(lambda: to_move(fake, server.people, second),
                                         timeout=15, what="a hand of the second game")
        await (await fake.click(user, hand, move_buttons(hand)[0])).wait_response()
        await fake.wait_for(lambda: (found := to_move(fake, server.people, second))
                            and found[1].id != hand.id, timeout=15,
                            what="the next player's turn shown")
        stored = await storage.games.load_game(second)
        assert stored.game is not None and stored.game.player_action_count == 1
        played = await storage.games.load_game(first)
        assert played.actions_saved == server.clicks, "every click of the first game once"
    finally:
        await storage.close()


ROUTING_LINE = re.compile(r"routed clicks: (\d+) handed over, (\d+) made as the owner")


async def test_dm_clicks_are_made_by_the_process_running_the_games_server(
    fake_discord: FakeDiscord, database_url: str, tmp_path: Path
) -> None:
    """Shards shared through PostgreSQL: the game opens while one process runs both
    shards; a second joins and takes the game's server's shard, so the DM clicks that
    shard 0's process routes to it are of a game it has never loaded."""
    fake = fake_discord
    server = Server(fake, "South", 1, ["esha", "farid", "gita", "hari"], shard_count=2)
    dms = BotProcess(fake, database_url, tmp_path, "dms", SHARD_COUNT="2")
    processes = [dms]
    try:
        await fake.wait_for(lambda: dms.shards() == {0, 1}, timeout=60,
                            what="one process running both shards", poll=0.1)
        await fake.wait_shards_connected(2, timeout=30)
        first = await server.open_game({"preset": "short", "max_hand": 2})
        owner = BotProcess(fake, database_url, tmp_path, "owner", SHARD_COUNT="2")
        processes.append(owner)
        await fake.wait_for(lambda: (dms.shards(), owner.shards()) == ({0}, {1}),
                            timeout=60, what="the server's shard handed over", poll=0.1)
        await fake.wait_shards_connected(2, timeout=30)
        await a_game_then_a_rematch(fake, server, database_url, first)
    finally:
        for process in processes:
            process.stop()
    for process in processes:
        assert "Traceback" not in process.log(), process.log()
    routed = ROUTING_LINE.search(dms.log())
    made = ROUTING_LINE.search(owner.log())
    assert routed is not None and made is not None
    assert int(routed[1]) >= server.clicks, "the first game's DM clicks went to the owner"
    assert int(made[2]) == int(routed[1]), "each made there, none taken back"
