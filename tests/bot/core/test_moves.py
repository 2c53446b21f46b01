"""A person's move: what it shows, in which order, and every way it is turned down
with nothing saved."""

from __future__ import annotations

import pytest

from bot.core.effects import ConfirmShown, EditTable, PingTurn, ShowHand
from bot.core.move_choice import MoveChoice
from bot.core.refusals import Refusal
from engine import DECK, Phase
from tests.bot.core.conftest import OpenCore
from tests.bot.core.helpers import (
    Core,
    first_choice,
    hand_to_act,
    latest_hands,
    move_person,
    of_type,
    person_id,
    start_game,
    wait_for,
)


async def actions_saved(core: Core, game_id: int) -> int:
    return (await core.stored(game_id)).actions_saved


async def test_a_bid_edits_the_table_then_the_hands_then_pings_the_next(
    open_core: OpenCore,
) -> None:
    # Turn timers and pings 100 times faster: the ping comes 0.04 s after the move.
    core = await open_core(time_scale=0.01)
    session = await start_game(core, people=3)
    game = session.game
    assert game is not None and game.phase is Phase.BIDDING
    mover = hand_to_act(core.sink, session.game_id)
    assert mover is not None
    mark = core.mark()

    choice = first_choice(mover.hand)
    returned = await core.service.move(session.game_id, mover.user_id, mover.seat,
                                       mover.hand.counter, choice)

    [after] = game.awaiting()
    shown = core.since(mark)
    # The step ends with its confirmation: once shown, it no longer owes its showing.
    assert [type(effect) for effect in shown] == [EditTable, ShowHand, ShowHand, ConfirmShown]
    # The ping comes a moment later, to a player who has not moved by then.
    await wait_for(lambda: any(isinstance(e, PingTurn) for e in core.since(mark)), "the ping")
    shown = core.since(mark)
    assert [type(effect) for effect in shown] == [
        EditTable, ShowHand, ShowHand, ConfirmShown, PingTurn]
    table, ping = shown[0], shown[-1]
    hands = {effect.seat: effect for effect in of_type(shown, ShowHand)}
    assert sorted(hands) == sorted({mover.seat, after})
    mover_hand, next_hand = hands[mover.seat], hands[after]
    assert isinstance(table, EditTable) and table.table.view.bids[mover.seat] == choice.bid
    assert not mover_hand.hand.yours
    assert returned == mover_hand.hand  # the clicker's own reply shows the same hand
    assert next_hand.hand.yours
    assert next_hand.hand.counter == session.control_counter(after)
    assert isinstance(ping, PingTurn) and (ping.seat, ping.doing) == (after, "bid")
    assert ping.user_id == session.seats[after].user_id
    assert await actions_saved(core, session.game_id) == 1


async def test_stale_and_foreign_controls_are_refused(open_core: OpenCore) -> None:
    core = await open_core()
    session = await start_game(core, people=3)
    game_id = session.game_id
    first = hand_to_act(core.sink, game_id)
    assert first is not None
    waiting_next = latest_hands(core.sink, game_id)  # every hand as first shown
    await move_person(core, game_id)
    now = hand_to_act(core.sink, game_id)
    assert now is not None and now.seat != first.seat
    old = waiting_next[now.seat]
    assert old.hand.counter != now.hand.counter
    saved = await actions_saved(core, game_id)
    mark = core.mark()

    attempts = [
        # The controls drawn before the last move: its counter is out of date.
        ("stale_controls", now.user_id, now.seat, old.hand.counter),
        # Pressing the buttons of someone else's hand message.
        ("not_your_controls", first.user_id, now.seat, now.hand.counter),
        ("not_in_game", person_id(99), now.seat, now.hand.counter),
    ]
    for key, user_id, seat, counter in attempts:
        with pytest.raises(Refusal) as refused:
            await core.service.move(game_id, user_id, seat, counter, first_choice(now.hand))
        assert refused.value.key == key, f"expected {key}"

    with pytest.raises(Refusal) as refused:
        await core.service.move(game_id + 100, now.user_id, now.seat, now.hand.counter,
                                first_choice(now.hand))
    assert refused.value.key == "game_not_running"
    assert core.since(mark) == []
    assert await actions_saved(core, game_id) == saved


async def test_an_illegal_move_is_refused_and_nothing_is_saved(open_core: OpenCore) -> None:
    core = await open_core()
    session = await start_game(core, people=3)
    game = session.game
    assert game is not None
    shown = hand_to_act(core.sink, session.game_id)
    assert shown is not None
    view = shown.hand.view
    not_held = next(card for card in DECK if card not in view.hand)
    illegal = [
        MoveChoice(bid=view.hand_size + 1),  # more tricks than cards
        MoveChoice(card=not_held),  # a card, while bids are being made
    ]
    saved = await actions_saved(core, session.game_id)
    count = game.action_count
    mark = core.mark()

    for choice in illegal:
        with pytest.raises(Refusal) as refused:
            await core.service.move(session.game_id, shown.user_id, shown.seat,
                                    shown.hand.counter, choice)
        assert refused.value.key == "illegal_move"
        assert refused.value.params["text"]  # the engine's reason, for the message

    assert await actions_saved(core, session.game_id) == saved
    assert game.action_count == count
    assert core.since(mark) == []
    # The same controls still work: the refusal changed nothing.
    await core.service.move(session.game_id, shown.user_id, shown.seat, shown.hand.counter,
                            first_choice(shown.hand))
    assert await actions_saved(core, session.game_id) == saved + 1


async def test_computers_move_by_themselves_until_a_person_is_to_act(
    open_core: OpenCore,
) -> None:
    core = await open_core()
    session = await start_game(core, people=1, computers=2)
    game = session.game
    assert game is not None
    person = session.seat_of(person_id(0))
    assert person is not None

    computer_moves = sum(1 for action in game.player_actions() if action.seat != person)
    for _ in range(8):
        assert game.awaiting() == (person,)
        assert session.awaiting_humans() == [person]
        before = game.player_action_count
        await move_person(core, session.game_id)
        moved = game.player_actions()[before:]
        assert moved[0].seat == person
        # Everything after the person's move was the computers', up to their next turn.
        assert all(action.seat != person for action in moved[1:])
        computer_moves += len(moved) - 1
    # Eight turns of a three-seat game hold at least a round of computer moves.
    assert computer_moves >= 8

    assert await actions_saved(core, session.game_id) == game.player_action_count


async def test_a_player_who_moves_at_once_is_not_pinged(open_core: OpenCore) -> None:
    """Someone playing along sees their hand change; a ping would only be noise."""
    core = await open_core()  # pings after 4 s: the next person moves well before
    session = await start_game(core, people=3)
    game_id = session.game_id
    mark = core.mark()
    for _ in range(3):
        await move_person(core, game_id)
    assert not [e for e in core.since(mark) if isinstance(e, PingTurn)]
    assert session.pings_due, "the turn now due is still noted for a later ping"
