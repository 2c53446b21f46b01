"""What a deal review says: frozen values, built by :mod:`ai.review.deal`.

Every chance here was estimated from one seat's view at one moment (see
:mod:`ai.review.chances`); the outcome fields (tricks taken, points) are the public
result of the finished deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, Suit


@dataclass(frozen=True, slots=True)
class BidOption:
    """One bid the seat could have made, valued from what it knew when bidding."""

    bid: int
    legal: bool
    """False for the hooked dealer's forbidden number (or a bid the zero-bid limit
    ruled out): shown for completeness, never "the best"."""
    hit_chance: float
    """The chance of taking exactly ``bid`` tricks when playing for ``bid``."""
    expected_points: float
    """The mean score of this bid under the game's scoring, over the sampled deals."""


@dataclass(frozen=True, slots=True)
class BidReview:
    """The bid: what the seat knew, what each bid was worth, what it chose."""

    hand: tuple[Card, ...]
    """The seat's cards when bidding (empty in a one-card blind deal)."""
    trump: Suit | None
    bids_before: tuple[tuple[int, int], ...]
    """(seat, bid) of every bid the seat could see when bidding, in bidding order."""
    bid: int
    blind: bool
    """A blind bid scores double; the options are valued as ordinary bids."""
    trick_chances: tuple[float, ...]
    """``trick_chances[k]``: the chance of taking ``k`` tricks when playing for the
    bid made (sums to 1)."""
    options: tuple[BidOption, ...]
    """Every bid 0..hand size."""
    best_bid: int
    """The legal bid with the most expected points (the lower one on a tie)."""
    hard_bid: int
    """The bid the ``hard`` computer player makes from the same view and seed."""
    expected_points: float
    """Expected points of the bid made (doubled when blind)."""
    points_behind_best: float
    """How many expected points the bid made gave away against the best (≥ 0)."""

    @property
    def hit_chance(self) -> float:
        """The estimated chance of making the bid made."""
        return self.trick_chances[self.bid]


@dataclass(frozen=True, slots=True)
class PlayMoment:
    """One card the seat played, and the best alternative, valued from its view then."""

    trick: int
    """1-based trick number."""
    played: Card
    better: Card
    """The legal card with the best chance of making the bid (``played`` when none beats it)."""
    chance_played: float
    """The chance of making the bid after playing ``played``."""
    chance_better: float

    @property
    def cost(self) -> float:
        """The chance of making the bid given away by the card played (0.15 = 15 points)."""
        return self.chance_better - self.chance_played


@dataclass(frozen=True, slots=True)
class DealReview:
    """A seat's review of one finished deal."""

    deal_number: int
    seat: int
    player: str
    hand_size: int
    bid: BidReview
    costly_plays: tuple[PlayMoment, ...]
    """Up to ``MAX_COSTLY`` moments where another card would have raised the chance of
    making the bid by at least ``COSTLY_POINTS``, costliest first."""
    decisions: int
    """How many of the seat's plays were real choices (more than one legal card)."""
    tricks_taken: int
    points: int
    verdict: str


@dataclass(frozen=True, slots=True)
class GameReview:
    """A seat's review of every finished deal of a game, with the summary line."""

    seat: int
    player: str
    deals: tuple[DealReview, ...]
    bids_near_best: int
    """Bids within ``NEAR_BEST_POINTS`` expected points of the best."""
    costly_plays: int
    summary: str
