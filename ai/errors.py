"""The one error a computer player raises."""

from __future__ import annotations


class NothingToChoose(Exception):
    """A computer player was asked to decide when there is no choice to make.

    Raised when it is not the seat's turn (no legal bids or cards in the view) and
    in a one-card blind deal when asked for a card: the seat cannot see its only
    card, so the interface must play it (it is the only legal card).
    """
