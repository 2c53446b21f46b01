"""Estimating how many tricks a Call Break hand takes, from its cards alone: high
cards in the side suits, top and long spades, and short side suits to trump into."""

from __future__ import annotations

from engine.callbreak.legal import SPADE_MASK
from engine.cards import RANK_OF, SUIT_MASK, cards_of

ACE, KING, QUEEN, JACK = 12, 11, 10, 9


def estimate_tricks(hand: int, players: int) -> float:
    """The tricks a hand is likely to take (4 players; a little more with 3)."""
    spades = hand & SPADE_MASK
    spade_count = spades.bit_count()
    total = 0.0
    high_spades = 0
    for card in cards_of(spades):
        rank = RANK_OF[card]
        if rank == ACE or (rank == KING and spade_count >= 2) or (
            rank == QUEEN and spade_count >= 3
        ) or (rank == JACK and spade_count >= 4):
            total += 1.0 if rank >= KING else 0.7
            high_spades += 1
    length_tricks = max(0, spade_count - 4)
    total += length_tricks
    spare = max(0, spade_count - high_spades - length_tricks)
    for suit in (1, 2, 3):
        cards = hand & SUIT_MASK[suit]
        length = cards.bit_count()
        ranks = {RANK_OF[card] for card in cards_of(cards)}
        if ACE in ranks:
            total += 0.95 if length <= 5 else 0.7
        if KING in ranks and length >= 2:
            total += 0.7 if length <= 4 else 0.4
        if QUEEN in ranks and length >= 3 and length <= 4:
            total += 0.3
        if spare and length <= 1:
            ruffs = min(spare, 2 - length)
            total += 0.8 * ruffs
            spare -= ruffs
    if players == 3:
        total *= 1.1
    return total


def medium_call(hand: int, players: int, legal: tuple[int, ...]) -> int:
    """The estimate rounded down a little (a trick short costs the whole call)."""
    estimate = estimate_tricks(hand, players)
    wanted = int(estimate + 0.3)
    return min(max(wanted, legal[0]), legal[-1])
