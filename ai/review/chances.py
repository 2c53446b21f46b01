"""The review's estimates: chances of taking tricks, from one view at a time.

Each function takes one :class:`~engine.view.SeatView` and a seed (and at most the
seat's own choice, to say which option must be estimated in full, and the seats'
public computer levels), so an estimate cannot depend on a card the seat did not see.
It draws worlds (:mod:`ai.review.worlds`) from a generator seeded by the seed and the
public facts of the moment (:func:`ai.seeding.decision_rng`), and plays the options
out in the same worlds — all of them at first, then only those still in the running —
with ``hard``'s playout rule (:mod:`ai.rollout`: every seat, this one included, plays
the reference rule from then on, steering towards its bid; seats yet to bid are given
the reference bid for their sampled hand). A bid's estimate given the seats' levels
plays `easy` and `medium` seats as they play, and bid
(:mod:`ai.review.level_playout`). The chances are those of a reference player among
such seats and reference players; :mod:`ai.review.calibration` reads a bid's for who
really sits there.

Cost (one core): a playout of the rest of a 13-card, 4-player deal is about
50 card plays; see ``bench/review.py`` for measured times.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

from ai.estimates import reference_bid_mask
from ai.hard import distinct_choices
from ai.knowledge import DealKnowledge, deal_knowledge
from ai.medium import medium_bid_of_hand
from ai.one_card import win_chance_blind
from ai.review.level_playout import play_out_by_levels, plays_by_level
from ai.review.worlds import world_sampler
from ai.rollout import play_out
from ai.seeding import decision_rng
from ai.tables import beaters
from engine.cards import BIT, Card
from engine.scoring import score_function
from engine.view import SeatView

BID_WORLDS = 300
"""Worlds per bid estimate: the standard error of a chance is at most 2.9 points."""
BID_SCREENS = (32, 100)
"""After this many worlds, the bids still played out are narrowed to those still in
the running: every bid is played out in the first 32 worlds, which is plenty to drop
the bids a hand is nowhere near (most of a 13-card hand's 14), and the close ones
are judged again after 100."""
RUNNING_SPREAD = 3.0
"""Standard errors of a bid's shortfall against the leading bid that keep it in the
running: a bid dropped at 3 standard errors is almost never the best after 300."""
PLAY_WORLDS = 128
"""Worlds per play moment that may be costly (see :mod:`ai.review.play`). The options
are compared on the same worlds, so their difference is far steadier than each
chance alone."""
PLAY_REPAIR_STEPS = 40
"""Card swaps that mend one seat's hand, at most, in a world drawn for a play moment
(``hard`` and the bid estimate allow 150). Once some cards are played, a hand that
still does not fit its seat's bid is mostly one whose played cards already say
otherwise, and no swap helps: the long walks made half of a review's cost."""


def bid_trick_chances(
    view: SeatView,
    seed: int,
    worlds: int = BID_WORLDS,
    made: int | None = None,
    levels: Sequence[str | None] | None = None,
) -> tuple[tuple[float, ...], ...]:
    """``rows[b][k]``: the chance of taking ``k`` tricks when bidding (and playing for)
    ``b``, for every ``b`` in 0..hand size, from ``view`` at the seat's bid.

    ``levels`` (public: each seat's computer level, ``None`` for a person) lets `easy`
    and `medium` seats play, and bid when still to bid, as their level does
    (:mod:`ai.review.level_playout`); without it every seat plays the reference rule.

    Every bid is played out in the first worlds; after each of ``BID_SCREENS`` only
    the bid ``made`` and the legal bids that may still be worth the most points (see
    :func:`_in_the_running`), so a bid clearly worse than the best keeps the chances of
    the worlds it was played out in."""
    size = view.hand_size
    if view.hand_hidden:
        # One card the seat cannot see: the chance of its trick is exact, and no bid
        # changes how the card is played.
        win = win_chance_blind(view)
        return tuple((1.0 - win, win) for _ in range(size + 1))
    know = deal_knowledge(view)
    rng = decision_rng(seed, view, "review-bid")
    sample = world_sampler(know, rng)
    n, me = know.players, know.seat
    order = [(know.dealer + 1 + k) % n for k in range(n)]
    in_turn = view.rules.bidding == "in-turn"
    later = order[order.index(me) + 1 :] if in_turn else [s for s in range(n) if s != me]
    by_level = plays_by_level(levels)
    seat_levels: Sequence[str | None] = levels if levels is not None else (None,) * n
    slips = decision_rng(seed, view, "review-bid-slips")
    seen = sum(know.played) | (BIT[view.turn_up] if view.turn_up is not None else 0)
    taken: list[list[int]] = [[] for _ in range(size + 1)]
    """Per bid, the tricks this seat takes in each world it was played out in."""
    playing = list(range(size + 1))
    for world in range(worlds):
        if world in BID_SCREENS:
            playing = _in_the_running(view, taken, made, playing)
        hands = sample()
        guesses = [
            _bid_of_level(seat_levels[s], hands[s], know, None) for s in range(n)
        ]
        for bid in playing:
            bids = _bids_with(know, bid, later, hands, guesses, in_turn, seat_levels)
            tricks = [0] * n
            if by_level:
                play_out_by_levels(list(hands), bids, tricks, know.trump, order[0],
                                   seat_levels, seen, know.void_cards, slips)
            else:
                play_out(list(hands), bids, tricks, know.trump, order[0], ())
            taken[bid].append(tricks[me])
    return tuple(
        tuple(row.count(k) / len(row) for k in range(size + 1)) for row in taken
    )


def _in_the_running(
    view: SeatView, taken: Sequence[Sequence[int]], made: int | None, playing: Sequence[int]
) -> list[int]:
    """Of the bids ``playing`` (each played out in the same worlds so far), the bid
    made and every legal bid whose expected points may still be the best: its mean
    difference from the leader's, over those worlds, plus ``RUNNING_SPREAD`` standard
    errors, is not below zero."""
    score = score_function(view.rules)
    size = view.hand_size
    points = {bid: [score(bid, k, size, False) for k in taken[bid]] for bid in playing}
    legal = [bid for bid in view.legal_bids if bid in points]
    if not legal:
        return list(playing)
    leader = max(legal, key=lambda bid: (sum(points[bid]), -bid))
    running = []
    for bid in playing:
        gaps = [a - b for a, b in zip(points[bid], points[leader], strict=True)]
        mean = sum(gaps) / len(gaps)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / max(1, len(gaps) - 1))
        bound = mean + RUNNING_SPREAD * spread / math.sqrt(len(gaps))
        if bid == made or (bid in legal and bound >= 0):
            running.append(bid)
    return running


