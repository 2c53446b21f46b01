"""Determinization: deal the unseen cards consistently with what a seat has seen.

Constraints are hard: each seat gets exactly the number of cards it still holds,
and never a card of a suit it has shown it lacks. Cards never dealt (when the pack
is not dealt out) form one more, unconstrained, "hand".

Seats draw their hands in turn, the most constrained first, each a uniform pick
from the cards it may hold; the never-dealt cards (or the last seat) take the
rest. Without constraints that is a uniform deal; with them it is close to, not
exactly, uniform over the consistent deals — plenty for sampling opponents' hands —
and cheap. A seat's draw can also be made to fit what the seat did (its bid): see
:data:`Fit`; a hand that still does not fit after a few draws is mended by swapping
cards with the other holders (:meth:`Dealer._repair`), so that what the search
believes follows what the seats did. If the picks run into a dead end a few times, a
deal is found by bipartite
matching, which succeeds whenever any deal fits (always, for the hard facts of a
real game's view; inferred exclusions may be contradictory: :class:`Inconsistent`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.knowledge import DealKnowledge
from engine.cards import BIT, cards_of

_QUICK_TRIES = 8
"""Draws of a whole deal before falling back on matching."""

Fit = Callable[[int, int], float]
"""``fit(seat, cards) -> 0..1``: how well a sampled hand suits what a seat did (its
bid, say); a hand is kept with that probability, else drawn again."""

_FIT_TRIES = 20
"""Draws of one seat's hand before the last one is kept whatever its fit (for
:meth:`Dealer._repair` to mend)."""

REPAIR_STEPS = 150
"""Card swaps tried, at most, to mend one seat's hand in a deal (``hard``'s budget)."""

_REPAIR_STEPS_PER_DRAW = 2
"""Swaps that cost about as much time as drawing one hand (each swap checks two
fits), so that a decision's work count keeps following its time where mending is
frequent: at a table of people and rule-based players, counting 8 let ``hard``
take 38 ms per decision instead of 15."""


class Dealer:
    """Deals worlds for one decision; the constraints are worked out once."""

    def __init__(
        self,
        knowledge: DealKnowledge,
        exclusions: tuple[int, ...] | None = None,
        repair_steps: int = REPAIR_STEPS,
    ) -> None:
        n = knowledge.players
        self.knowledge = knowledge
        self.unseen = knowledge.unseen
        self.cards = cards_of(knowledge.unseen)
        # Holders 0..n-1 are seats, holder n the never-dealt cards.
        self.needs = [knowledge.holding[s] - knowledge.known[s].bit_count() for s in range(n)]
        self.needs.append(knowledge.undealt)
        self.forbidden = [*knowledge.void_cards, 0]
        if exclusions is not None:
            for seat, excluded in enumerate(exclusions):
                self.forbidden[seat] |= excluded
        # Most constrained seats draw first; the never-dealt cards take what is left.
        seats = [h for h in range(n) if self.needs[h]]
        seats.sort(key=lambda h: (self.unseen & ~self.forbidden[h]).bit_count() - self.needs[h])
        self.order = seats + ([n] if self.needs[n] else [])
        self.repair_steps = repair_steps
        self.draws = 0
        """How many hands were drawn (a measure of the work done)."""

    def deal(self, rng: random.Random, fit: Fit | None = None) -> list[int]:
        """Every seat's remaining cards in one deal consistent with the knowledge."""
        known = self.knowledge.known
        if not self.order:  # nothing left to place: everything is known
            return list(known)
        dealt = None
        for _ in range(_QUICK_TRIES):
            dealt = self._draw(rng, fit)
            if dealt is not None:
                break
        if dealt is None:
            dealt = _matched(rng, list(self.cards), self.needs, self.forbidden)
        elif fit is not None:
            self._repair(dealt, rng, fit)
        return [known[s] | dealt[s] for s in range(len(known))]

    def _draw(self, rng: random.Random, fit: Fit | None) -> list[int] | None:
        """One deal: each seat's hand drawn until it fits (a few tries), the last
        holder taking the rest; ``None`` at a dead end."""
        dealt = [0] * len(self.needs)
        left = self.unseen
        order = self.order
        players = self.knowledge.players
        draw = rng.random
        for h in order[:-1]:
            pool = cards_of(left & ~self.forbidden[h])
            need = self.needs[h]
            if len(pool) < need:
                return None
            for _ in range(_FIT_TRIES):
                self.draws += 1
                # Sorting by random keys shuffles several times faster than
                # random.shuffle or random.sample.
                picked = sorted(pool, key=lambda _: draw())[:need]
                mask = sum(map(BIT.__getitem__, picked))
                if fit is None or h == players or draw() < fit(h, mask):
                    break
            dealt[h] = mask
            left ^= mask
        last = order[-1]
        if left & self.forbidden[last]:
            return None
        dealt[last] = left
        return dealt

    def _repair(self, dealt: list[int], rng: random.Random, fit: Fit) -> None:
        """Swap cards between holders until every failing seat's hand fits.

        Drawing seats one after another leaves some seat, now and then, a hand that
        does not fit — the seats drawn before it took the cards it needed, the last
        holder simply got what was left, or fitting hands are rare. Such deals skew
        what the search believes about that seat: in games against reference
        players, one sampled deal in six had a hand that did not explain its seat's
        bid with six draws per hand and no mending, one in thirty with this step
        (mostly the small ``STRAY_BID`` share that is meant to be there). The
        ``hard`` player's benchmark did not move measurably (200 games: 76.4% exact
        bids against 76.1% before), so the error was not what held it back; the
        step is kept because the beliefs are now right. A seat fails as in the
        draws: with probability one minus its fit. Each step offers it a card it may
        hold, from whoever holds it, for one of its own that the other may hold, and
        keeps the swap with the Metropolis probability of the two hands' fits — so it
        climbs towards hands that fit (a fit grows as a hand comes closer) without
        spoiling the other's.
        A seat stops once its new hand passes its fit as a drawn hand would, or
        after ``repair_steps`` steps.
        """
        players = self.knowledge.players
        holders = self.order  # every holder with cards to place
        fits = [1.0] * len(dealt)
        failing = []
        for h in holders:
            if h < players:
                fits[h] = fit(h, dealt[h])
                if fits[h] < 1.0 and rng.random() >= fits[h]:
                    failing.append(h)
        forbidden = self.forbidden
        unseen = self.unseen
        draw = rng.random
        steps = 0
        for seat in failing:
            for _ in range(self.repair_steps):
                steps += 1
                take = _random_card(unseen & ~dealt[seat] & ~forbidden[seat], draw)
                if take < 0:
                    break
                taken = BIT[take]
                other = holders[0]
                for other in holders:
                    if dealt[other] & taken:
                        break
                give = _random_card(dealt[seat] & ~forbidden[other], draw)
                if give < 0:
                    continue
                swap = BIT[give] | taken
                seat_fit = fit(seat, dealt[seat] ^ swap)
                other_fit = fit(other, dealt[other] ^ swap) if other < players else 1.0
                if seat_fit * other_fit < fits[seat] * fits[other] * draw():
                    continue
                dealt[seat] ^= swap
                dealt[other] ^= swap
                fits[seat], fits[other] = seat_fit, other_fit
                # The new hand is judged as a drawn one would be. A seat read only
                # loosely (a person) never fits fully; this lets it stop as soon as
                # its hand is plausible instead of walking all its steps.
                if seat_fit >= 1.0 or draw() < seat_fit:
                    break
        self.draws += steps // _REPAIR_STEPS_PER_DRAW


