"""What a game adds to the stats: one :class:`SeatResult` per seat, from the engine.

Pure: no SQL, no I/O. ``finish_game`` stores these; the bench's bulk loader stores
synthetic ones of the same shape.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import CallBreakGame, DealResult, Rules
from engine.bid_kinds import bid_kind
from engine.kinds import AnyGame


@dataclass(frozen=True, slots=True)
class HandSizeCount:
    """Deals played and bids hit at one hand size."""

    hand_size: int
    deals: int
    hits: int


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's result in one game."""

    seat: int
    total: int
    place: int
    won: bool
    shared_win: bool
    deals_played: int
    bids_hit: int
    zero_bids: int
    zero_hits: int
    hooked: int
    """Deals in which this seat was the dealer and had a forbidden bid."""
    by_hand_size: tuple[HandSizeCount, ...]
    rating_change: int | None = None
    """How the person's shown rating moved with this game (set once it is rated;
    ``None`` for computers, guests and games that are not rated)."""
    high_bids: int = 0
    """Bids of more than an even share of the deal's tricks (:mod:`engine.bid_kinds`);
    0 in Call Break."""
    high_hits: int = 0


def was_hooked(result: DealResult, seat: int, hook: bool) -> bool:
    """The seat dealt this deal and the hook forbade it one number."""
    return seat == result.dealer and result.forbidden_bid(hook) is not None


def summarize(game: AnyGame) -> tuple[SeatResult, ...]:
    """Each seat's result over the deals finished so far (the whole game once over).

    Call Break: a call is *made* with at least the tricks called (its ``bids_hit``),
    there is no zero call and no hook, and totals are in tenths of a point. Its bid
    accuracy by hand size and its high bids are not kept (every hand is the same size,
    and a call made is not a bid hit)."""
    deals = game.results()
    callbreak = isinstance(game, CallBreakGame)
    hook = isinstance(game.rules, Rules) and game.rules.hook
    places, winners = game.standings()
    shared = len(winners) > 1
    totals = game.totals()
    summaries = []
    for seat in range(game.player_count):
        per_size: dict[int, list[int]] = {}
        hits = zero_bids = zero_hits = high_bids = high_hits = hooked = 0
        for deal in deals:
            bid, won_tricks = deal.bids[seat], deal.tricks[seat]
            hit = won_tricks >= bid if callbreak else bid == won_tricks
            hits += hit
            zero_bids += bid == 0
            zero_hits += bid == 0 and hit
            high = not callbreak and bid_kind(bid, deal.hand_size, game.player_count) == "high"
            high_bids += high
            high_hits += high and hit
            hooked += was_hooked(deal, seat, hook)
            counts = per_size.setdefault(deal.hand_size, [0, 0])
            counts[0] += 1
            counts[1] += hit
        summaries.append(
            SeatResult(
                seat=seat,
                total=totals[seat],
                place=places[seat],
                won=seat in winners,
                shared_win=shared and seat in winners,
                deals_played=len(deals),
                bids_hit=hits,
                zero_bids=zero_bids,
                zero_hits=zero_hits,
                hooked=hooked,
                high_bids=high_bids,
                high_hits=high_hits,
                by_hand_size=() if callbreak else tuple(
                    HandSizeCount(size, dealt, hit_count)
                    for size, (dealt, hit_count) in sorted(per_size.items())
                ),
            )
        )
    return tuple(summaries)
