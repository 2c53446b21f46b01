"""The one-card blind deal: each player sees everyone's card but their own — so no
hand message may carry a seat's own card before it is played."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from bot.core.effects import HandSnapshot, ShowHand
from bot.core.move_choice import MoveChoice
from bot.core.session import GameSession
from engine import Card, Phase, Play, Rules
from tests.bot.core.conftest import OpenCore
from tests.bot.core.helpers import hand_to_act, play_until, start_game

BLIND_DEAL = 2
"""Two deals, of 2 cards then 1: the second is the one-card blind deal."""
RULES = Rules(max_hand=BLIND_DEAL, schedule="down", one_card_blind=True)


def cards_in(value: object) -> Iterator[Card]:
    """Every card anywhere inside a snapshot (fields, tuples, nested records)."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from cards_in(key)
            yield from cards_in(item)


EARLIER_CARDS = frozenset({"results", "dealer_draws"})
"""View fields holding cards of before this deal (finished deals, the draw for first
dealer): the new deal's shuffle may deal any of those cards again."""


def this_deals_cards(hand: HandSnapshot) -> Iterator[Card]:
    for field in dataclasses.fields(hand.view):
        if field.name not in EARLIER_CARDS:
            yield from cards_in(getattr(hand.view, field.name))
    for field in dataclasses.fields(hand):
        if field.name != "view":
            yield from cards_in(getattr(hand, field.name))


def in_blind_deal(session: GameSession) -> bool:
    game = session.game
    assert game is not None
    return game.deal_number == BLIND_DEAL and game.phase is Phase.PLAYING


async def test_no_hand_message_shows_its_own_hidden_card(open_core: OpenCore) -> None:
    core = await open_core()
    session = await start_game(core, people=3, rules=RULES)
    game = session.game
    assert game is not None
    # Bid through the first deal and the blind deal's bidding (hand messages included).
    await play_until(core, session.game_id, in_blind_deal)
    assert game.hand_size == 1
    own = {seat: game.hand(seat)[0] for seat in range(game.player_count)}

    # Every remaining move is "my hidden card": the controls cannot name it.
    while session.is_active and session.awaiting_humans():
        shown = hand_to_act(core.sink, session.game_id)
        assert shown is not None and shown.hand.view.hand_hidden
        assert shown.hand.view.legal_cards == ()
        await core.service.move(session.game_id, shown.user_id, shown.seat,
                                shown.hand.counter, MoveChoice(hidden_card=True))
        assert game.player_actions()[-1] == Play(shown.seat, own[shown.seat])
    assert game.is_over

    checked = dict.fromkeys(own, 0)
    for effect in core.sink.of_type(ShowHand):
        view = effect.hand.view
        if view.deal_number != BLIND_DEAL or view.phase not in (Phase.BIDDING, Phase.PLAYING):
            continue
        assert view.hand == () and view.hand_hidden
        if own[effect.seat] in view.played_cards:
            continue  # played: on the table for everyone now
        assert own[effect.seat] not in set(this_deals_cards(effect.hand)), (
            f"seat {effect.seat}'s hand message shows its own hidden card"
        )
        # Everyone else's card is what the seat does see.
        others = {card for seat, card in own.items() if seat != effect.seat}
        assert others <= set(this_deals_cards(effect.hand))
        checked[effect.seat] += 1
    # Fresh hands at the deal, then updates as bids came in: not a vacuous check.
    assert all(count >= 2 for count in checked.values()), checked
