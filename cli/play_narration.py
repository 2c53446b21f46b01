"""What happened, in words: the engine's events as lines for ``kachuful play``."""

from __future__ import annotations

from dataclasses import dataclass

from cli.terminal_scores import draw_lines, score_lines, standings_lines
from cli.terminal_table import BLIND_MARK, Seating, deal_heading, glue, trump_phrase, wrap
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
from i18n import N_


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
        seating, words = self.seating, self.seating.words
        if isinstance(event, CardPlayed):
            return [seating.says(event.seat, N_("You play {card}"), N_("{name} plays {card}"),
                                 card=event.card)]
        if isinstance(event, TrickWon):
            won = seating.says(event.winner, N_("You win trick {number} with {card}"),
                               N_("{name} wins trick {number} with {card}"),
                               number=event.number, card=event.winning_card)
            return [f"  → {won}"]
        if isinstance(event, BidMade):
            return self._bid_lines(event, forbidden, own_bid)
        if isinstance(event, BidsRevealed):
            shown = ", ".join(
                glue(f"{seating.name(seat)} {bid}{BLIND_MARK if event.blind[seat] else ''}")
                for seat, bid in enumerate(event.bids)
            )
            return wrap(words.t("All bids are in: {bids}", bids=shown), indent="  ")
        if isinstance(event, DealStarted):
            trump = trump_phrase(event.trump, event.turn_up, self.turn_up_rules, words)
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
        seating, words = self.seating, self.seating.words
        hidden = words.t("(hidden until everyone has bid)")
        if event.bid is None:  # simultaneous bidding: hidden until everyone has bid
            if event.seat == seating.human and own_bid is not None:
                return [f"{self._bid(event.seat, own_bid, event.blind)} {hidden}"]
            if event.blind:
                made = seating.says(event.seat, N_("You have bid blind"),
                                    N_("{name} has bid blind"))
            else:
                made = seating.says(event.seat, N_("You have bid"), N_("{name} has bid"))
            return [f"{made} {hidden}"]
        text = self._bid(event.seat, event.bid, event.blind)
        if forbidden is not None:
            text += " " + words.t("(the dealer could not bid {bid})", bid=forbidden)
        return wrap(text, indent="  ")

    def _bid(self, seat: int, bid: int, blind: bool) -> str:
        if blind:
            return self.seating.says(seat, N_("You bid {bid} blind"),
                                     N_("{name} bids {bid} blind"), bid=bid)
        return self.seating.says(seat, N_("You bid {bid}"), N_("{name} bids {bid}"), bid=bid)
