"""Bidding in a one-card blind deal: the seat sees every card but its own.

The chance of winning the only trick is exact: every card the seat cannot see is
equally likely to be its own, and the trick is played out for each.
"""

from __future__ import annotations

from ai.knowledge import deal_knowledge
from ai.tables import trick_winner_position
from engine.cards import BIT, cards_of
from engine.scoring import score_function
from engine.view import SeatView


def win_chance_blind(view: SeatView) -> float:
    """The chance that this seat's hidden card wins the one-card deal's trick."""
    know = deal_knowledge(view)
    n = know.players
    leader = (know.dealer + 1) % n
    own_position = (know.seat - leader) % n
    visible = [
        know.known[(leader + position) % n] for position in range(n)
    ]
    options = cards_of(know.unseen)
    wins = 0
    for card in options:
        cards = [
            BIT[card].bit_length() - 1 if position == own_position else mask.bit_length() - 1
            for position, mask in enumerate(visible)
        ]
        if trick_winner_position(cards, know.trump) == own_position:
            wins += 1
    return wins / len(options) if options else 0.0


def best_blind_bid(view: SeatView) -> int:
    """The legal bid with the best expected score, given the exact win chance."""
    chance = win_chance_blind(view)
    score = score_function(view.rules)
    size = view.hand_size

    def expected(bid: int) -> float:
        return chance * score(bid, 1, size, False) + (1 - chance) * score(bid, 0, size, False)

    return max(view.legal_bids, key=expected)
