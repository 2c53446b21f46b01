"""Determinization: deal the unseen cards consistently with what a seat has seen.

Constraints are hard: each seat gets exactly the number of cards it still holds,
and never a card of a suit it has shown it lacks. Cards never dealt (when the pack
is not dealt out) form one more, unconstrained, "hand".

Seats draw their hands in turn, the most constrained first, each a uniform pick
from the cards it may hold; the never-dealt cards (or the last seat) take the
rest. Without constraints that is a uniform deal; with them it is close to, not
exactly, uniform over the consistent deals — plenty for sampling opponents' hands —
and cheap. A seat's draw can also be made to fit what the seat did (its bid): see
:data:`Fit`. If the picks run into a dead end a few times, a deal is found by bipartite
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

_FIT_TRIES = 6
"""Draws of one seat's hand before the last one is kept whatever its fit."""


class Dealer:
    """Deals worlds for one decision; the constraints are worked out once."""

    def __init__(
        self, knowledge: DealKnowledge, exclusions: tuple[int, ...] | None = None
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
        self.draws = 0
        """How many hands were drawn (a measure of the work done)."""

    def deal(self, rng: random.Random, fit: Fit | None = None) -> list[int]:
        """Every seat's remaining cards in one deal consistent with the knowledge."""
        known = self.knowledge.known
        if not self.order:  # nothing left to place: everything is known
            return list(known)
        fallback = None
        for _ in range(_QUICK_TRIES):
            dealt = self._draw(rng, fit)
            if dealt is None:
                continue
            last = self.order[-1]
            # The last holder takes what is left, so its fit is judged on the whole
            # deal: redraw everything (a few times) when it does not fit.
            if fit is None or last >= self.knowledge.players or rng.random() < fit(
                last, dealt[last]
            ):
                fallback = dealt
                break
            fallback = fallback or dealt
        if fallback is None:
            fallback = _matched(rng, list(self.cards), self.needs, self.forbidden)
        return [known[s] | fallback[s] for s in range(len(known))]

    def _draw(self, rng: random.Random, fit: Fit | None) -> list[int] | None:
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
