"""Dealing the cards still out to the other seats, consistent with what the seat knows
(each seat's count and suit ceilings); with 3 or 5 players the cards set aside take
the rest. Used by ``hard`` to average over the hands it cannot see."""

from __future__ import annotations

import math
import random
from typing import Final

from ai.callbreak.calls import estimate_tricks
from ai.callbreak.knowledge import Knowledge
from engine.cards import BIT

TRIES: Final = 20
CALL_TRIES: Final = 8
"""Draws tried for one sample before the best fitting one is taken."""
CALL_SPREAD: Final = 1.0
"""How far, in tricks, a call may stray from the hand's estimate (one standard deviation)."""


def sample_hands(know: Knowledge, rng: random.Random) -> list[int]:
    """One possible deal, drawn with more weight on deals where each seat that has
    called holds a hand worth about its call (:func:`call_likelihood`)."""
    best: list[int] = []
    best_weight = -1.0
    for _ in range(CALL_TRIES):
        hands = sample_consistent(know, rng)
        weight = call_likelihood(know, hands)
        if rng.random() < weight:
            return hands
        if weight > best_weight:
            best, best_weight = hands, weight
    return best


def call_likelihood(know: Knowledge, hands: list[int]) -> float:
    """How well the sampled hands fit the calls made (1: each as its hand estimates).
    A hand is judged by the cards it was dealt: its cards now plus those it played."""
    misfit = 0.0
    for seat, call in enumerate(know.calls):
        if call is None or seat == know.seat:
            continue
        estimate = estimate_tricks(hands[seat] | know.played_by[seat], know.players)
        misfit += (estimate - call) ** 2
    return math.exp(-misfit / (2 * CALL_SPREAD**2))


def sample_consistent(know: Knowledge, rng: random.Random) -> list[int]:
    """One possible deal: every seat's hand as a mask (the seat's own as it is)."""
    n = know.players
    others = [seat for seat in range(n) if seat != know.seat]
    allowed = {seat: know.allowed(seat) for seat in others}
    cards = [card for card in range(52) if know.out & BIT[card]]
    aside = len(cards) - sum(know.counts[seat] for seat in others)
    for attempt in range(TRIES + 1):
        strict = attempt < TRIES  # the last try ignores the ceilings rather than fail
        hands = _deal(cards, others, allowed, know.counts, aside, rng, strict)
        if hands is not None:
            hands[know.seat] = know.hand
            return hands
    raise AssertionError("dealing without constraints cannot fail")


def _deal(
    cards: list[int],
    others: list[int],
    allowed: dict[int, int],
    counts: tuple[int, ...],
    aside: int,
    rng: random.Random,
    strict: bool,
) -> list[int] | None:
    room = {seat: counts[seat] for seat in others}
    spare = aside
    hands = [0] * len(counts)

    def options(card: int) -> list[int]:
        bit = BIT[card]
        return [s for s in others if room[s] and (not strict or allowed[s] & bit)]

    order = cards[:]
    rng.shuffle(order)
    order.sort(key=lambda card: len(options(card)))  # the most constrained cards first
    for card in order:
        seats = options(card)
        weights = [room[s] for s in seats]
        total = sum(weights) + spare
        if total == 0:
            return None
        pick = rng.random() * total
        chosen = -1
        for seat, weight in zip(seats, weights, strict=True):
            if pick < weight:
                chosen = seat
                break
            pick -= weight
        if chosen < 0:
            spare -= 1
            continue
        room[chosen] -= 1
        hands[chosen] |= BIT[card]
    return hands
