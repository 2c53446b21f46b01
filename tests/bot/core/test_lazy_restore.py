"""One process on its own database restores its games in the background after a start:
a game clicked meanwhile is restored first, and every game once (issue 28)."""

from __future__ import annotations

from bot.core.effects import EditTable, PostTable
from tests.bot.core.conftest import CloseCore, OpenCore
from tests.bot.core.helpers import first_choice, hand_to_act, start_game


async def test_a_game_clicked_while_the_others_are_restored_is_restored_first(
    open_core: OpenCore, close_core: CloseCore
) -> None:
    before = await open_core()
    games = [await start_game(before, people=3, first=3 * n) for n in range(5)]
    clicked = games[-1].game_id  # the last one the background would reach
    buttons = hand_to_act(before.sink, clicked)
    assert buttons is not None
    await close_core(before)

    after = await open_core()
    await after.service.restore(wait=False)
    assert not after.service.is_loaded(clicked), "not restored before it is asked for"
    seat, hand = await after.service.hand_of(clicked, buttons.user_id)
    assert (seat, hand) == (buttons.seat, buttons.hand)
    restored = after.service.registry.get(clicked)
    saved = (await after.stored(clicked)).actions_saved
    await after.service.move(clicked, buttons.user_id, seat, hand.counter,
                             first_choice(hand))
    await after.service.restorer.wait()
    assert after.service.registry.get(clicked) is restored, "restored once"
    assert (await after.stored(clicked)).actions_saved == saved + 1
    for session in games:
        assert after.service.is_loaded(session.game_id)
        # (Posted, for a game whose start was never shown: none of these was delivered.)
        shown = [e for e in after.sink.effects if isinstance(e, EditTable | PostTable)
                 and e.table.game_id == session.game_id]
        assert shown, "each restored table is shown again"