def _random_card(cards: int, draw: Callable[[], float]) -> int:
    """A uniformly chosen card of the mask ``cards`` (``draw`` gives uniform floats in
    [0, 1)), or -1 when it is empty."""
    count = cards.bit_count()
    if not count:
        return -1
    skip = int(draw() * count)
    # The skip-th lowest card, found a suit at a time: mending calls this hundreds of
    # thousands of times per review, and clearing bits one by one cost a tenth of it.
    ranks = cards & 0x1FFF
    here = ranks.bit_count()
    if skip < here:
        return _RANKS_OF[ranks][skip]
    skip -= here
    ranks = cards >> 13 & 0x1FFF
    here = ranks.bit_count()
    if skip < here:
        return 13 + _RANKS_OF[ranks][skip]
    skip -= here
    ranks = cards >> 26 & 0x1FFF
    here = ranks.bit_count()
    if skip < here:
        return 26 + _RANKS_OF[ranks][skip]
    return 39 + _RANKS_OF[cards >> 39][skip - here]


def _ranks_of_every_mask() -> tuple[tuple[int, ...], ...]:
    # Each mask's ranks are those of the mask without its highest bit, plus that bit:
    # one small concatenation per mask, so importing stays cheap for the bot's start.
    ranks: list[tuple[int, ...]] = [()]
    for mask in range(1, 1 << 13):
        top = mask.bit_length() - 1
        ranks.append(ranks[mask & ~(1 << top)] + (top,))
    return tuple(ranks)


_RANKS_OF = _ranks_of_every_mask()
"""The set bits of every 13-bit mask, lowest first."""


class Inconsistent(Exception):
    """No deal satisfies the constraints (only possible with inferred exclusions)."""


def _matched(
    rng: random.Random, cards: list[int], needs: list[int], forbidden: list[int]
) -> list[int]:
    """A deal found by augmenting paths (a capacitated bipartite matching): slower
    than :meth:`Dealer._quick` but it finds a deal whenever one exists."""
    holders = len(needs)
    members: list[list[int]] = [[] for _ in range(holders)]
    order = list(cards)
    rng.shuffle(order)

    def place(card: int, visited: set[int]) -> bool:
        options = [h for h in range(holders) if needs[h] and not forbidden[h] & BIT[card]]
        rng.shuffle(options)
        for h in options:
            if h in visited:
                continue
            visited.add(h)
            if len(members[h]) < needs[h]:
                members[h].append(card)
                return True
            for other in members[h]:
                if place(other, visited):
                    members[h].remove(other)
                    members[h].append(card)
                    return True
        return False

    for card in order:
        if not place(card, set()):
            raise Inconsistent("no deal fits everything that was inferred")
    return [sum(BIT[c] for c in hand) for hand in members]
