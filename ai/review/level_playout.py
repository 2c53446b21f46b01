"""Playouts in which each computer seat plays as its own level plays: `easy` by the
reference rule with its slips (a random card now and then, or its bid's state
forgotten), `medium` by its own card rule, reading only what that seat could see in
the playout (its hand, the cards played, the turn-up, the suits others have shown they
lack). `hard` and people play the reference rule, as in :mod:`ai.rollout`: `hard`'s
own search is thousands of times a playout's budget, and the review's correction
(:mod:`ai.review.calibration`) reads them instead.

Measured on the mixed table (`hard`, `medium`, `easy`, reference; games 101–112, 1,200
bids): the playouts' own chances score a log-loss per bid of 0.5619 against 0.5708
with every seat on the reference rule, the `easy` seats' bids most (0.544 against
0.573). See ``docs/review-model.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ai.easy import FORGET_BID, WHIM
from ai.medium import medium_card
from ai.rollout import reference_choice
from ai.tables import TRUMP_MASK, beaters
from engine.cards import BIT, SUIT_MASK, SUIT_OF, cards_of

PLAYED_BY_LEVEL = frozenset({"easy", "medium"})
"""The levels a playout plays by their own rule; every other seat plays the reference."""
_ALL_CARDS = (1 << 52) - 1


def plays_by_level(levels: Sequence[str | None] | None) -> bool:
    """Whether any seat of ``levels`` (a computer's level, ``None`` for a person) plays
    by its own rule in a playout."""
    return levels is not None and any(level in PLAYED_BY_LEVEL for level in levels)


@dataclass(frozen=True, slots=True)
class _SeatKnowledge:
    """What a `medium` seat knows at its turn in a playout (:class:`ai.medium.CardKnowledge`)."""

    players: int
    seat: int
    trump: int
    unseen: int
    bids: tuple[int, ...]
    tricks_won: tuple[int, ...]
    trick: tuple[int, ...]
    void_cards: tuple[int, ...]


def play_out_by_levels(
    hands: list[int],
    bids: Sequence[int],
    tricks: list[int],
    trump: int,
    turn: int,
    levels: Sequence[str | None],
    seen: int,
    voids: Sequence[int],
    slips: random.Random,
    order: list[int] | None = None,
) -> None:
    """Play the deal to its end from the start of a trick, seat ``turn`` leading, each
    seat by its level's rule. ``seen``: the cards every seat has seen (played, the
    turn-up); ``voids``: per seat, the cards of the suits it has shown it lacks;
    ``slips`` draws `easy`'s slips. ``hands`` and ``tricks`` are updated in place, and
    the cards are appended to ``order`` as played, when it is given."""
    n = len(hands)
    trump_mask = TRUMP_MASK[trump]
    shown = list(voids)
    trick: list[int] = []
    seat = turn
    lead_mask = win_card = win_seat = 0
    remaining = sum(hand.bit_count() for hand in hands)
    while remaining:
        hand = hands[seat]
        legal = hand & lead_mask or hand if trick else hand
        short = tricks[seat] < bids[seat]
        level = levels[seat]
        # `easy` slips as ai.easy does: a whim, or the bid's state forgotten.
        roll = slips.random() if level == "easy" else 1.0
        if level == "medium":
            know = _SeatKnowledge(
                n, seat, trump, _ALL_CARDS & ~hand & ~seen, tuple(bids), tuple(tricks),
                tuple(trick), tuple(shown),
            )
            card = medium_card(know, legal)
        elif roll < WHIM:
            card = int(slips.choice(cards_of(legal)))
        else:
            if roll < WHIM + FORGET_BID:
                short = not short
            card = reference_choice(hand, trick, win_card, short, len(trick) == n - 1, trump_mask)
        if not trick:
            lead_mask = SUIT_MASK[SUIT_OF[card]]
            win_card, win_seat = card, seat
        else:
            if not BIT[card] & lead_mask:
                shown[seat] |= lead_mask
            if BIT[card] & beaters(win_card, trump):
                win_card, win_seat = card, seat
        hands[seat] = hand ^ BIT[card]
        seen |= BIT[card]
        trick.append(card)
        if order is not None:
            order.append(card)
        remaining -= 1
        if len(trick) == n:
            tricks[win_seat] += 1
            trick = []
            seat = win_seat
        else:
            seat = (seat + 1) % n
