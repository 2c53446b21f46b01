"""Tricks won against the bid, written one way everywhere: won first, then the bid.

"2/3" means "has taken 2 of the 3 tricks bid". Pictures, the bot's table text and
the terminal game all use these, so a player never has to guess the order.
"""

from __future__ import annotations

from typing import Final

from i18n import N_, Words

BLIND_MARK: Final = "*"
"""After a blind bid: an exact blind bid scores double."""
WON_BID_LEGEND: Final = N_("won/bid")
"""The label that explains a :func:`won_of_bid` figure, in the same order (English;
show it through ``words.t``)."""
WON_BID_EXPLAINED: Final = N_("won/bid: tricks taken / tricks bid")
"""The legend spelled out, for text with room for it."""


def won_of_bid(won: int, bid: int, *, blind: bool = False) -> str:
    """``"2/3"``: ``won`` tricks taken of ``bid`` bid; ``"2/3*"`` for a blind bid."""
    return f"{won}/{bid}{BLIND_MARK if blind else ''}"


def won_and_bid_words(won: int, bid: int, words: Words) -> str:
    """The same in words, won first: ``"Won 1 · bid 3"``."""
    return words.t("Won {won} · bid {bid}", won=won, bid=bid)
