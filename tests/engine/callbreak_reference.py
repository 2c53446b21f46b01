"""Call Break's card rules written out plainly from docs/callbreak.md, card by card,
to check the engine's mask-based legal-move generator against."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Card, Suit


def winning_card(trick: Sequence[Card]) -> Card:
    """The card winning a trick so far: the highest spade, else the highest of the led suit."""
    spades = [card for card in trick if card.suit is Suit.SPADES]
    if spades:
        return max(spades, key=lambda card: card.rank)
    led = trick[0].suit
    return max((card for card in trick if card.suit is led), key=lambda card: card.rank)


def allowed_cards(hand: Sequence[Card], trick: Sequence[Card], must_head: bool) -> set[Card]:
    """The cards the rules allow from ``hand`` with ``trick`` on the table."""
    if not trick:
        return set(hand)
    led = trick[0].suit
    best = winning_card(trick)
    following = [card for card in hand if card.suit is led]
    if following:
        if must_head and best.suit is led:
            higher = [card for card in following if card.rank > best.rank]
            if higher:
                return set(higher)
        return set(following)
    spades = [card for card in hand if card.suit is Suit.SPADES]
    if best.suit is Suit.SPADES:
        over = [card for card in spades if card.rank > best.rank]
        return set(over) if over else set(hand)
    return set(spades) if spades else set(hand)


def score(call: int, tricks: int, strict: bool) -> float:
    """The issue's scoring in points: the call plus 0.1 a trick over, or minus the call."""
    if tricks < call:
        return -call
    return call + (0 if strict else 0.1 * (tricks - call))
