"""Reading hands from bids and plays, assuming the other seats act like the reference.

The reference play rule is deterministic, so every card a reference-like player
plays rules out others it cannot have held: a seat that led its strongest card
holds nothing stronger; one that dropped its highest losing card holds no card
between it and the winner; and so on. These exclusions sharpen the sampled deals a
great deal against such players.

The reference bid is a function of the hand too, so a reference-like seat's bid
says which hands it can hold (:func:`bid_fit`); hands it would have bid otherwise
for keep a small weight, since people bid by feel.

People do not play by that rule, so the model is checked against what happens: as
soon as a seat plays a card the model had ruled out for it, every exclusion for
that seat is dropped for the rest of the deal, and its bid is read loosely. The
search also drops the exclusions when no deal satisfies them together with the
hard facts (see :mod:`ai.sampling`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ai.estimates import bid_likelihood, reference_bid_of_units, units_counter
from ai.knowledge import DealKnowledge
from ai.sampling import Fit
from ai.tables import beaters
from engine.cards import BIT, FULL_MASK, SUIT_MASK, SUIT_OF, cards_of

BID_SPREAD = 0.6
"""How loosely a hand must fit a bid not explained by the reference rule (in tricks
of the estimate)."""
STRAY_BID = 0.1
"""Weight, relative to a hand for which the reference would have bid exactly the
bid made, of a hand it would have bid otherwise for (see :func:`bid_fit`)."""


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


class PlayReading(NamedTuple):
    """What the plays so far say about the other seats' hands."""

    exclusions: tuple[int, ...]
    """Per seat, the unseen cards a reference-like player there cannot hold now
    (nothing for a seat whose plays contradicted the model)."""
    reference_like: tuple[bool, ...]
    """Per seat, whether every card it played is one the reference rule could play."""


def read_plays(know: DealKnowledge) -> PlayReading:
    """Read every other seat's plays of this deal under the reference play rule."""
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
    return PlayReading(
        tuple(0 if broken[s] else excluded[s] & know.unseen for s in range(n)),
        tuple(not broken[s] for s in range(n)),
    )


def bid_fit(know: DealKnowledge, reference_like: Sequence[bool]) -> Fit | None:
    """How well a seat's sampled cards explain its (non-blind) bid.

    A seat still playing like the reference is expected to have made exactly the
    reference bid for its whole hand (the hooked dealer's forbidden number
    included): such hands fit fully, any other only with weight ``STRAY_BID``
    times a loose likelihood of the estimate around the bid — so a player who bids
    otherwise (a person) still gets hands of roughly the strength it bid. A seat
    whose plays broke the model gets the loose likelihood alone.
    """
    n = know.players
    judged = [
        s != know.seat and know.bids[s] is not None and not know.blind[s] for s in range(n)
    ]
    if not any(judged):
        return None
    trump, size, largest = know.trump, know.hand_size, know.largest_hand
    bids = [b if b is not None else 0 for b in know.bids]
    played = know.played
    forbidden: list[int | None] = [None] * n
    if know.hook and all(b is not None for b in know.bids):
        forbidden[know.dealer] = size - sum(bids) + bids[know.dealer]
    scale = 20 * largest
    units_of = units_counter(trump, size, largest)

    # A hand's fit depends on its estimate alone, which takes few values: each
    # seat's fit per estimate is worked out once (mending a hand asks hundreds of
    # thousands of times per decision).
    known: list[dict[int, float]] = [{} for _ in range(n)]

    def fit_of_units(seat: int, units: int) -> float:
        bid = bids[seat]
        if (
            reference_like[seat]
            and reference_bid_of_units(units, size, largest, forbidden[seat]) == bid
        ):
            return 1.0
        loose = bid_likelihood(units / scale, bid, BID_SPREAD)
        return STRAY_BID * loose if reference_like[seat] else loose

    def fit(seat: int, cards: int) -> float:
        if not judged[seat]:
            return 1.0
        units = units_of(cards | played[seat])
        seen = known[seat]
        value = seen.get(units)
        if value is None:
            value = seen[units] = fit_of_units(seat, units)
        return value

    return fit


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

