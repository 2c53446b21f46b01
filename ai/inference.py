"""Reading hands from plays, assuming the other seats play like the reference.

The reference play rule is deterministic, so every card a reference-like player
plays rules out others it cannot have held: a seat that led its strongest card
holds nothing stronger; one that dropped its highest losing card holds no card
between it and the winner; and so on. These exclusions sharpen the sampled deals a
great deal against such players.

People do not play by that rule, so the model is checked against what happens: as
soon as a seat plays a card the model had ruled out for it, every exclusion for
that seat is dropped for the rest of the deal. The search also drops them when no
deal satisfies them together with the hard facts (see :mod:`ai.sampling`).
"""

from __future__ import annotations

from ai.knowledge import DealKnowledge
from ai.tables import beaters
from engine.cards import BIT, FULL_MASK, SUIT_MASK, SUIT_OF, cards_of


def _strength(card: int, trump: int) -> int:
    """The reference's card strength: rank, +13 for a trump."""
    return card % 13 + (13 if card // 13 == trump else 0)


def _chosen_before_strongest(card: int, domain: int, trump: int) -> int:
    """Cards of ``domain`` the reference would pick before ``card`` as the strongest:
    stronger ones, and equal ones of an earlier suit (its tie-break)."""
    strength = _strength(card, trump)
    suit = card // 13
    picked = 0
    for other in cards_of(domain):
        value = _strength(other, trump)
        if value > strength or (value == strength and other // 13 < suit):
            picked |= BIT[other]
    return picked


def _chosen_before_weakest(card: int, domain: int, trump: int) -> int:
    """Cards of ``domain`` the reference would pick before ``card`` as the weakest."""
    strength = _strength(card, trump)
    suit = card // 13
    picked = 0
    for other in cards_of(domain):
        value = _strength(other, trump)
        if value < strength or (value == strength and other // 13 < suit):
            picked |= BIT[other]
    return picked


def play_exclusions(know: DealKnowledge) -> tuple[int, ...]:
    """Per seat, the cards a reference-like player there cannot hold now."""
    n = know.players
    trump = know.trump
    excluded = [0] * n
    broken = [False] * n
    won = [0] * n
    bids = [b if b is not None else 0 for b in know.bids]
    for leader, cards in know.history:
        winner_card = -1
        winner_seat = leader
        for position, card in enumerate(cards):
            seat = (leader + position) % n
            if seat != know.seat and not broken[seat]:
                if excluded[seat] & BIT[card]:
                    broken[seat] = True
                    excluded[seat] = 0
                else:
                    excluded[seat] |= _rules_out(
                        card, cards[:position], winner_card, won[seat] < bids[seat],
                        position == n - 1, trump,
                    )
            if position == 0 or BIT[card] & beaters(winner_card, trump):
                winner_card = card
                winner_seat = seat
        if len(cards) == n:
            won[winner_seat] += 1
    return tuple(0 if broken[s] else excluded[s] & know.unseen for s in range(n))


def _rules_out(
    card: int,
    before: tuple[int, ...],
    winner_card: int,
    short: bool,
    last: bool,
    trump: int,
) -> int:
    """What playing ``card`` in this spot rules out under the reference rule."""
    if not before:
        if short:
            return _chosen_before_strongest(card, FULL_MASK, trump)
        return _chosen_before_weakest(card, FULL_MASK, trump)
    led = SUIT_OF[before[0]]
    followed = SUIT_OF[card] == led
    domain = SUIT_MASK[led] if followed else FULL_MASK & ~SUIT_MASK[led]
    beat = beaters(winner_card, trump) & domain
    is_winner = bool(BIT[card] & beat)
    if short:
        if is_winner:
            if last:
                return _chosen_before_weakest(card, beat, trump)
            return _chosen_before_strongest(card, beat, trump)
        return beat | _chosen_before_weakest(card, domain, trump)
    if not is_winner:
        return _chosen_before_strongest(card, domain & ~beat, trump)
    rest = domain & ~beat
    if last:
        return rest | _chosen_before_strongest(card, domain, trump)
    return rest | _chosen_before_weakest(card, domain, trump)

