"""A turn timer expires: the computer moves for that seat and the channel says so;
after three timeouts in a row the seat plays itself until "I'm back"."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import (
    Table,
    assert_answered_fast,
    bot_running,
    choose,
    hand_message,
    move_buttons,
    open_table,
)
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.models import Message, User


async def test_timeouts_then_im_back(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    asha, bikram = table.people
    rng = random.Random(3)
    # The shortest allowed timer (15 s), run 25 times faster: 0.6 s a turn leaves Asha
    # time for her click after "I'm back" even on a loaded machine.
    async with bot_running(fake, tmp_path / "k.db", time_scale=0.04) as bot:
        game_id = await open_table(fake, table, {"turn_timeout": 15}, joiners=1, computers=1)
        session = bot.service.registry.get(game_id)
        assert session is not None
        asha_seat = session.seat_of(asha.id)
        assert asha_seat is not None
        clicked: set[str] = set()

        async def bikram_moves_until(condition: object) -> None:
            """Bikram plays whenever it is his turn; Asha never does."""
            def ready() -> object:
                if callable(condition) and condition():
                    return "done"
                message = hand_message(fake, bikram)
                if message is not None and set(move_buttons(message)) - clicked:
                    return message
                return None

            while True:
                found = await fake.wait_for(ready, timeout=30, poll=0.05)
                if found == "done":
                    return
                options = [o for o in move_buttons(found) if o not in clicked]
                clicked.update(move_buttons(found))
                await (await fake.click(bikram, found, choose(rng, options))).wait_response()

        def timed_out_three_times() -> bool:
            return any("missed 3 turns in a row" in m.content
                       for m in fake.channel_messages(table.channel))

        await bikram_moves_until(timed_out_three_times)
        notes = [m for m in fake.channel_messages(table.channel) if "ran out of time" in m.content]
        assert len(notes) >= 3 and all("asha" in m.content for m in notes)
        assert session.seats[asha_seat].autoplay
        actions_before = len(session.game.player_actions()) if session.game else 0
        # From here on turns last the real 15 s: Asha's clicks after "I'm back" must not
        # race a timer on a loaded machine (the timeouts above are what was tested).
        bot.service.ctx.time_scale = 1.0

        # The offer, not the away hand (which carries an "I'm back" button as well and
        # becomes her hand again once she is back).
        back = await fake.wait_for_message(
            asha, lambda m: "Press **I'm back** when you are" in m.content
            and any(b.label == "I'm back" for b in m.buttons))
        record = await fake.click(asha, back, back.button("I'm back").custom_id or "")
        await record.wait_until(lambda r: "Welcome back" in r.text())
        assert not session.seats[asha_seat].autoplay
        assert any(m.content.endswith("is back.") for m in fake.channel_messages(table.channel))

        # Asha gets her own controls again when her turn comes, and her click counts.
        await bikram_moves_until(lambda: hand_message(fake, asha) is not None
                                 and bot.service.registry.get(game_id) is not None)
        mine = hand_message(fake, asha)
        assert mine is not None
        await (await fake.click(asha, mine, move_buttons(mine)[0])).wait_response()
        assert session.game is not None
        assert len(session.game.player_actions()) > actions_before
        assert session.seats[asha_seat].missed_turns == 0
        assert not fake.message(back.id).buttons, "the used I'm back button is gone"
    assert_answered_fast(fake)


async def test_a_long_turn_stores_its_deadline_and_the_move_clears_it(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Quick moves write no deadline; a turn past half time stores it (a restart keeps
    it), and the move that ends the turn clears it in the same save."""
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    # A 15 s timer run 5 times faster: half time after 1.5 s, the deadline at 3 s.
    async with bot_running(fake, tmp_path / "k.db", time_scale=0.2) as bot:
        game_id = await open_table(fake, table, {"turn_timeout": 15}, joiners=1, computers=1)
        session = bot.service.registry.get(game_id)
        assert session is not None and session.game is not None

        def someones_hand() -> tuple[User, Message] | None:
            for user in table.people:
                message = hand_message(fake, user)
                if message is not None:
                    return user, message
            return None

        async def stored_deadlines() -> dict[int, float]:
            stored = await bot.storage.games.load_game(game_id)
            return {index: seat.turn_deadline.timestamp()
                    for index, seat in enumerate(stored.seats) if seat.turn_deadline is not None}

        found = await fake.wait_for(someones_hand, timeout=20, poll=0.02)
        assert found is not None
        user, message = found
        seat = session.seat_of(user.id)
        assert seat is not None and seat in session.awaiting_humans()
        assert await stored_deadlines() == {}, "a fresh turn writes nothing"

        await fake.wait_for(lambda: session.seats[seat].deadline_saved, timeout=5, poll=0.02,
                            what="half time")
        saved = await stored_deadlines()
        assert session.deadline is not None
        assert set(saved) == {seat} and abs(saved[seat] - session.deadline) < 1.0

        await (await fake.click(user, message, move_buttons(message)[0])).wait_response()
        await fake.wait_for(lambda: seat not in session.awaiting_humans(), timeout=5, poll=0.02,
                            what="the move")
        assert seat not in await stored_deadlines()
        assert not session.seats[seat].deadline_saved
    assert_answered_fast(fake)