def _bid_of_level(level: str | None, hand: int, know: DealKnowledge, forbidden: int | None) -> int:
    """The bid a seat of ``level`` makes with ``hand``: `medium`'s rule for a `medium`
    seat, the reference bid for any other (``forbidden``: a hooked dealer's number)."""
    size, largest = know.hand_size, know.largest_hand
    if level == "medium":
        legal = [b for b in range(size + 1) if b != forbidden]
        return medium_bid_of_hand(hand, know.trump, size, largest, legal)
    return reference_bid_mask(hand, know.trump, size, largest, forbidden)


def _bids_with(
    know: DealKnowledge,
    bid: int,
    later: Sequence[int],
    hands: Sequence[int],
    guesses: Sequence[int],
    in_turn: bool,
    levels: Sequence[str | None],
) -> list[int]:
    """Every seat's bid in a world where this seat bids ``bid``: the bids seen, and
    their level's bid (see :func:`_bid_of_level`) for the seats still to bid (a hooked
    dealer avoiding its number)."""
    n, me, size = know.players, know.seat, know.hand_size
    bids = [b if b is not None else -1 for b in know.bids]
    bids[me] = bid
    for seat in later:
        guess = guesses[seat]
        if in_turn and know.hook and seat == know.dealer:
            forbidden = size - sum(bids[s] for s in range(n) if s != seat)
            if forbidden == guess:
                guess = _bid_of_level(levels[seat], hands[seat], know, forbidden)
        bids[seat] = guess
    return bids


