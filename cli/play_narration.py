"""What happened, in words: the engine's events as lines for ``kachuful play``."""

from __future__ import annotations

from dataclasses import dataclass

from cli.terminal_table import (
    BLIND_MARK,
    Seating,
    deal_heading,
    draw_lines,
    glue,
    score_lines,
    standings_lines,
    trump_phrase,
    wrap,
)
from engine.events import (
    BidMade,
    BidsRevealed,
    CardPlayed,
    DealScored,
    DealStarted,
    Event,
    FirstDealerChosen,
    GameOver,
    TrickWon,
)


@dataclass(frozen=True, slots=True)
class Narrator:
    seating: Seating
    deal_count: int
    turn_up_rules: bool
    """Trump comes from a turned-up card (the ``oh-hell`` preset)."""
    simultaneous: bool
    """Bids are made at once and revealed together."""

    def lines(
        self, event: Event, *, forbidden: int | None = None, own_bid: int | None = None
    ) -> list[str]:
        """Lines for one event. ``forbidden``: the number a dealer who just bid was
        not allowed; ``own_bid``: the person's own bid, which a simultaneous
        ``BidMade`` event hides."""
        seating = self.seating
        if isinstance(event, CardPlayed):
            return [f"{seating.does(event.seat, 'play', 'plays')} {event.card}"]
        if isinstance(event, TrickWon):
            winner = seating.does(event.winner, "win", "wins")
            return [f"  → {winner} trick {event.number} with {event.winning_card}"]
        if isinstance(event, BidMade):
            return self._bid_lines(event, forbidden, own_bid)
        if isinstance(event, BidsRevealed):
            shown = ", ".join(
                glue(f"{seating.name(seat)} {bid}{BLIND_MARK if event.blind[seat] else ''}")
                for seat, bid in enumerate(event.bids)
            )
            return wrap(f"All bids are in: {shown}", indent="  ")
        if isinstance(event, DealStarted):
            trump = trump_phrase(event.trump, event.turn_up, self.turn_up_rules)
            return deal_heading(
                event.number,
                event.deal_count,
                event.hand_size,
                trump,
                event.dealer,
                None if self.simultaneous else event.first_to_act,
                seating,
            )
        if isinstance(event, DealScored):
            return score_lines(event, self.deal_count, seating)
        if isinstance(event, GameOver):
            return standings_lines(event, self.deal_count, seating)
        if isinstance(event, FirstDealerChosen):
            return draw_lines(event.draws, event.dealer, seating)
        return []

    def _bid_lines(self, event: BidMade, forbidden: int | None, own_bid: int | None) -> list[str]:
        seating = self.seating
        blind = " blind" if event.blind else ""
        if event.bid is None:  # simultaneous bidding: hidden until everyone has bid
            if event.seat == seating.human and own_bid is not None:
                return [
                    f"{seating.does(event.seat, 'bid', 'bids')} {own_bid}{blind} "
                    "(hidden until everyone has bid)"
                ]
            return [
                f"{seating.does(event.seat, 'have', 'has')} bid{blind} "
                "(hidden until everyone has bid)"
            ]
        text = f"{seating.does(event.seat, 'bid', 'bids')} {event.bid}{blind}"
        if forbidden is not None:
            text += f" (the dealer could not bid {forbidden})"
        return wrap(text, indent="  ")