class CardChances:
    """For every legal card, the chance of making the seat's bid after playing it now,
    estimated over worlds added in steps (:meth:`add_worlds`): a second step goes on
    with the same generator, so 32 worlds then 96 more are exactly 128 worlds. A step
    may play out only some cards (the others keep the worlds they had), so that cards
    already out of the running cost nothing more; the worlds drawn do not depend on
    which cards are played out.

    Touching cards that do the same work (:func:`ai.hard.distinct_choices`) share the
    estimate of the lowest of their run.
    """

    def __init__(self, view: SeatView, seed: int) -> None:
        self._know = know = deal_knowledge(view)
        self._legal = view.legal_cards
        bid = know.bids[know.seat]
        # Once the bid is lost whatever is played, every card has no chance.
        self._lost = bid is None or know.tricks_won[know.seat] > bid
        self._standing = distinct_choices(self._legal, know)
        self._sample = world_sampler(
            know, decision_rng(seed, view, "review-play"), PLAY_REPAIR_STEPS
        )
        self._made: list[list[bool]] = [[] for _ in self._standing]
        """Per standing card, whether the bid is made in each world it was played out in
        (worlds in the order drawn, so two cards share the first worlds of the shorter)."""
        self.worlds = 0

    def add_worlds(self, count: int, cards: Collection[Card] | None = None) -> None:
        """Draw ``count`` more worlds and play out ``cards`` (default: every card) in them."""
        if self._lost:
            return
        playing = [
            index for index, card in enumerate(self._standing)
            if cards is None or card in {_stand_in(c, self._standing) for c in cards}
        ]
        for _ in range(count):
            hands = self._sample()
            for index in playing:
                self._made[index].append(_makes_bid(self._know, self._standing[index], hands))
        self.worlds += count

    def chances(self) -> dict[Card, float]:
        if self._lost or not self.worlds:
            return dict.fromkeys(self._legal, 0.0)
        chance = {card: _mean(self._made[i]) for i, card in enumerate(self._standing)}
        return {card: chance[_stand_in(card, self._standing)] for card in self._legal}

    def gain_bound(self, card: Card, played: Card, spread: float) -> float:
        """How much ``card`` may raise the chance over ``played`` at most: the mean
        difference over the worlds both were played out in, plus ``spread`` standard
        errors of it (0 when the bid is lost)."""
        if self._lost:
            return 0.0
        mine = self._made[self._standing.index(_stand_in(card, self._standing))]
        theirs = self._made[self._standing.index(_stand_in(played, self._standing))]
        shared = min(len(mine), len(theirs))
        if not shared:
            return 1.0
        gaps = [int(a) - int(b) for a, b in zip(mine[:shared], theirs[:shared], strict=True)]
        mean = sum(gaps) / shared
        variance = sum((g - mean) ** 2 for g in gaps) / max(1, shared - 1)
        return mean + spread * math.sqrt(variance / shared)


def _mean(made: Sequence[bool]) -> float:
    return sum(made) / len(made) if made else 0.0


def card_chances(view: SeatView, seed: int, worlds: int = PLAY_WORLDS) -> dict[Card, float]:
    """For every legal card, the chance of making the bid after playing it now."""
    estimate = CardChances(view, seed)
    estimate.add_worlds(worlds)
    return estimate.chances()


def real_choices(view: SeatView) -> int:
    """How many cards of the view's legal cards do different work (1: no real choice)."""
    if view.hand_hidden or len(view.legal_cards) < 2:
        return len(view.legal_cards)
    return len(distinct_choices(view.legal_cards, deal_knowledge(view)))


def _stand_in(card: Card, standing: Sequence[Card]) -> Card:
    """The card of ``standing`` that represents ``card``: the highest one at or below
    it in its suit (``distinct_choices`` keeps the lowest card of each run)."""
    return max(c for c in standing if c // 13 == card // 13 and c <= card)


def _makes_bid(know: DealKnowledge, card: Card, world: Sequence[int]) -> bool:
    """Whether this seat ends with exactly its bid after ``card``, in ``world``."""
    n, me, trump = know.players, know.seat, know.trump
    bids = [b if b is not None else 0 for b in know.bids]
    hands = list(world)
    hands[me] ^= BIT[card]
    tricks = list(know.tricks_won)
    cards = (*know.trick, int(card))
    if len(cards) < n:
        play_out(hands, bids, tricks, trump, (me + 1) % n, cards)
        return tricks[me] == bids[me]
    leader = (me + 1) % n  # this seat was last, so the leader sits after it
    winner, best = leader, cards[0]
    for position in range(1, n):
        if BIT[cards[position]] & beaters(best, trump):
            best, winner = cards[position], (leader + position) % n
    tricks[winner] += 1
    if any(hands):
        play_out(hands, bids, tricks, trump, winner, ())
    return tricks[me] == bids[me]
